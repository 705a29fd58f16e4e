import type { AnalyticsOverview, AnalyticsPoint } from '../../../../shared/analytics.schema';

// The chart's steps in UK style, in UTC as the server counts its days and hours: '14:00', '28 Nov',
// 'Nov 2026' on the axis, and in full ('Sat 28 Nov, 14:00') in the tooltip and the table.

export type Interval = NonNullable<AnalyticsOverview['interval']>;

/** The moment a point starts: an hour ('2026-11-28T14:00:00.000Z'), a day ('2026-11-28') or a month ('2026-11'). */
export function startOf(start: string): Date {
  if (start.length === 7) return new Date(`${start}-01T00:00:00Z`);
  if (start.length === 10) return new Date(`${start}T00:00:00Z`);
  return new Date(start);
}

const short: Record<Interval, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
const full: Record<Interval, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
  day: new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A step on the axis: '14:00', '28 Nov', 'Nov 2026'. */
export const axisLabel = (at: Date, interval: Interval): string => short[interval].format(at);
/** A step in full: 'Sat, 28 Nov, 14:00', 'Sat, 28 Nov 2026', 'November 2026'. */
export const fullLabel = (at: Date, interval: Interval): string => full[interval].format(at);

export const INTERVAL_NAMES: Record<Interval, string> = { hour: 'By hour', day: 'By day', month: 'By month' };

export const STEP_NAMES: Record<Interval, string> = { hour: 'Hour', day: 'Day', month: 'Month' };

/** What the chart and its table both draw: the points, the period before's, the step, and whether to compare. */
export interface ChartProps {
  points: AnalyticsPoint[];
  previousPoints: AnalyticsPoint[];
  interval: Interval;
  compare: boolean;
}
