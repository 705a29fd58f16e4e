import { z } from 'zod';
import { EMAIL_MESSAGES, emailAddressField } from './email.schema';

/** The signup of the specification: an address and the newsletter, which the site fixes to 'general'. */
export const subscribeInputSchema = z.object({
  email: emailAddressField(EMAIL_MESSAGES),
  newsletter: z.enum(['general'], "newsletter must be 'general'").default('general'),
});
