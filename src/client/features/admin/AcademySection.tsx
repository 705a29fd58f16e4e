import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FREE_WORKSHOP, PLANS } from '../../../shared/academy';
import { ADMIN_PAGE_SIZE_DEFAULT } from '../../../shared/admin';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { StatusPill } from './EnquiriesParts';
import { SelectFilter } from './FilterFields';
import { formatDateTime, Pager } from './Pager';
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

/** The academy's customers: free workshop reservations against the places, and paid subscriptions. */
export function AcademySection() {
  return (
    <>
      <WorkshopReservations />
      <AcademySubscriptions />
    </>
  );
}

function WorkshopReservations() {
  const ids = useId();
  const [page, setPage] = useState(1);
  const list = trpc.admin.workshopReservations.useQuery({ page, pageSize: ADMIN_PAGE_SIZE_DEFAULT }, { placeholderData: keepPreviousData });
  const spots = list.data?.workshop;

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Free workshop reservations
        </h2>
        <p className={styles.lead}>
          {FREE_WORKSHOP.dateLabel}, {FREE_WORKSHOP.timeLabel}, {FREE_WORKSHOP.format.toLowerCase()}, ages {FREE_WORKSHOP.ageMin}-{FREE_WORKSHOP.ageMax}.
        </p>
      </div>
      {spots ? (
        <div>
          <p className={styles.strong} data-testid="workshop-spots">
            {spots.taken} of {spots.spots} places taken
            {spots.taken > spots.spots ? ` (${spots.taken - spots.spots} over: tell the latest families it is full)` : ` · ${spots.left} left`}
          </p>
          <div className={styles.meter} aria-hidden="true">
            <div className={styles.meterFill} style={{ width: `${Math.min(100, (spots.taken / spots.spots) * 100)}%` }} />
          </div>
          <p className={styles.muted}>Archive a cancelled reservation in Enquiries to give its place back.</p>
        </div>
      ) : null}

      {list.isLoading ? (
        <Skeleton height="10rem" />
      ) : list.isError ? (
        <p className={styles.empty} role="alert">
          The reservations could not be loaded. Please refresh the page.
        </p>
      ) : list.data && list.data.items.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>Free workshop reservations, newest first</caption>
              <thead>
                <tr>
                  {['Received', 'Parent', 'Child', 'Age', 'Device', 'Status'].map((h) => (
                    <th key={h} scope="col" className={styles.th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((r) => (
                  <tr key={r.id} className={styles.row} data-testid="reservation-row">
                    <td className={`${styles.td} ${styles.nowrap}`}>{formatDateTime(r.createdAt)}</td>
                    <td className={styles.td}>
                      <span className={styles.strong}>{r.parentName}</span>
                      <br />
                      <a className={styles.link} href={`mailto:${r.parentEmail}`}>
                        {r.parentEmail}
                      </a>
                      {r.parentMobile ? (
                        <>
                          <br />
                          <a className={styles.link} href={`tel:${r.parentMobile.replace(/[^\d+]/g, '')}`}>
                            {r.parentMobile}
                          </a>
                        </>
                      ) : null}
                    </td>
                    <td className={styles.td}>{r.childName ?? '—'}</td>
                    <td className={styles.td}>{r.childAge ?? '—'}</td>
                    <td className={styles.td}>{r.deviceType ?? '—'}</td>
                    <td className={styles.td}>
                      <StatusPill status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} noun="reservations" onPage={setPage} busy={list.isFetching} />
        </>
      ) : (
        <p className={styles.empty}>No reservations yet.</p>
      )}
    </section>
  );
}

function AcademySubscriptions() {
  const ids = useId();
  const [page, setPage] = useState(1);
  const [plan, setPlan] = useState('');
  const list = trpc.admin.academySubscriptions.useQuery(
    { page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, plan },
    { placeholderData: keepPreviousData },
  );

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
          value={plan}
          onChange={(v) => {
            setPlan(v);
            setPage(1);
          }}
        />
      </div>
      {list.isLoading ? (
        <Skeleton height="8rem" />
      ) : list.isError ? (
        <p className={styles.empty} role="alert">
          The subscriptions could not be loaded. Please refresh the page.
        </p>
      ) : list.data && list.data.items.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>Academy subscriptions, newest first</caption>
              <thead>
                <tr>
                  {['Started', 'Customer', 'Plan', 'Status', 'Last change'].map((h) => (
                    <th key={h} scope="col" className={styles.th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((s) => (
                  <tr key={s.id} className={styles.row} data-testid="subscription-row">
                    <td className={`${styles.td} ${styles.nowrap}`}>{formatDateTime(s.createdAt)}</td>
                    <td className={styles.td}>{s.customerEmail ?? '—'}</td>
                    <td className={styles.td}>
                      <span className={styles.pill.academy}>{s.planName}</span>
                    </td>
                    <td className={styles.td}>{SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status}</td>
                    <td className={`${styles.td} ${styles.nowrap}`}>{formatDateTime(s.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} noun="subscriptions" onPage={setPage} busy={list.isFetching} />
        </>
      ) : (
        <p className={styles.empty}>{plan ? 'No subscriptions on this plan.' : 'No subscriptions yet.'}</p>
      )}
    </section>
  );
}
