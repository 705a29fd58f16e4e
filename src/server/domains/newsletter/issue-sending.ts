import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest, conflict } from '../../platform/errors';
import { CURSOR_KEY, keysetOf, type CursorPage, type CursorRequest } from '../../platform/paging';
import {
  ISSUE_MESSAGES,
  postNotOutYet,
  type IssueStatus,
  type RecipientStatus,
} from '../../../shared/newsletter-issues';
import type { Issue, IssueProgress, Recipient } from '../../../shared/newsletter.schema';
import { ukDateLabel, ukDateTime, ukWallClock } from '../../../shared/uk-time';
import { postGoesOutAt } from '../blog';
import { audience, EMPTY_FIGURES, figuresOf, findIssue, iso, type IssueDeps as Deps } from './issue-figures';
import { getIssue } from './issues';
import { currentRatePerMinute } from './send/pace';
import { queueSendSlice } from './send/queue';
import { startSending } from './send/start';
import { STARTED_ISSUE_STATUSES } from './statuses';
import { newsletterIssues, newsletterRecipients } from './tables';

// Sending an issue, as the admin does it: now, at a UK time (or not after all), paused and
// resumed, its figures as it goes, who it went to, and its failed copies again. The send itself,
// copy by copy, is send/.

/**
 * An issue made from a post (one scheduled with it, to publish and e-mail later) does not go out
 * before the post is on the blog: its link would lead nowhere. `at` is when the send would start.
 */
async function refuseBeforePost(deps: Deps, id: number, at: Date, refuse: (message: string) => Error) {
  const [row] = await deps.db
    .select({ postId: newsletterIssues.postId })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, id));
  if (!row?.postId) return;
  const goesOutAt = await postGoesOutAt(deps.db, row.postId);
  if (goesOutAt && goesOutAt.getTime() > at.getTime())
    throw refuse(postNotOutYet(`${ukDateLabel(goesOutAt)} at ${ukWallClock(goesOutAt).time}`));
}

/**
 * Starts the send: the issue becomes 'sending' with its start time (who was confirmed then is who
 * gets it) and its archive address, and the first slice is queued. Starting twice is harmless: the
 * second finds it sending and answers its progress.
 */
export async function sendIssueNow(deps: Deps, id: number): Promise<IssueProgress> {
  const now = deps.clock();
  await refuseBeforePost(deps, id, now, conflict);
  const started = await deps.db.transaction(async (tx) => {
    if (!(await startSending(tx, id, now, 'now'))) return false;
    await queueSendSlice(tx, id);
    return true;
  });
  if (!started) {
    const row = await findIssue(deps.db, id);
    if (!STARTED_ISSUE_STATUSES.includes(row.status)) throw conflict(ISSUE_MESSAGES.notSendable);
  }
  return issueProgress(deps, id);
}

/** Schedules a draft (or moves a scheduled one) to a UK wall-clock date and time. */
export async function scheduleIssue(
  deps: Deps,
  input: { id: number; date: string; time: string },
): Promise<Issue> {
  const at = ukDateTime(input.date, input.time);
  if (Number.isNaN(at.getTime())) throw badRequest('date must be a real date');
  const back = ukWallClock(at);
  if (back.date !== input.date || back.time !== input.time) throw badRequest(ISSUE_MESSAGES.scheduleInGap);
  if (at.getTime() <= deps.clock().getTime()) throw badRequest(ISSUE_MESSAGES.scheduleInPast);
  await refuseBeforePost(deps, input.id, at, badRequest);
  const ok = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(newsletterIssues)
      .set({ status: 'scheduled', scheduledAt: at, updatedAt: deps.clock() })
      .where(and(eq(newsletterIssues.id, input.id), inArray(newsletterIssues.status, ['draft', 'scheduled'])))
      .returning({ id: newsletterIssues.id });
    // The job at that time starts the send if the issue is still scheduled for then (or earlier).
    if (rows.length > 0) await queueSendSlice(tx, input.id, at);
    return rows.length > 0;
  });
  if (!ok) {
    await findIssue(deps.db, input.id);
    throw conflict(ISSUE_MESSAGES.notSendable);
  }
  return getIssue(deps, input.id);
}

export async function cancelSchedule(deps: Deps, id: number): Promise<Issue> {
  const rows = await deps.db
    .update(newsletterIssues)
    .set({ status: 'draft', scheduledAt: null, updatedAt: deps.clock() })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'scheduled')))
    .returning({ id: newsletterIssues.id });
  if (rows.length === 0) {
    await findIssue(deps.db, id);
    throw conflict(ISSUE_MESSAGES.notScheduled);
  }
  return getIssue(deps, id);
}

/** Pauses a send: no copy is claimed from now on (one being handed over completes). */
export async function pauseIssue(deps: Deps, id: number): Promise<IssueProgress> {
  const rows = await deps.db
    .update(newsletterIssues)
    .set({ status: 'paused', updatedAt: deps.clock() })
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'sending')))
    .returning({ id: newsletterIssues.id });
  if (rows.length === 0) {
    await findIssue(deps.db, id);
    throw conflict(ISSUE_MESSAGES.notSending);
  }
  return issueProgress(deps, id);
}

export async function resumeIssue(deps: Deps, id: number): Promise<IssueProgress> {
  const ok = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(newsletterIssues)
      .set({ status: 'sending', updatedAt: deps.clock() })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'paused')))
      .returning({ id: newsletterIssues.id });
    if (rows.length > 0) await queueSendSlice(tx, id);
    return rows.length > 0;
  });
  if (!ok) {
    await findIssue(deps.db, id);
    throw conflict(ISSUE_MESSAGES.notPaused);
  }
  return issueProgress(deps, id);
}

export async function issueProgress(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  id: number,
): Promise<IssueProgress> {
  const row = await findIssue(deps.db, id);
  const figures = (await figuresOf(deps.db, [id])).get(id) ?? EMPTY_FIGURES;
  // Until the snapshot is complete, the audience is the better guess of what remains.
  const remaining =
    row.status === 'sending' && !row.snapshotDone
      ? Math.max(figures.remaining, (await audience(deps)).recipients - (figures.total - figures.remaining))
      : figures.remaining;
  const rate = await currentRatePerMinute(deps.db, deps.config);
  const estimatedFinishAt =
    row.status === 'sending' && remaining > 0
      ? new Date(deps.clock().getTime() + (remaining / Math.max(rate, 0.01)) * 60_000).toISOString()
      : null;
  return {
    id,
    status: row.status as IssueStatus,
    startedAt: iso(row.startedAt),
    sentAt: iso(row.sentAt),
    ...figures,
    remaining,
    estimatedFinishAt,
    ratePerMinute: Math.round(rate),
  };
}

/** An issue's recipients in the order they were queued (newsletter_recipients_issue_id_idx, and by status). */
const recipientOrder = keysetOf([newsletterRecipients.id], 'asc');

export async function listRecipients(
  deps: Pick<Deps, 'db'>,
  input: CursorRequest & { id: number; status?: RecipientStatus },
): Promise<CursorPage<Recipient>> {
  await findIssue(deps.db, input.id);
  const read = recipientOrder.read(input);
  const conditions: SQL[] = [eq(newsletterRecipients.issueId, input.id)];
  if (input.status) conditions.push(eq(newsletterRecipients.status, input.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ r: newsletterRecipients, [CURSOR_KEY]: read.key })
      .from(newsletterRecipients)
      .where(and(where, read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
    deps.db.select({ n: count() }).from(newsletterRecipients).where(where),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map(({ r }) => ({
      id: r.id,
      email: r.email,
      status: r.status as RecipientStatus,
      attempts: r.attempts,
      sentAt: iso(r.sentAt),
      error: r.error,
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Sends again to the failed recipients only; a finished issue is sending again until they are done. */
export async function retryFailed(deps: Deps, id: number): Promise<{ retried: number }> {
  const row = await findIssue(deps.db, id);
  if (!STARTED_ISSUE_STATUSES.includes(row.status)) throw conflict(ISSUE_MESSAGES.noFailed);
  return deps.db.transaction(async (tx) => {
    const retried = await tx
      .update(newsletterRecipients)
      .set({ status: 'queued', attempts: 0, notBefore: null, error: null })
      .where(and(eq(newsletterRecipients.issueId, id), eq(newsletterRecipients.status, 'failed')))
      .returning({ id: newsletterRecipients.id });
    if (retried.length === 0) throw conflict(ISSUE_MESSAGES.noFailed);
    await tx
      .update(newsletterIssues)
      .set({ status: 'sending', updatedAt: deps.clock() })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, 'sent')));
    await queueSendSlice(tx, id);
    return { retried: retried.length };
  });
}
