import type { InputHTMLAttributes, Ref } from 'react';
import * as styles from './Form.css';

export function TextField({
  id,
  label,
  error,
  hint,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; hint?: string; ref?: Ref<HTMLInputElement> }) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input ref={ref} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
