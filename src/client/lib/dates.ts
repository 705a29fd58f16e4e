// Every date the site shows, in one place and on Intl (no date library). All in the business's
// time zone, so the server's rendering and the browser's hydration always agree on the day.

const TIME_ZONE = 'Europe/London';

// Made on first use: the first Intl.DateTimeFormat a page makes costs about 10 ms (ICU's set-up;
// 40-60 ms on Lighthouse's phone), and a page that shows no date must not pay it while its code
// loads (decision 0022). Written out here and in src/shared/workshop.ts rather than shared: a
// module of its own became a 300-byte chunk of its own.
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
