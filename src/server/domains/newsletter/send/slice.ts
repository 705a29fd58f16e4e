import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';
import { giveWay } from '../../../platform/give-way';
import type { JobDefinition } from '../../../platform/jobs/queue';
import type { MailMessage } from '../../../platform/mail/mailer';
import type { IssueStatus } from '../../../../shared/newsletter-issues';
import { statusSql } from '../statuses';
import {
  checkBeforeHandOver,
  claimCopies,
  newClaim,
  releaseUnsent,
  skipCopy,
  type Claim,
  type ClaimedCopy,
} from './claims';
import { copyWriter, deliverCopy, type IssueContent } from './delivery';
import { followLaterPost } from './linked-post';
import { paceOf, returnTokens, slowDown, speedUp, takeTokens } from './pace';
import { NEWSLETTER_QUEUE, queueSendSlice } from './queue';
import { requeueLapsedClaims, skipLeavers, snapshotRecipients } from './recipients';
import { startSending } from './start';

// The send of a newsletter issue (decision 0018), one slice at a time. Workers of the job queue, on
// any instance, claim copies (claims.ts) just before handing them to the mail server (delivery.ts),
// at the pace every instance shares (pace.ts). A copy left 'sending' by a worker that died is sent
// again after its lease with the same Message-ID: the only copies that can arrive twice are those
// whose worker died between the end of their DATA (the server keeps a message it has whole,
// RFC 1047) and its own commit.

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

/** The wait after the mail server could not be reached, doubling up to SERVER_DOWN_MAX_WAIT_MS. */
const SERVER_DOWN_FIRST_WAIT_MS = 2000;
const SERVER_DOWN_MAX_WAIT_MS = 30_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** A slice's clock: it stops when its budget is spent or the instance stops. */
interface SliceTime {
  signal?: AbortSignal;
  budgetMs: number;
  started: number;
}
const remainingMs = (time: SliceTime) => time.budgetMs - (Date.now() - time.started);
const isOver = (time: SliceTime) => time.signal?.aborted === true || remainingMs(time) <= 0;

/**
 * Runs one slice of a send: at most `budgetMs`, then it returns (another slice is already queued,
 * for this instance or another). Queues its own follow-up first, so a second instance can join in
 * while this one sends, and a slice that dies is followed all the same.
 */
export async function runSendSlice(
  deps: Deps,
  issueId: number,
  options: { signal?: AbortSignal; budgetMs?: number } = {},
): Promise<void> {
  const { db, config } = deps;
  const time: SliceTime = {
    signal: options.signal,
    budgetMs: options.budgetMs ?? Math.min(15_000, (config.JOBS_LEASE_SECONDS * 1000) / 3),
    started: Date.now(),
  };
  // A scheduled issue whose time has come starts here (the job was queued for that time), unless
  // the post it was made from has since been moved later: then it waits for the post.
  if (await followLaterPost(db, issueId, deps.clock())) return;
  await startSending(db, issueId, deps.clock(), 'due');
  const issue = await readIssue(db, issueId);
  if (!issue) return;
  // Run early (a schedule moved to a later time): the send starts at the time now set.
  if (issue.status === 'scheduled' && issue.scheduled_at) {
    await queueSendSlice(db, issueId, new Date(issue.scheduled_at));
    return;
  }
  if (issue.status !== 'sending') return;
  await queueSendSlice(db, issueId, new Date(Date.now() + 1000));
  await snapshotRecipients(db, issueId);
  await requeueLapsedClaims(db, issueId);
  await skipLeavers(db, issueId);

  const writeCopy = await copyWriter(deps, issueId, issue);
  const pace = paceOf(config);
  const claim = newClaim(db, issueId, config.NEWSLETTER_LEASE_SECONDS);
  let serverDownWaitMs = SERVER_DOWN_FIRST_WAIT_MS;

  while (!isOver(time)) {
    // The requests waiting on this instance go first, and while visitors keep the server busy the
    // send slows down: a send is background work, and on the embedded database every statement
    // runs on this thread.
    await giveWay(time.signal);
    const { granted, waitMs } = await takeTokens(db, pace, pace.capacity);
    if (granted === 0) {
      await sleep(Math.min(waitMs, remainingMs(time)), time.signal);
      continue;
    }
    const claimed = await claimCopies(claim, granted);
    const { end, accepted } = await sendBatch(deps, claim, claimed, writeCopy, time.signal);
    const used = claimed.length;
    if (accepted > 0) serverDownWaitMs = SERVER_DOWN_FIRST_WAIT_MS;
    if (end === 'unreached') {
      // The copies wait, using no attempt, and the slice waits longer each time: a mail server down
      // for an hour only holds the send.
      await returnTokens(db, pace, used);
      await sleep(Math.min(serverDownWaitMs, Math.max(0, remainingMs(time))), time.signal);
      serverDownWaitMs = Math.min(serverDownWaitMs * 2, SERVER_DOWN_MAX_WAIT_MS);
    } else if (end === 'deferred') {
      // Often the plan's rate limit: everyone slows down.
      await slowDown(db);
    } else if (end === 'done') {
      if (used < granted) await returnTokens(db, pace, granted - used);
      if (used > 0) await speedUp(db);
    }
    if (used === 0) {
      // Nothing to claim now: finished, paused, or only copies waiting for a retry or another worker.
      if (await finishIfDone(db, issueId)) return;
      const next = await nextCopyDue(db, issueId);
      if (next === 'not-sending') return;
      const nextAt = next ? next.getTime() : Date.now() + 1000;
      if (nextAt - Date.now() > remainingMs(time)) {
        // The follow-up slice is due when the next copy is.
        await queueSendSlice(db, issueId, new Date(nextAt));
        return;
      }
      await sleep(Math.max(200, Math.min(nextAt - Date.now(), 1000)), time.signal);
    }
  }
  await finishIfDone(db, issueId);
}

async function readIssue(
  db: Database,
  issueId: number,
): Promise<(IssueContent & { status: IssueStatus; scheduled_at: string | null }) | undefined> {
  const [issue] = await queryRows<IssueContent & { status: IssueStatus; scheduled_at: string | null }>(
    db,
    sql`select status, subject, preheader, body_html, slug, scheduled_at::text from newsletter_issues where id = ${issueId}`,
  );
  return issue;
}

/**
 * How a claimed batch ended. done: every copy was settled (sent, bounced, skipped, taken over), or
 * the instance is stopping and the rest went back to the queue; paused: the issue was paused, the
 * rest released; deferred: a temporary refusal ended it; unreached: the mail server could not be
 * reached. `accepted`: copies the server took.
 */
interface BatchEnd {
  end: 'done' | 'paused' | 'deferred' | 'unreached';
  accepted: number;
}

async function sendBatch(
  deps: Deps,
  claim: Claim,
  claimed: ClaimedCopy[],
  writeCopy: (copy: ClaimedCopy) => MailMessage,
  signal?: AbortSignal,
): Promise<BatchEnd> {
  let accepted = 0;
  for (const copy of claimed) {
    if (copy !== claimed[0]) await giveWay(signal);
    if (signal?.aborted) {
      await releaseUnsent(claim);
      return { end: 'done', accepted };
    }
    // Each copy is checked again (a read, no commit) just before its turn, so a subscriber who
    // leaves, or a pause, takes effect for every copy not yet handed over.
    const check = await checkBeforeHandOver(claim, copy);
    if (check === 'theirs') continue; // another worker took it over (our lease ran out): theirs now
    if (check === 'paused') {
      await releaseUnsent(claim);
      return { end: 'paused', accepted };
    }
    if (check === 'left') {
      await skipCopy(claim, copy);
      continue;
    }
    const delivery = await deliverCopy(deps, claim, copy, writeCopy(copy));
    if (delivery === 'deferred' || delivery === 'unreached') {
      await releaseUnsent(claim);
      return { end: delivery, accepted };
    }
    if (delivery === 'sent') accepted += 1;
  }
  return { end: 'done', accepted };
}

/** Marks the issue sent once nothing is queued or being sent; true when it is (or was) done. */
async function finishIfDone(db: Database, issueId: number): Promise<boolean> {
  const done = await queryRows(
    db,
    sql`
      update newsletter_issues i set status = ${statusSql('sent')}, sent_at = now(), updated_at = now()
       where i.id = ${issueId} and i.status = ${statusSql('sending')} and i.snapshot_done
         and not exists (select 1 from newsletter_recipients r
                          where r.issue_id = i.id and r.status in (${statusSql('queued', 'sending')}))
      returning i.id`,
  );
  return done.length > 0;
}

/** When the next open copy is due (null: now), or that the issue is no longer sending. */
async function nextCopyDue(db: Database, issueId: number): Promise<Date | null | 'not-sending'> {
  const [state] = await queryRows<{ status: IssueStatus; next: string | null }>(
    db,
    sql`
      select i.status,
             (select min(coalesce(r.not_before, r.lease_until, now())) from newsletter_recipients r
               where r.issue_id = i.id and r.status in (${statusSql('queued', 'sending')}))::text as next
        from newsletter_issues i where i.id = ${issueId}`,
  );
  if (!state || state.status !== 'sending') return 'not-sending';
  return state.next ? new Date(state.next) : null;
}

/** The send queue: each job runs one slice of one issue's send. */
export function newsletterJobs(deps: Deps): JobDefinition<{ issueId: number }> {
  return {
    queue: NEWSLETTER_QUEUE,
    policy: 'short',
    oneJobPerRound: true,
    retryLimit: 1000,
    async run(job) {
      await runSendSlice(deps, job.data.issueId, { signal: job.signal });
    },
  };
}
