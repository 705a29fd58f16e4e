import { keepPreviousData } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../../shared/admin';
import type { Subscriber } from '../../../../shared/admin.schema';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { downloadFile, serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  ConfirmDialog,
  SearchFilter,
  SelectFilter,
  AdminList,
  useAdminList,
  type AdminListColumn,
  DateTime,
  AdminSection,
  tableStyles as styles,
  RowDeleteButton,
} from '../../../components/admin';

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Awaiting confirmation',
};
export const SUBSCRIBERS_CSV_URL = '/api/admin/subscribers.csv';

/** Downloads the CSV with the session (bearer token or cookie), under the server's file name. */
function downloadCsv(): Promise<void> {
  return downloadFile(SUBSCRIBERS_CSV_URL, 'newsletter-subscribers.csv');
}

/** The newsletter list: who signed up, who confirmed, erasure on request, and the CSV export. */
export function SubscribersSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({ status: '' as SubscriberStatus | '' });
  const [erasing, setErasing] = useState<Subscriber | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = trpc.admin.subscribers.useQuery(
    { page: list.page, ...list.cursor, pageSize: list.pageSize, ...list.filters, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const erase = trpc.admin.eraseSubscriber.useMutation();

  const confirmErase = async (subscriber: Subscriber) => {
    try {
      await erase.mutateAsync({ id: subscriber.id });
      toast({ title: 'Subscriber removed', description: `${subscriber.email} has been deleted.` });
      await Promise.all([utils.admin.subscribers.invalidate(), utils.admin.summary.invalidate()]);
    } catch (error) {
      toast({
        title: 'Could not remove the subscriber',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv();
    } catch (error) {
      toast({
        title: 'Export failed',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  const columns: Array<AdminListColumn<Subscriber>> = [
    {
      label: 'Email',
      primary: true,
      wide: true,
      render: (s) => <span className={styles.strong}>{s.email}</span>,
    },
    { label: 'Newsletter', render: (s) => s.newsletter },
    {
      label: 'Status',
      render: (s) => (
        <span className={styles.actions}>
          <span className={s.confirmedAt ? styles.pill.replied : styles.pill.pending}>
            {s.confirmedAt ? STATUS_LABELS.confirmed : STATUS_LABELS.pending}
          </span>
          {/* A mail server refused the address for good: newsletters skip it. */}
          {s.bouncedAt ? (
            <span className={styles.pill.overdue} data-testid="subscriber-bouncing">
              Bouncing
            </span>
          ) : null}
        </span>
      ),
    },
    { label: 'Signed up', nowrap: true, render: (s) => <DateTime iso={s.createdAt} /> },
    {
      label: 'Confirmed',
      nowrap: true,
      render: (s) => (s.confirmedAt ? <DateTime iso={s.confirmedAt} /> : '—'),
    },
    {
      label: 'Actions',
      actions: true,
      render: (s) => (
        <RowDeleteButton label={`Remove ${s.email}`} title="Remove" onClick={() => setErasing(s)} />
      ),
    },
  ];

  return (
    <AdminSection
      title="Newsletter subscribers"
      lead="Addresses are kept unconfirmed for 7 days, then deleted if nobody clicks the link."
      action={
        <Button size="sm" variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          <Download size={16} aria-hidden="true" /> {exporting ? 'Exporting...' : 'Export confirmed (CSV)'}
        </Button>
      }
    >
      <div className={styles.filters} role="search" aria-label="Filter subscribers">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Part of an email address"
          value={list.search}
          onChange={list.setSearch}
        />
        <SelectFilter
          id={`${ids}-status`}
          label="Status"
          allLabel="All subscribers"
          options={SUBSCRIBER_STATUSES.map((st) => ({ value: st, label: STATUS_LABELS[st] }))}
          value={list.filters.status}
          onChange={(v: SubscriberStatus | '') => list.setFilter('status', v)}
        />
      </div>

      <AdminList
        caption="Newsletter subscribers, newest first"
        noun="subscribers"
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        rowTestId="subscriber-row"
        onPage={list.setPage}
        emptyText="No subscribers yet."
        filteredEmptyText="No subscribers match these filters."
        filtered={list.filtered}
        errorText="The subscribers could not be loaded. Please refresh the page."
        skeletonHeight="12rem"
      />

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
    </AdminSection>
  );
}
