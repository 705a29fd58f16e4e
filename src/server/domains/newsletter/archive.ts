import { and, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { pageOffset, type Page } from '../../platform/paging';
import { ISSUE_MESSAGES } from '../../../shared/newsletter-issues';
import type { ArchiveIssue } from '../../../shared/newsletter.schema';
import type { IssueDeps as Deps } from './issue-figures';
import { emailBodyHtml } from './render';
import { statusSql } from './statuses';
import { newsletterIssues, newsletterRecipients } from './tables';

// The public archive of sent issues: its pages, an issue's web version, and the sitemap's list.

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
