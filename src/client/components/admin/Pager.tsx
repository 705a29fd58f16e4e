import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui/Button';
import * as styles from './AdminTable.css';

/** Where a list reads a page from: after the last row shown (Next) or before the first (Previous). */
export type PageCursor = { after: string } | { before: string };

/**
 * 'Page 2 of 40 · 987 enquiries' with Previous and Next; the server does the paging. Where the list
 * answers with cursors, Next and Previous read from the row beside the page shown, so page 500
 * costs what page 1 does; back to page 1 reads the newest rows again. A list of one page has no
 * pager: two dead buttons said there was somewhere to go.
 */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPage,
  busy,
  nextCursor,
  prevCursor,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Plural, e.g. 'enquiries'. */
  noun: string;
  onPage: (page: number, cursor?: PageCursor) => void;
  busy?: boolean;
  nextCursor?: string | undefined;
  prevCursor?: string | undefined;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const previous = () =>
    page - 1 > 1 && prevCursor ? onPage(page - 1, { before: prevCursor }) : onPage(page - 1);
  const next = () => (nextCursor ? onPage(page + 1, { after: nextCursor }) : onPage(page + 1));
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <p className={styles.muted} aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {total.toLocaleString('en-GB')} {noun}
      </p>
      <div className={styles.pagerButtons}>
        <Button
          size="sm"
          variant="outline"
          className={styles.pagerButton}
          onClick={previous}
          disabled={page <= 1 || busy}
        >
          <ChevronLeft size={16} aria-hidden="true" /> Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          className={styles.pagerButton}
          onClick={next}
          disabled={page >= pages || busy}
        >
          Next <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
