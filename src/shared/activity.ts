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

export interface ActivityEntry {
  id: number;
  at: string;
  kind: ActivityKind;
  actor: string;
  action: string;
  summary: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}
