/**
 * After the hash scroll of the specification's screens and routes (docs/specification.md §2), the lists above the target (advertising, newsletters,
 * podcasts) may still be loading and push it down. For a short while, until the visitor scrolls
 * or types themselves, keep the anchored section where they asked to be.
 */
export function keepAnchorInView(settleMs = 3000): () => void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id || typeof ResizeObserver === 'undefined') return () => {};
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    const target = document.getElementById(id);
    if (!target || stopped) return;
    const top = target.getBoundingClientRect().top;
    const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (Math.abs(top - offset) > 2) target.scrollIntoView({ behavior: 'auto', block: 'start' });
  });
  const main = document.getElementById('main');
  if (main) observer.observe(main);
  const timer = window.setTimeout(stop, settleMs);
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
    window.addEventListener(type, stop, { passive: true });
  return stop;
}
