// Every date the site shows, in one place and on Intl (no date library). All in the business's
// time zone, so the server's rendering and the browser's hydration always agree on the day.

const TIME_ZONE = 'Europe/London';

// Made on first use: the first Intl.DateTimeFormat a page makes pays for ICU's set-up, and a page
// that shows no date must not pay it while its code loads (docs/bench/2026-11-27-first-paint.md).
// Written out here and in src/shared/uk-time.ts rather than shared: a module of its own became
// a tiny chunk of its own.
function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

// The blog date of docs/specification.md §2, 'MMM dd, yyyy' (Mar 05, 2026): the US month-first order.
const postDate = lazyDateFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const day = lazyDateFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const dayAndTime = lazyDateFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

/** 'Mar 05, 2026', or '' for a post with no date. */
export function formatPostDate(iso: string | null): string {
  return iso ? postDate().format(new Date(iso)) : '';
}

/** '5 Mar 2026'. */
export function formatDate(iso: string): string {
  return day().format(new Date(iso));
}

/** '5 Mar 2026, 14:05'. */
export function formatDateTime(iso: string): string {
  return dayAndTime().format(new Date(iso));
}
