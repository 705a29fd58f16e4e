import { z } from 'zod';
import { EMAIL_MAX_LENGTH, MAILBOX_PATTERN } from './email';

// The e-mail address field of every operation that takes one (contact, workshop, newsletter,
// sign-in, reset, new admin): the same trimming, length and mailbox rule everywhere; only the
// words of the messages differ from form to form.

export const EMAIL_MESSAGES = {
  required: 'Email address is required',
  tooLong: 'Email address is too long',
  invalid: 'Please enter a valid email address',
} as const;

export function emailAddressField(options: {
  invalid: string;
  /** Without it, an empty address fails as an invalid one. */
  required?: string;
  /** Without it, Zod's own words. */
  tooLong?: string;
  /** Sign-in addresses are compared in lower case. */
  lowerCase?: boolean;
}) {
  let field = z.string().trim();
  if (options.lowerCase) field = field.toLowerCase();
  if (options.required) field = field.min(1, options.required);
  return field.max(EMAIL_MAX_LENGTH, options.tooLong).regex(MAILBOX_PATTERN, options.invalid);
}
