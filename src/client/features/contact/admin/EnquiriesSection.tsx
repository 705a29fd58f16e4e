import { keepPreviousData } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from '../../../../shared/admin';
import type { EnquirySummary } from '../../../../shared/admin.schema';
import { CONTACT_TYPE_LABELS, CONTACT_TYPES, type ContactType } from '../../../../shared/contact';
import { Button } from '../../../components/ui/Button';
import { trpc } from '../../../lib/trpc';
import { EnquiryDialog, notificationText } from './EnquiryDialog';
import { StatusPill, typeLabel } from './EnquiriesParts';
import {
  SearchFilter,
  SelectFilter,
  AdminList,
  useAdminList,
  type AdminListColumn,
  DateTime,
  AdminSection,
  tableStyles as styles,
} from '../../../components/admin';
import { notificationFlag } from './Enquiries.css';

/** The tab's label: 'Enquiries' with the number of new ones. */
export function EnquiriesTabLabel() {
  const summary = trpc.admin.summary.useQuery();
  const count = summary.data?.newEnquiries ?? 0;
  return (
    <>
      Enquiries
      {count > 0 ? ' ' : null}
      {count > 0 ? (
        <span className={styles.countBadge} data-testid="new-enquiries-badge">
          {count > 99 ? '99+' : count}
          <span className={styles.caption}> new</span>
        </span>
      ) : null}
    </>
  );
}

/** Every contact message and workshop reservation, newest first, with filters and the full message on a click. */
export function EnquiriesSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({ type: '' as ContactType | '', status: '' as EnquiryStatus | '' });
  const [openId, setOpenId] = useState<number | null>(null);

  const query = trpc.admin.enquiries.useQuery(
    { page: list.page, ...list.cursor, pageSize: list.pageSize, ...list.filters, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const summary = trpc.admin.summary.useQuery();
  const newCount = summary.data?.newEnquiries;

  const refresh = () =>
    Promise.all([
      utils.admin.enquiries.invalidate(),
      utils.admin.summary.invalidate(),
      utils.admin.enquiry.invalidate(),
    ]);

  const columns: Array<AdminListColumn<EnquirySummary>> = [
    { label: 'Received', nowrap: true, render: (e) => <DateTime iso={e.createdAt} /> },
    {
      label: 'From',
      wide: true,
      render: (e) => (
        <>
          <span className={styles.strong}>{e.name}</span>
          <br />
          <span className={styles.muted}>{e.email}</span>
        </>
      ),
    },
    { label: 'Type', render: (e) => typeLabel(e.type), wholeWords: true },
    {
      label: 'Subject',
      primary: true,
      render: (e) => (
        <span className={styles.subjectCell}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setOpenId(e.id)}
            aria-haspopup="dialog"
          >
            {e.subject}
          </button>
          <span className={`${styles.truncate} ${styles.muted}`}>{e.preview}</span>
        </span>
      ),
    },
    {
      label: 'Status',
      render: (e) => {
        const mail = notificationText(e.notification);
        return (
          <>
            <StatusPill status={e.status} />
            {mail.problem ? (
              <span className={notificationFlag} title={mail.text} data-testid="notification-flag">
                Email not sent
              </span>
            ) : null}
          </>
        );
      },
    },
  ];

  return (
    <AdminSection
      title="Enquiries"
      lead={
        newCount === undefined
          ? 'Messages from the contact form and free workshop reservations.'
          : newCount === 0
            ? 'No new enquiries: everything has been answered.'
            : `${newCount.toLocaleString('en-GB')} new ${newCount === 1 ? 'enquiry' : 'enquiries'} waiting for a reply.`
      }
      leadTestId="enquiries-summary"
      action={
        <Button size="sm" variant="ghost" onClick={() => void refresh()} disabled={query.isFetching}>
          <RefreshCw size={16} aria-hidden="true" /> Refresh
        </Button>
      }
    >
      <div className={styles.filters} role="search" aria-label="Filter enquiries">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Name, email or subject"
          value={list.search}
          onChange={list.setSearch}
        />
        <SelectFilter
          id={`${ids}-type`}
          label="Type"
          allLabel="All types"
          options={CONTACT_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] }))}
          value={list.filters.type}
          onChange={(v: ContactType | '') => list.setFilter('type', v)}
        />
        <SelectFilter
          id={`${ids}-status`}
          label="Status"
          allLabel="All statuses"
          options={ENQUIRY_STATUSES.map((st) => ({ value: st, label: ENQUIRY_STATUS_LABELS[st] }))}
          value={list.filters.status}
          onChange={(v: EnquiryStatus | '') => list.setFilter('status', v)}
        />
      </div>

      <AdminList
        caption="Enquiries, newest first"
        noun="enquiries"
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId="enquiry-row"
        rowAttributes={(e) => ({ 'data-unread': e.status === 'new' })}
        onPage={list.setPage}
        emptyText="No enquiries yet."
        filteredEmptyText="No enquiries match these filters."
        filtered={list.filtered}
        errorText="The enquiries could not be loaded. Please try Refresh."
        skeletonHeight="12rem"
      />

      <EnquiryDialog id={openId} onClose={() => setOpenId(null)} />
    </AdminSection>
  );
}
