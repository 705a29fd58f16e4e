import { Fragment, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE_DEFAULT } from '../../../shared/admin';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useDebounced } from '../../lib/useDebounced';
import { Pager, type PageCursor } from './Pager';
import * as table from './AdminTable.css';
import * as styles from './AdminList.css';

// Every list of the admin app (posts, enquiries, subscribers, academy, admins) is this one
// component: its loading, error and empty states, a table where there is room and a card per row
// where there is not (a phone), and the pager. useAdminList holds the page, filters and search.

/** Below this width of the list's own box, rows are cards with labelled fields. */
export const CARDS_BELOW_PX = 800;

export interface AdminListColumn<T> {
  /** The column header, and the label of the field on a card. */
  label: string;
  render: (item: T) => ReactNode;
  /** The card's heading line: shown first and unlabelled on a card. */
  primary?: boolean;
  /** Buttons for the row: the last column of the table, the foot of the card. */
  actions?: boolean;
  /**
   * Keep the cell on one line in the table (dates, short codes); for the actions, the row's buttons
   * side by side, never wrapped (the other columns must leave them room; a card still wraps them).
   */
  nowrap?: boolean;
  /** Break the cell's text between words only (labels such as 'Workshop reservation'). */
  wholeWords?: boolean;
  /**
   * Keep room for the cell's text in the table (an e-mail address): a column of dates beside it
   * (nowrap) would otherwise squeeze it to a few letters a line.
   */
  wide?: boolean;
  /**
   * Shown in one layout only: a dense list whose card is its heading's lines alone ('cards') carries
   * its columns in the table only ('table').
   */
  only?: 'table' | 'cards';
}

/** One page of a list as the server answers it. */
export interface AdminListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** A list read by position: where the pages beside this one start. */
  nextCursor?: string | undefined;
  prevCursor?: string | undefined;
}

/** The parts of a TanStack Query result the list reads. */
export interface AdminListQuery<T> {
  data?: AdminListPage<T>;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The rows shown are another page's, kept while the page asked for loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  /** Asks again: the error state's Try again. */
  refetch: () => Promise<unknown>;
}

export interface AdminListProps<T> {
  /** What the rows are, for screen readers: 'Enquiries, newest first'. */
  caption: string;
  /** Plural noun for the pager: 'enquiries'. */
  noun: string;
  query: AdminListQuery<T>;
  columns: Array<AdminListColumn<T>>;
  rowKey: (item: T) => string | number;
  /** data-testid of each row or card. */
  rowTestId?: string;
  /** Extra attributes of a row or card, e.g. { 'data-unread': true }. */
  rowAttributes?: (item: T) => Record<string, string | boolean | undefined>;
  onPage: (page: number, cursor?: PageCursor) => void;
  emptyText: string;
  /** Shown instead of emptyText when a filter or search is active. */
  filteredEmptyText?: string;
  filtered?: boolean;
  errorText: string;
  skeletonHeight?: string;
  /** Force a layout (the default follows the width available). */
  layout?: 'auto' | 'cards';
}

/**
 * How long a new width must last before the list swaps its rows between table and cards. A size that
 * lasts a frame (a window edge being dragged, a browser resizing the page to capture it whole, which
 * once put 1366 px lists into cards in CI's screenshots) swaps nothing.
 */
const LAYOUT_SETTLE_MS = 300;

/**
 * Whether the element is narrower than the given width: measured before the first paint, then again
 * once a resize has settled (LAYOUT_SETTLE_MS after the last one, from the box as it is then).
 */
function useNarrowerThan<E extends HTMLElement>(px: number): [(el: E | null) => void, boolean] {
  const [narrow, setNarrow] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const ref = useCallback(
    (el: E | null) => {
      observer.current?.disconnect();
      observer.current = null;
      window.clearTimeout(timer.current);
      if (!el) return;
      const measure = () => setNarrow(el.getBoundingClientRect().width < px);
      measure();
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(() => {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(measure, LAYOUT_SETTLE_MS);
      });
      observer.current.observe(el);
    },
    [px],
  );
  useLayoutEffect(
    () => () => {
      observer.current?.disconnect();
      window.clearTimeout(timer.current);
    },
    [],
  );
  return [ref, narrow];
}

export function AdminList<T>({
  caption,
  noun,
  query,
  columns,
  rowKey,
  rowTestId,
  rowAttributes,
  onPage,
  emptyText,
  filteredEmptyText,
  filtered,
  errorText,
  skeletonHeight = '10rem',
  layout = 'auto',
}: AdminListProps<T>) {
  const [measure, narrow] = useNarrowerThan<HTMLDivElement>(CARDS_BELOW_PX);
  const cards = layout === 'cards' || narrow;
  const { data } = query;

  let body: ReactNode;
  if (query.isLoading) body = <Skeleton height={skeletonHeight} />;
  else if (query.isError)
    body = (
      <div className={`${table.empty} ${styles.failed}`}>
        <p role="alert" className={styles.failedText}>
          {errorText}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  else if (!data || data.items.length === 0)
    body = <p className={table.empty}>{filtered && filteredEmptyText ? filteredEmptyText : emptyText}</p>;
  else {
    // Cards in a narrow box (or when asked for), a table otherwise: the same rows either way.
    const Rows = cards ? CardList : Table;
    const shown = columns.filter((c) => c.only === undefined || c.only === (cards ? 'cards' : 'table'));
    body = (
      <Rows
        caption={caption}
        columns={shown}
        items={data.items}
        rowKey={rowKey}
        rowTestId={rowTestId}
        rowAttributes={rowAttributes}
        busy={query.isFetching}
      />
    );
  }

  return (
    <div
      ref={measure}
      className={styles.list}
      data-layout={cards ? 'cards' : 'table'}
      // The width below which it chooses cards, for the visual tests' check of the choice.
      data-cards-below={layout === 'auto' ? CARDS_BELOW_PX : undefined}
      aria-busy={query.isLoading || query.isFetching}
    >
      {body}
      {data && data.items.length > 0 && !query.isError ? (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          noun={noun}
          onPage={onPage}
          // Only while the page asked for is on its way: a refresh of the page shown (another
          // section's write) leaves Next and Previous as they are, so a click then is not lost.
          busy={query.isPlaceholderData ?? query.isFetching}
          nextCursor={data.nextCursor}
          prevCursor={data.prevCursor}
        />
      ) : null}
    </div>
  );
}

interface RowsProps<T> {
  caption: string;
  columns: Array<AdminListColumn<T>>;
  items: T[];
  rowKey: (item: T) => string | number;
  rowTestId?: string;
  rowAttributes?: (item: T) => Record<string, string | boolean | undefined>;
  busy: boolean;
}

function Table<T>({ caption, columns, items, rowKey, rowTestId, rowAttributes, busy }: RowsProps<T>) {
  return (
    <div className={table.tableWrap}>
      <table className={table.table} aria-busy={busy}>
        <caption className={table.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={table.th}>
                {c.actions ? <span className={table.caption}>{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)} className={table.row} data-testid={rowTestId} {...rowAttributes?.(item)}>
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={[
                    table.td,
                    c.nowrap ? table.nowrap : '',
                    c.wholeWords ? table.wholeWords : '',
                    c.wide ? table.wide : '',
                    c.actions ? styles.actionsCell : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {c.actions ? (
                    <div className={c.nowrap ? `${table.actions} ${table.actionsOneLine}` : table.actions}>
                      {c.render(item)}
                    </div>
                  ) : (
                    c.render(item)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CardList<T>({ caption, columns, items, rowKey, rowTestId, rowAttributes, busy }: RowsProps<T>) {
  const primary = columns.filter((c) => c.primary);
  const fields = columns.filter((c) => !c.primary && !c.actions);
  const actions = columns.filter((c) => c.actions);
  return (
    <ul className={styles.cards} aria-label={caption} aria-busy={busy}>
      {items.map((item) => (
        <li key={rowKey(item)} className={styles.card} data-testid={rowTestId} {...rowAttributes?.(item)}>
          {primary.length > 0 ? (
            <div className={styles.cardTitle}>
              {primary.map((c) => (
                <Fragment key={c.label}>{c.render(item)}</Fragment>
              ))}
            </div>
          ) : null}
          {fields.length > 0 ? (
            <dl className={styles.fields}>
              {fields.map((c) => (
                <div key={c.label} className={styles.field}>
                  <dt className={styles.fieldLabel}>{c.label}</dt>
                  <dd className={styles.fieldValue}>{c.render(item)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {actions.length > 0 ? (
            <div className={styles.cardActions}>
              {actions.map((c) => (
                <Fragment key={c.label}>{c.render(item)}</Fragment>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The state of an admin list: the page (and, for a list read by position, the cursor it is read
 * from: spread `list.cursor` into the query), its filters (a change goes back to page 1) and a search
 * box whose text is sent once the admin pauses typing.
 */
export function useAdminList<F extends Record<string, string>>(
  initialFilters: F,
  pageSize = ADMIN_PAGE_SIZE_DEFAULT,
) {
  const [{ page, cursor }, setPosition] = useState<{ page: number; cursor: Partial<PageCursor> }>({
    page: 1,
    cursor: {},
  });
  const setPage = useCallback(
    (next: number, from?: PageCursor) => setPosition({ page: next, cursor: from ?? {} }),
    [],
  );
  const [filters, setFilters] = useState<F>(initialFilters);
  const [search, setSearchText] = useState('');
  const q = useDebounced(search.trim());
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const filtered = q !== '' || Object.values(filters).some((v) => v !== '');
  return { page, cursor, setPage, pageSize, filters, setFilter, search, setSearch, q, filtered };
}
