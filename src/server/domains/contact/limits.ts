/**
 * Each sends e-mails: an enquiry, and a workshop reservation (made through one), which counts
 * against the same limit.
 */
export const CONTACT_RATE_LIMIT = { name: 'contact', max: 10, windowMs: 10 * 60_000 } as const;
