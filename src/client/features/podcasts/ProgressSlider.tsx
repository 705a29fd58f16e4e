import { lazy, Suspense } from 'react';
import { formatTime, spokenTime } from './time';
import * as styles from './ProgressSlider.css';

// Radix's slider (SeekSlider.tsx) would weigh on the home page's first load
// (docs/bench/2026-11-25-client-chunks.md), where the
// player has nothing to seek yet. Until an episode's duration is known the bar is drawn as a plain,
// disabled slider of the same markup; Radix's code loads when there is something to seek.
const SeekSlider = lazy(() => import('./SeekSlider'));

export interface ProgressProps {
  position: number;
  duration: number | null;
  onSeek: (seconds: number) => void;
  label: string;
}

/** The playback position, and the elapsed and total times under it. */
export function ProgressSlider(props: ProgressProps) {
  const { position, duration } = props;
  const shown = Math.min(position, duration || position);
  return (
    <div className={styles.wrapper}>
      {duration === null ? (
        <StillBar {...props} />
      ) : (
        <Suspense fallback={<StillBar {...props} />}>
          <SeekSlider {...props} />
        </Suspense>
      )}
      <div className={styles.times}>
        <span data-testid="podcast-elapsed">{formatTime(shown)}</span>
        {/* Nothing rather than '--:--' until the length is known. */}
        <span data-testid="podcast-duration">{duration && duration > 0 ? formatTime(duration) : ''}</span>
      </div>
    </div>
  );
}

/** The bar as Radix draws it (the same elements and classes), without the means to move it. */
function StillBar({ position, duration, label }: ProgressProps) {
  const max = duration ?? 0;
  const percent = max > 0 ? Math.min(100, Math.max(0, (position / max) * 100)) : 0;
  return (
    <span className={styles.track} data-disabled="" data-testid="podcast-progress">
      <span className={styles.rail}>
        <span className={styles.fill} style={{ left: '0%', right: `${100 - percent}%` }} />
      </span>
      <span
        className={styles.thumbPlace}
        style={{ left: `calc(${styles.halfThumb} + (100% - 2 * ${styles.halfThumb}) * ${percent / 100})` }}
      >
        <span
          role="slider"
          className={styles.thumb}
          tabIndex={-1}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={Math.round(max)}
          aria-valuenow={Math.round(Math.min(position, max || position))}
          aria-valuetext={duration === null ? 'Not started' : `${spokenTime(position)} of ${spokenTime(max)}`}
          aria-disabled="true"
        />
      </span>
    </span>
  );
}
