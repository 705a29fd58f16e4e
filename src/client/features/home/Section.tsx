import type { ReactNode } from 'react';
import * as styles from './Section.css';

/** A home-page section with its anchor id and an optional centred heading block. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  alt,
  children,
}: {
  id: string;
  eyebrow?: string;
  title?: string;
  lead?: ReactNode;
  alt?: boolean;
  children: ReactNode;
}) {
  const headingId = title ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={[styles.section, alt ? styles.alt : ''].join(' ')}
    >
      <div className={styles.inner}>
        {title ? (
          <div className={styles.header}>
            {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
            <h2 id={headingId} className={styles.title}>
              {title}
            </h2>
            {lead ? <p className={styles.lead}>{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
