import type { StaffRole } from './staff';
// The activity log's kinds and their labels (no Zod here, so the admin screen imports them cheaply;
// the schemas are in admin.schema.ts).
export const ACTIVITY_KINDS = ['change', 'sign_in', 'sign_in_failed', 'sign_out'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  change: 'Change',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
};

/**
 * What a service knows about the admin change it made, for the log: what it was done to and the
 * fields it changed. The admin procedures' middleware hands one to every admin mutation
 * (ctx.activity) and records it after the change succeeded.
 */
export interface ActivityNote {
  /** 'advertising service 3: Newsletter Advertising'. */
  target?: string;
  /** Changed fields, each { from, to } (see changesBetween). */
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** A kind other than 'change' (signing out). */
  kind?: ActivityKind;
}

/** An admin change, as the admin procedures' middleware reports it to the log (the server's). */
export interface AdminChange {
  at: Date;
  user: { id: number; name: string; email: string; role: StaffRole };
  /** The procedure's path, 'blog.update'. */
  action: string;
  /** 'PATCH /api/admin/blogs/{id}: Update a post'. */
  summary: string;
  /** What the service said of it, if anything (ctx.activity). */
  note: ActivityNote;
  /** The request's input, kept (shortened) when the service said nothing of the change. */
  input: unknown;
  ip: string;
}

export interface ActivityEntry {
  id: number;
  at: string;
  kind: ActivityKind;
  actor: string;
  /** The member of staff, while they are on the staff (null after their removal, and for failed sign-ins). */
  userId: number | null;
  /** Their role when they did it. */
  role: StaffRole | null;
  action: string;
  summary: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}
