import { keepPreviousData } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { JOB_KIND_LABELS, type FailedJob } from '../../../../shared/jobs.schema';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  DateTime,
  tableStyles as styles,
} from '../../../components/admin';

/**
 * Background jobs that gave up: e-mails the mail server kept refusing and podcast feed
 * refreshes that kept failing, each with its last error and a retry.
 */
export function JobsSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({});
  const query = trpc.jobs.failed.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const retry = trpc.jobs.retry.useMutation();

  const retryJob = async (job: FailedJob) => {
    try {
      const answer = await retry.mutateAsync({ queue: job.queue, id: job.id });
      toast({ title: 'Queued again', description: answer.message });
    } catch (error) {
      toast({
        title: 'Could not retry the job',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      // An enquiry's notification shows 'queued' again.
      await Promise.all([utils.jobs.failed.invalidate(), utils.admin.enquiries.invalidate()]);
    }
  };

  const columns: Array<AdminListColumn<FailedJob>> = [
    {
      label: 'Job',
      primary: true,
      render: (j) => <span className={styles.strong}>{JOB_KIND_LABELS[j.kind] ?? j.kind}</span>,
    },
    { label: 'To', render: (j) => j.recipient ?? <span className={styles.muted}>Not an email</span> },
    { label: 'Attempts', nowrap: true, render: (j) => j.attempts },
    {
      label: 'Last error',
      render: (j) => j.lastError ?? <span className={styles.muted}>None recorded</span>,
    },
    {
      label: 'Failed',
      nowrap: true,
      render: (j) => (j.failedAt ? <DateTime iso={j.failedAt} /> : null),
    },
    {
      label: 'Actions',
      actions: true,
      render: (j) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void retryJob(j)}
          disabled={retry.isPending}
          aria-label={`Retry: ${JOB_KIND_LABELS[j.kind] ?? j.kind}${j.recipient ? ` to ${j.recipient}` : ''}`}
        >
          <RotateCcw size={16} aria-hidden="true" /> Retry
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Failed jobs
        </h2>
        <p className={styles.lead}>
          Emails and feed refreshes that still failed after their last attempt. Each is kept for 30 days;
          retry one once the cause (a mail server, a feed address) is fixed.
        </p>
      </div>
      <AdminList
        caption="Failed jobs, newest first"
        noun="failed jobs"
        query={query}
        columns={columns}
        rowKey={(j) => j.id}
        rowTestId="failed-job-row"
        onPage={list.setPage}
        emptyText="No failed jobs: every email and feed refresh went through."
        errorText="The failed jobs could not be loaded. Please refresh the page."
        skeletonHeight="6rem"
      />
    </section>
  );
}
