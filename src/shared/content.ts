import { z } from 'zod';

// Entities of the marketing home page (SPEC section 3).
export const ADVERTISING_ICONS = ['Mail', 'FileText', 'Calendar', 'Users'] as const;
export type AdvertisingIcon = (typeof ADVERTISING_ICONS)[number];

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

export const newsletterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
