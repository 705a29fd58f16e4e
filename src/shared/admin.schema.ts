import { z } from 'zod';
import { staffRoleSchema } from './staff';
import { ACTIVITY_KINDS, type ActivityEntry } from './activity';
import { PLAN_IDS } from './academy';
import { CONTACT_TYPES } from './contact';
import { RESERVATION_STATUSES } from './workshop';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX,
  ENQUIRY_STATUSES,
  SUBSCRIBER_STATUSES,
} from './admin';
import {
  cursorFields,
  cursorPageFields,
  optionalFilter,
  pageField,
  pageSizeField,
  searchField as searchFieldOf,
} from './paging.schema';

// What the admin calls (the admin.* procedures, in each domain's router.ts) accept and return. Every list is paged by the server,
// newest first; the types are imported by the admin screens with `import type`.

const pageFields = {
  page: pageField,
  pageSize: pageSizeField('pageSize', ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT),
};
const searchField = searchFieldOf(ADMIN_SEARCH_MAX);

export const pageInputSchema = z.object(pageFields);
export type PageInput = z.infer<typeof pageInputSchema>;

export const idInputSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One page of a list: the rows, and the total for the page count. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A page of a list that can also be read by position: with the cursors of the pages around it. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend(cursorPageFields);
}

// --- Enquiries -------------------------------------------------------------------------------------

export const enquiryListInputSchema = z.object({
  ...pageFields,
  ...cursorFields,
  type: optionalFilter(z.enum(CONTACT_TYPES, 'Unknown enquiry type')),
  status: optionalFilter(z.enum(ENQUIRY_STATUSES, 'status must be new, replied or archived')),
  /** Searched in name, e-mail, subject and message, ignoring case. */
  q: searchField,
});
export type EnquiryListInput = z.input<typeof enquiryListInputSchema>;

export const enquiryDetailsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * Whether the business's notification e-mail about an enquiry went: queued (waiting,
 * or being retried after a failure, with the error), sent, or failed for good. Null for enquiries
 * stored before e-mails were recorded.
 */
export const enquiryNotificationSchema = z.object({
  status: z.enum(['queued', 'sent', 'failed']),
  /** Attempts made so far. */
  attempts: z.number().int(),
  /** What the mail server (or the file outbox) said at the last failed attempt. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** When a queued e-mail is tried next. */
  nextAttemptAt: z.string().nullable(),
});
export type EnquiryNotification = z.infer<typeof enquiryNotificationSchema>;

export const enquirySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** The start of the message; the whole of it is in GET /admin/enquiries/{id}. */
  preview: z.string(),
  type: z.string(),
  status: z.string(),
  createdAt: z.string(),
  notification: enquiryNotificationSchema.nullable(),
});
export type EnquirySummary = z.infer<typeof enquirySummarySchema>;

export const enquirySchema = enquirySummarySchema.omit({ preview: true }).extend({
  message: z.string(),
  details: enquiryDetailsSchema.nullable(),
  updatedAt: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiryPageSchema = cursorPageOf(enquirySummarySchema);

export const enquiryStatusInputSchema = idInputSchema.extend({
  status: z.enum(ENQUIRY_STATUSES, 'status must be new, replied or archived'),
});

// --- Subscribers ---------------------------------------------------------------------------------

export const subscriberListInputSchema = z.object({
  ...pageFields,
  ...cursorFields,
  status: optionalFilter(z.enum(SUBSCRIBER_STATUSES, 'status must be confirmed or pending')),
  /** Part of the e-mail address, ignoring case. */
  q: searchField,
});
export type SubscriberListInput = z.input<typeof subscriberListInputSchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  newsletter: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  /** When a mail server refused the address for good: newsletters no longer go to it. */
  bouncedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberPageSchema = cursorPageOf(subscriberSchema);

// --- Academy ---------------------------------------------------------------------------------------

/** A family's reservation of the free workshop. */
export const workshopReservationSchema = z.object({
  id: z.number().int(),
  /** The session; null for interest in a date not yet set. */
  sessionId: z.number().int().nullable(),
  parentName: z.string(),
  parentEmail: z.string(),
  parentMobile: z.string().nullable(),
  childName: z.string().nullable(),
  childAge: z.number().int().nullable(),
  deviceType: z.string().nullable(),
  /** confirmed (holds a place), waiting (on the waiting list), cancelled, or interest (no date set). */
  status: z.enum(RESERVATION_STATUSES),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type WorkshopReservation = z.infer<typeof workshopReservationSchema>;

export const reservationListInputSchema = z.object({
  ...pageFields,
  ...cursorFields,
  /** One session's reservations. */
  sessionId: optionalFilter(z.coerce.number().int().positive().max(2_147_483_647)),
  status: optionalFilter(
    z.enum(RESERVATION_STATUSES, 'status must be confirmed, waiting, cancelled or interest'),
  ),
});
export type ReservationListInput = z.input<typeof reservationListInputSchema>;

export const workshopSpotsSchema = z.object({
  /** The next open session's places; 0 when no session is open. */
  spots: z.number().int(),
  /** Places its confirmed reservations hold. */
  taken: z.number().int(),
  left: z.number().int(),
});
export type WorkshopSpots = z.infer<typeof workshopSpotsSchema>;

export const reservationPageSchema = cursorPageOf(workshopReservationSchema).extend({
  workshop: workshopSpotsSchema,
});

export const academySubscriptionListInputSchema = z.object({
  ...pageFields,
  ...cursorFields,
  plan: optionalFilter(z.enum([...PLAN_IDS, 'unknown'], 'Unknown plan')),
  /** Stripe's subscription status: active, trialing, past_due, canceled, incomplete... */
  status: optionalFilter(z.string().trim().max(40)),
});
export type AcademySubscriptionListInput = z.input<typeof academySubscriptionListInputSchema>;

export const academySubscriptionSchema = z.object({
  id: z.number().int(),
  customerEmail: z.string().nullable(),
  /** Who the plan is for, as the parent gave it on Stripe's checkout page. */
  parentPhone: z.string().nullable(),
  childFirstName: z.string().nullable(),
  childAge: z.number().int().nullable(),
  plan: z.string(),
  planName: z.string(),
  status: z.string(),
  /** The end of the month paid for: the next renewal, or the last day when it ends at period end. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The latest payment failed and none has succeeded since: the parent has been e-mailed a link. */
  paymentOverdue: z.boolean(),
  lastPaymentFailedAt: z.string().nullable(),
  lastPaidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AcademySubscription = z.infer<typeof academySubscriptionSchema>;
export const academySubscriptionPageSchema = cursorPageOf(academySubscriptionSchema);

// --- Admin users ---------------------------------------------------------------------------------

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

// --- Dashboard -----------------------------------------------------------------------------------

export const adminSummarySchema = z.object({
  newEnquiries: z.number().int(),
  workshop: workshopSpotsSchema,
  confirmedSubscribers: z.number().int(),
  activeSubscriptions: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const adminMessageSchema = z.object({ message: z.string() });

// --- Activity log --------------------------------------------------------------------------------

export const activityListInputSchema = z.object({
  ...pageFields,
  ...cursorFields,
  kind: optionalFilter(z.enum(ACTIVITY_KINDS, 'kind must be change, sign_in, sign_in_failed or sign_out')),
  /** One person's entries (their id in GET /admin/users). */
  userId: optionalFilter(z.coerce.number().int().positive().max(2_147_483_647)),
});
export type ActivityListInput = z.input<typeof activityListInputSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** 'Name <e-mail>' of the admin, or the address a failed sign-in tried. */
  actor: z.string(),
  /** The member of staff while they are on the staff; null after their removal and for failed sign-ins. */
  userId: z.number().int().nullable(),
  /** Their role when they did it; null for failed sign-ins and entries from before roles. */
  role: staffRoleSchema.nullable(),
  /** The operation, e.g. 'siteContent.services.update' or 'auth.login'. */
  action: z.string(),
  summary: z.string(),
  target: z.string().nullable(),
  /** A short before/after ({ field: { from, to } }) or the input, secrets hidden, long text cut. */
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
}) satisfies z.ZodType<ActivityEntry>;
export const activityPageSchema = cursorPageOf(activityEntrySchema);
