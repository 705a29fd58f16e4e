import { z } from 'zod';
import { EMAIL_MESSAGES, emailAddressField } from './email.schema';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin';
import { cursorPageOf, pageOf } from './admin.schema';
import { ISSUE_LIMITS, ISSUE_MESSAGES, ISSUE_STATUSES, RECIPIENT_STATUSES } from './newsletter-issues';
import { cursorFields, optionalFilter, pageField, pageSizeField } from './paging.schema';
import { patchOf } from './patch.schema';

/** The signup of the specification: an address and the newsletter, which the site fixes to 'general'. */
export const subscribeInputSchema = z.object({
  email: emailAddressField(EMAIL_MESSAGES),
  newsletter: z.enum(['general'], "newsletter must be 'general'").default('general'),
});

// --- Newsletter issues (admin) -------------------------------------------------------------------

const issuePageFields = {
  page: pageField,
  pageSize: pageSizeField('pageSize', ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT),
};

export const issueStatusSchema = z.enum(ISSUE_STATUSES);
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);

/** What the admin writes: subject, preview line and the body from the rich editor. */
export const issueFieldsSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, ISSUE_MESSAGES.subjectRequired)
    .max(ISSUE_LIMITS.subject, `subject must be at most ${ISSUE_LIMITS.subject} characters`),
  preheader: z
    .string()
    .trim()
    .max(ISSUE_LIMITS.preheader, `preheader must be at most ${ISSUE_LIMITS.preheader} characters`)
    .default(''),
  bodyHtml: z
    .string()
    .min(1, ISSUE_MESSAGES.bodyRequired)
    .max(ISSUE_LIMITS.body, `bodyHtml must be at most ${ISSUE_LIMITS.body} characters`),
});
export type IssueFields = z.input<typeof issueFieldsSchema>;

export const issueIdInputSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const issueUpdateInputSchema = patchOf(issueFieldsSchema).extend(issueIdInputSchema.shape);
export const issueFromPostInputSchema = z.object({
  postId: z.coerce.number().int().positive().max(2_147_483_647),
  /** E-mail only: a post in any state (a draft stays off the blog); the issue carries no link to it. */
  emailOnly: z
    .boolean()
    .optional()
    .describe(
      'E-mail only: any post, a draft included (it stays off the blog); the issue carries the post but no link to it. Default false.',
    ),
  /** A post scheduled to go out is accepted too: the issue links to it and cannot go before it. */
  acceptScheduled: z
    .boolean()
    .optional()
    .describe(
      'Accept a scheduled post too (publish and e-mail later): the issue links to it, and cannot be sent or scheduled before the post goes out. Default false.',
    ),
});

/** The send's figures. remaining = total - sent - failed - bounced - skipped (queued or sending now). */
export const issueFiguresSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  skipped: z.number().int(),
  remaining: z.number().int(),
});
export type IssueFigures = z.infer<typeof issueFiguresSchema>;

export const issueSummarySchema = issueFiguresSchema.extend({
  id: z.number().int(),
  subject: z.string(),
  status: issueStatusSchema,
  /** The public archive's address part, /newsletter/<slug>; set when the send starts. */
  slug: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IssueSummary = z.infer<typeof issueSummarySchema>;

export const issueSchema = issueSummarySchema.extend({
  preheader: z.string(),
  bodyHtml: z.string(),
  /** The post it was made from, if any. */
  postId: z.number().int().nullable(),
  /** Confirmed subscribers who are not bouncing: who a send started now would reach. */
  audience: z.number().int(),
});
export type Issue = z.infer<typeof issueSchema>;

/** An issue made from a post, or the post's issue not yet sent, which is answered instead of a copy. */
export const issueFromPostSchema = issueSchema.extend({
  created: z.boolean().meta({
    description: "true when this call made the draft; false when it is the post's existing unsent issue",
  }),
});
export type IssueFromPost = z.infer<typeof issueFromPostSchema>;

export const issueListInputSchema = z.object({
  ...issuePageFields,
  status: optionalFilter(issueStatusSchema),
});
export const issuePageSchema = pageOf(issueSummarySchema);

/** A preview of fields not yet saved: the whole e-mail as mail programs get it. */
export const issuePreviewSchema = z.object({ html: z.string(), text: z.string(), subject: z.string() });

export const issueTestSendInputSchema = issueFieldsSchema.extend({
  to: emailAddressField(EMAIL_MESSAGES).meta({ example: 'editor@example.co.uk' }),
});

export const audienceSchema = z.object({ recipients: z.number().int() });

/** A UK wall-clock time: the server converts it (Europe/London, summer time included). */
export const issueScheduleInputSchema = issueIdInputSchema.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
    .meta({ description: 'The UK date', example: '2026-12-03' }),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:mm')
    .meta({ description: 'UK local time, 24-hour', example: '09:30' }),
});

export const issueProgressSchema = issueFiguresSchema.extend({
  id: z.number().int(),
  status: issueStatusSchema,
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** From the configured rate and what remains; null when nothing is being sent. */
  estimatedFinishAt: z.string().nullable(),
  /** The configured pace, messages per minute. */
  ratePerMinute: z.number().int(),
});
export type IssueProgress = z.infer<typeof issueProgressSchema>;

export const recipientListInputSchema = issueIdInputSchema.extend({
  ...issuePageFields,
  ...cursorFields,
  status: optionalFilter(recipientStatusSchema),
});
export const recipientSchema = z.object({
  id: z.number().int(),
  /** Empty when the subscriber has since been erased. */
  email: z.string(),
  status: recipientStatusSchema,
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  /** The mail server's reply for failed and bounced copies. */
  error: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientPageSchema = cursorPageOf(recipientSchema);

export const retryFailedSchema = z.object({ retried: z.number().int() });

// --- The public archive --------------------------------------------------------------------------

export const archiveInputSchema = z.object({
  page: pageField,
  pageSize: pageSizeField('pageSize', 50, 12),
});
export const archiveItemSchema = z.object({
  slug: z.string(),
  subject: z.string(),
  preheader: z.string(),
  sentAt: z.string(),
});
export const archivePageSchema = pageOf(archiveItemSchema);
export const archiveIssueInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,120}$/, 'This is not a newsletter address')
    .meta({ example: 'spring-in-hertford-12' }),
});
/** An issue's web version: the body as sent (sanitised HTML), without the e-mail's frame. */
export const archiveIssueSchema = archiveItemSchema.extend({ html: z.string() });
export type ArchiveIssue = z.infer<typeof archiveIssueSchema>;
