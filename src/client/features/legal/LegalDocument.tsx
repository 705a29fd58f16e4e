import { useEffect, type ReactNode } from 'react';
import { SiteLayout } from '../../components/layouts/SiteLayout';
import * as styles from './LegalDocument.css';

/** Placeholder until the business's solicitor signs the texts off; update it with every change. */
export const LEGAL_LAST_UPDATED = '1 November 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useEffect(() => {
    document.title = `${title} | Herts Local Media`;
    window.scrollTo(0, 0);
  }, [title]);
  return (
    <SiteLayout>
      <article className={styles.doc}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.updated}>Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className={styles.intro}>{intro}</div>
        <nav aria-label="Contents" className={styles.toc}>
          <h2 className={styles.tocTitle}>Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </div>
      </article>
    </SiteLayout>
  );
}
