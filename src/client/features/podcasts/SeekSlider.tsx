import * as Slider from '@radix-ui/react-slider';
import { useState, type KeyboardEvent } from 'react';
import { spokenTime } from './time';
import type { ProgressProps } from './ProgressSlider';
import * as styles from './ProgressSlider.css';

const ARROW_STEP_SECONDS = 5;
const PAGE_STEP_SECONDS = 30;

/**
 * The playback position as Radix's slider: drag or click the bar, or use the arrow keys (5 s),
 * Page Up / Page Down (30 s), Home and End. The keys are ours because Radix steps by the amount it
 * snaps a drag to (a whole second here) and pages by ten steps.
 */
export default function SeekSlider({ position, duration, onSeek, label }: ProgressProps) {
  const [dragAt, setDragAt] = useState<number | null>(null);
  const max = duration ?? 0;
  const shown = dragAt ?? Math.min(position, max || position);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
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
    // Handled here, so Radix leaves the key alone.
    event.preventDefault();
    onSeek(Math.min(max, Math.max(0, target)));
  };

  return (
    <Slider.Root
      className={styles.track}
      min={0}
      max={max || 1}
      step={1}
      value={[shown]}
      onValueChange={([seconds]) => setDragAt(seconds ?? null)}
      onValueCommit={([seconds]) => {
        setDragAt(null);
        if (seconds !== undefined) onSeek(seconds);
      }}
      onKeyDown={onKeyDown}
      data-testid="podcast-progress"
    >
      <Slider.Track className={styles.rail}>
        <Slider.Range className={styles.fill} />
      </Slider.Track>
      <Slider.Thumb
        className={styles.thumb}
        aria-label={label}
        aria-valuemax={Math.round(max)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={`${spokenTime(shown)} of ${spokenTime(max)}`}
      />
    </Slider.Root>
  );
}
