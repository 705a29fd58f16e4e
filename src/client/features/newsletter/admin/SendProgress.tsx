import { Pause, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import { adminStyles } from '../../../components/admin';
import type { IssueProgress } from '../../../../shared/newsletter.schema';
import { IssueStatusPill } from './IssueStatus';
import * as styles from './Issues.css';

/** How often the figures are asked for while the issue is being sent. */
export const PROGRESS_POLL_MS = 3000;

const count = (n: number) => n.toLocaleString('en-GB');
const share = (part: number, total: number) => `${total > 0 ? (100 * part) / total : 0}%`;

/**
 * The send as it happens: a bar and the sent, failed and remaining counts with an estimated finish,
 * asked for every few seconds while it runs; pause and resume.
 */
export function SendProgress({ issueId }: { issueId: number }) {
  const utils = trpc.useUtils();
  const progress = trpc.newsletter.issueProgress.useQuery(
    { id: issueId },
    { refetchInterval: (query) => (query.state.data?.status === 'sending' ? PROGRESS_POLL_MS : false) },
  );
  const pause = trpc.newsletter.issuePause.useMutation();
  const resume = trpc.newsletter.issueResume.useMutation();
  const status = progress.data?.status;

  // When the send changes state (finished, paused elsewhere), the issue and its lists follow.
  const last = useRef(status);
  useEffect(() => {
    if (last.current !== undefined && status !== last.current) void utils.newsletter.invalidate();
    last.current = status;
  }, [status, utils]);

  // Each new figure shows in the recipients list too.
  const done = progress.data ? progress.data.total - progress.data.remaining : undefined;
  useEffect(() => {
    if (done !== undefined) void utils.newsletter.issueRecipients.invalidate();
  }, [done, utils]);

  const act = async (what: 'pause' | 'resume') => {
    try {
      await (what === 'pause' ? pause : resume).mutateAsync({ id: issueId });
      toast({ title: what === 'pause' ? 'Send paused' : 'Send resumed' });
      await utils.newsletter.invalidate();
    } catch (error) {
      toast({
        title: what === 'pause' ? 'Could not pause the send' : 'Could not resume the send',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const p = progress.data;
  return (
    <section className={adminStyles.panel} aria-labelledby="send-progress-title" data-testid="send-progress">
      <div className={styles.toolbar}>
        <h2 id="send-progress-title" className={adminStyles.panelTitle}>
          Progress
        </h2>
        {p ? <IssueStatusPill status={p.status} /> : null}
      </div>
      {progress.isError ? (
        <p className={styles.note} role="alert">
          The figures could not be loaded. Please refresh the page.
        </p>
      ) : !p ? (
        <p className={styles.note}>Loading the figures...</p>
      ) : (
        <>
          {listPending(p) ? (
            <p className={styles.note} data-testid="progress-list-pending">
              Making the list of recipients: about {count(p.remaining)}{' '}
              {p.remaining === 1 ? 'subscriber' : 'subscribers'}. The figures start once the first copies are
              queued.
            </p>
          ) : (
            <SendFigures p={p} />
          )}
          <p className={styles.note} data-testid="progress-eta">
            {p.status === 'sending' && p.estimatedFinishAt ? (
              <>
                Estimated finish:{' '}
                <time dateTime={p.estimatedFinishAt} data-volatile="datetime">
                  {formatDateTime(p.estimatedFinishAt)}
                </time>
              </>
            ) : listPending(p) ? null : p.status === 'sending' ? (
              'Working out when it will finish...'
            ) : p.status === 'paused' ? (
              'Paused: nothing more is sent until you resume.'
            ) : p.status === 'sent' ? (
              `Finished.${p.bounced > 0 ? ` ${count(p.bounced)} ${p.bounced === 1 ? 'address' : 'addresses'} bounced (refused for good).` : ''}${p.skipped > 0 ? ` ${count(p.skipped)} left the list before their copy went.` : ''}`
            ) : null}
          </p>
          <div className={styles.buttons}>
            {p.status === 'sending' ? (
              <Button variant="outline" onClick={() => void act('pause')} disabled={pause.isPending}>
                <Pause size={16} aria-hidden="true" /> Pause sending
              </Button>
            ) : null}
            {p.status === 'paused' ? (
              <Button onClick={() => void act('resume')} disabled={resume.isPending}>
                <Play size={16} aria-hidden="true" /> Resume sending
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * No copy is queued yet (the list is still being made): a count of 0 sent beside the whole audience
 * remaining read as if the send had stalled.
 */
function listPending(p: IssueProgress): boolean {
  return p.status === 'sending' && p.total === 0;
}

/** The bar and the sent, failed and remaining counts. */
function SendFigures({ p }: { p: IssueProgress }) {
  return (
    <>
      <div
        className={styles.meter}
        role="progressbar"
        aria-label="Sent so far"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.total - p.remaining}
        aria-valuetext={`${count(p.total - p.remaining)} of ${count(p.total)} done`}
      >
        <div className={styles.meterSent} style={{ width: share(p.sent, p.total) }} />
        <div className={styles.meterFailed} style={{ width: share(p.failed + p.bounced, p.total) }} />
      </div>
      <dl className={styles.figures} aria-live="polite">
        <div className={styles.figure}>
          <dt className={styles.figureLabel}>Sent</dt>
          <dd className={styles.figureValue} data-testid="progress-sent">
            {count(p.sent)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.figureLabel}>Failed</dt>
          <dd className={styles.figureValue} data-testid="progress-failed">
            {count(p.failed + p.bounced)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.figureLabel}>Remaining</dt>
          <dd className={styles.figureValue} data-testid="progress-remaining">
            {count(p.remaining)}
          </dd>
        </div>
      </dl>
    </>
  );
}
