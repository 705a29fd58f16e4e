import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { ISSUE_MESSAGES, type IssueStatus, type RecipientStatus } from '../../../shared/newsletter-issues';
import type { IssueFigures, IssueSummary } from '../../../shared/newsletter.schema';
import { newsletterIssues, newsletterRecipients, newsletterSubscriptions } from './tables';

// An issue as the admin's lists and screens read it: its row, its send's figures (from its
// recipient rows) and who a send would reach. Writing an issue is issues.ts; sending it,
// issue-sending.ts; the public archive, archive.ts.

export type IssueDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;
export type IssueRow = typeof newsletterIssues.$inferSelect;

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const EMPTY_FIGURES: IssueFigures = {
  total: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  remaining: 0,
};

/** The figures of some issues' sends, from their recipient rows (one grouped count). */
export async function figuresOf(db: Database, ids: number[]): Promise<Map<number, IssueFigures>> {
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

export function summaryOf(row: IssueRow, figures: IssueFigures | undefined): IssueSummary {
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

export async function findIssue(db: Database, id: number): Promise<IssueRow> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!row) throw notFound(ISSUE_MESSAGES.notFound);
  return row;
}

/** Confirmed subscribers who are not bouncing: who a send started now would reach. */
export async function audience(deps: Pick<IssueDeps, 'db'>): Promise<{ recipients: number }> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(and(isNotNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.bouncedAt)));
  return { recipients: Number(row?.n ?? 0) };
}
