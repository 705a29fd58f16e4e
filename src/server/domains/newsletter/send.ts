import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { giveWay } from '../../platform/give-way';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { NEWSLETTER_ARCHIVE_PATH } from '../../../shared/newsletter-issues';
import { slugify } from '../../../shared/slug';
import { getBusinessDetails } from '../site-content';
import type { JobDefinition } from '../../platform/job-queue';
import { enqueueInTransaction } from '../../platform/jobs/enqueue';
import type { MailMessage } from '../../platform/mail/mailer';
import { oneClickUnsubscribeUrl, unsubscribePageUrl, unsubscribeSigner } from './links';
import { renderIssueEmail } from './render';

// The send of a newsletter issue (decision 0018). One row per recipient, copied from the confirmed
// subscribers when the send starts (INSERT ... SELECT in batches, nothing held in memory). Workers
// of the job queue, on any instance, claim one row at a time (status 'sending', a claim token and a
// lease, committed) just before handing that copy to the mail server, and mark it 'sent' right
// after its 250. The claim joins the subscription and the issue, so an unsubscribe, an erasure, a
// bounce or a pause stops every copy not yet handed over. A row left 'sending' by a worker that died
// is sent again after its lease with the same Message-ID: the only copies that can arrive twice are
// those whose worker died between the end of their DATA (the server keeps a message it has whole,
// RFC 1047) and its own commit.

export const NEWSLETTER_QUEUE = 'newsletter-send';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;
type Writer = Pick<Database, 'execute'>;

/** The pace's token bucket row (one for the site: it is the SMTP plan's limit). */
const PACE_ID = 'smtp';

/**
 * Queues a slice of the issue's send (at `startAfter`, or now). The queue's 'short' policy keeps at
 * most one waiting job per issue, so repeating this (a retry, a resume, a slice's follow-up, an
 * instance's start) never piles jobs up; a job already waiting for a later time (a schedule since
 * cancelled or brought forward, or "Send now" on a scheduled issue) is brought forward to this one's.
 */
export async function queueSendSlice(db: Writer, issueId: number, startAfter?: Date): Promise<void> {
  await enqueueInTransaction(
    db,
    NEWSLETTER_QUEUE,
    { issueId },
    { startAfter, singletonKey: `issue-${issueId}` },
  );
}

/** Copies the subscribers confirmed when the send began into recipient rows, a batch per statement. */
export async function snapshotRecipients(db: Database, issueId: number, batch = 1000): Promise<void> {
  for (;;) {
    const result = await db.execute(sql`
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
      returning i.snapshot_done`);
    const rows = rowsOf<{ snapshot_done: boolean }>(result);
    // No row: done already, or another instance moved the cursor first (read it again).
    if (rows.length === 0) {
      const again = rowsOf<{ snapshot_done: boolean }>(
        await db.execute(sql`select snapshot_done from newsletter_issues where id = ${issueId}`),
      );
      if (!again[0] || again[0].snapshot_done) return;
      continue;
    }
    if (rows[0]!.snapshot_done) return;
  }
}

// --- The pace: a token bucket in the database, shared by every instance -----------------------------

interface PaceSettings {
  perSecond: number;
  capacity: number;
}

function paceOf(config: Deps['config']): PaceSettings {
  return {
    perSecond: config.NEWSLETTER_RATE_PER_MINUTE / 60,
    capacity: Math.max(1, config.NEWSLETTER_BATCH_SIZE),
  };
}

/** Takes up to `want` tokens; answers how many were granted and, when none, how long to wait. */
async function takeTokens(
  db: Database,
  pace: PaceSettings,
  want: number,
): Promise<{ granted: number; waitMs: number }> {
  await db.execute(sql`
    insert into newsletter_pace (id, tokens, factor, updated_at)
    values (${PACE_ID}, ${pace.capacity}, 1, clock_timestamp()) on conflict do nothing`);
  const result = await db.execute(sql`
    with cur as (
      select least(${pace.capacity}::float8,
                   tokens + greatest(0, extract(epoch from clock_timestamp() - updated_at)) * ${pace.perSecond}::float8 * factor) as avail,
             factor
        from newsletter_pace where id = ${PACE_ID} for update
    )
    update newsletter_pace p
       set tokens = cur.avail - least(${want}, greatest(0, floor(cur.avail))), updated_at = clock_timestamp()
      from cur
     where p.id = ${PACE_ID}
    returning least(${want}, greatest(0, floor(cur.avail)))::int as granted, cur.avail as avail, cur.factor as factor`);
  const row = rowsOf<{ granted: number; avail: number; factor: number }>(result)[0]!;
  const granted = Number(row.granted);
  if (granted > 0) return { granted, waitMs: 0 };
  const perMs = (pace.perSecond * Number(row.factor)) / 1000;
  return { granted: 0, waitMs: Math.ceil((1 - Number(row.avail)) / perMs) + 5 };
}

async function returnTokens(db: Database, pace: PaceSettings, n: number): Promise<void> {
  if (n <= 0) return;
  await db.execute(sql`
    update newsletter_pace set tokens = least(${pace.capacity}::float8, tokens + ${n}) where id = ${PACE_ID}`);
}

/** A rate-limit answer: every instance slows to half the pace, and waits a little before the next. */
async function slowDown(db: Database): Promise<void> {
  await db.execute(sql`
    update newsletter_pace set factor = greatest(0.05, factor * 0.5), tokens = least(tokens, 0) - 1
     where id = ${PACE_ID}`);
}

/** Copies delivered: the pace comes back towards the configured rate. */
async function speedUp(db: Database): Promise<void> {
  await db.execute(sql`
    update newsletter_pace set factor = least(1, factor + 0.05) where id = ${PACE_ID} and factor < 1`);
}

/** The pace now, messages per minute (the configured rate, slowed after rate-limit answers). */
export async function currentRatePerMinute(db: Database, config: Deps['config']): Promise<number> {
  const rows = rowsOf<{ factor: number }>(
    await db.execute(sql`select factor from newsletter_pace where id = ${PACE_ID}`),
  );
  return config.NEWSLETTER_RATE_PER_MINUTE * Number(rows[0]?.factor ?? 1);
}

// --- One slice of a send ------------------------------------------------------------------------------

interface Claimed {
  id: number;
  subscriber_id: number;
  email: string;
  uncertain: boolean;
}

/** What an SMTP error says: a reply code for the mail server's answers, none when it was not reached. */
function smtpCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' ? code : null;
}

function smtpReply(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown };
  const text = typeof e.response === 'string' ? e.response : String(e.message ?? error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** The Message-ID of one subscriber's copy of one issue: the same however often it is handed over. */
export function issueMessageId(publicUrl: string, issueId: number, subscriberId: number): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<newsletter-${issueId}-${subscriberId}@${host}>`;
}

/** Marks the issue sent once nothing is queued or being sent; true when it is (or was) done. */
async function finishIfDone(db: Database, issueId: number): Promise<boolean> {
  const result = await db.execute(sql`
    update newsletter_issues i set status = 'sent', sent_at = now(), updated_at = now()
     where i.id = ${issueId} and i.status = 'sending' and i.snapshot_done
       and not exists (select 1 from newsletter_recipients r
                        where r.issue_id = i.id and r.status in ('queued', 'sending'))
    returning i.id`);
  return rowsOf(result).length > 0;
}

/**
 * Runs one slice of a send: at most `budgetMs`, then it returns (another slice is already queued,
 * for this instance or another). Queues its own follow-up first, so a second instance can join in
 * while this one sends, and a slice that dies is followed all the same.
 */
export async function runSendSlice(
  deps: Deps,
  issueId: number,
  options: { signal?: AbortSignal; budgetMs?: number } = {},
): Promise<void> {
  const { db, config } = deps;
  const started = Date.now();
  const budgetMs = options.budgetMs ?? Math.min(15_000, (config.JOBS_LEASE_SECONDS * 1000) / 3);
  const over = () => options.signal?.aborted === true || Date.now() - started >= budgetMs;

  // A scheduled issue whose time has come starts here (the job was queued for that time).
  const [due] = rowsOf<{ subject: string }>(
    await db.execute(sql`
      select subject from newsletter_issues
       where id = ${issueId} and status = 'scheduled' and scheduled_at <= now()`),
  );
  if (due)
    await db.execute(sql`
      update newsletter_issues set status = 'sending', started_at = ${deps.clock().toISOString()}::timestamptz,
             scheduled_at = null, updated_at = now(),
             slug = coalesce(slug, ${await archiveSlugFor(db, issueId, due.subject)})
       where id = ${issueId} and status = 'scheduled' and scheduled_at <= now()`);
  const [issue] = rowsOf<{
    status: string;
    subject: string;
    preheader: string;
    body_html: string;
    slug: string | null;
    scheduled_at: string | null;
  }>(
    await db.execute(
      sql`select status, subject, preheader, body_html, slug, scheduled_at::text from newsletter_issues where id = ${issueId}`,
    ),
  );
  if (!issue) return;
  // Run early (a schedule moved to a later time): the send starts at the time now set.
  if (issue.status === 'scheduled' && issue.scheduled_at) {
    await queueSendSlice(db, issueId, new Date(issue.scheduled_at));
    return;
  }
  if (issue.status !== 'sending') return;
  await queueSendSlice(db, issueId, new Date(Date.now() + 1000));
  await snapshotRecipients(db, issueId);

  // Copies whose worker died with them at the mail server: queued again, to go with the same Message-ID.
  await db.execute(sql`
    update newsletter_recipients set status = 'queued', uncertain = true, claim_token = null, lease_until = null
     where issue_id = ${issueId} and status = 'sending' and lease_until < now()`);
  // Copies of subscribers who left (the foreign key emptied subscriber_id) or bounce in another send.
  await db.execute(sql`
    update newsletter_recipients r set status = 'skipped', email = case when r.subscriber_id is null then '' else r.email end
     where r.issue_id = ${issueId} and r.status = 'queued'
       and (r.subscriber_id is null
            or exists (select 1 from newsletter_subscriptions s where s.id = r.subscriber_id and s.bounced_at is not null))`);

  const signer = await unsubscribeSigner(db);
  const business = await getBusinessDetails(db);
  const viewInBrowser = issue.slug ? `${config.publicUrl}${NEWSLETTER_ARCHIVE_PATH}/${issue.slug}` : null;
  // One render per slice; each copy differs only in its unsubscribe link (a placeholder replaced).
  const PLACEHOLDER = 'hlm-unsubscribe-placeholder';
  const rendered = await renderIssueEmail(
    { subject: issue.subject, preheader: issue.preheader, bodyHtml: issue.body_html },
    { viewInBrowser, unsubscribe: PLACEHOLDER },
    { publicUrl: config.publicUrl, business },
  );
  const pace = paceOf(config);
  const claimToken = randomUUID();
  const lease = `${config.NEWSLETTER_LEASE_SECONDS} seconds`;
  let serverDownWaitMs = 2000;

  while (!over()) {
    // The requests waiting on this instance go first, and while visitors keep the server busy the
    // send slows down: a send is background work, and on the embedded database every statement
    // runs on this thread.
    await giveWay(options.signal);
    const { granted, waitMs } = await takeTokens(db, pace, pace.capacity);
    if (granted === 0) {
      await sleep(Math.min(waitMs, budgetMs - (Date.now() - started)), options.signal);
      continue;
    }
    // The claim of a batch, committed before the mail server hears of any of it. Each copy is
    // checked again (a read, no commit) just before its turn, so a subscriber who leaves, or a pause,
    // takes effect for every copy not yet handed over.
    const claimed = rowsOf<Claimed>(
      await db.execute(sql`
        update newsletter_recipients r
           set status = 'sending', claim_token = ${claimToken}, lease_until = now() + ${lease}::interval
         where r.id in (
           select r2.id from newsletter_recipients r2
             join newsletter_subscriptions s on s.id = r2.subscriber_id
             join newsletter_issues i on i.id = r2.issue_id
            where r2.issue_id = ${issueId} and r2.status = 'queued'
              and (r2.not_before is null or r2.not_before <= now())
              and i.status = 'sending' and s.confirmed_at is not null and s.bounced_at is null
            order by r2.id limit ${granted}
            for update of r2 skip locked)
        returning r.id, r.subscriber_id, r.email, r.uncertain`),
    ).sort((a, b) => a.id - b.id);
    const used = claimed.length;
    let stopBatch = false;
    /** Puts this slice's claimed copies not yet handed over back in the queue, as they were. */
    const releaseRest = () =>
      db.execute(sql`
        update newsletter_recipients set status = 'queued', claim_token = null, lease_until = null
         where claim_token = ${claimToken} and status = 'sending'`);
    for (const row of claimed) {
      if (row !== claimed[0]) await giveWay(options.signal);
      if (options.signal?.aborted) {
        await releaseRest();
        break;
      }
      const [check] = rowsOf<{ live: boolean; issue_status: string }>(
        await db.execute(sql`
          select (s.id is not null and s.bounced_at is null) as live, i.status as issue_status
            from newsletter_recipients r
            left join newsletter_subscriptions s on s.id = r.subscriber_id
            join newsletter_issues i on i.id = r.issue_id
           where r.id = ${row.id} and r.claim_token = ${claimToken} and r.status = 'sending'`),
      );
      if (!check) continue; // another worker took it over (our lease ran out): theirs now
      if (check.issue_status !== 'sending') {
        await releaseRest();
        stopBatch = true;
        break;
      }
      if (!check.live) {
        await db.execute(sql`
          update newsletter_recipients set status = 'skipped', email = '', claim_token = null, lease_until = null
           where id = ${row.id} and claim_token = ${claimToken}`);
        continue;
      }
      const token = signer(row.subscriber_id, row.email);
      const oneClick = oneClickUnsubscribeUrl(config.publicUrl, token);
      const unsubscribe = unsubscribePageUrl(config.publicUrl, token);
      const message: MailMessage = {
        to: row.email,
        subject: rendered.subject,
        html: rendered.html.split(PLACEHOLDER).join(unsubscribe.replace(/&/g, '&amp;')),
        text: rendered.text.split(PLACEHOLDER).join(unsubscribe),
        messageId: issueMessageId(config.publicUrl, issueId, row.subscriber_id),
        headers: {
          'List-Unsubscribe': `<${oneClick}>, <mailto:${config.BUSINESS_INBOX}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `Newsletter <newsletter.${new URL(config.publicUrl).hostname || 'localhost'}>`,
          Precedence: 'bulk',
        },
      };
      try {
        await deps.mailer.send(message);
      } catch (error) {
        const code = smtpCode(error);
        const reply = smtpReply(error);
        if (code !== null && code >= 500) {
          // Refused for good: this copy bounced, and the address gets no later sends.
          await db.execute(sql`
            update newsletter_recipients set status = 'bounced', error = ${reply}, attempts = attempts + 1,
                   claim_token = null, lease_until = null
             where id = ${row.id} and claim_token = ${claimToken}`);
          await db.execute(sql`
            update newsletter_subscriptions set bounced_at = coalesce(bounced_at, now()) where id = ${row.subscriber_id}`);
          continue;
        }
        if (code !== null) {
          // A temporary refusal (421, 450, 451, 452...), often the plan's rate limit: retried with
          // backoff, and everyone slows down.
          await db.execute(sql`
            update newsletter_recipients
               set attempts = attempts + 1, error = ${reply}, claim_token = null, lease_until = null,
                   status = case when attempts + 1 >= ${config.NEWSLETTER_MAX_ATTEMPTS} then 'failed' else 'queued' end,
                   not_before = now() + ${config.NEWSLETTER_RETRY_SECONDS}::float8 * power(2, attempts) * interval '1 second'
             where id = ${row.id} and claim_token = ${claimToken}`);
          await slowDown(db);
          await releaseRest();
          stopBatch = true;
          break;
        }
        // Not reached (down, refused the connection, timed out): the copies wait, using no attempt,
        // and the slice waits longer each time; a mail server down for an hour only holds the send.
        await db.execute(sql`
          update newsletter_recipients set error = ${reply} where id = ${row.id} and claim_token = ${claimToken}`);
        await releaseRest();
        await returnTokens(db, pace, used);
        await sleep(
          Math.min(serverDownWaitMs, Math.max(0, budgetMs - (Date.now() - started))),
          options.signal,
        );
        serverDownWaitMs = Math.min(serverDownWaitMs * 2, 30_000);
        stopBatch = true;
        break;
      }
      // Right after the 250, one commit: this copy is sent, and the rest of the batch keeps its
      // lease (the smaller the gap before this commit, the smaller the chance of a second copy).
      await db.execute(sql`
        with done as (
          update newsletter_recipients
             set status = 'sent', sent_at = now(), error = null, claim_token = null, lease_until = null
           where id = ${row.id} and claim_token = ${claimToken}
          returning id
        )
        update newsletter_recipients set lease_until = now() + ${lease}::interval
         where claim_token = ${claimToken} and status = 'sending' and id <> ${row.id}`);
      serverDownWaitMs = 2000;
    }
    if (used < granted && !stopBatch) await returnTokens(db, pace, granted - used);
    if (used > 0 && !stopBatch) await speedUp(db);
    if (used === 0) {
      // Nothing to claim now: finished, paused, or only copies waiting for a retry or another worker.
      if (await finishIfDone(db, issueId)) return;
      const [state] = rowsOf<{ status: string; next: string | null }>(
        await db.execute(sql`
          select i.status,
                 (select min(coalesce(r.not_before, r.lease_until, now())) from newsletter_recipients r
                   where r.issue_id = i.id and r.status in ('queued', 'sending'))::text as next
            from newsletter_issues i where i.id = ${issueId}`),
      );
      if (!state || state.status !== 'sending') return;
      const nextAt = state.next ? new Date(state.next).getTime() : Date.now() + 1000;
      const remaining = budgetMs - (Date.now() - started);
      if (nextAt - Date.now() > remaining) {
        // The follow-up slice is due when the next copy is.
        await queueSendSlice(db, issueId, new Date(nextAt));
        return;
      }
      await sleep(Math.max(200, Math.min(nextAt - Date.now(), 1000)), options.signal);
    }
  }
  await finishIfDone(db, issueId);
}

/** The longest archive address word of an issue. */
const ISSUE_SLUG_MAX = 80;

/**
 * An issue's archive address word: its subject as every address is made (shared/slug.ts), then -2,
 * -3 ... only when another issue has it. Issues sent before keep the address they were given
 * (their subject's ASCII words, then their id): it is in the e-mails already sent.
 */
export async function archiveSlugFor(db: Writer, issueId: number, subject: string): Promise<string> {
  const base = slugify(subject, ISSUE_SLUG_MAX) || 'issue';
  const taken = new Set(
    rowsOf<{ slug: string }>(
      await db.execute(sql`
        select slug from newsletter_issues
         where id <> ${issueId} and (slug = ${base} or slug like ${`${base}-%`})`),
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The send queue: each job runs one slice of one issue's send. */
export function newsletterJobs(deps: Deps): JobDefinition<{ issueId: number }> {
  return {
    queue: NEWSLETTER_QUEUE,
    policy: 'short',
    oneJobPerRound: true,
    retryLimit: 1000,
    async run(job) {
      await runSendSlice(deps, job.data.issueId, { signal: job.signal });
    },
  };
}
