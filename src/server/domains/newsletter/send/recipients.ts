import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';
import { statusSql } from '../statuses';

// Who gets an issue: one row per recipient (a copy), copied from the confirmed subscribers when the
// send starts, and the copies that leave the queue without going (their subscriber left).

/** Copies the subscribers confirmed when the send began into recipient rows, a batch per statement. */
export async function snapshotRecipients(db: Database, issueId: number, batch = 1000): Promise<void> {
  for (;;) {
    const rows = await queryRows<{ snapshot_done: boolean }>(
      db,
      sql`
        with issue as (
          select id, snapshot_after_id, started_at from newsletter_issues
           where id = ${issueId} and not snapshot_done
        ),
        picked as (
          select s.id, s.email from newsletter_subscriptions s, issue
           where s.id > issue.snapshot_after_id and s.confirmed_at is not null
             and s.confirmed_at <= issue.started_at and s.bounced_at is null
           order by s.id limit ${batch}
        ),
        added as (
          insert into newsletter_recipients (issue_id, subscriber_id, email)
          select ${issueId}, id, email from picked
          on conflict do nothing
        )
        update newsletter_issues i
           set snapshot_after_id = coalesce((select max(id) from picked), i.snapshot_after_id),
               snapshot_done = (select count(*) from picked) < ${batch}
          from issue
         where i.id = issue.id and i.snapshot_after_id = issue.snapshot_after_id
        returning i.snapshot_done`,
    );
    // No row: done already, or another instance moved the cursor first (read it again).
    if (rows.length === 0) {
      const [again] = await queryRows<{ snapshot_done: boolean }>(
        db,
        sql`select snapshot_done from newsletter_issues where id = ${issueId}`,
      );
      if (!again || again.snapshot_done) return;
      continue;
    }
    if (rows[0]!.snapshot_done) return;
  }
}

/** Copies whose worker died with them at the mail server: queued again, to go with the same Message-ID. */
export async function requeueLapsedClaims(db: Database, issueId: number): Promise<void> {
  await db.execute(sql`
    update newsletter_recipients
       set status = ${statusSql('queued')}, uncertain = true, claim_token = null, lease_until = null
     where issue_id = ${issueId} and status = ${statusSql('sending')} and lease_until < now()`);
}

/** Copies of subscribers who left (the foreign key emptied subscriber_id) or bounce in another send. */
export async function skipLeavers(db: Database, issueId: number): Promise<void> {
  await db.execute(sql`
    update newsletter_recipients r
       set status = ${statusSql('skipped')}, email = case when r.subscriber_id is null then '' else r.email end
     where r.issue_id = ${issueId} and r.status = ${statusSql('queued')}
       and (r.subscriber_id is null
            or exists (select 1 from newsletter_subscriptions s where s.id = r.subscriber_id and s.bounced_at is not null))`);
}

/**
 * A subscriber leaves (unsubscribes, is erased): call it in the transaction that deletes them.
 * Their waiting copies of every send are skipped, and their address goes from every recipient row
 * (an erasure keeps nothing). A copy being handed to the mail server at this moment completes; no
 * other one is claimed, as a claim needs the subscription.
 */
export async function leaveSends(tx: Pick<Database, 'execute'>, subscriberId: number): Promise<void> {
  await tx.execute(sql`
    update newsletter_recipients
       set email = '', status = case when status = ${statusSql('queued')} then ${statusSql('skipped')} else status end
     where subscriber_id = ${subscriberId}`);
}
