import * as styles from './BlogCard.css';

/** The longest hyphenated word kept whole: a longer run (an address) may still break to fit. */
const UNBROKEN_MAX = 24;

/**
 * Text whose short hyphenated words ("line-up", "co-op") do not break at their hyphen: a browser
 * may end a line after any hyphen, which leaves "line-" on one line and "up" on the next.
 */
export function KeepHyphenated({ text }: { text: string }) {
  const parts = text.split(/(\S+-\S+)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && part.length <= UNBROKEN_MAX ? (
          <span key={i} className={styles.unbroken}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
