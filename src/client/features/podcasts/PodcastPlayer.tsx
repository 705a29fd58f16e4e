import {
  Loader2,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  SkipBack,
  SkipForward,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { PLAYBACK_SPEEDS, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../../../shared/constants';
import { audioProxyPath, PODCAST_SHOW_NAME } from '../../../shared/podcasts';
import { Button } from '../../components/ui/Button';
import { ProgressSlider } from './ProgressSlider';
import { PODCAST_ARTWORK, useMediaSession } from './useMediaSession';
import type { PlayerStatus, PodcastPlayer as Player } from './usePodcastPlayer';
import * as styles from './PodcastPlayer.css';

const STATUS_LABEL: Record<PlayerStatus, string> = {
  idle: 'Ready to play',
  loading: 'Loading',
  playing: 'Playing',
  paused: 'Paused',
};

/** Only our own images are shown: the page never requests another host. */
export function ownImage(url: string | null): string {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : PODCAST_ARTWORK;
}

export function PodcastPlayer({ player }: { player: Player }) {
  useMediaSession(player);
  const speedId = useId();
  const { current, status } = player;
  if (!current) return null;
  const playable = Boolean(current.audioUrl);
  const busy = status === 'playing' || status === 'loading';

  return (
    <div
      className={styles.player}
      data-testid="podcast-player"
      data-state={status}
      aria-label="Podcast player"
      role="region"
    >
      <div className={styles.nowPlaying}>
        <img className={styles.artwork} src={ownImage(current.imageUrl)} alt="" width={96} height={96} />
        <div className={styles.meta}>
          <p className={styles.status} aria-hidden="true">
            {status === 'loading' ? <Loader2 size={14} className={styles.spin} aria-hidden="true" /> : null}
            {STATUS_LABEL[status]}
          </p>
          <h3 className={styles.title} data-testid="podcast-current-title">
            {current.title}
          </h3>
          <p className={styles.show}>
            {current.episodeNumber !== null ? `Episode ${current.episodeNumber} · ` : ''}
            {PODCAST_SHOW_NAME}
          </p>
        </div>
      </div>

      {/* Screen readers hear the state change; the visible label above is for sighted listeners. */}
      <p role="status" aria-live="polite" className="visually-hidden" data-testid="podcast-announcement">
        {`${STATUS_LABEL[status]}: ${current.title}`}
      </p>

      <ProgressSlider
        label={`Position in ${current.title}`}
        position={player.position}
        duration={player.duration}
        onSeek={player.seek}
      />

      <div className={styles.controls}>
        <ControlButton
          label="Previous episode"
          icon={SkipBack}
          onClick={player.selectPrevious}
          disabled={!player.hasPrevious}
        />
        <ControlButton
          label={`Skip back ${SKIP_BACK_SECONDS} seconds`}
          icon={RotateCcw}
          seconds={SKIP_BACK_SECONDS}
          onClick={player.skipBack}
          disabled={!playable}
        />
        <Button
          variant="primary"
          className={styles.playButton}
          onClick={player.toggle}
          disabled={!playable}
          aria-label={busy ? `Pause ${current.title}` : `Play ${current.title}`}
        >
          {busy ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <ControlButton
          label={`Skip forward ${SKIP_FORWARD_SECONDS} seconds`}
          icon={RotateCw}
          seconds={SKIP_FORWARD_SECONDS}
          onClick={player.skipForward}
          disabled={!playable}
        />
        <ControlButton
          label="Next episode"
          icon={SkipForward}
          onClick={player.selectNext}
          disabled={!player.hasNext}
        />
      </div>

      <div className={styles.footer}>
        <label htmlFor={speedId} className={styles.speedLabel}>
          Playback speed
        </label>
        <select
          id={speedId}
          className={styles.speed}
          value={String(player.speed)}
          onChange={(e) => player.setSpeed(Number(e.target.value))}
        >
          {PLAYBACK_SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {s}×
            </option>
          ))}
        </select>
        {!playable ? <p className={styles.note}>This episode has no audio yet.</p> : null}
      </div>

      <audio
        ref={player.audioRef}
        preload="none"
        src={playable ? audioProxyPath(current.id) : undefined}
        data-testid="podcast-audio"
        {...player.audioEvents}
      />
    </div>
  );
}

/** One of the round buttons beside Play; a skip button shows its seconds on the arrow. */
function ControlButton({
  label,
  icon: Icon,
  seconds,
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  seconds?: number;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Button variant="ghost" size="icon" onClick={onClick} disabled={disabled} aria-label={label}>
      <Icon aria-hidden="true" />
      {seconds !== undefined ? (
        <span className={styles.skipLabel} aria-hidden="true">
          {seconds}
        </span>
      ) : null}
    </Button>
  );
}
