import { useEffect, useLayoutEffect, useState } from 'react';
import { COUNTER_DURATION_MS, COUNTER_VISIBILITY_THRESHOLD } from '../../../shared/constants';
import { prefersReducedMotion, useInViewOnce } from './useInViewOnce';

/** Ease-out (cubic): fast at first, settling gently on the target. */
export const easeOut = (t: number) => 1 - Math.pow(1 - t, 3);

/** Decimal places a target needs: 1.2 shows one, 580 none. */
export function decimalsOf(target: number): number {
  return Number.isInteger(target) ? 0 : (String(target).split('.')[1]?.length ?? 0);
}

/**
 * A number that counts from 0 to target with ease-out over 2000 ms, starting once half of the
 * element is visible, once only. With reduced motion asked for, it is the target from the start:
 * set before the first paint, not in the first render, because the server (which cannot know the
 * visitor's setting) rendered 0 and hydration must find the same text.
 */
export function useCountUp<T extends Element>(target: number) {
  const { ref, inView } = useInViewOnce<T>(COUNTER_VISIBILITY_THRESHOLD);
  const [value, setValue] = useState(0);
  const [reduced, setReduced] = useState(false);

  useLayoutEffect(() => {
    if (!prefersReducedMotion()) return;
    setReduced(true);
    setValue(target);
  }, [target]);

  useEffect(() => {
    if (reduced || !inView) return;
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min(1, (now - start) / COUNTER_DURATION_MS);
      setValue(progress >= 1 ? target : target * easeOut(progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [inView, reduced, target]);

  return { ref, text: value.toFixed(decimalsOf(target)), done: value === target };
}
