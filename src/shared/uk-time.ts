// UK local time (Europe/London, with British Summer Time): the business's clock. Times are typed and
// shown as UK wall-clock dates and times and stored as instants; these convert between the two, on
// Intl alone (no date library), the same on the server and in the browser.

export const UK_TIME_ZONE = 'Europe/London';

// Made on first use: the first Intl.DateTimeFormat a page makes pays for ICU's set-up, and a page
// that shows no date must not pay it while its code loads (docs/bench/2026-11-27-first-paint.md).
// Written out here and in src/client/lib/dates.ts rather than shared: a module of its own became
// a tiny chunk of its own.
function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

const wallClock = lazyDateFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of wallClock().formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts;
}

/** How far UK time is ahead of UTC at that instant, in ms (0 in winter, an hour in summer). */
function ukOffsetMs(instant: Date): number {
  const p = partsOf(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of a UK wall-clock date ('2026-11-27') and time ('16:00'). */
export function ukDateTime(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the first guess may sit on the other side of a clock change from the answer.
  const first = asUtc - ukOffsetMs(new Date(asUtc));
  return new Date(asUtc - ukOffsetMs(new Date(first)));
}

/** The UK wall-clock date ('2026-11-27') and time ('16:00') of an instant. */
export function ukWallClock(instant: Date): { date: string; time: string } {
  const p = partsOf(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${two(p.month!)}-${two(p.day!)}`, time: `${two(p.hour!)}:${two(p.minute!)}` };
}

const dayLabel = lazyDateFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'Friday 27 November 2026' (en-GB puts a comma after the weekday; the business writes none). */
export function ukDateLabel(instant: Date): string {
  return dayLabel()
    .formatToParts(instant)
    .map((p) => (p.type === 'literal' ? p.value.replace(',', '') : p.value))
    .join('');
}
