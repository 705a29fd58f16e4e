import { diffWords } from 'diff';
import * as styles from './Editor.css';

/**
 * What changed from `before` to `after`, word by word: added words underlined green, removed ones
 * struck through red, each also said in words for screen readers. Rendered as text nodes, never HTML.
 */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  if (before === after) {
    return (
      <div className={styles.diffField}>
        <span className={styles.previewLabel}>{label}</span>
        <p className={styles.diffText}>
          <em>No change</em>
        </p>
      </div>
    );
  }
  const parts = diffWords(before, after);
  return (
    <div className={styles.diffField} data-testid="revision-diff">
      <span className={styles.previewLabel}>{label}</span>
      <p className={styles.diffText}>
        {parts.map((part, i) =>
          part.added ? (
            <ins key={i} className={styles.added}>
              <span className="visually-hidden">[added: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </ins>
          ) : part.removed ? (
            <del key={i} className={styles.removed}>
              <span className="visually-hidden">[removed: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </del>
          ) : (
            <span key={i}>{part.value}</span>
          ),
        )}
      </p>
    </div>
  );
}
