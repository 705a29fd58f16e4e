import { useEffect, useRef } from 'react';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '../../../shared/constants';
import { PODCAST_SHOW_NAME } from '../../../shared/podcasts';
import { BUSINESS } from '../../../shared/business';
import type { PodcastPlayer } from './usePodcastPlayer';

/** Our own artwork for the lock screen (never an outside image). */
export const PODCAST_ARTWORK = '/audio/hertfordshire-voices.svg';

/**
 * Media keys, headset buttons and the lock screen drive the player through the Media Session API:
 * title and artwork, play/pause, seek back 10 s and forward 30 s, previous and next episode.
 */
export function useMediaSession(player: PodcastPlayer): void {
  // Handlers read the latest player through a ref, so they are registered once.
  const latest = useRef(player);
  useEffect(() => {
    latest.current = player;
  });

  const session =
    typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

  useEffect(() => {
    if (!session) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => latest.current.play()],
      ['pause', () => latest.current.pause()],
      ['stop', () => latest.current.pause()],
      [
        'seekbackward',
        (d) => latest.current.seek(latest.current.position - (d.seekOffset ?? SKIP_BACK_SECONDS)),
      ],
      [
        'seekforward',
        (d) => latest.current.seek(latest.current.position + (d.seekOffset ?? SKIP_FORWARD_SECONDS)),
      ],
      ['seekto', (d) => d.seekTime !== undefined && latest.current.seek(d.seekTime)],
      ['previoustrack', () => latest.current.selectPrevious()],
      ['nexttrack', () => latest.current.selectNext()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action; the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [session]);

  const title = player.current?.title;
  useEffect(() => {
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = title
      ? new MediaMetadata({
          title,
          artist: PODCAST_SHOW_NAME,
          album: BUSINESS.name,
          artwork: [{ src: PODCAST_ARTWORK, sizes: '512x512', type: 'image/svg+xml' }],
        })
      : null;
  }, [session, title]);

  const { status, duration, position, speed } = player;
  useEffect(() => {
    if (!session) return;
    session.playbackState =
      status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
  }, [session, status]);

  useEffect(() => {
    if (!session || duration === null || !session.setPositionState) return;
    try {
      session.setPositionState({ duration, position: Math.min(position, duration), playbackRate: speed });
    } catch {
      // An out-of-range position during a seek; the next update corrects it.
    }
  }, [session, duration, position, speed]);
}
