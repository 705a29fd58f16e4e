import { keepPreviousData } from '@tanstack/react-query';
import { useId } from 'react';
import { PLANS } from '../../../shared/academy';
import type { AcademySubscription } from '../../../shared/admin.schema';
import { trpc } from '../../lib/trpc';
import { SelectFilter } from './FilterFields';
import { AdminList, useAdminList, type AdminListColumn } from './AdminList';
import { DateTime } from './Pager';
import { WorkshopSessionsSection } from './WorkshopSessionsSection';
import * as styles from './AdminTable.css';

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

/** The academy's customers: free workshop sessions and their reservations, and paid subscriptions. */
export function AcademySection() {
  return (
    <>
      <WorkshopSessionsSection />
      <AcademySubscriptions />
    </>
  );
}

function AcademySubscriptions() {
  const ids = useId();
  const list = useAdminList({ plan: '' });
  const query = trpc.admin.academySubscriptions.useQuery(
    { page: list.page, pageSize: list.pageSize, plan: list.filters.plan },
    { placeholderData: keepPreviousData },
  );

  const columns: Array<AdminListColumn<AcademySubscription>> = [
    { label: 'Started', nowrap: true, render: (s) => <DateTime iso={s.createdAt} /> },
    { label: 'Customer', primary: true, render: (s) => s.customerEmail ?? '—' },
    { label: 'Plan', render: (s) => <span className={styles.pill.academy}>{s.planName}</span> },
    { label: 'Status', render: (s) => SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status },
    { label: 'Last change', nowrap: true, render: (s) => <DateTime iso={s.updatedAt} /> },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <div>
          <h2 id={`${ids}-title`} className={styles.title}>
            Academy subscriptions
          </h2>
          <p className={styles.lead}>Recorded from the card payments; the status follows Stripe.</p>
        </div>
        <SelectFilter
          id={`${ids}-plan`}
          label="Plan"
          allLabel="All plans"
          options={PLANS.map((p) => ({ value: p.id, label: p.name }))}
          value={list.filters.plan}
          onChange={(v) => list.setFilter('plan', v)}
        />
      </div>
      <AdminList
        caption="Academy subscriptions, newest first"
        noun="subscriptions"
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        rowTestId="subscription-row"
        onPage={list.setPage}
        emptyText="No subscriptions yet."
        filteredEmptyText="No subscriptions on this plan."
        filtered={list.filtered}
        errorText="The subscriptions could not be loaded. Please refresh the page."
        skeletonHeight="8rem"
      />
    </section>
  );
}
