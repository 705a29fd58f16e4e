import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { contactMessages } from './tables';
import { jobs } from '../../platform/db/job-tables';
import { ADMIN_MESSAGES, ENQUIRY_PREVIEW_LENGTH, type EnquiryStatus } from '../../../shared/admin';
import type { Enquiry, EnquiryNotification, EnquirySummary } from '../../../shared/admin.schema';
import type { ContactType } from '../../../shared/contact';
import { notFound } from '../../platform/errors';
import { MAIL_QUEUE } from '../../platform/mail/queue';
import {
  containsPattern,
  CURSOR_KEY,
  keysetOf,
  type CursorPage,
  type CursorRequest,
} from '../../platform/paging';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface EnquiryFilter extends CursorRequest {
  type?: ContactType;
  status?: EnquiryStatus;
  q?: string;
}

function enquiryWhere(filter: Omit<EnquiryFilter, keyof CursorRequest>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(contactMessages.type, filter.type));
  if (filter.status) conditions.push(eq(contactMessages.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.subject, pattern),
        ilike(contactMessages.message, pattern),
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The inbox's order, newest first (contact_messages_created_id_idx, and those by type or status). */
const enquiryOrder = keysetOf([contactMessages.createdAt, contactMessages.id]);

/** Contact messages and workshop reservations, newest first, one page at a time. */
export async function listEnquiries(deps: Deps, filter: EnquiryFilter): Promise<CursorPage<EnquirySummary>> {
  const { db } = deps;
  const read = enquiryOrder.read(filter);
  const where = enquiryWhere(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        // Only the start of each message crosses the wire; the dialog loads the whole of it.
        preview: sql<string>`left(${contactMessages.message}, ${ENQUIRY_PREVIEW_LENGTH})`,
        type: contactMessages.type,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
        notification: notificationColumns,
        [CURSOR_KEY]: read.key,
      })
      .from(contactMessages)
      .leftJoin(jobs, notificationJob)
      .where(and(where, read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      notification: toNotification(r.notification),
    })),
    total: Number(totalRow?.total ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

type EnquiryRow = typeof contactMessages.$inferSelect;

/** The notification e-mail's job (platform/mail/queue.ts), by its primary key (queue, id). */
const notificationJob = and(eq(jobs.name, MAIL_QUEUE), eq(jobs.id, contactMessages.notificationJobId));

/** What the inbox reads of an enquiry's notification: the enquiry's record, and its job while it is there. */
const notificationColumns = {
  jobId: contactMessages.notificationJobId,
  sentAt: contactMessages.notificationSentAt,
  sentAttempts: contactMessages.notificationAttempts,
  state: jobs.state,
  retryCount: jobs.retryCount,
  startedOn: jobs.startedOn,
  startAfter: jobs.startAfter,
  error: sql<string | null>`${jobs.output}->>'message'`,
};

type NotificationRow = {
  jobId: string | null;
  sentAt: Date | null;
  sentAttempts: number | null;
  state: string | null;
  retryCount: number | null;
  startedOn: Date | null;
  startAfter: Date | null;
  error: string | null;
};

function toNotification(row: NotificationRow): EnquiryNotification | null {
  if (row.sentAt) {
    return {
      status: 'sent',
      attempts: row.sentAttempts ?? 1,
      lastError: null,
      sentAt: row.sentAt.toISOString(),
      nextAttemptAt: null,
    };
  }
  // Enquiries from before e-mails were recorded have no job.
  if (!row.jobId) return null;
  // The job's attempts: pg-boss counts retries, from the second time a job is started.
  const attempts = row.startedOn ? (row.retryCount ?? 0) + 1 : 0;
  // A job that is gone without the enquiry recording a send was given up (it never started within
  // the queue's retention): as good as failed.
  const status =
    row.state === null || row.state === 'failed' || row.state === 'cancelled' ? 'failed' : 'queued';
  return {
    status,
    attempts,
    lastError: row.error,
    sentAt: null,
    nextAttemptAt: status === 'queued' && row.startAfter ? row.startAfter.toISOString() : null,
  };
}

function toEnquiry(row: EnquiryRow, notification: NotificationRow): Enquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    type: row.type,
    status: row.status,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    notification: toNotification(notification),
  };
}

async function notificationOf(deps: Deps, id: number): Promise<NotificationRow> {
  const [row] = await deps.db
    .select(notificationColumns)
    .from(contactMessages)
    .leftJoin(jobs, notificationJob)
    .where(eq(contactMessages.id, id));
  return row!;
}

export async function getEnquiry(deps: Deps, id: number): Promise<Enquiry> {
  const [row] = await deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound(ADMIN_MESSAGES.enquiryNotFound);
  return toEnquiry(row, await notificationOf(deps, id));
}

/** Marks an enquiry new, replied or archived. */
export async function setEnquiryStatus(deps: Deps, id: number, status: EnquiryStatus): Promise<Enquiry> {
  const [row] = await deps.db
    .update(contactMessages)
    .set({ status, updatedAt: deps.clock() })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound(ADMIN_MESSAGES.enquiryNotFound);
  return toEnquiry(row, await notificationOf(deps, id));
}

export async function countNewEnquiries(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const [row] = await deps.db
    .select({ total: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'new'));
  return Number(row?.total ?? 0);
}
