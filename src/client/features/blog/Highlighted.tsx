import * as styles from './BlogExtras.css';

/** A piece of a search result's title or snippet, and whether it matched the words searched for. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/** The matched words in <mark>, everything as text nodes: nothing the server sends is parsed as HTML. */
export function Highlighted({ parts }: { parts: readonly HighlightPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
