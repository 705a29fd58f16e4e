import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';
import { slugify } from '../../../../shared/slug';
import { statusSql } from '../statuses';

type Writer = Pick<Database, 'execute'>;

/**
 * The one way an issue starts going out: it becomes 'sending' with its start time (who was
 * confirmed then is who gets it) and its archive address. `now`: the admin's "Send now", from a
 * draft or a scheduled issue; `due`: the send's job at the scheduled time, from a scheduled issue
 * whose time has come. Answers whether it started; call it in the transaction that queues the send.
 */
export async function startSending(
  db: Writer,
  issueId: number,
  startedAt: Date,
  trigger: 'now' | 'due',
): Promise<boolean> {
  const startable =
    trigger === 'now'
      ? sql`status in (${statusSql('draft', 'scheduled')})`
      : sql`status = ${statusSql('scheduled')} and scheduled_at <= now()`;
  const [issue] = await queryRows<{ subject: string }>(
    db,
    sql`select subject from newsletter_issues where id = ${issueId} and ${startable} for update`,
  );
  if (!issue) return false;
  const at = sql`${startedAt.toISOString()}::timestamptz`;
  const started = await queryRows(
    db,
    sql`
      update newsletter_issues
         set status = ${statusSql('sending')}, started_at = ${at}, scheduled_at = null, updated_at = ${at},
             slug = coalesce(slug, ${await archiveSlugFor(db, issueId, issue.subject)})
       where id = ${issueId} and ${startable}
      returning id`,
  );
  return started.length > 0;
}

/** The longest archive address word of an issue. */
const ISSUE_SLUG_MAX = 80;

/**
 * An issue's archive address word: its subject as every address is made (shared/slug.ts), then -2,
 * -3 ... only when another issue has it. Issues sent before keep the address they were given
 * (their subject's ASCII words, then their id): it is in the e-mails already sent.
 */
async function archiveSlugFor(db: Writer, issueId: number, subject: string): Promise<string> {
  const base = slugify(subject, ISSUE_SLUG_MAX) || 'issue';
  const taken = new Set(
    (
      await queryRows<{ slug: string }>(
        db,
        sql`
          select slug from newsletter_issues
           where id <> ${issueId} and (slug = ${base} or slug like ${`${base}-%`})`,
      )
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
