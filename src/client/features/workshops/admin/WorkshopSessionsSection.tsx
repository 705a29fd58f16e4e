import { keepPreviousData } from '@tanstack/react-query';
import { CalendarPlus, Pencil, Users, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { SessionStatus } from '../../../../shared/workshop';
import type { WorkshopSession } from '../../../../shared/workshop.schema';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  ConfirmDialog,
  AdminSection,
  tableStyles as styles,
} from '../../../components/admin';
import { WorkshopReservationsList } from './WorkshopReservationsList';
import { WorkshopSessionForm } from './WorkshopSessionForm';

const SESSION_STATUS: Record<SessionStatus, { label: string; pill: keyof typeof styles.pill }> = {
  upcoming: { label: 'Upcoming', pill: 'academy' },
  past: { label: 'Past', pill: 'archived' },
  cancelled: { label: 'Cancelled', pill: 'archived' },
};

/**
 * The free workshop's sessions: create, change and cancel them, see each one's
 * reservations and waiting list (and cancel a reservation, which frees its place), and the
 * families who asked while no date was set.
 */
export function WorkshopSessionsSection() {
  const ids = useId();
  const utils = trpc.useUtils();
  const list = useAdminList({});
  const query = trpc.workshops.sessions.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const cancelSession = trpc.workshops.cancelSession.useMutation();
  const [form, setForm] = useState<{ editing: WorkshopSession | null } | null>(null);
  const [viewing, setViewing] = useState<WorkshopSession | null>(null);
  const [cancelling, setCancelling] = useState<WorkshopSession | null>(null);
  // The open session as the list last loaded it, so its counts follow a cancellation made in it.
  const shown = query.data?.items.find((s) => s.id === viewing?.id) ?? viewing;

  const confirmCancel = async (session: WorkshopSession) => {
    try {
      await cancelSession.mutateAsync({ id: session.id });
      toast({
        title: 'Session cancelled',
        description: `${session.dateLabel} is no longer offered; its families have been told by e-mail.`,
      });
    } catch (error) {
      toast({
        title: 'Could not cancel the session',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await Promise.all([utils.workshops.sessions.invalidate(), utils.workshops.reservations.invalidate()]);
    }
  };

  const columns: Array<AdminListColumn<WorkshopSession>> = [
    {
      label: 'Session',
      primary: true,
      render: (s) => (
        <span className={styles.subjectCell}>
          <span className={styles.strong}>{s.dateLabel}</span>
          <span>{s.timeLabel}</span>
        </span>
      ),
    },
    { label: 'Delivery', render: (s) => s.deliveryLabel },
    {
      label: 'Places',
      render: (s) => (
        <span data-testid="session-places">
          {s.placesTaken} of {s.capacity} booked · {s.placesLeft} left
        </span>
      ),
    },
    { label: 'Waiting list', render: (s) => s.waiting },
    {
      label: 'Status',
      render: (s) => (
        <span className={styles.pill[SESSION_STATUS[s.status].pill]}>{SESSION_STATUS[s.status].label}</span>
      ),
    },
    {
      label: 'Actions',
      actions: true,
      render: (s) => (
        <span className={styles.actions}>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setViewing(s)}
            aria-label={`Reservations for ${s.dateLabel}`}
          >
            <Users size={16} aria-hidden="true" /> Reservations
          </Button>
          {s.status === 'upcoming' ? (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setForm({ editing: s })}
                aria-label={`Change ${s.dateLabel}`}
              >
                <Pencil size={16} aria-hidden="true" /> Change
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setCancelling(s)}
                aria-label={`Cancel ${s.dateLabel}`}
              >
                <XCircle size={16} aria-hidden="true" /> Cancel
              </Button>
            </>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <AdminSection
        title="Free workshop sessions"
        lead="The academy page offers the next session that has not started, with its places left. Times are UK time."
        action={
          <Button onClick={() => setForm({ editing: null })}>
            <CalendarPlus size={18} aria-hidden="true" /> Add a session
          </Button>
        }
      >
        <AdminList
          caption="Free workshop sessions, upcoming first"
          noun="sessions"
          query={query}
          columns={columns}
          rowKey={(s) => s.id}
          rowTestId="session-row"
          onPage={list.setPage}
          emptyText="No sessions yet: the academy page says the next date is coming soon."
          errorText="The sessions could not be loaded. Please refresh the page."
          skeletonHeight="8rem"
        />
      </AdminSection>

      <section className={styles.section} aria-labelledby={`${ids}-interest`}>
        <div>
          <h2 id={`${ids}-interest`} className={styles.title}>
            Families waiting for a date
          </h2>
          <p className={styles.lead}>
            They asked for a place while no session was set. Reservations sent before dated sessions are in
            Enquiries.
          </p>
        </div>
        <WorkshopReservationsList
          status="interest"
          caption="Families waiting for a date, newest first"
          emptyText="Nobody is waiting for a date."
        />
      </section>

      <WorkshopSessionForm
        open={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
      />

      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        title={shown ? `${shown.dateLabel}, ${shown.timeLabel}` : 'Reservations'}
        description={
          shown
            ? `${shown.placesTaken} of ${shown.capacity} places booked, ${shown.waiting} on the waiting list. Cancelling a booking gives its place to the first on the waiting list.`
            : undefined
        }
        size="lg"
        closeButton
      >
        {viewing ? (
          <WorkshopReservationsList
            sessionId={viewing.id}
            caption="Reservations of this session, newest first"
            emptyText="No reservations yet."
            filterId={`${ids}-status`}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel session"
        description={`Cancel the session on ${cancelling?.dateLabel ?? ''}? It is no longer offered, and the ${
          (cancelling?.placesTaken ?? 0) + (cancelling?.waiting ?? 0)
        } families booked or waiting are told by email.`}
        confirmLabel="Cancel session"
        onConfirm={() => {
          if (cancelling) void confirmCancel(cancelling);
        }}
      />
    </>
  );
}
