import { z } from 'zod';
import { CONTACT_TYPES, DEVICE_TYPES, CHILD_AGE_MIN, CHILD_AGE_MAX, CONTACT_LIMITS } from './contact';
import { EMAIL_MESSAGES, emailAddressField } from './email.schema';

// The Zod schemas of the contact form and the workshop reservation (the server validates with
// them); the constants they use live in contact.ts, which pages can import without Zod.
const email = emailAddressField({ invalid: EMAIL_MESSAGES.invalid, tooLong: EMAIL_MESSAGES.tooLong });

/** The structured fields of a workshop reservation; the server checks them, not just the text. */
export const workshopDetailsSchema = z.object({
  parentName: z.string().trim().min(1, 'Parent name is required').max(CONTACT_LIMITS.name),
  parentEmail: email,
  parentMobile: z
    .string()
    .trim()
    .min(1, 'Mobile number is required')
    .max(CONTACT_LIMITS.phone)
    .regex(/^[+\d][\d\s()-]{6,}$/, 'Please enter a valid mobile number'),
  childName: z.string().trim().min(1, "Child's name is required").max(CONTACT_LIMITS.name),
  childAge: z.coerce
    .number()
    .int('Age must be a whole number')
    .min(CHILD_AGE_MIN, `Age must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`)
    .max(CHILD_AGE_MAX, `Age must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`),
  deviceType: z.enum(DEVICE_TYPES, 'Please choose Laptop or Desktop'),
});
export type WorkshopDetails = z.infer<typeof workshopDetailsSchema>;

export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(CONTACT_LIMITS.name, 'Name is too long'),
  email,
  subject: z.string().trim().max(CONTACT_LIMITS.subject, 'Subject is too long').optional().default(''),
  message: z.string().trim().min(1, 'Message is required').max(CONTACT_LIMITS.message, 'Message is too long'),
  type: z.enum(CONTACT_TYPES, 'Please choose a service type'),
  /**
   * The structured fields of a workshop reservation, checked when given. Without them a
   * reservation is still accepted (the specification sends only the five fields, the details written
   * into message).
   */
  details: workshopDetailsSchema.optional(),
  /** The challenge from GET /api/contact/challenge; required for every type but workshop_reservation. */
  challenge: z.string().max(200).optional(),
  /** The sum of the challenge's two numbers. */
  answer: z
    .union([
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,4}$/, 'answer must be a whole number'),
    ])
    .transform(Number)
    .optional(),
  /** Spam trap: a field people never see. Anything in it marks the message as from a bot. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactChallengeSchema = z.object({
  /** Send this back unchanged as challenge, with the sum as answer. */
  challenge: z.string(),
  /** The two numbers to add, each from 1 to 10. */
  a: z.number().int(),
  b: z.number().int(),
  /** After this the challenge is refused; it also works only once. */
  expiresAt: z.string(),
});
export type ContactChallenge = z.infer<typeof contactChallengeSchema>;
