import { keepPreviousData } from '@tanstack/react-query';
import { MailPlus, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { PLANS } from '../../../../shared/academy';
import type { AcademySubscription } from '../../../../shared/admin.schema';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import {
  ConfirmDialog,
  SelectFilter,
  AdminList,
  useAdminList,
  type AdminListColumn,
  DateTime,
  AdminSection,
  tableStyles as styles,
} from '../../../components/admin';

/** Stripe's subscription statuses, as the business would say them. */
const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Payment expired',
  paused: 'Paused',
};

/** States in which Stripe will charge again at the end of the period. */
const RENEWING = new Set(['active', 'trialing']);

const childOf = (s: AcademySubscription) =>
  s.childFirstName ? `${s.childFirstName}${s.childAge ? `, ${s.childAge}` : ''}` : '—';

/** A date from the server as a <time> (data-volatile: screenshot tests pin its text). */
const Day = ({ iso }: { iso: string }) => (
  <time dateTime={iso} data-volatile="date">
    {formatDate(iso)}
  </time>
);

/** The state with the date that matters for it: when it renews, ends or ended. */
function SubscriptionState({ s }: { s: AcademySubscription }) {
  const label = SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status;
  const ended = s.status === 'canceled';
  return (
    <span className={styles.subjectCell}>
      <span className={s.paymentOverdue || s.status === 'past_due' ? styles.pill.overdue : styles.strong}>
        {ended ? label : s.cancelAtPeriodEnd ? 'Ending' : label}
      </span>
      {ended && s.endedAt ? (
        <span className={styles.muted}>
          Ended <Day iso={s.endedAt} />
        </span>
      ) : s.currentPeriodEnd && (s.cancelAtPeriodEnd || RENEWING.has(s.status)) ? (
        <span className={styles.muted}>
          {s.cancelAtPeriodEnd ? 'Ends' : 'Renews'} <Day iso={s.currentPeriodEnd} />
        </span>
      ) : null}
      {s.paymentOverdue && s.lastPaymentFailedAt ? (
        <span className={styles.muted} data-testid="payment-overdue">
          Payment failed <Day iso={s.lastPaymentFailedAt} />, card link emailed
        </span>
      ) : null}
    </span>
  );
}

/**
 * The academy's paid subscriptions as the payment webhook recorded them: who the plan
 * is for, its state with dates and a flag when a payment failed; cancelling at the end of the
 * period, through Stripe, and e-mailing the parent a new link to manage it.
 */
export function AcademySubscriptionsSection() {
  const ids = useId();
  const utils = trpc.useUtils();
  const list = useAdminList({ plan: '' });
  const [cancelling, setCancelling] = useState<AcademySubscription | null>(null);
  const query = trpc.admin.academySubscriptions.useQuery(
    { page: list.page, ...list.cursor, pageSize: list.pageSize, plan: list.filters.plan },
    { placeholderData: keepPreviousData },
  );
  const cancel = trpc.admin.cancelAcademySubscription.useMutation();
  const sendLink = trpc.admin.sendManageLink.useMutation();

  const confirmCancel = async (s: AcademySubscription) => {
    try {
      const updated = await cancel.mutateAsync({ id: s.id });
      toast({
        title: 'Subscription set to end',
        description: updated.currentPeriodEnd
          ? `${s.customerEmail ?? 'The parent'} will not be charged again; it ends on ${formatDate(updated.currentPeriodEnd)}.`
          : `${s.customerEmail ?? 'The parent'} will not be charged again.`,
      });
      await Promise.all([utils.admin.academySubscriptions.invalidate(), utils.admin.summary.invalidate()]);
    } catch (error) {
      toast({
        title: 'Could not cancel the subscription',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const emailLink = async (s: AcademySubscription) => {
    try {
      const { message } = await sendLink.mutateAsync({ id: s.id });
      toast({ title: 'Link sent', description: message });
    } catch (error) {
      toast({
        title: 'Could not send the link',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const columns: Array<AdminListColumn<AcademySubscription>> = [
    { label: 'Started', nowrap: true, render: (s) => <DateTime iso={s.createdAt} /> },
    {
      label: 'Parent',
      primary: true,
      render: (s) => (
        <span className={styles.subjectCell}>
          {s.customerEmail ? (
            <a className={styles.link} href={`mailto:${s.customerEmail}`}>
              {s.customerEmail}
            </a>
          ) : (
            '—'
          )}
          {s.parentPhone ? (
            <a className={styles.link} href={`tel:${s.parentPhone.replace(/[^\d+]/g, '')}`}>
              {s.parentPhone}
            </a>
          ) : null}
        </span>
      ),
    },
    { label: 'Child', render: childOf },
    { label: 'Plan', render: (s) => <span className={styles.pill.academy}>{s.planName}</span> },
    { label: 'State', render: (s) => <SubscriptionState s={s} /> },
    {
      label: 'Actions',
      actions: true,
      render: (s) =>
        s.status === 'canceled' ? null : (
          <span className={styles.actions}>
            {s.cancelAtPeriodEnd ? null : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setCancelling(s)}
                aria-label={`Cancel the subscription of ${s.customerEmail ?? childOf(s)} at period end`}
              >
                <XCircle size={16} aria-hidden="true" /> Cancel at period end
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void emailLink(s)}
              disabled={sendLink.isPending}
              aria-label={`Email ${s.customerEmail ?? 'the parent'} a link to manage the subscription`}
            >
              <MailPlus size={16} aria-hidden="true" /> Send manage link
            </Button>
          </span>
        ),
    },
  ];

  return (
    <AdminSection
      title="Academy subscriptions"
      lead="Recorded from the card payments; the status follows Stripe."
      action={
        <SelectFilter
          id={`${ids}-plan`}
          label="Plan"
          allLabel="All plans"
          options={PLANS.map((p) => ({ value: p.id, label: p.name }))}
          value={list.filters.plan}
          onChange={(v) => list.setFilter('plan', v)}
        />
      }
    >
      <AdminList
        caption="Academy subscriptions, newest first"
        noun="subscriptions"
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        rowTestId="subscription-row"
        rowAttributes={(s) => ({ 'data-overdue': s.paymentOverdue || undefined })}
        onPage={list.setPage}
        emptyText="No subscriptions yet."
        filteredEmptyText="No subscriptions on this plan."
        filtered={list.filtered}
        errorText="The subscriptions could not be loaded. Please refresh the page."
        skeletonHeight="8rem"
      />

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel at the end of the period"
        description={
          cancelling
            ? `End ${cancelling.childFirstName ? `${cancelling.childFirstName}'s` : 'this'} ${cancelling.planName} subscription${
                cancelling.currentPeriodEnd ? ` on ${formatDate(cancelling.currentPeriodEnd)}` : ''
              }? The parent keeps the sessions already paid for and is not charged again. Stripe makes the change.`
            : ''
        }
        confirmLabel="Cancel at period end"
        cancelLabel="Keep it"
        onConfirm={() => {
          if (cancelling) void confirmCancel(cancelling);
        }}
      />
    </AdminSection>
  );
}
