import { keepPreviousData } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ADMIN_PAGE_SIZE_DEFAULT, SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../shared/admin';
import type { Subscriber } from '../../../shared/admin.schema';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/toast-store';
import { apiRequest, serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { SearchFilter, SelectFilter } from './FilterFields';
import { formatDateTime, Pager, useDebounced } from './Pager';
import * as styles from './AdminTable.css';

const STATUS_LABELS: Record<SubscriberStatus, string> = { confirmed: 'Confirmed', pending: 'Awaiting confirmation' };
export const SUBSCRIBERS_CSV_URL = '/api/admin/subscribers.csv';

/** Downloads the CSV with the session (bearer token or cookie), under the server's file name. */
async function downloadCsv(): Promise<void> {
  const res = await apiRequest('GET', SUBSCRIBERS_CSV_URL);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'newsletter-subscribers.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The newsletter list: who signed up, who confirmed, erasure on request, and the CSV export. */
export function SubscribersSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [erasing, setErasing] = useState<Subscriber | null>(null);
  const [exporting, setExporting] = useState(false);

  const list = trpc.admin.subscribers.useQuery({ page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, status, q }, { placeholderData: keepPreviousData });
  const erase = trpc.admin.eraseSubscriber.useMutation();

  const confirmErase = async (subscriber: Subscriber) => {
    try {
      await erase.mutateAsync({ id: subscriber.id });
      toast({ title: 'Subscriber removed', description: `${subscriber.email} has been deleted.` });
      await Promise.all([utils.admin.subscribers.invalidate(), utils.admin.summary.invalidate()]);
    } catch (error) {
      toast({ title: 'Could not remove the subscriber', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv();
    } catch (error) {
      toast({ title: 'Export failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <div>
          <h2 id={`${ids}-title`} className={styles.title}>
            Newsletter subscribers
          </h2>
          <p className={styles.lead}>Addresses are kept unconfirmed for 7 days, then deleted if nobody clicks the link.</p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          <Download size={16} aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export confirmed (CSV)'}
        </Button>
      </div>

      <div className={styles.filters} role="search" aria-label="Filter subscribers">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Part of an e-mail address"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <SelectFilter
          id={`${ids}-status`}
          label="Status"
          allLabel="All subscribers"
          options={SUBSCRIBER_STATUSES.map((st) => ({ value: st, label: STATUS_LABELS[st] }))}
          value={status}
          onChange={(v: SubscriberStatus | '') => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>

      {list.isLoading ? (
        <Skeleton height="12rem" />
      ) : list.isError ? (
        <p className={styles.empty} role="alert">
          The subscribers could not be loaded. Please refresh the page.
        </p>
      ) : list.data && list.data.items.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={list.isFetching}>
              <caption className={styles.caption}>Newsletter subscribers, newest first</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.th}>
                    E-mail
                  </th>
                  <th scope="col" className={styles.th}>
                    Newsletter
                  </th>
                  <th scope="col" className={styles.th}>
                    Status
                  </th>
                  <th scope="col" className={styles.th}>
                    Signed up
                  </th>
                  <th scope="col" className={styles.th}>
                    Confirmed
                  </th>
                  <th scope="col" className={styles.th}>
                    <span className={styles.caption}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((s) => (
                  <tr key={s.id} className={styles.row} data-testid="subscriber-row">
                    <td className={`${styles.td} ${styles.strong}`}>{s.email}</td>
                    <td className={styles.td}>{s.newsletter}</td>
                    <td className={styles.td}>
                      <span className={s.confirmedAt ? styles.pill.replied : styles.pill.pending}>
                        {s.confirmedAt ? STATUS_LABELS.confirmed : STATUS_LABELS.pending}
                      </span>
                    </td>
                    <td className={`${styles.td} ${styles.nowrap}`}>{formatDateTime(s.createdAt)}</td>
                    <td className={`${styles.td} ${styles.nowrap}`}>{s.confirmedAt ? formatDateTime(s.confirmedAt) : '—'}</td>
                    <td className={styles.td}>
                      <Button size="sm" variant="ghost" onClick={() => setErasing(s)} aria-label={`Remove ${s.email}`}>
                        <Trash2 size={16} aria-hidden="true" /> Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} noun="subscribers" onPage={setPage} busy={list.isFetching} />
        </>
      ) : (
        <p className={styles.empty}>{q || status ? 'No subscribers match these filters.' : 'No subscribers yet.'}</p>
      )}

      <ConfirmDialog
        open={erasing !== null}
        onOpenChange={(open) => {
          if (!open) setErasing(null);
        }}
        title="Remove subscriber"
        description={`Delete ${erasing?.email ?? 'this address'} and everything we hold about it? Use this for an erasure request; it cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (erasing) void confirmErase(erasing);
        }}
      />
    </section>
  );
}
