import { EMAIL_MAX_LENGTH } from './email';

// The contact form and the academy's workshop reservation share POST /api/contact.
export const SERVICE_TYPES = [
  'advertising',
  'website',
  'newsletter-building',
  'editorial',
  'podcast',
  'partnership',
  'other',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const WORKSHOP_RESERVATION_TYPE = 'workshop_reservation';
export const CONTACT_TYPES = [...SERVICE_TYPES, WORKSHOP_RESERVATION_TYPE] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** What each type is called wherever people read it: the contact form, the admin's inbox, e-mails. */
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  advertising: 'Advertising',
  website: 'Free website',
  'newsletter-building': 'Newsletter building',
  editorial: 'Sponsored editorial',
  podcast: 'Podcast',
  partnership: 'Partnership',
  other: 'Other',
  workshop_reservation: 'Workshop reservation',
};

export const DEVICE_TYPES = ['Laptop', 'Desktop'] as const;
export const CHILD_AGE_MIN = 10;
export const CHILD_AGE_MAX = 16;

export const CONTACT_LIMITS = {
  name: 120,
  email: EMAIL_MAX_LENGTH,
  subject: 200,
  message: 5000,
  phone: 30,
} as const;

/**
 * The math question of the contact form, checked by the server: a signed, expiring,
 * single-use challenge from GET /api/contact/challenge, answered with the sum of its two numbers.
 * Enquiries need one; the academy's workshop reservation does not (the specification gives it no captcha: docs/specification.md §5).
 */
export const CHALLENGE_LIFETIME_MINUTES = 60;
export const CHALLENGE_MESSAGES = {
  /** the specification's words, for a wrong sum. */
  wrong: 'Verification Failed - Please solve the math problem correctly.',
  missing:
    'Please answer the math question: get one from GET /api/contact/challenge, then send its challenge with your answer.',
  invalid: 'This math question is not one of ours. Please get a new one from GET /api/contact/challenge.',
  expired: 'This math question has expired. Please solve the new one and send again.',
  used: 'This math question has already been answered. Please solve the new one and send again.',
} as const;

// Imported, then exported: no-cycle skips type imports but not `export type ... from` (the same erased edge).
import type { ContactInput, WorkshopDetails } from './contact.schema';
export type { ContactInput, WorkshopDetails };
