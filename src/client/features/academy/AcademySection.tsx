import type { ReactNode } from 'react';
import * as styles from './AcademySection.css';

/** One section of the academy landing page, with its anchor and heading block. */
export function AcademySection({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  tone?: 'plain' | 'soft' | 'dark';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`${styles.section} ${styles.tones[tone]}`}
      data-academy-section={id}
    >
      <div className={styles.inner}>
        <div className={styles.header}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h2 id={`${id}-heading`} className={styles.title}>
            {title}
          </h2>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
