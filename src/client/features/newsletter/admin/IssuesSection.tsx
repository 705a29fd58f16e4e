import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Eye, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { trpc } from '../../../lib/trpc';
import { useCan } from '../../auth';
import type { IssueSummary } from '../../../../shared/newsletter.schema';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  AdminSection,
  DateTime,
  tableStyles as table,
} from '../../../components/admin';
import { issueHref } from '../archive';
import { IssueComposer } from './IssueComposer';
import { ISSUE_PARAM } from './links';
import { IssueRecipients } from './IssueRecipients';
import { IssueStatusPill, hasSend } from './IssueStatus';
import { SendProgress } from './SendProgress';
import * as styles from './Issues.css';

const count = (n: number) => n.toLocaleString('en-GB');
/** How often an open scheduled issue is looked at again, to notice its send has begun. */
const SCHEDULED_POLL_MS = 20_000;

/** The newsletter's issues: past and planned ones with their figures, and the one being written or sent. */
export function IssuesSection() {
  const search = useSearch();
  const asked = Number(new URLSearchParams(search).get(ISSUE_PARAM));
  const [open, setOpen] = useState<number | 'new' | null>(
    Number.isSafeInteger(asked) && asked > 0 ? asked : null,
  );
  // The blog's button may ask for another issue while this section is showing.
  useEffect(() => {
    if (Number.isSafeInteger(asked) && asked > 0) setOpen(asked);
  }, [asked]);

  if (open === 'new') return <IssueComposer issue={null} onOpen={setOpen} onBack={() => setOpen(null)} />;
  if (open !== null) return <IssueScreen id={open} onBack={() => setOpen(null)} />;
  return <IssueList onOpen={setOpen} />;
}

function IssueList({ onOpen }: { onOpen: (id: number | 'new') => void }) {
  const list = useAdminList({});
  const query = trpc.newsletter.issueList.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );

  const columns: Array<AdminListColumn<IssueSummary>> = [
    {
      label: 'Subject',
      primary: true,
      render: (issue) => (
        <div className={styles.subjectCell}>
          <h3 className={styles.subject}>{issue.subject}</h3>
          <span>
            <IssueStatusPill status={issue.status} />
          </span>
        </div>
      ),
    },
    {
      label: 'When',
      nowrap: true,
      render: (issue) =>
        issue.sentAt ? (
          <>
            Sent <DateTime iso={issue.sentAt} />
          </>
        ) : issue.scheduledAt ? (
          <>
            For <DateTime iso={issue.scheduledAt} />
          </>
        ) : (
          <>
            Written <DateTime iso={issue.createdAt} />
          </>
        ),
    },
    {
      label: 'Sent',
      nowrap: true,
      render: (issue) => (hasSend(issue.status) ? `${count(issue.sent)} of ${count(issue.total)}` : '—'),
    },
    {
      label: 'Failed',
      render: (issue) => (hasSend(issue.status) ? count(issue.failed + issue.bounced) : '—'),
    },
    {
      label: 'Actions',
      actions: true,
      render: (issue) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen(issue.id)}
          aria-label={`Open ${issue.subject}`}
        >
          <Eye size={16} aria-hidden="true" /> Open
        </Button>
      ),
    },
  ];

  return (
    <AdminSection
      title="Newsletter issues"
      lead="Write an issue, preview and test it, then send it now or schedule it. Past issues keep their figures."
      action={
        <Button size="sm" onClick={() => onOpen('new')}>
          <Plus size={16} aria-hidden="true" /> New issue
        </Button>
      }
    >
      <AdminList
        caption="Newsletter issues, newest first"
        noun="issues"
        query={query}
        columns={columns}
        rowKey={(issue) => issue.id}
        rowTestId="issue-row"
        onPage={list.setPage}
        emptyText="No issues yet. Start one with New issue, or send a published blog post as a newsletter."
        errorText="The issues could not be loaded. Please refresh the page."
        skeletonHeight="10rem"
      />
    </AdminSection>
  );
}

/** One issue: its composer until it is sent, then its progress and recipients. */
function IssueScreen({ id, onBack }: { id: number; onBack: () => void }) {
  const can = useCan();
  // A scheduled issue starts sending by itself: looked at again now and then, the screen follows it.
  const issue = trpc.newsletter.issueGet.useQuery(
    { id },
    { refetchInterval: (query) => (query.state.data?.status === 'scheduled' ? SCHEDULED_POLL_MS : false) },
  );
  if (issue.isLoading) return <Skeleton height="24rem" />;
  if (!issue.data) {
    return (
      <div className={styles.stack}>
        <div className={styles.toolbar}>
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft size={16} aria-hidden="true" /> All issues
          </Button>
        </div>
        <p className={table.empty} role="alert">
          This issue could not be loaded. It may have been deleted.
        </p>
      </div>
    );
  }
  const data = issue.data;
  if (!hasSend(data.status)) return <IssueComposer issue={data} onOpen={() => undefined} onBack={onBack} />;
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" /> All issues
        </Button>
        {data.status === 'sent' && data.slug ? (
          <a
            href={issueHref(data.slug)}
            className={`${table.link} ${styles.iconLink}`}
            target="_blank"
            rel="noreferrer"
          >
            View in the archive <ExternalLink size={14} aria-hidden="true" />
          </a>
        ) : null}
      </div>
      <h2 className={styles.issueTitle}>{data.subject}</h2>
      <SendProgress issueId={data.id} />
      <IssueRecipients
        issueId={data.id}
        failed={data.failed}
        canRetry={data.status !== 'sending'}
        showAddresses={can('manageSubscribers')}
      />
    </div>
  );
}
