
// The contact form and the academy's workshop reservation share POST /api/contact (SPEC section 7).
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

export const DEVICE_TYPES = ['Laptop', 'Desktop'] as const;
export const CHILD_AGE_MIN = 10;
export const CHILD_AGE_MAX = 16;

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  subject: 200,
  message: 5000,
  phone: 30,
} as const;

/** The simple e-mail pattern of SPEC section 5: text, at sign, text, dot, text. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type { ContactInput, WorkshopDetails } from './contact.schema';
