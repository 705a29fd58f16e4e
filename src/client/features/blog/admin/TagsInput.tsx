import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import * as styles from './Editor.css';

export interface TagSuggestion {
  name: string;
  postCount: number;
}

/**
 * A post's tags as removable chips, and a box that adds one on Enter or a comma, offering the tags
 * already in use that match what is typed (the parent asks the server as `text` changes).
 */
export function TagsInput({
  id,
  value,
  onChange,
  text,
  onText,
  suggestions,
  maxTags,
  maxLength,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  text: string;
  onText: (text: string) => void;
  suggestions: TagSuggestion[];
  maxTags: number;
  maxLength: number;
}) {
  const [active, setActive] = useState(-1);
  const lower = value.map((t) => t.toLowerCase());
  const offered = text.trim()
    ? suggestions.filter((s) => !lower.includes(s.name.toLowerCase())).slice(0, 8)
    : [];
  const listId = `${id}-suggestions`;
  const full = value.length >= maxTags;

  const add = (name: string) => {
    const tag = name.trim().replace(/\s+/g, ' ').slice(0, maxLength);
    if (tag && !lower.includes(tag.toLowerCase()) && !full) onChange([...value, tag]);
    onText('');
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      if (e.key === 'Enter' && !text.trim() && active < 0) return;
      e.preventDefault();
      add(active >= 0 && offered[active] ? offered[active].name : text);
    } else if (e.key === 'ArrowDown' && offered.length > 0) {
      e.preventDefault();
      setActive((i) => (i + 1) % offered.length);
    } else if (e.key === 'ArrowUp' && offered.length > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? offered.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      setActive(-1);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Tags
      </label>
      {value.length > 0 ? (
        <ul className={styles.chips} aria-label="Tags of this post">
          {value.map((tag) => (
            <li key={tag} className={styles.chip} data-testid="post-tag">
              {tag}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className={fieldStyles.control.panel}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(-1)}
        placeholder={full ? `At most ${maxTags} tags` : 'Type a tag, then Enter'}
        disabled={full}
        maxLength={maxLength}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={offered.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        Enter or a comma adds the tag; tags already in use are offered as you type.
      </p>
      {offered.length > 0 ? (
        <ul id={listId} role="listbox" aria-label="Tags in use" className={styles.suggestions}>
          {offered.map((s, i) => (
            <li
              key={s.name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.suggestion}
              // Before the input's blur, so the click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                add(s.name);
              }}
            >
              <span>{s.name}</span>
              <span className={styles.count}>
                {s.postCount} {s.postCount === 1 ? 'post' : 'posts'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
