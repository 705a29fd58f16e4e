import { z } from 'zod';

// The fields every paged list's input shares (GET /api/blog, /api/podcasts, the content lists and
// the admin's lists), each with the one wording of its messages.

/** Far past any real list; keeps the offset a small number. */
const PAGE_MAX = 100_000;

/** '' from an empty REST query parameter or an empty select means 'no filter'. */
export const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Which page of the list; 1 is the first. */
export const pageField = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(PAGE_MAX)
  .default(1);

/** How many items a page carries: `name` is the parameter ('limit', 'pageSize'), `fallback` its default. */
export function pageSizeField(name: string, max: number, fallback: number) {
  return z.coerce
    .number()
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
}

/** A filter that may be left out, or left empty. */
export function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankAsUndefined, schema.optional());
}

/** `q`: the words searched for, ignoring case. */
export function searchField(max: number) {
  return optionalFilter(z.string().trim().max(max, `q must be at most ${max} characters`));
}
