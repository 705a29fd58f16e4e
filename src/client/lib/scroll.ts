import { HASH_SCROLL_DELAY_MS } from '../../shared/constants';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls smoothly to a section by its anchor id; returns false when there is no such section. */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (window.location.hash !== `#${id}`) history.replaceState(history.state, '', `#${id}`);
  return true;
}

/** The specification's screens and routes (docs/specification.md §2): a section anchor in the address is scrolled to after 100 ms. */
export function scrollToHashSoon(): () => void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return () => {};
  const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}
