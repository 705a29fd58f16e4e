import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';

/**
 * A subscriber leaves (unsubscribes, is erased): call it in the transaction that deletes them.
 * Their waiting copies of every send are skipped, and their address goes from every recipient row
 * (an erasure keeps nothing). A copy being handed to the mail server at this moment completes; no
 * other one is claimed, as a claim needs the subscription.
 */
export async function leaveSends(tx: Pick<Database, 'execute'>, subscriberId: number): Promise<void> {
  await tx.execute(sql`
    update newsletter_recipients
       set email = '', status = case when status = 'queued' then 'skipped' else status end
     where subscriber_id = ${subscriberId}`);
}
