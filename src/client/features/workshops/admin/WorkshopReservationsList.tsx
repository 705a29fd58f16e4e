import { keepPreviousData } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import type { WorkshopReservation } from '../../../../shared/admin.schema';
import { RESERVATION_STATUS_LABELS, type ReservationStatus } from '../../../../shared/workshop';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  ConfirmDialog,
  SelectFilter,
  DateTime,
  tableStyles as styles,
} from '../../../components/admin';

const STATUS_PILL: Record<ReservationStatus, keyof typeof styles.pill> = {
  confirmed: 'replied',
  waiting: 'pending',
  cancelled: 'archived',
  interest: 'academy',
};

function Parent({ r }: { r: WorkshopReservation }) {
  return (
    <span className={styles.subjectCell}>
      <span className={styles.strong}>{r.parentName}</span>
      <a className={styles.link} href={`mailto:${r.parentEmail}`}>
        {r.parentEmail}
      </a>
      {r.parentMobile ? (
        <a className={styles.link} href={`tel:${r.parentMobile.replace(/[^\d+]/g, '')}`}>
          {r.parentMobile}
        </a>
      ) : null}
    </span>
  );
}

/**
 * Reservations with the child's details and a cancel button: one session's (bookings, waiting
 * list, cancelled, by filter) or, without a session, the families who asked while no date was set.
 */
export function WorkshopReservationsList({
  sessionId,
  status,
  caption,
  emptyText,
  filterId,
}: {
  sessionId?: number;
  /** A fixed status (interest); otherwise the admin picks one. */
  status?: ReservationStatus;
  caption: string;
  emptyText: string;
  filterId?: string;
}) {
  const utils = trpc.useUtils();
  const list = useAdminList({ status: '' as ReservationStatus | '' });
  const query = trpc.workshops.reservations.useQuery(
    {
      page: list.page,
      ...list.cursor,
      pageSize: list.pageSize,
      sessionId,
      status: status ?? list.filters.status,
    },
    { placeholderData: keepPreviousData },
  );
  const cancel = trpc.workshops.cancelReservation.useMutation();
  const [cancelling, setCancelling] = useState<WorkshopReservation | null>(null);

  const confirmCancel = async (r: WorkshopReservation) => {
    try {
      await cancel.mutateAsync({ id: r.id });
      toast({
        title: 'Reservation cancelled',
        ...(r.status === 'confirmed'
          ? { description: 'Its place goes to the first family on the waiting list, if there is one.' }
          : {}),
      });
    } catch (error) {
      toast({
        title: 'Could not cancel the reservation',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await Promise.all([utils.workshops.reservations.invalidate(), utils.workshops.sessions.invalidate()]);
    }
  };

  const columns: Array<AdminListColumn<WorkshopReservation>> = [
    { label: 'Parent', primary: true, render: (r) => <Parent r={r} /> },
    { label: 'Child', render: (r) => r.childName ?? '—' },
    { label: 'Age', render: (r) => r.childAge ?? '—' },
    { label: 'Device', render: (r) => r.deviceType ?? '—' },
    {
      label: 'Status',
      render: (r) => (
        <span className={styles.pill[STATUS_PILL[r.status]]}>{RESERVATION_STATUS_LABELS[r.status]}</span>
      ),
    },
    { label: 'Received', nowrap: true, render: (r) => <DateTime iso={r.createdAt} /> },
    {
      label: 'Actions',
      actions: true,
      render: (r) =>
        r.status === 'cancelled' ? (
          <span className={styles.muted}>Cancelled</span>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setCancelling(r)}
            aria-label={`Cancel the reservation of ${r.childName ?? r.parentName}`}
          >
            <XCircle size={16} aria-hidden="true" /> Cancel
          </Button>
        ),
    },
  ];

  return (
    <>
      {status === undefined && filterId ? (
        <SelectFilter
          id={filterId}
          label="Show"
          allLabel="Everyone"
          options={(['confirmed', 'waiting', 'cancelled'] as const).map((s) => ({
            value: s,
            label: RESERVATION_STATUS_LABELS[s],
          }))}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
        />
      ) : null}
      <AdminList
        caption={caption}
        noun="reservations"
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="reservation-row"
        onPage={list.setPage}
        emptyText={emptyText}
        filteredEmptyText="No reservations with this status."
        filtered={list.filtered}
        errorText="The reservations could not be loaded. Please refresh the page."
        skeletonHeight="6rem"
        layout={sessionId === undefined ? 'auto' : 'cards'}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel reservation"
        description={
          cancelling?.status === 'confirmed'
            ? `Cancel ${cancelling.childName ?? cancelling.parentName}'s place? It goes to the first family on the waiting list, and ${cancelling.parentName} is told by email.`
            : `Cancel this reservation of ${cancelling?.parentName ?? 'this family'}?`
        }
        confirmLabel="Cancel reservation"
        onConfirm={() => {
          if (cancelling) void confirmCancel(cancelling);
        }}
      />
    </>
  );
}
