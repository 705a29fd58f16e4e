import { X } from 'lucide-react';
import { BLOG_AUTHORS_MAX } from '../../../../shared/blog-publishing';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import * as styles from './Editor.css';

/**
 * Who a post is by, for an editor: the people in byline order (the first is whose post it is, who
 * can edit it below Editor), each removable while another stays, and a choice of the staff who
 * write to add. Other roles see no such field: a post is by the person who made it.
 */
export function AuthorsInput({
  id,
  value,
  onChange,
  choices,
}: {
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
  choices: Array<{ id: number; name: string }>;
}) {
  // Until the staff's names have come, a chip shows an ellipsis rather than a wrong word.
  const nameOf = (person: number) =>
    choices.find((c) => c.id === person)?.name ?? (choices.length === 0 ? '…' : 'Someone who has left');
  const others = choices.filter((c) => !value.includes(c.id));
  const full = value.length >= BLOG_AUTHORS_MAX;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Authors
      </label>
      <ul className={styles.chips} aria-label="Authors of this post">
        {value.map((person, index) => (
          <li key={person} className={styles.chip} data-testid="post-author">
            {nameOf(person)}
            {value.length > 1 ? (
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove author ${nameOf(person)}`}
                onClick={() => onChange(value.filter((p) => p !== person))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            ) : null}
            {index === 0 && value.length > 1 ? <span className="visually-hidden"> (first)</span> : null}
          </li>
        ))}
      </ul>
      <select
        id={id}
        className={fieldStyles.control.panel}
        value=""
        disabled={full || others.length === 0}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const chosen = Number(e.target.value);
          if (chosen) onChange([...value, chosen]);
        }}
      >
        <option value="">{full ? `At most ${BLOG_AUTHORS_MAX} authors` : 'Add an author…'}</option>
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        The byline names them in this order; the first can edit the post whatever their role.
      </p>
    </div>
  );
}
