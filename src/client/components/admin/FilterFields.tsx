import { ADMIN_SEARCH_MAX } from '../../../shared/admin';
import * as styles from './AdminTable.css';

// The labelled search box and drop-down of the admin lists' filter bars. A change resets the list
// to its first page, which the caller does in onChange.

export function SearchFilter({
  id,
  label = 'Search',
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.control}
        placeholder={placeholder}
        value={value}
        maxLength={ADMIN_SEARCH_MAX}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function SelectFilter<T extends string>({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** The first choice, which filters nothing. */
  allLabel: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.control}
        value={value}
        onChange={(e) => onChange(e.target.value as T | '')}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
