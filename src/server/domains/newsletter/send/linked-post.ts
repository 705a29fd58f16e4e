import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';
import { postGoesOutAt } from '../../blog';
import { statusSql } from '../statuses';
import { queueSendSlice } from './queue';

/**
 * An issue made from a post goes out with the post, never before it (its link would lead nowhere).
 * The admin's send and schedule refuse an earlier time; this keeps the rule when the post moves
 * afterwards: a scheduled issue whose time has come while its post now goes out later follows the
 * post to its new time (its send job is queued for then). Answers whether the issue was moved.
 */
export async function followLaterPost(db: Database, issueId: number, now: Date): Promise<boolean> {
  const [issue] = await queryRows<{ post_id: number | null }>(
    db,
    sql`
      select post_id from newsletter_issues
       where id = ${issueId} and status = ${statusSql('scheduled')} and scheduled_at <= now()`,
  );
  if (!issue?.post_id) return false;
  const goesOutAt = await postGoesOutAt(db, issue.post_id);
  if (!goesOutAt || goesOutAt.getTime() <= now.getTime()) return false;
  const at = sql`${goesOutAt.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const moved = await queryRows(
      tx,
      sql`
        update newsletter_issues set scheduled_at = ${at}, updated_at = now()
         where id = ${issueId} and status = ${statusSql('scheduled')}
        returning id`,
    );
    if (moved.length > 0) await queueSendSlice(tx, issueId, goesOutAt);
    return moved.length > 0;
  });
}
