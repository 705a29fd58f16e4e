import * as fieldStyles from '../../../components/ui/form/Field.css';
import * as styles from './Editor.css';

/** What the server said about the slug being typed. */
export type SlugCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; suggestion?: string }
  | { state: 'error' };

/**
 * The post's address: /blog/<slug>, made from the title until the admin edits it, and checked
 * against the other posts as it is typed.
 */
export function SlugField({
  id,
  value,
  onChange,
  check,
  maxLength,
}: {
  id: string;
  value: string;
  onChange: (slug: string) => void;
  check: SlugCheck;
  maxLength: number;
}) {
  const statusId = `${id}-status`;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Address (slug)
      </label>
      <div className={styles.slugRow}>
        <span className={styles.slugPrefix} aria-hidden="true">
          /blog/
        </span>
        <input
          id={id}
          className={`${fieldStyles.control.panel} ${styles.slugInput}`}
          value={value}
          onChange={(e) => onChange(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
          maxLength={maxLength}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={check.state === 'taken' ? true : undefined}
          aria-describedby={statusId}
        />
      </div>
      <p id={statusId} className={styles.statusTone[toneOf(check)]} aria-live="polite">
        {messageOf(check)}{' '}
        {check.state === 'taken' && check.suggestion ? (
          <button type="button" className={styles.linkButton} onClick={() => onChange(check.suggestion!)}>
            Use {check.suggestion}
          </button>
        ) : null}
      </p>
    </div>
  );
}

function toneOf(check: SlugCheck): 'neutral' | 'good' | 'bad' {
  if (check.state === 'available') return 'good';
  if (check.state === 'taken' || check.state === 'error') return 'bad';
  return 'neutral';
}

function messageOf(check: SlugCheck): string {
  switch (check.state) {
    case 'checking':
      return 'Checking the address...';
    case 'available':
      return 'This address is free.';
    case 'taken':
      return 'Another post already uses this address.';
    case 'error':
      return 'The address could not be checked. It will be checked again when you save.';
    default:
      return 'Made from the title; letters, numbers and hyphens.';
  }
}
