import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../../../shared/constants';
import type { PodcastEpisode } from '../../../shared/podcasts';

// The player's state machine (docs/specification.md §4, states and transitions): idle, loading, playing, paused. The <audio> element
// is the source of truth for time; React state mirrors it for rendering.
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface PodcastPlayer {
  audioRef: React.RefObject<HTMLAudioElement | null>;
  current: PodcastEpisode | null;
  status: PlayerStatus;
  position: number;
  /** Seconds, once the browser knows it (preload is none, so only after playback starts). */
  duration: number | null;
  speed: number;
  hasPrevious: boolean;
  hasNext: boolean;
  play(): void;
  pause(): void;
  toggle(): void;
  seek(seconds: number): void;
  skipBack(): void;
  skipForward(): void;
  setSpeed(speed: number): void;
  /** Picks an episode: position back to 0, playback stopped (docs/specification.md §4, states and transitions). */
  select(id: number): void;
  selectPrevious(): void;
  selectNext(): void;
  /** Handlers for the <audio> element. */
  audioEvents: {
    onPlaying(): void;
    onWaiting(): void;
    onPause(): void;
    onTimeUpdate(): void;
    onDurationChange(): void;
    onLoadedMetadata(): void;
    onEnded(): void;
    onError(event: SyntheticEvent<HTMLAudioElement>): void;
  };
}

function finite(value: number): number | null {
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function usePodcastPlayer(episodes: PodcastEpisode[]): PodcastPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [currentId, setCurrentId] = useState<number | null>(episodes[0]?.id ?? null);
  const [status, setStatus] = useState<PlayerStatus>('idle');
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const [speed, setSpeedState] = useState(1);
  // Whether this episode has played at all since it was picked. A pause straight after playback
  // starts can come before the first frame moves currentTime past 0; that is still 'paused', not
  // 'idle' (which would tell the listener nothing had started).
  const startedRef = useRef(false);
  const stoppedStatus = (audio: HTMLAudioElement): PlayerStatus =>
    startedRef.current || audio.currentTime > 0 ? 'paused' : 'idle';

  const index = episodes.findIndex((e) => e.id === currentId);
  const current = index >= 0 ? episodes[index]! : (episodes[0] ?? null);
  const currentIndex = index >= 0 ? index : 0;

  const select = useCallback((id: number) => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      // Same episode again: back to the start. Another episode: its new src resets the element.
      if (audio.readyState > 0) audio.currentTime = 0;
    }
    startedRef.current = false;
    setCurrentId(id);
    setPosition(0);
    setDuration(null);
    setStatus('idle');
  }, []);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !audio.getAttribute('src')) return;
    setStatus('loading');
    audio.play().catch((error: unknown) => {
      // A pause or another episode picked while starting aborts play(); that is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.error('Podcast playback could not start:', error);
      setStatus(stoppedStatus(audio));
    });
  }, []);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  const toggle = useCallback(() => {
    if (status === 'playing' || status === 'loading') pause();
    else play();
  }, [status, pause, play]);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const max = finite(audio.duration);
    const target = Math.max(0, max === null ? seconds : Math.min(seconds, max));
    audio.currentTime = target;
    setPosition(target);
  }, []);

  const skipBack = useCallback(() => seek((audioRef.current?.currentTime ?? 0) - SKIP_BACK_SECONDS), [seek]);
  const skipForward = useCallback(
    () => seek((audioRef.current?.currentTime ?? 0) + SKIP_FORWARD_SECONDS),
    [seek],
  );

  const setSpeed = useCallback((value: number) => {
    setSpeedState(value);
    const audio = audioRef.current;
    if (audio) {
      audio.defaultPlaybackRate = value;
      audio.playbackRate = value;
    }
  }, []);

  const selectPrevious = useCallback(() => {
    const previous = episodes[currentIndex - 1];
    if (previous) select(previous.id);
  }, [episodes, currentIndex, select]);

  const selectNext = useCallback(() => {
    const next = episodes[currentIndex + 1];
    if (next) select(next.id);
  }, [episodes, currentIndex, select]);

  // A new source resets the element's rate to its default: keep the listener's chosen speed.
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.defaultPlaybackRate = speed;
      audio.playbackRate = speed;
    }
  }, [current?.id, speed]);

  const audioEvents: PodcastPlayer['audioEvents'] = {
    onPlaying: () => {
      startedRef.current = true;
      setStatus('playing');
    },
    onWaiting: () => setStatus((s) => (s === 'playing' ? 'loading' : s)),
    onPause: () => {
      const audio = audioRef.current;
      if (!audio || audio.ended) return;
      setStatus(stoppedStatus(audio));
    },
    onTimeUpdate: () => setPosition(audioRef.current?.currentTime ?? 0),
    onDurationChange: () => setDuration(finite(audioRef.current?.duration ?? NaN)),
    onLoadedMetadata: () => {
      const audio = audioRef.current;
      if (!audio) return;
      setDuration(finite(audio.duration));
      audio.playbackRate = speed;
    },
    // The next episode is selected but does not start (docs/specification.md §4, states and transitions); the last one stays, rewound.
    onEnded: () => {
      const next = episodes[currentIndex + 1];
      if (next) {
        select(next.id);
      } else {
        startedRef.current = false;
        setStatus('idle');
        setPosition(0);
        if (audioRef.current) audioRef.current.currentTime = 0;
      }
    },
    // Audio errors are only logged, and playback stops (docs/specification.md §8, error catalogue).
    onError: (event) => {
      const error = event.currentTarget.error;
      console.error('Podcast audio error:', error?.code, error?.message ?? 'unknown error');
      startedRef.current = false;
      event.currentTarget.pause();
      setStatus('idle');
    },
  };

  return {
    audioRef,
    current,
    status,
    position,
    duration,
    speed,
    hasPrevious: currentIndex > 0,
    hasNext: currentIndex < episodes.length - 1,
    play,
    pause,
    toggle,
    seek,
    skipBack,
    skipForward,
    setSpeed,
    select,
    selectPrevious,
    selectNext,
    audioEvents,
  };
}
