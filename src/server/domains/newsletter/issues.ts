import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { newsletterIssues, newsletterRecipients, newsletterSubscriptions } from './tables';
import {
  ISSUE_MESSAGES,
  NEWSLETTER_ARCHIVE_PATH,
  postNotOutYet,
  type IssueStatus,
  type RecipientStatus,
} from '../../../shared/newsletter-issues';
import type {
  ArchiveIssue,
  Issue,
  IssueFields,
  IssueFromPost,
  IssueFigures,
  IssueProgress,
  IssueSummary,
  Recipient,
} from '../../../shared/newsletter.schema';
import { ukDateLabel, ukDateTime, ukWallClock } from '../../../shared/uk-time';
import { ROUTES } from '../../../shared/routes';
import { getPostForEmail, postGoesOutAt } from '../blog';
import { getBusinessDetails } from '../site-content';
import { badRequest, conflict, DomainError, notFound } from '../../platform/errors';
import { sanitisePostHtml } from '../blog';
import {
  CURSOR_KEY,
  keysetOf,
  pageOffset,
  type CursorPage,
  type CursorRequest,
  type Page,
} from '../../platform/paging';
import { unsubscribePageUrl } from './unsubscribe-links';
import { emailBodyHtml, renderIssueEmail } from './render';
import { currentRatePerMinute } from './send/pace';
import { queueSendSlice } from './send/queue';
import { startSending } from './send/start';
import { STARTED_ISSUE_STATUSES, statusSql, UNSENT_ISSUE_STATUSES } from './statuses';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;
type Row = typeof newsletterIssues.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const EMPTY_FIGURES: IssueFigures = { total: 0, sent: 0, failed: 0, bounced: 0, skipped: 0, remaining: 0 };

/** The figures of some issues' sends, from their recipient rows (one grouped count). */
async function figuresOf(db: Database, ids: number[]): Promise<Map<number, IssueFigures>> {
  const figures = new Map<number, IssueFigures>();
  if (ids.length === 0) return figures;
  const rows = await db
    .select({ issueId: newsletterRecipients.issueId, status: newsletterRecipients.status, n: count() })
    .from(newsletterRecipients)
    .where(inArray(newsletterRecipients.issueId, ids))
    .groupBy(newsletterRecipients.issueId, newsletterRecipients.status);
  for (const r of rows) {
    const f = figures.get(r.issueId) ?? { ...EMPTY_FIGURES };
    const n = Number(r.n);
    f.total += n;
    const status = r.status as RecipientStatus;
    if (status === 'queued' || status === 'sending') f.remaining += n;
    else f[status] += n;
    figures.set(r.issueId, f);
  }
  return figures;
}

function summaryOf(row: Row, figures: IssueFigures | undefined): IssueSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status as IssueStatus,
    slug: row.slug,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(figures ?? EMPTY_FIGURES),
  };
}

async function findIssue(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!row) throw notFound(ISSUE_MESSAGES.notFound);
  return row;
}

/** Confirmed subscribers who are not bouncing: who a send started now would reach. */
export async function audience(deps: Pick<Deps, 'db'>): Promise<{ recipients: number }> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(and(isNotNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.bouncedAt)));
  return { recipients: Number(row?.n ?? 0) };
}

export async function listIssues(
  deps: Pick<Deps, 'db'>,
  input: { page: number; pageSize: number; status?: IssueStatus },
): Promise<Page<IssueSummary>> {
  const where = input.status ? eq(newsletterIssues.status, input.status) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(newsletterIssues)
      .where(where)
      .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
      .limit(input.pageSize)
      .offset(pageOffset(input.page, input.pageSize)),
    deps.db.select({ n: count() }).from(newsletterIssues).where(where),
  ]);
  const figures = await figuresOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => summaryOf(r, figures.get(r.id))),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

export async function getIssue(deps: Pick<Deps, 'db'>, id: number): Promise<Issue> {
  const row = await findIssue(deps.db, id);
  const figures = await figuresOf(deps.db, [id]);
  return {
    ...summaryOf(row, figures.get(id)),
    preheader: row.preheader,
    bodyHtml: row.bodyHtml,
    postId: row.postId,
    audience: (await audience(deps)).recipients,
  };
}

function cleanFields(input: Partial<IssueFields>) {
  const out: { subject?: string; preheader?: string; bodyHtml?: string } = {};
  if (input.subject !== undefined) out.subject = input.subject;
  if (input.preheader !== undefined) out.preheader = input.preheader;
  if (input.bodyHtml !== undefined) {
    // Stored sanitised, as a post's content is: the archive shows it as it is.
    out.bodyHtml = sanitisePostHtml(input.bodyHtml);
    if (!out.bodyHtml) throw badRequest(ISSUE_MESSAGES.bodyRequired);
  }
  return out;
}

async function insertIssue(
  db: Pick<Database, 'insert'>,
  fields: IssueFields,
  postId: number | null,
  now: Date,
): Promise<number> {
  const clean = cleanFields(fields);
  const [row] = await db
    .insert(newsletterIssues)
    .values({
      subject: clean.subject!,
      preheader: clean.preheader ?? '',
      bodyHtml: clean.bodyHtml!,
      postId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: newsletterIssues.id });
  return row!.id;
}

export async function createIssue(deps: Deps, input: IssueFields): Promise<Issue> {
  return getIssue(deps, await insertIssue(deps.db, input, null, deps.clock()));
}

/** The first key of the per-post lock that makes one unsent issue per post (any number no other code uses). */
const ISSUE_FROM_POST_LOCK = 18_010;

/**
 * A draft from a published post: its title as the subject, its excerpt as the preview line, and
 * its content followed by a link to read it on the site. Asked for, a scheduled post too (its issue
 * may not go before it), or any post as e-mail only (no link: a draft stays off the blog). A post that already has an issue not yet
 * sent gets that one back instead of a copy (asked twice at once too: the check and the insert hold
 * a lock on the post's id until the commit).
 */
export async function createIssueFromPost(
  deps: Deps,
  postId: number,
  { emailOnly = false, acceptScheduled = false }: { emailOnly?: boolean; acceptScheduled?: boolean } = {},
): Promise<IssueFromPost> {
  const { post, goesOutAt } = await getPostForEmail(deps.db, postId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND')
      throw notFound(ISSUE_MESSAGES.postNotFound);
    throw error;
  });
  const out = goesOutAt !== null && goesOutAt.getTime() <= deps.clock().getTime();
  const scheduled = goesOutAt !== null && !out;
  // Without a choice, only a post on the blog: its issue links to it.
  if (!emailOnly && !out && !(scheduled && acceptScheduled)) throw notFound(ISSUE_MESSAGES.postNotFound);
  const url = `${deps.config.publicUrl}${ROUTES.blog}/${post.id}`;
  const bodyHtml = emailOnly
    ? post.content
    : `${post.content}<p><a href="${url.replace(/"/g, '&quot;')}">Read it on our website</a></p>`;
  const fields = { subject: post.title, preheader: post.excerpt.slice(0, 300), bodyHtml };
  const { id, created } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ISSUE_FROM_POST_LOCK}, ${post.id})`);
    const [unsent] = await tx
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(
        and(eq(newsletterIssues.postId, post.id), inArray(newsletterIssues.status, UNSENT_ISSUE_STATUSES)),
      )
      .orderBy(desc(newsletterIssues.id))
      .limit(1);
    if (unsent) return { id: unsent.id, created: false };
    return { id: await insertIssue(tx, fields, post.id, deps.clock()), created: true };
  });
  return { ...(await getIssue(deps, id)), created };
}

export async function updateIssue(deps: Deps, input: Partial<IssueFields> & { id: number }): Promise<Issue> {
  const fields = cleanFields(input);
  const updated = await deps.db
    .update(newsletterIssues)
    .set({ ...fields, updatedAt: deps.clock() })
    .where(and(eq(newsletterIssues.id, input.id), inArray(newsletterIssues.status, UNSENT_ISSUE_STATUSES)))
    .returning({ id: newsletterIssues.id });
  if (updated.length === 0) {
    await findIssue(deps.db, input.id);
    throw conflict(ISSUE_MESSAGES.notEditable);
  }
  return getIssue(deps, input.id);
}

export async function deleteIssue(deps: Deps, id: number): Promise<{ message: string }> {
  const deleted = await deps.db
    .delete(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ['draft', 'cancelled'])))
    .returning({ id: newsletterIssues.id });
  if (deleted.length === 0) {
    await findIssue(deps.db, id);
    throw conflict(ISSUE_MESSAGES.notDeletable);
  }
  return { message: ISSUE_MESSAGES.deleted };
}

/** The e-mail built from fields not yet saved, as a subscriber's copy would be (with a sample link). */
export async function previewIssue(
  deps: Deps,
  input: IssueFields,
  test = false,
): Promise<{ html: string; text: string; subject: string }> {
  const fields = cleanFields(input);
  const rendered = await renderIssueEmail(
    { subject: fields.subject ?? '', preheader: fields.preheader ?? '', bodyHtml: fields.bodyHtml ?? '' },
    {
      viewInBrowser: `${deps.config.publicUrl}${NEWSLETTER_ARCHIVE_PATH}`,
      unsubscribe: unsubscribePageUrl(deps.config.publicUrl, 'preview'),
    },
    { publicUrl: deps.config.publicUrl, business: await getBusinessDetails(deps.db), test },
  );
  return rendered;
}

/** Sends the e-mail to one address now, as a test (no recipient row; the subject says [Test]). */
export async function testSendIssue(
  deps: Deps,
  input: IssueFields & { to: string },
): Promise<{ message: string }> {
  const email = await previewIssue(deps, input, true);
  try {
    await deps.mailer.send({ to: input.to, subject: email.subject, html: email.html, text: email.text });
  } catch (error) {
    const reply = (error as { response?: string }).response;
    throw new DomainError(
      'BAD_GATEWAY',
      reply ? `The mail server refused the test email: ${reply}` : 'The mail server could not be reached.',
    );
  }
  return { message: ISSUE_MESSAGES.testSent };
}

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

// --- The public archive -----------------------------------------------------------------------------

/**
 * What the public may see: an issue sent, or being sent (or paused) once a first copy has gone, so
 * its "view in browser" link works for the readers who got theirs first. A draft, a scheduled issue
 * or a send that has delivered nothing yet stays unknown.
 */
const archived = and(
  isNotNull(newsletterIssues.slug),
  or(
    eq(newsletterIssues.status, 'sent'),
    and(
      inArray(newsletterIssues.status, ['sending', 'paused']),
      sql`exists (select 1 from ${newsletterRecipients} r
                   where r.issue_id = ${newsletterIssues.id} and r.status = ${statusSql('sent')})`,
    ),
  ),
);
/** An issue's date in the archive: when its send finished, or, while it runs, when it began. */
const archiveDate = sql<Date>`coalesce(${newsletterIssues.sentAt}, ${newsletterIssues.startedAt})`.mapWith(
  newsletterIssues.sentAt,
);

export async function listArchive(
  deps: Pick<Deps, 'db'>,
  input: { page: number; pageSize: number },
): Promise<Page<{ slug: string; subject: string; preheader: string; sentAt: string }>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        slug: newsletterIssues.slug,
        subject: newsletterIssues.subject,
        preheader: newsletterIssues.preheader,
        sentAt: archiveDate,
      })
      .from(newsletterIssues)
      .where(archived)
      .orderBy(desc(archiveDate), desc(newsletterIssues.id))
      .limit(input.pageSize)
      .offset(pageOffset(input.page, input.pageSize)),
    deps.db.select({ n: count() }).from(newsletterIssues).where(archived),
  ]);
  return {
    items: rows.map((r) => ({
      slug: r.slug!,
      subject: r.subject,
      preheader: r.preheader,
      sentAt: r.sentAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** A sent issue's web version: the body as sent, sanitised, with absolute image addresses. */
export async function getArchivedIssue(
  deps: Pick<Deps, 'db' | 'config'>,
  slug: string,
): Promise<ArchiveIssue> {
  const [row] = await deps.db
    .select({
      slug: newsletterIssues.slug,
      subject: newsletterIssues.subject,
      preheader: newsletterIssues.preheader,
      bodyHtml: newsletterIssues.bodyHtml,
      sentAt: archiveDate,
    })
    .from(newsletterIssues)
    .where(and(archived, eq(newsletterIssues.slug, slug)));
  if (!row) throw notFound(ISSUE_MESSAGES.notFound);
  return {
    slug: row.slug!,
    subject: row.subject,
    preheader: row.preheader,
    sentAt: row.sentAt.toISOString(),
    html: emailBodyHtml(row.bodyHtml, deps.config.publicUrl),
  };
}

/** Every sent issue's address and date, for the sitemap. */
export async function listArchivedSlugs(db: Database): Promise<Array<{ slug: string; sentAt: Date }>> {
  const rows = await db
    .select({ slug: newsletterIssues.slug, sentAt: archiveDate })
    .from(newsletterIssues)
    .where(archived)
    .orderBy(desc(archiveDate));
  return rows.map((r) => ({ slug: r.slug!, sentAt: r.sentAt }));
}
