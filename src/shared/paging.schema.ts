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

/** The answer to a cursor this list did not give (altered, cut short, or another list's). */
export const BAD_CURSOR_MESSAGE = 'This cursor is not one this list gave: start again from the first page';

/** Longer than any key a list writes into its cursors. */
const CURSOR_MAX = 400;

function cursorField(description: string) {
  return optionalFilter(
    z
      .string()
      .max(CURSOR_MAX, `cursor must be at most ${CURSOR_MAX} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, BAD_CURSOR_MESSAGE)
      .meta({ description }),
  );
}

/**
 * A list read by position (docs/bench/2026-11-29-admin-keyset.md): `after` a row's cursor (an answer's nextCursor) or `before`
 * one (its prevCursor), so a deep page costs what the first does. `page` is then only the number the
 * answer repeats; without a cursor, `page` reads as it always has.
 */
export const cursorFields = {
  after: cursorField("The rows after this one: a page's nextCursor. Opaque; page is then only echoed."),
  before: cursorField("The rows before this one: a page's prevCursor. Opaque; page is then only echoed."),
};

/** The cursors a page read by position answers with, each only when there is a page that way. */
export const cursorPageFields = {
  nextCursor: z
    .string()
    .optional()
    .meta({ description: 'Pass as after for the next page; absent on the last.' }),
  prevCursor: z
    .string()
    .optional()
    .meta({ description: 'Pass as before for the previous page; absent on the first.' }),
};
