import { keepPreviousData } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  ENQUIRY_TYPE_LABELS,
  type EnquiryStatus,
} from '../../../shared/admin';
import { CONTACT_TYPES, type ContactType } from '../../../shared/contact';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { EnquiryDialog } from './EnquiryDialog';
import { StatusPill, typeLabel } from './EnquiriesParts';
import { SearchFilter, SelectFilter } from './FilterFields';
import { formatDateTime, Pager, useDebounced } from './Pager';
import * as styles from './AdminTable.css';

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
  const [page, setPage] = useState(1);
  const [type, setType] = useState<ContactType | ''>('');
  const [status, setStatus] = useState<EnquiryStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [openId, setOpenId] = useState<number | null>(null);

  const filter = { page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, type, status, q };
  const list = trpc.admin.enquiries.useQuery(filter, { placeholderData: keepPreviousData });
  const summary = trpc.admin.summary.useQuery();
  const newCount = summary.data?.newEnquiries;

  const refresh = () => Promise.all([utils.admin.enquiries.invalidate(), utils.admin.summary.invalidate(), utils.admin.enquiry.invalidate()]);

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div className={styles.head}>
        <div>
          <h2 id={`${ids}-title`} className={styles.title}>
            Enquiries
          </h2>
          <p className={styles.lead} data-testid="enquiries-summary">
            {newCount === undefined
              ? 'Messages from the contact form and free workshop reservations.'
              : newCount === 0
                ? 'No new enquiries: everything has been answered.'
                : `${newCount.toLocaleString('en-GB')} new ${newCount === 1 ? 'enquiry' : 'enquiries'} waiting for a reply.`}
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={() => void refresh()} disabled={list.isFetching}>
          <RefreshCw size={16} aria-hidden="true" /> Refresh
        </Button>
      </div>

      <div className={styles.filters} role="search" aria-label="Filter enquiries">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Name, e-mail, subject or message"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <SelectFilter
          id={`${ids}-type`}
          label="Type"
          allLabel="All types"
          options={CONTACT_TYPES.map((t) => ({ value: t, label: ENQUIRY_TYPE_LABELS[t] }))}
          value={type}
          onChange={(v: ContactType | '') => {
            setType(v);
            setPage(1);
          }}
        />
        <SelectFilter
          id={`${ids}-status`}
          label="Status"
          allLabel="All statuses"
          options={ENQUIRY_STATUSES.map((st) => ({ value: st, label: ENQUIRY_STATUS_LABELS[st] }))}
          value={status}
          onChange={(v: EnquiryStatus | '') => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>

      {list.isLoading ? (
        <Skeleton height="12rem" />
      ) : list.isError ? (
        <p className={styles.empty} role="alert">
          The enquiries could not be loaded. Please try Refresh.
        </p>
      ) : list.data && list.data.items.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={list.isFetching}>
              <caption className={styles.caption}>Enquiries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.th}>
                    Received
                  </th>
                  <th scope="col" className={styles.th}>
                    From
                  </th>
                  <th scope="col" className={styles.th}>
                    Type
                  </th>
                  <th scope="col" className={styles.th}>
                    Subject
                  </th>
                  <th scope="col" className={styles.th}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((e) => (
                  <tr key={e.id} className={styles.row} data-unread={e.status === 'new'} data-testid="enquiry-row">
                    <td className={`${styles.td} ${styles.nowrap}`}>{formatDateTime(e.createdAt)}</td>
                    <td className={styles.td}>
                      <span className={styles.strong}>{e.name}</span>
                      <br />
                      <span className={styles.muted}>{e.email}</span>
                    </td>
                    <td className={`${styles.td} ${styles.nowrap}`}>{typeLabel(e.type)}</td>
                    <td className={styles.td}>
                      <button type="button" className={styles.linkButton} onClick={() => setOpenId(e.id)} aria-haspopup="dialog">
                        {e.subject}
                      </button>
                      <span className={`${styles.truncate} ${styles.muted}`}>{e.preview}</span>
                    </td>
                    <td className={styles.td}>
                      <StatusPill status={e.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={list.data.pageSize} total={list.data.total} noun="enquiries" onPage={setPage} busy={list.isFetching} />
        </>
      ) : (
        <p className={styles.empty}>{q || type || status ? 'No enquiries match these filters.' : 'No enquiries yet.'}</p>
      )}

      <EnquiryDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
