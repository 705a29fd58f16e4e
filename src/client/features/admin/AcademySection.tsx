import { keepPreviousData } from '@tanstack/react-query';
import { useId } from 'react';
import { FREE_WORKSHOP } from '../../../shared/academy';
import type { WorkshopReservation } from '../../../shared/admin.schema';
import { trpc } from '../../lib/trpc';
import { AcademySubscriptionsSection } from './AcademySubscriptionsSection';
import { StatusPill } from './EnquiriesParts';
import { AdminList, useAdminList, type AdminListColumn } from './AdminList';
import { DateTime } from './Pager';
import * as styles from './AdminTable.css';

/** The academy's customers: free workshop reservations against the places, and paid subscriptions. */
export function AcademySection() {
  return (
    <>
      <WorkshopReservations />
      <AcademySubscriptionsSection />
    </>
  );
}

function WorkshopReservations() {
  const ids = useId();
  const list = useAdminList({});
  const query = trpc.admin.workshopReservations.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const spots = query.data?.workshop;

  const columns: Array<AdminListColumn<WorkshopReservation>> = [
    { label: 'Received', nowrap: true, render: (r) => <DateTime iso={r.createdAt} /> },
    {
      label: 'Parent',
      primary: true,
      render: (r) => (
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
      ),
    },
    { label: 'Child', render: (r) => r.childName ?? '—' },
    { label: 'Age', render: (r) => r.childAge ?? '—' },
    { label: 'Device', render: (r) => r.deviceType ?? '—' },
    { label: 'Status', render: (r) => <StatusPill status={r.status} /> },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Free workshop reservations
        </h2>
        <p className={styles.lead}>
          {FREE_WORKSHOP.dateLabel}, {FREE_WORKSHOP.timeLabel}, {FREE_WORKSHOP.format.toLowerCase()}, ages{' '}
          {FREE_WORKSHOP.ageMin}-{FREE_WORKSHOP.ageMax}.
        </p>
      </div>
      {spots ? (
        <div>
          <p className={styles.strong} data-testid="workshop-spots">
            {spots.taken} of {spots.spots} places taken
            {spots.taken > spots.spots
              ? ` (${spots.taken - spots.spots} over: tell the latest families it is full)`
              : ` · ${spots.left} left`}
          </p>
          <div className={styles.meter} aria-hidden="true">
            <div
              className={styles.meterFill}
              style={{ width: `${Math.min(100, (spots.taken / spots.spots) * 100)}%` }}
            />
          </div>
          <p className={styles.muted}>Archive a cancelled reservation in Enquiries to give its place back.</p>
        </div>
      ) : null}

      <AdminList
        caption="Free workshop reservations, newest first"
        noun="reservations"
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="reservation-row"
        onPage={list.setPage}
        emptyText="No reservations yet."
        errorText="The reservations could not be loaded. Please refresh the page."
      />
    </section>
  );
}
