import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatTime, spokenTime } from './time';
import * as styles from './ProgressSlider.css';

const ARROW_STEP_SECONDS = 5;
const PAGE_STEP_SECONDS = 30;

/**
 * The playback position as an ARIA slider: drag it with a pointer, or use the arrow keys (5 s),
 * Page Up / Page Down (30 s), Home and End. Until the duration is known it is disabled.
 */
export function ProgressSlider({
  position,
  duration,
  onSeek,
  label,
}: {
  position: number;
  duration: number | null;
  onSeek: (seconds: number) => void;
  label: string;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [dragAt, setDragAt] = useState<number | null>(null);
  const disabled = duration === null;
  const max = duration ?? 0;
  const shown = dragAt ?? Math.min(position, max || position);
  const fraction = max > 0 ? Math.min(1, Math.max(0, shown / max)) : 0;

  const timeAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) * max;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setDragAt(timeAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragAt !== null) setDragAt(timeAt(event.clientX));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragAt === null) return;
    const target = timeAt(event.clientX);
    setDragAt(null);
    onSeek(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const moves: Record<string, number> = {
      ArrowLeft: position - ARROW_STEP_SECONDS,
      ArrowDown: position - ARROW_STEP_SECONDS,
      ArrowRight: position + ARROW_STEP_SECONDS,
      ArrowUp: position + ARROW_STEP_SECONDS,
      PageDown: position - PAGE_STEP_SECONDS,
      PageUp: position + PAGE_STEP_SECONDS,
      Home: 0,
      End: max,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(max, Math.max(0, target)));
  };

  return (
    <div className={styles.wrapper}>
      <div
        ref={trackRef}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.round(max)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={disabled ? 'Not started' : `${spokenTime(shown)} of ${spokenTime(max)}`}
        aria-disabled={disabled || undefined}
        className={styles.track}
        data-testid="podcast-progress"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={() => setDragAt(null)}
        onKeyDown={onKeyDown}
      >
        <div className={styles.fill} style={{ width: `${fraction * 100}%` }} />
        <div className={styles.thumb} style={{ left: `${fraction * 100}%` }} />
      </div>
      <div className={styles.times}>
        <span data-testid="podcast-elapsed">{formatTime(shown)}</span>
        <span data-testid="podcast-duration">{formatTime(duration)}</span>
      </div>
    </div>
  );
}
