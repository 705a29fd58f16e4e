import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmDialog, Pager } from '../../../components/admin';
import { RenderedDiff } from './RenderedDiff';
import { WordDiff } from './WordDiff';
import * as styles from './Editor.css';

export interface RevisionRow {
  id: number;
  createdAt: string;
  authorName: string | null;
  title: string;
}

/** The fields a revision keeps that a person compares by reading. */
export interface RevisionText {
  title: string;
  excerpt: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
}

const FIELDS: Array<{ key: keyof RevisionText; label: string; html?: true }> = [
  { key: 'title', label: 'Title' },
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'content', label: 'Content', html: true },
  { key: 'metaTitle', label: 'Meta title' },
  { key: 'metaDescription', label: 'Meta description' },
];

/** '28 Nov 2026, 10:15:32': two saves within a minute are told apart. */
const savedAt = (iso: string) => formatDateTime(iso, { seconds: true });

/**
 * The post's saved revisions, newest first and paged: pick one to read what differs from the post
 * as it is now (word by word), and restore it (saved as a new revision).
 */
/** The newest revision is the post as last saved: what the site has now. */
function isLive(data: { page: number }, index: number): boolean {
  return data.page === 1 && index === 0;
}

export function RevisionsPanel({
  list,
  onPage,
  selectedId,
  onSelect,
  selected,
  current,
  onRestore,
  restoring,
}: {
  list: {
    data?: { items: RevisionRow[]; total: number; page: number; pageSize: number };
    isLoading: boolean;
    isError: boolean;
    isFetching: boolean;
  };
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  selected: RevisionText | null;
  current: RevisionText;
  onRestore: (id: number) => void;
  restoring: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const data = list.data;
  const picked = data?.items.find((r) => r.id === selectedId) ?? null;
  return (
    <details className={styles.details} data-testid="revisions">
      <summary className={styles.summary}>
        <History size={16} aria-hidden="true" /> Revisions{data ? ` (${data.total})` : ''}
      </summary>
      <div className={styles.detailsBody}>
        {list.isLoading ? (
          <Skeleton height="6rem" />
        ) : list.isError ? (
          <p role="alert">The revisions could not be loaded. Please try again.</p>
        ) : !data || data.items.length === 0 ? (
          <p>No revisions yet: one is kept each time the post is saved.</p>
        ) : (
          <>
            <ol className={styles.revisionList} aria-label="Revisions, newest first">
              {data.items.map((rev, index) => (
                <li
                  key={rev.id}
                  className={styles.revisionItem}
                  aria-current={rev.id === selectedId ? 'true' : undefined}
                  data-testid="revision"
                >
                  <span className={styles.revisionMeta}>
                    <strong>
                      <time dateTime={rev.createdAt} data-volatile="datetime">
                        {savedAt(rev.createdAt)}
                      </time>
                      {isLive(data, index) ? (
                        <>
                          {' '}
                          <span className={styles.currentMark} data-testid="revision-current">
                            Current
                          </span>
                        </>
                      ) : null}
                    </strong>
                    <span>
                      {rev.authorName ?? 'Unknown admin'}: {rev.title || '(no title)'}
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant={rev.id === selectedId ? 'secondary' : 'outline'}
                    onClick={() => onSelect(rev.id === selectedId ? null : rev.id)}
                    aria-label={`${rev.id === selectedId ? 'Hide' : 'Compare'} revision of ${savedAt(rev.createdAt)}`}
                  >
                    {rev.id === selectedId ? 'Hide' : 'Compare'}
                  </Button>
                </li>
              ))}
            </ol>
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              noun="revisions"
              onPage={onPage}
              busy={list.isFetching}
            />
          </>
        )}
        {selectedId !== null ? (
          selected ? (
            <section
              aria-label="Changes from this revision to the current version"
              className={styles.detailsBody}
            >
              <p className={styles.previewLabel}>
                From the revision of {picked ? savedAt(picked.createdAt) : 'the chosen time'} to the current
                version (in the editor now):
              </p>
              {FIELDS.map(({ key, label, html }) =>
                html ? (
                  <RenderedDiff key={key} label={label} before={selected[key]} after={current[key]} />
                ) : (
                  <WordDiff key={key} label={label} before={selected[key]} after={current[key]} />
                ),
              )}
              <div className={styles.row}>
                <Button variant="secondary" onClick={() => setConfirming(true)} disabled={restoring}>
                  <RotateCcw size={16} aria-hidden="true" />{' '}
                  {restoring ? 'Restoring...' : 'Restore this revision'}
                </Button>
              </div>
            </section>
          ) : (
            <Skeleton height="8rem" />
          )
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restore this revision?"
        description="The post goes back to this revision's title, excerpt, content and search fields. What it has now stays in the revisions, so you can come back to it."
        confirmLabel="Restore"
        onConfirm={() => {
          if (selectedId !== null) onRestore(selectedId);
        }}
      />
    </details>
  );
}
