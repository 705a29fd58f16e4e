import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { MailMessage } from './mail';

// The e-mail outbox (issue 22.4, decision 0004). Whatever promises an e-mail writes it here in the
// same transaction as the write that causes it; the worker below sends it, retries with growing
// waits and marks it sent. Nothing is sent from the request, so a crash after the answer loses
// nothing and a mail server that is down only delays mail. Sending is at least once: a worker that
// dies between the mail server's "250 OK" and marking the row sent sends that one again.

export type OutboxKind =
  | 'contact_notification'
  | 'newsletter_confirmation'
  | 'password_reset'
  | 'sign_in_alert'
  | 'workshop_confirmation'
  | 'workshop_waiting_list'
  | 'workshop_cancellation'
  | 'workshop_reminder'
  /** The academy's paid journey (services/subscription-events.ts). */
  | 'academy_welcome'
  | 'academy_subscription_notification'
  | 'academy_payment_failed'
  | 'academy_manage_link'
  /** Not an e-mail: a task that decides whether to write one (registerOutboxTask). */
  | 'password_reset_request'
  /** Not an e-mail: at its time, the reminder of a reservation that still stands (workshop-reservations.ts). */
  | 'workshop_reminder_due';

/** What a transaction (or the database itself) offers for writing the outbox. */
type Writer = Pick<Database, 'insert'>;

/** Attempts before a message is marked failed (the waits add up to about a day). */
export const OUTBOX_MAX_ATTEMPTS = 12;
/** How long a claim holds; longer than a send can take (the SMTP timeouts in mail.ts are shorter). */
export const OUTBOX_LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 4 * 60 * 60_000;

/** The wait after the nth failed attempt: 30 s, 1 min, 2 min... at most 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records an e-mail to send; call it with the transaction of the write that promises it. `sendAt`
 * holds it back until then (a reminder); without it, it goes at once.
 */
export async function enqueueMail(
  db: Writer,
  mail: { kind: OutboxKind; message: MailMessage; contactMessageId?: number; now: Date; sendAt?: Date },
): Promise<void> {
  await db.insert(outbox).values({
    kind: mail.kind,
    message: { ...mail.message },
    contactMessageId: mail.contactMessageId ?? null,
    nextAttemptAt: mail.sendAt ?? mail.now,
    createdAt: mail.now,
  });
}

interface Claimed {
  id: number;
  kind: string;
  message: MailMessage;
  attempts: number;
}

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

/**
 * A row of the outbox that is work to do before an e-mail rather than an e-mail: the worker runs it
 * (with retries, like a send) and deletes the row once it succeeded. The forgotten-password form
 * writes one such row whatever address it was given, and the account is looked up here, so the
 * request does the same work, and takes the same time, for an admin's address and any other (issue
 * 13.6). A task writes the e-mails it promises into the outbox itself, in its own transaction. If
 * its worker dies between that commit and deleting the row, the task runs again after the lease.
 */
export type OutboxTask = (deps: Deps, message: MailMessage) => Promise<void>;
const TASKS = new Map<OutboxKind, OutboxTask>();

export function registerOutboxTask(kind: OutboxKind, task: OutboxTask): void {
  TASKS.set(kind, task);
}

interface Logger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/**
 * Claims up to `limit` due messages for this worker. SKIP LOCKED lets two instances claim at the
 * same moment without waiting for or taking each other's rows; the lease makes a claim whose
 * worker died due again once it runs out.
 */
async function claim(deps: Deps, workerId: string, limit: number): Promise<Claimed[]> {
  const now = deps.clock();
  const leaseEnd = new Date(now.getTime() + OUTBOX_LEASE_MS);
  const result = await deps.db.execute(sql`
    update ${outbox}
       set locked_until = ${leaseEnd.toISOString()}::timestamptz, locked_by = ${workerId}, attempts = attempts + 1
     where id in (
       select id from ${outbox}
        where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
     returning id, kind, message, attempts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    id: number;
    kind: string;
    message: MailMessage | string;
    attempts: number;
  }>;
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    message: typeof r.message === 'string' ? (JSON.parse(r.message) as MailMessage) : r.message,
    attempts: Number(r.attempts),
  }));
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

async function deliver(
  deps: Deps,
  workerId: string,
  item: Claimed,
  log?: Logger,
): Promise<'sent' | 'done' | 'retry' | 'failed'> {
  const mine = and(eq(outbox.id, item.id), eq(outbox.lockedBy, workerId));
  const task = TASKS.get(item.kind as OutboxKind);
  try {
    if (task) {
      await task(deps, item.message);
      await deps.db.delete(outbox).where(mine);
      return 'done';
    }
    await deps.mailer.send(item.message);
  } catch (error) {
    const gaveUp = item.attempts >= OUTBOX_MAX_ATTEMPTS;
    const now = deps.clock();
    await deps.db
      .update(outbox)
      .set({
        status: gaveUp ? 'failed' : 'queued',
        lastError: describe(error),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(item.attempts)),
        lockedUntil: null,
        lockedBy: null,
      })
      .where(mine);
    const entry = { err: error, outboxId: item.id, attempts: item.attempts };
    if (gaveUp) log?.error(entry, 'e-mail not sent after the last attempt; marked failed');
    else log?.warn(entry, 'e-mail not sent; will try again');
    return gaveUp ? 'failed' : 'retry';
  }
  // Once sent, only who and what are kept: the body may hold a reset or confirmation link.
  await deps.db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: deps.clock(),
      lastError: null,
      lockedUntil: null,
      lockedBy: null,
      message: sql`jsonb_build_object('to', ${outbox.message}->'to', 'subject', ${outbox.message}->'subject')`,
    })
    .where(mine);
  return 'sent';
}

/**
 * Sends every message that is due now, a batch at a time, and answers how many were sent. The
 * worker calls it on a timer; tests call it to deliver what a request queued.
 */
export async function sendDueMail(
  deps: Deps,
  options: { workerId?: string; batch?: number; log?: Logger; shouldStop?: () => boolean } = {},
): Promise<{ sent: number; failed: number }> {
  const workerId = options.workerId ?? randomUUID();
  const totals = { sent: 0, failed: 0 };
  for (;;) {
    if (options.shouldStop?.()) return totals;
    const batch = await claim(deps, workerId, options.batch ?? 10);
    if (batch.length === 0) return totals;
    for (const item of batch) {
      // A message claimed but left on stop goes back to the queue at once, not after its lease.
      if (options.shouldStop?.()) {
        await deps.db
          .update(outbox)
          .set({ lockedUntil: null, lockedBy: null, attempts: sql`${outbox.attempts} - 1` })
          .where(and(eq(outbox.id, item.id), eq(outbox.lockedBy, workerId)));
        continue;
      }
      const outcome = await deliver(deps, workerId, item, options.log);
      if (outcome === 'sent') totals.sent += 1;
      else if (outcome !== 'done') totals.failed += 1;
    }
  }
}

/** Sent e-mails are kept this long, except enquiry notifications, which the inbox shows for good. */
export const SENT_MAIL_KEPT_DAYS = 30;

/** Deletes sent e-mails past SENT_MAIL_KEPT_DAYS that no enquiry refers to. */
export async function pruneSentMail(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - SENT_MAIL_KEPT_DAYS * 24 * 60 * 60_000);
  const gone = await deps.db
    .delete(outbox)
    .where(and(eq(outbox.status, 'sent'), isNull(outbox.contactMessageId), lt(outbox.sentAt, before)))
    .returning({ id: outbox.id });
  return gone.length;
}

export interface OutboxWorker {
  /** Looks for due mail now instead of at the next tick. */
  wake(): void;
  /** Finishes the send in progress, returns what it had claimed, and stops. */
  stop(): Promise<void>;
}

/** The in-process worker: the same code on PGlite and PostgreSQL, one or many instances. */
export function startOutboxWorker(
  deps: Deps,
  options: { intervalMs?: number; log?: Logger } = {},
): OutboxWorker {
  const workerId = randomUUID();
  const intervalMs = options.intervalMs ?? 1000;
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let again = false;

  let prunedAt = 0;
  const tick = () => {
    timer = undefined;
    if (stopping) return;
    running = (async () => {
      try {
        if (Date.now() - prunedAt > 60 * 60_000) {
          prunedAt = Date.now();
          await pruneSentMail(deps);
        }
        do {
          again = false;
          await sendDueMail(deps, { workerId, log: options.log, shouldStop: () => stopping });
        } while (again && !stopping);
      } catch (error) {
        options.log?.error({ err: error }, 'outbox worker could not read the outbox; trying again');
      }
      if (!stopping) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);

  return {
    wake() {
      if (stopping) return;
      if (timer) {
        clearTimeout(timer);
        tick();
      } else again = true;
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
