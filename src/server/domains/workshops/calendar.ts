// The .ics calendar file attached to a workshop confirmation (RFC 5545): one event with UTC times,
// so every calendar places it right whatever its own time zone; CRLF line ends, long lines folded
// at 75 octets, text values escaped.

export interface CalendarEvent {
  /** Stable for the reservation, so a second copy (a promotion from the waiting list) updates the first. */
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** 20261127T160000Z */
function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 3.1: lines of at most 75 octets, continued on lines that start with a space; never inside a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line may hold 75 octets; a continuation's leading space is one of its 75.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

export function calendarInvitation(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
