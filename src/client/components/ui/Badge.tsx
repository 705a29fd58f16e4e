import type { HTMLAttributes } from 'react';
import * as styles from './Badge.css';

export function Badge({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={[styles.badge, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
