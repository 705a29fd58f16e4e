import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { badRequest, conflict, DomainError, notFound } from '../../platform/errors';
import { pageOffset, type Page } from '../../platform/paging';
import { ISSUE_MESSAGES, NEWSLETTER_ARCHIVE_PATH, type IssueStatus } from '../../../shared/newsletter-issues';
import type { Issue, IssueFields, IssueFromPost, IssueSummary } from '../../../shared/newsletter.schema';
import { ROUTES } from '../../../shared/routes';
import { getPostForEmail, sanitisePostHtml } from '../blog';
import { getBusinessDetails } from '../site-content';
import { audience, figuresOf, findIssue, summaryOf, type IssueDeps as Deps } from './issue-figures';
import { renderIssueEmail } from './render';
import { UNSENT_ISSUE_STATUSES } from './statuses';
import { newsletterIssues } from './tables';
import { unsubscribePageUrl } from './unsubscribe-links';

// Writing an issue: the admin's list, one issue, a new one (or one made from a post), its changes,
// its preview and a test send. Sending it is issue-sending.ts.

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
