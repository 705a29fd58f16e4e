import { useId, type ReactNode } from 'react';
import * as styles from './AdminTable.css';

/**
 * One section of an admin view: its heading and lead, what it offers beside them (add, a filter,
 * an export), then its list or form.
 */
export function AdminSection({
  title,
  lead,
  leadTestId,
  action,
  testId,
  children,
}: {
  title: string;
  lead: ReactNode;
  leadTestId?: string;
  action: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <div className={styles.head}>
        <div>
          <h2 id={id} className={styles.title}>
            {title}
          </h2>
          <p className={styles.lead} data-testid={leadTestId}>
            {lead}
          </p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
