import { z } from 'zod';
import { EMAIL_MESSAGES, emailAddressField } from './email.schema';

// Who may do what in the admin: the one table of the staff's roles and their permissions (decision
// 0028). Every admin operation names the permission it needs (server: staffProcedure(permission)
// and admitStaff for plain routes); the admin screens ask the same table what to show. A rule is
// written here and nowhere else.

/** The roles, from the most powerful down. */
export const STAFF_ROLES = ['owner', 'administrator', 'editor', 'sales', 'author', 'contributor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an administrator may give (and take back); the owner gives administrator too. */
export const ROLES_AN_ADMINISTRATOR_GIVES: readonly StaffRole[] = [
  'editor',
  'sales',
  'author',
  'contributor',
];

export const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  sales: 'Sales',
  author: 'Author',
  contributor: 'Contributor',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including making and removing administrators and handing the business over.',
  administrator: 'Everything but the owner’s own powers: staff, settings, subscribers, the activity log.',
  editor: 'Every post, tag and page of content; schedules; sends newsletters; reads the visitor figures.',
  sales: 'Advertisers’ enquiries, workshop bookings and academy customers; reads the visitor figures.',
  author: 'Writes, publishes and schedules their own posts.',
  contributor: 'Writes their own drafts; an editor publishes them.',
};

const EVERYONE = STAFF_ROLES;
const ADMINISTRATORS: readonly StaffRole[] = ['owner', 'administrator'];
const EDITORS: readonly StaffRole[] = ['owner', 'administrator', 'editor'];
const WRITERS: readonly StaffRole[] = ['owner', 'administrator', 'editor', 'author', 'contributor'];

/**
 * Each permission: the roles that hold it and what it allows, in words (the OpenAPI document and the
 * staff screen print them).
 */
export const PERMISSIONS = {
  signedIn: { roles: EVERYONE, allows: 'their own account: who they are, their profile, signing out' },
  writePosts: {
    roles: WRITERS,
    allows: 'their own draft posts: write, edit, delete, upload images, see tags',
  },
  publishOwnPosts: {
    roles: ['owner', 'administrator', 'editor', 'author'],
    allows: 'publishing and scheduling their own posts',
  },
  editAllPosts: {
    roles: EDITORS,
    allows: 'every post and tag: edit, publish, schedule, delete, rename, merge',
  },
  editSiteContent: {
    roles: EDITORS,
    allows: 'the site’s content: services, publications, testimonials, partners, podcasts',
  },
  sendNewsletters: {
    roles: EDITORS,
    allows: 'newsletter issues: compose, preview, test, schedule and send; audience counts',
  },
  readFigures: {
    roles: ['owner', 'administrator', 'editor', 'sales'],
    allows: 'the visitor figures and the dashboard’s counts',
  },
  handleEnquiries: { roles: ['owner', 'administrator', 'sales'], allows: 'enquiries from the contact form' },
  manageWorkshops: {
    roles: ['owner', 'administrator', 'sales'],
    allows: 'workshop sessions and reservations (parents’ and children’s details)',
  },
  manageAcademyCustomers: {
    roles: ['owner', 'administrator', 'sales'],
    allows: 'academy subscriptions (parents’ details)',
  },
  manageSubscribers: {
    roles: ADMINISTRATORS,
    allows: 'newsletter subscribers’ addresses: list, export, erase',
  },
  manageSettings: { roles: ADMINISTRATORS, allows: 'the business details, background jobs' },
  readActivity: { roles: ADMINISTRATORS, allows: 'the activity log' },
  manageStaff: {
    roles: ADMINISTRATORS,
    allows: 'staff below administrator: add, change role, remove',
  },
  manageAdministrators: {
    roles: ['owner'],
    allows: 'administrators: add, change, remove; handing ownership over',
  },
} as const satisfies Record<string, { roles: readonly StaffRole[]; allows: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role holds a permission. */
export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly StaffRole[]).includes(role);
}

/** Whether someone with role `giver` may give, change or take back `role` (never the owner's). */
export function mayGive(giver: StaffRole, role: StaffRole): boolean {
  if (role === 'owner') return false;
  if (role === 'administrator') return can(giver, 'manageAdministrators');
  return can(giver, 'manageStaff') && ROLES_AN_ADMINISTRATOR_GIVES.includes(role);
}

/** The roles holding a permission, by name ("Owner, Administrator, Editor"). */
export function rolesThatCan(permission: Permission): string {
  return PERMISSIONS[permission].roles.map((r) => ROLE_NAMES[r]).join(', ');
}

/**
 * Whether a role is at most as powerful as another: an API token may carry a narrower role than
 * its maker's, never a wider one. Narrower means every permission of `narrow` is held by `wide`.
 */
export function isWithin(narrow: StaffRole, wide: StaffRole): boolean {
  return (Object.keys(PERMISSIONS) as Permission[]).every((p) => !can(narrow, p) || can(wide, p));
}

export const staffRoleSchema = z.enum(STAFF_ROLES).meta({
  description:
    'What the person may do: owner, administrator, editor, sales, author or contributor (see each ' +
    'operation\'s "Who may call it").',
  example: 'editor',
});

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_DAYS = 7;
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const STAFF_MESSAGES = {
  invitationSent: 'The invitation is on its way: the link works for 7 days, once.',
  invitationRevoked: 'The invitation is revoked: its link no longer works.',
  invitationInvalid: 'This invitation link has expired, been used or been revoked. Ask for a new one.',
  invitationNotPending: 'Only an invitation that is still open can be revoked.',
  alreadyStaff: 'That address already belongs to someone on the staff.',
  /** To a caller whose role lacks the permission (the admin shows them no such button). */
  roleRefused: 'Your role does not allow this. Ask an administrator if you need it.',
  roleChanged: 'Their role has changed; it applies at once.',
  ownershipHandedOver: 'They own the business now; you are an administrator.',
  roleNotYours: 'Your role cannot give that role.',
  ownerStays: 'The owner cannot be changed or removed: the owner hands ownership over first.',
  tokenWiderThanRole: 'A token cannot carry a role wider than your own.',
} as const;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
  /** The name of who sent it (kept after they leave). */
  invitedBy: z.string(),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteInputSchema = z.object({
  email: emailAddressField({ invalid: EMAIL_MESSAGES.invalid, lowerCase: true }),
  role: staffRoleSchema,
});

/** What the invited person sees before accepting: who invited them, as what, at which address. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  invitedBy: z.string(),
});

export const invitationTokenInputSchema = z.object({ token: z.string().trim().min(1).max(200) });
