/**
 * A hero's illustration: the largest thing above the fold, so fetched first, and drawn at its
 * intrinsic 560 by 460 so the page does not shift while it loads.
 */
export function HeroImage({ src, alt, className }: { src: string; alt: string; className: string }) {
  return <img src={src} alt={alt} width={560} height={460} className={className} fetchPriority="high" />;
}
