import type { HTMLAttributes } from 'react';
import * as styles from './Card.css';

export function Card({
  highlighted,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { highlighted?: boolean; as?: never }) {
  return (
    <article
      className={[styles.card, highlighted ? styles.highlighted : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      {...rest}
    />
  );
}
