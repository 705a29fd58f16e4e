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

// The date on /blog's cards is 'MMM dd, yyyy' (Mar 05, 2026), month first, a format the site's
// brief fixes for them. The cards alone keep it; every other date, in the admin and on the public
// pages, is the UK style below.
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
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});
const dayAndTimeToTheSecond = lazyDateFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

/** The blog cards' 'Mar 05, 2026', or '' for a post with no date. Nowhere else. */
export function formatPostDate(iso: string | null): string {
  return iso ? postDate().format(new Date(iso)) : '';
}

/** '5 Mar 2026': a day, in lists and on the public pages. */
export function formatDate(iso: string): string {
  return day().format(new Date(iso));
}

/**
 * '5 Mar 2026, 14:05' (UK time, 24-hour), or with `seconds` '5 Mar 2026, 14:05:32', where two
 * within the same minute must be told apart (a post's revisions).
 */
export function formatDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return (seconds ? dayAndTimeToTheSecond : dayAndTime)().format(new Date(iso));
}
