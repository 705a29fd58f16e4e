import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui/Button';
import * as styles from './AdminTable.css';

/** 'Page 2 of 40 · 987 enquiries' with Previous and Next; the server does the paging. */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Plural, e.g. 'enquiries'. */
  noun: string;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <p className={styles.muted} aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {total.toLocaleString('en-GB')} {noun}
      </p>
      <div className={styles.pagerButtons}>
        <Button size="sm" variant="ghost" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
          Next <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
