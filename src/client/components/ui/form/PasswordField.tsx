import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { Field } from './TextField';
import * as styles from './Field.css';

/** A password input with a show/hide toggle that keeps its label and focus. */
export function PasswordField({
  id,
  label,
  error,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error}>
      {(describedBy) => (
        <div className={styles.passwordWrap}>
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            className={styles.passwordInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...rest}
          />
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            aria-controls={id}
          >
            {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      )}
    </Field>
  );
}
