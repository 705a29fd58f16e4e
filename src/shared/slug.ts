import { z } from 'zod';

// One address word for every record with a public address: blog posts, tags, newsletter issues and
// authors.

/** The longest address word. */
export const SLUG_MAX = 120;

/**
 * The address word of a post, a tag or a newsletter issue: lower case letters, digits and single
 * hyphens, accents folded and apostrophes dropped ('Café & Cake Day!' -> 'cafe-and-cake-day',
 * "Bishop's Stortford" -> 'bishops-stortford'). Never all digits: /blog/42 is a post's id.
 */
export function slugify(text: string, max = SLUG_MAX): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019\u02bc]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return /^\d+$/.test(slug) ? `post-${slug}` : slug;
}

/** An address word as a person types it: what slugify makes, and never all digits. */
export const slugField = z
  .string()
  .trim()
  .max(SLUG_MAX, `The address must be at most ${SLUG_MAX} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The address may use lower-case letters, digits and single hyphens')
  .refine((s) => !/^\d+$/.test(s), 'The address needs a letter (a number alone is a post id)');
