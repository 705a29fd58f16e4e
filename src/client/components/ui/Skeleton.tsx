import * as styles from './Skeleton.css';

/** A grey placeholder block shown while content loads; hidden from screen readers. */
export function Skeleton({
  width = '100%',
  height = '1rem',
  className,
}: {
  width?: string;
  height?: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={[styles.skeleton, className ?? ''].join(' ')}
      style={{ width, height }}
    />
  );
}
