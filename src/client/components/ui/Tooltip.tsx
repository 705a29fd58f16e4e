import { cloneElement, lazy, Suspense, useState, type ReactElement, type SyntheticEvent } from 'react';

const RadixTooltip = lazy(() => import('./RadixTooltip'));

/**
 * A short hint on hover and keyboard focus (Radix, with the delays of the specification's constants and limits (docs/specification.md §9)). The trigger
 * renders plain until someone points at or focuses it; then the tooltip's code loads. The trigger
 * keeps its own accessible name.
 */
export function Tooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<{
    onPointerEnter?: (e: SyntheticEvent) => void;
    onFocus?: (e: SyntheticEvent) => void;
  }>;
}) {
  const [active, setActive] = useState<null | 'pointer' | 'focus'>(null);
  if (!active) {
    return cloneElement(children, {
      onPointerEnter: () => setActive('pointer'),
      onFocus: () => setActive('focus'),
    });
  }
  return (
    <Suspense fallback={children}>
      <RadixTooltip label={label} initiallyOpen={active === 'focus'}>
        {children}
      </RadixTooltip>
    </Suspense>
  );
}
