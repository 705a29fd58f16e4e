import { keepPreviousData } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  RECIPIENT_STATUSES,
  RECIPIENT_STATUS_LABELS,
  type RecipientStatus,
} from '../../../../shared/newsletter-issues';
import type { Recipient } from '../../../../shared/newsletter.schema';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  ConfirmDialog,
  SelectFilter,
  DateTime,
  adminStyles,
  tableStyles as table,
} from '../../../components/admin';
import * as styles from './Issues.css';

const RECIPIENT_PILLS: Record<RecipientStatus, keyof typeof styles.pill> = {
  queued: 'quiet',
  sending: 'busy',
  sent: 'done',
  failed: 'bad',
  bounced: 'bad',
  skipped: 'quiet',
};

/** Who the issue went to, a page at a time and by state, and another try for the failed ones only. */
export function IssueRecipients({
  issueId,
  failed,
  canRetry,
  showAddresses,
}: {
  issueId: number;
  failed: number;
  /** False while the issue is sending: its list may still be being made. */
  canRetry: boolean;
  /** Whether the signed-in role sees subscribers' addresses (an editor sees the figures only). */
  showAddresses: boolean;
}) {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({ status: '' as RecipientStatus | '' });
  const [asking, setAsking] = useState(false);
  const query = trpc.newsletter.issueRecipients.useQuery(
    { id: issueId, page: list.page, ...list.cursor, pageSize: list.pageSize, ...list.filters },
    { placeholderData: keepPreviousData, enabled: showAddresses },
  );
  const retry = trpc.newsletter.issueRetryFailed.useMutation();

  const retryFailed = async () => {
    try {
      const { retried } = await retry.mutateAsync({ id: issueId });
      toast({
        title: 'Trying the failed addresses again',
        description: `${retried.toLocaleString('en-GB')} ${retried === 1 ? 'address is' : 'addresses are'} being sent the issue again.`,
      });
      await utils.newsletter.invalidate();
    } catch (error) {
      toast({
        title: 'Could not retry the failed addresses',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const columns: Array<AdminListColumn<Recipient>> = [
    {
      label: 'Email',
      primary: true,
      render: (r) => <span className={table.strong}>{r.email || '(address erased)'}</span>,
    },
    {
      label: 'Status',
      render: (r) => (
        <span className={styles.pill[RECIPIENT_PILLS[r.status]]}>{RECIPIENT_STATUS_LABELS[r.status]}</span>
      ),
    },
    { label: 'Sent', nowrap: true, render: (r) => (r.sentAt ? <DateTime iso={r.sentAt} /> : '—') },
    { label: 'Problem', render: (r) => r.error ?? '—' },
  ];

  return (
    <section className={adminStyles.panel} aria-labelledby={`${ids}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${ids}-title`} className={adminStyles.panelTitle}>
          Recipients
        </h2>
        {failed > 0 && canRetry ? (
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)} disabled={retry.isPending}>
            <RotateCcw size={16} aria-hidden="true" /> Retry {failed.toLocaleString('en-GB')} failed
          </Button>
        ) : null}
      </div>
      {showAddresses ? null : (
        <p className={table.muted}>Subscribers’ addresses are shown to administrators only.</p>
      )}
      <div className={table.filters} role="search" aria-label="Filter recipients" hidden={!showAddresses}>
        <SelectFilter
          id={`${ids}-status`}
          label="Status"
          allLabel="All recipients"
          options={RECIPIENT_STATUSES.map((st) => ({ value: st, label: RECIPIENT_STATUS_LABELS[st] }))}
          value={list.filters.status}
          onChange={(v: RecipientStatus | '') => list.setFilter('status', v)}
        />
      </div>
      {showAddresses ? (
        <AdminList
          caption="Recipients of this issue"
          noun="recipients"
          query={query}
          columns={columns}
          rowKey={(r) => r.id}
          rowTestId="recipient-row"
          onPage={list.setPage}
          emptyText={
            canRetry
              ? "Nobody is on this issue's list."
              : 'The list is being made: each subscriber appears here as their copy is queued.'
          }
          filteredEmptyText="No recipients in this state."
          filtered={list.filtered}
          errorText="The recipients could not be loaded. Please refresh the page."
          skeletonHeight="10rem"
        />
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Retry the failed addresses"
        description={`Send the issue again to the ${failed.toLocaleString('en-GB')} ${failed === 1 ? 'address' : 'addresses'} it failed to reach? Nobody else gets it twice.`}
        confirmLabel="Retry failed"
        onConfirm={() => void retryFailed()}
      />
    </section>
  );
}
