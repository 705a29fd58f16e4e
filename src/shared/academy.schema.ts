import { z } from 'zod';

// The plan is checked by the server against the catalogue (not by the schema), so an unknown plan
// gets the same clear message over REST and tRPC alike.
export const createSubscriptionInputSchema = z.object({
  plan: z
    .string('Please choose a plan: explorer, innovator or entrepreneur')
    .max(60, 'Unknown plan')
    .meta({ description: 'explorer, innovator or entrepreneur', example: 'innovator' }),
});

export const createSubscriptionOutputSchema = z.object({
  /** The hosted payment page to send the customer to (SPEC calls it clientSecret). */
  clientSecret: z.string(),
  message: z.string(),
});
export type CreateSubscriptionOutput = z.infer<typeof createSubscriptionOutputSchema>;
