import { z } from 'zod';
import type { BusinessDetails } from './business';
import { EMAIL_MESSAGES, emailAddressField } from './email.schema';

// The business details the owner edits (GET /api/business, PUT /api/admin/business): the same
// schema checks the admin's form, the server's input and what is read back from the database.

export const BUSINESS_LIMITS = {
  phone: 40,
  streetAddress: 120,
  town: 80,
  county: 80,
  postcode: 12,
  officeHours: 160,
} as const;

const required = (max: number) =>
  z.string().trim().min(1, 'This field is required').max(max, `At most ${max} characters`);

export const businessDetailsSchema = z.object({
  email: emailAddressField({ required: EMAIL_MESSAGES.required, invalid: EMAIL_MESSAGES.invalid }),
  phone: required(BUSINESS_LIMITS.phone).regex(
    /^\+?[\d ()-]{6,}$/,
    'Please enter a phone number of digits, spaces and brackets, like 01992 123 456',
  ),
  streetAddress: z.string().trim().max(BUSINESS_LIMITS.streetAddress),
  town: required(BUSINESS_LIMITS.town),
  county: required(BUSINESS_LIMITS.county),
  postcode: z.string().trim().max(BUSINESS_LIMITS.postcode),
  officeHours: required(BUSINESS_LIMITS.officeHours),
  academyEmail: emailAddressField({ required: EMAIL_MESSAGES.required, invalid: EMAIL_MESSAGES.invalid }),
}) satisfies z.ZodType<BusinessDetails>;
