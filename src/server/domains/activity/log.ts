import { and, count, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { activityLog } from './tables';
import type { ActivityEntry, ActivityKind, ActivityNote, AdminChange } from '../../../shared/activity';
import { CURSOR_KEY, keysetOf, type CursorPage, type CursorRequest } from '../../platform/paging';
import type { StaffRole } from '../../../shared/staff';

// The activity log: every admin change (recorded once, by the middleware every admin mutation
// runs through, web/trpc/init.ts, which the composition root hands recordAdminChange) and every
// sign-in, success or failure. What a change was is said in words, with a short before/after of the fields an edit changed when the service that made
// it says so (an ActivityNote), otherwise the input with secrets hidden and long text cut short.

/** How long entries are kept. */
export const ACTIVITY_KEPT_DAYS = 365;
/** The longest text kept of one value: enough to recognise it, never a whole post. */
const VALUE_MAX = 160;
/** Keys never written to the log, whatever the operation. */
const SECRET_KEY = /pass(word)?|token|secret|signature|hash|authorization|cookie|key$/i;

export type { ActivityNote, AdminChange };

export interface ActivityRecord {
  kind: ActivityKind;
  at: Date;
  user: { id: number; name: string; email: string; role?: StaffRole } | null;
  /** Who, when there is no user: the address a failed sign-in tried. */
  actor?: string;
  action: string;
  summary: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

/** A value as the log keeps it: text cut to VALUE_MAX, HTML tags dropped, nested values shortened. */
export function shortValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    const plain = /<[a-z/!][^>]*>/i.test(value) ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ') : value;
    return plain.length > VALUE_MAX ? `${plain.slice(0, VALUE_MAX - 1)}…` : plain;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, 12).map((item) => shortValue(item, depth + 1));
    return value.length > 12 ? [...items, `… and ${value.length - 12} more`] : items;
  }
  if (value && typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if (depth > 2) return '…';
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '[hidden]' : shortValue(item, depth + 1),
      ]),
    );
  }
  return value;
}

/** The fields whose value differs between two versions of a record, each as a short { from, to }. */
export function changesBetween<T extends object>(
  before: T,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as Array<keyof T & string>) {
    if (SECRET_KEY.test(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changes[key] = { from: shortValue(before[key]), to: shortValue(after[key]) };
  }
  return changes;
}

/** 'Ada Admin <ada@example.co.uk>': the admin as the log names them, even after they are removed. */
export function actorOf(user: { name: string; email: string }): string {
  return `${user.name} <${user.email}>`;
}

export async function recordActivity(db: Database, record: ActivityRecord): Promise<void> {
  await db.insert(activityLog).values({
    at: record.at,
    kind: record.kind,
    userId: record.user?.id ?? null,
    actor: record.user ? actorOf(record.user) : (record.actor ?? 'unknown'),
    role: record.user?.role ?? null,
    action: record.action,
    summary: record.summary,
    target: record.target ?? null,
    details: record.details ?? null,
    ip: record.ip ?? null,
  });
}

/**
 * Records an admin change: the service's note when it wrote one, else what the input was done to
 * (its id) and the input itself, secrets hidden and long text cut short.
 */
export async function recordAdminChange(db: Database, change: AdminChange): Promise<void> {
  const { note, input } = change;
  const id = (input as { id?: unknown } | undefined)?.id;
  await recordActivity(db, {
    kind: note.kind ?? 'change',
    at: change.at,
    user: change.user,
    action: change.action,
    summary: change.summary,
    target: note.target ?? (id === undefined ? null : `id ${String(id)}`),
    details: note.changes
      ? { changes: note.changes }
      : input && typeof input === 'object'
        ? { input: shortValue(input) }
        : null,
    ip: change.ip,
  });
}

/** The log's order, newest first (activity_log_at_idx, and activity_log_kind_idx for one kind). */
const activityOrder = keysetOf([activityLog.at, activityLog.id]);

/** The log for the admin, newest first, whole, one kind or one person's. */
export async function listActivity(
  db: Database,
  input: CursorRequest & { kind?: ActivityKind | undefined; userId?: number | undefined },
): Promise<CursorPage<ActivityEntry>> {
  const where = and(
    input.kind ? eq(activityLog.kind, input.kind) : undefined,
    input.userId !== undefined ? eq(activityLog.userId, input.userId) : undefined,
  );
  const read = activityOrder.read(input);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: activityLog, [CURSOR_KEY]: read.key })
      .from(activityLog)
      .where(and(where, read.where))
      .orderBy(...read.orderBy)
      .limit(read.limit)
      .offset(read.offset),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  const { rows: page, ...cursors } = read.pageOf(rows);
  return {
    ...cursors,
    items: page.map(({ row }) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind as ActivityKind,
      actor: row.actor,
      userId: row.userId,
      role: row.role,
      action: row.action,
      summary: row.summary,
      target: row.target,
      details: row.details,
      ip: row.ip,
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/**
 * Deletes the entries older than a year; answers how many went. Called at start and once a day
 * (main.ts).
 */
export async function pruneActivityLog(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ACTIVITY_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(activityLog)
    .where(lt(activityLog.at, cutoff))
    .returning({ id: activityLog.id });
  return deleted.length;
}

/** How many entries of a kind there are for an action (the tests' and the dashboard's count). */
export async function countActivity(db: Database, kind: ActivityKind, action?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activityLog)
    .where(and(eq(activityLog.kind, kind), action ? eq(activityLog.action, action) : undefined));
  return row?.n ?? 0;
}
