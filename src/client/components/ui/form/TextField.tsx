import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import * as styles from './Field.css';

interface FieldFrame {
  id: string;
  label: string;
  /** The field's message from the schema; marks the control invalid. */
  error?: string;
  hint?: string;
}

/** Label, control, hint and error, wired together for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: FieldFrame & { children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(describedBy)}
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

export function TextField({
  id,
  label,
  error,
  hint,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & FieldFrame & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          ref={ref}
          id={id}
          className={styles.control.panel}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrame) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <textarea
          id={id}
          className={styles.textarea.panel}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      )}
    </Field>
  );
}
