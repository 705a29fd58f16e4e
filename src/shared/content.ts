import { z } from 'zod';
import { pageInputSchema, pageOf } from './admin.schema';
import { pageField, pageSizeField } from './paging.schema';

// Entities of the marketing home page, as visitors read them and as the admin
// edits them. The admin's forms and the server validate with the same schemas.
export const ADVERTISING_ICONS = ['Mail', 'FileText', 'Calendar', 'Users'] as const;
export type AdvertisingIcon = (typeof ADVERTISING_ICONS)[number];

/** The longest of each field the admin's forms and the /api/admin/... calls accept. */
export const CONTENT_LIMITS = {
  title: 120,
  name: 120,
  description: 1000,
  feature: 200,
  features: 12,
  location: 160,
  quote: 1000,
  url: 500,
} as const;

/** Items of GET /api/advertising-services, /newsletters and /testimonials when no limit is given. */
export const CONTENT_LIST_LIMIT_DEFAULT = 24;
/** The most items one answer of those lists carries. */
export const CONTENT_LIST_LIMIT_MAX = 50;
/** Partner logos on the home page (the specification: eight organisations). */
export const PARTNERS_SHOWN = 8;

export const CONTENT_MESSAGES = {
  required: 'This field is required',
  badLocalPath: 'The image must be one uploaded to this site',
  badWebUrl: 'Please enter a full web address starting with https://',
  tooManyFeatures: `At most ${CONTENT_LIMITS.features} features`,
} as const;

// --- What visitors read ------------------------------------------------------------------------

export const advertisingServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** Mail, FileText, Calendar or Users; the client falls back to Mail for anything else. */
  icon: z.string(),
  isPopular: z.boolean(),
});
export type AdvertisingService = z.infer<typeof advertisingServiceSchema>;

export const publicationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  /** The newsletter platform's subscribe page; null: the home page's own signup form (#newsletter-signup). */
  subscribeUrl: z.string().nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const partnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  /** The organisation's website, or null for a logo without a link. */
  linkUrl: z.string().nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** GET /api/advertising-services, /newsletters, /testimonials: one page, as GET /api/blog pages. */
export const contentListInputSchema = z.object({
  page: pageField,
  limit: pageSizeField('limit', CONTENT_LIST_LIMIT_MAX, CONTENT_LIST_LIMIT_DEFAULT),
});
export type ContentListInput = z.infer<typeof contentListInputSchema>;

// --- What the admin edits ------------------------------------------------------------------------

const text = (max: number) => z.string().trim().min(1, CONTENT_MESSAGES.required).max(max);
/** A path on this site (an upload, or a file in public/): never another host. */
const sitePath = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.url)
  .refine((v) => /^\/(?!\/)[\w\-./]+$/.test(v), CONTENT_MESSAGES.badLocalPath);
/** A web address visitors are sent to: http(s) only, so no javascript: link reaches a page. */
export const webUrlField = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.url)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, CONTENT_MESSAGES.badWebUrl);
/** '' or null from a form clears the field. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optional = <T extends z.ZodType>(field: T) => z.preprocess(blankAsNull, field.nullable());

/** What every admin item has besides its fields: shown or hidden, and where it is in the list. */
const listed = { visible: z.boolean(), position: z.number().int() };

export const serviceFieldsSchema = z.object({
  title: text(CONTENT_LIMITS.title),
  description: text(CONTENT_LIMITS.description),
  features: z
    .array(z.string().trim().min(1, CONTENT_MESSAGES.required).max(CONTENT_LIMITS.feature))
    .max(CONTENT_LIMITS.features, CONTENT_MESSAGES.tooManyFeatures),
  icon: z.enum(ADVERTISING_ICONS, 'icon must be Mail, FileText, Calendar or Users'),
  isPopular: z.boolean(),
  visible: z.boolean().optional(),
});
export type ServiceFields = z.infer<typeof serviceFieldsSchema>;
export const adminServiceSchema = advertisingServiceSchema.extend(listed);
export type AdminService = z.infer<typeof adminServiceSchema>;

export const publicationFieldsSchema = z.object({
  name: text(CONTENT_LIMITS.name),
  description: text(CONTENT_LIMITS.description),
  location: text(CONTENT_LIMITS.location),
  subscribeUrl: optional(webUrlField).optional(),
  visible: z.boolean().optional(),
});
export type PublicationFields = z.infer<typeof publicationFieldsSchema>;
export const adminPublicationSchema = publicationSchema.extend(listed);
export type AdminPublication = z.infer<typeof adminPublicationSchema>;

export const testimonialFieldsSchema = z.object({
  name: text(CONTENT_LIMITS.name),
  location: z.string().trim().max(CONTENT_LIMITS.location),
  content: text(CONTENT_LIMITS.quote),
  imageUrl: optional(sitePath).optional(),
  visible: z.boolean().optional(),
});
export type TestimonialFields = z.infer<typeof testimonialFieldsSchema>;
export const adminTestimonialSchema = testimonialSchema.extend(listed);
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

export const partnerFieldsSchema = z.object({
  name: text(CONTENT_LIMITS.name),
  logoUrl: sitePath,
  linkUrl: optional(webUrlField).optional(),
  visible: z.boolean().optional(),
});
export type PartnerFields = z.infer<typeof partnerFieldsSchema>;
export const adminPartnerSchema = partnerSchema.extend(listed);
export type AdminPartner = z.infer<typeof adminPartnerSchema>;

export const contentIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Up or down one place: the accessible baseline of reordering (buttons, keyboard, a thumb). */
export const moveInputSchema = z.object({
  id: contentIdSchema,
  direction: z.enum(['up', 'down'], 'direction must be up or down'),
});
export type MoveDirection = z.infer<typeof moveInputSchema>['direction'];

/** The admin's lists: every item, hidden ones too, in display order, paged like the other admin lists. */
export const contentAdminListInputSchema = pageInputSchema;
export const adminServicePageSchema = pageOf(adminServiceSchema);
export const adminNewsletterPageSchema = pageOf(adminPublicationSchema);
export const adminTestimonialPageSchema = pageOf(adminTestimonialSchema);
export const adminPartnerPageSchema = pageOf(adminPartnerSchema);
