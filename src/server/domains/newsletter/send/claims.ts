import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { queryRows } from '../../../platform/db/rows';
import type { IssueStatus } from '../../../../shared/newsletter-issues';
import { statusSql } from '../statuses';

// The claims that keep each copy to one hand-over. A slice claims a batch of copies (status
// 'sending', its claim token and a lease, committed) before the mail server hears of any of them,
// checks each again just before its turn, and settles it right after the server's answer. A copy
// whose lease runs out (its worker died) is queued again by the next slice (recipients.ts).

/** One slice's claim: its token, and how long a claimed copy is held before another worker may take it. */
export interface Claim {
  db: Database;
  issueId: number;
  token: string;
  lease: string;
}

export interface ClaimedCopy {
  id: number;
  subscriber_id: number;
  email: string;
  uncertain: boolean;
  /** Failed attempts before this one. */
  attempts: number;
}

export function newClaim(db: Database, issueId: number, leaseSeconds: number): Claim {
  return { db, issueId, token: randomUUID(), lease: `${leaseSeconds} seconds` };
}

/**
 * Claims up to `limit` copies due now, in the order they were queued. The claim joins the
 * subscription and the issue, so an unsubscribe, an erasure, a bounce or a pause stops every copy
 * not yet claimed.
 */
export async function claimCopies(claim: Claim, limit: number): Promise<ClaimedCopy[]> {
  const claimed = await queryRows<ClaimedCopy>(
    claim.db,
    sql`
      update newsletter_recipients r
         set status = ${statusSql('sending')}, claim_token = ${claim.token},
             lease_until = now() + ${claim.lease}::interval
       where r.id in (
         select r2.id from newsletter_recipients r2
           join newsletter_subscriptions s on s.id = r2.subscriber_id
           join newsletter_issues i on i.id = r2.issue_id
          where r2.issue_id = ${claim.issueId} and r2.status = ${statusSql('queued')}
            and (r2.not_before is null or r2.not_before <= now())
            and i.status = ${statusSql('sending')} and s.confirmed_at is not null and s.bounced_at is null
          order by r2.id limit ${limit}
          for update of r2 skip locked)
      returning r.id, r.subscriber_id, r.email, r.uncertain, r.attempts`,
  );
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * A claimed copy just before its turn (a read, no commit): still ours to hand over (`go`), taken over
 * by another worker after our lease ran out (`theirs`), its subscriber gone (`left`), or its issue
 * paused (`paused`).
 */
export async function checkBeforeHandOver(
  claim: Claim,
  copy: ClaimedCopy,
): Promise<'go' | 'theirs' | 'left' | 'paused'> {
  const [check] = await queryRows<{ live: boolean; issue_status: IssueStatus }>(
    claim.db,
    sql`
      select (s.id is not null and s.bounced_at is null) as live, i.status as issue_status
        from newsletter_recipients r
        left join newsletter_subscriptions s on s.id = r.subscriber_id
        join newsletter_issues i on i.id = r.issue_id
       where r.id = ${copy.id} and r.claim_token = ${claim.token} and r.status = ${statusSql('sending')}`,
  );
  if (!check) return 'theirs';
  if (check.issue_status !== 'sending') return 'paused';
  return check.live ? 'go' : 'left';
}

/** Puts this claim's copies not yet handed over back in the queue, as they were. */
export async function releaseUnsent(claim: Claim): Promise<void> {
  await claim.db.execute(sql`
    update newsletter_recipients set status = ${statusSql('queued')}, claim_token = null, lease_until = null
     where claim_token = ${claim.token} and status = ${statusSql('sending')}`);
}

/** A claimed copy whose subscriber left: it will not go, and keeps no address. */
export async function skipCopy(claim: Claim, copy: ClaimedCopy): Promise<void> {
  await claim.db.execute(sql`
    update newsletter_recipients
       set status = ${statusSql('skipped')}, email = '', claim_token = null, lease_until = null
     where id = ${copy.id} and claim_token = ${claim.token}`);
}

/**
 * Right after the 250, one commit: this copy is sent, and the rest of the batch keeps its lease (the
 * smaller the gap before this commit, the smaller the chance of a second copy).
 */
export async function settleSent(claim: Claim, copy: ClaimedCopy): Promise<void> {
  await claim.db.execute(sql`
    with done as (
      update newsletter_recipients
         set status = ${statusSql('sent')}, sent_at = now(), error = null, claim_token = null, lease_until = null
       where id = ${copy.id} and claim_token = ${claim.token}
      returning id
    )
    update newsletter_recipients set lease_until = now() + ${claim.lease}::interval
     where claim_token = ${claim.token} and status = ${statusSql('sending')} and id <> ${copy.id}`);
}

/** Refused for good: this copy bounced, and the address gets no later sends. */
export async function settleBounced(claim: Claim, copy: ClaimedCopy, reply: string): Promise<void> {
  await claim.db.execute(sql`
    update newsletter_recipients set status = ${statusSql('bounced')}, error = ${reply}, attempts = attempts + 1,
           claim_token = null, lease_until = null
     where id = ${copy.id} and claim_token = ${claim.token}`);
  await claim.db.execute(sql`
    update newsletter_subscriptions set bounced_at = coalesce(bounced_at, now()) where id = ${copy.subscriber_id}`);
}

/** A failed attempt that counts: queued again after `waitSeconds`, or failed when `givenUp`. */
export async function settleRetry(
  claim: Claim,
  copy: ClaimedCopy,
  outcome: { reply: string; waitSeconds: number; givenUp: boolean },
): Promise<void> {
  await claim.db.execute(sql`
    update newsletter_recipients
       set attempts = attempts + 1, error = ${outcome.reply}, claim_token = null, lease_until = null,
           status = ${outcome.givenUp ? statusSql('failed') : statusSql('queued')},
           not_before = now() + ${outcome.waitSeconds}::float8 * interval '1 second'
     where id = ${copy.id} and claim_token = ${claim.token}`);
}

/** A hand-over that never reached the server: the copy keeps its attempts and notes why. */
export async function noteUnreached(claim: Claim, copy: ClaimedCopy, reply: string): Promise<void> {
  await claim.db.execute(sql`
    update newsletter_recipients set error = ${reply} where id = ${copy.id} and claim_token = ${claim.token}`);
}
