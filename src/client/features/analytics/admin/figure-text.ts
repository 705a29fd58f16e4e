import type { AnalyticsDimension, AnalyticsPeriodInput } from '../../../../shared/analytics.schema';
import { countryName } from '../../../../shared/analytics';

// The dashboard's words and numbers, and what its parts are narrowed by.

/** Rows a table shows at a time. */
export const PAGE_SIZE = 10;
export const number = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
export const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A conversion rate (a fraction) as a percentage; a dash without visitors. */
export const rateText = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** What the whole dashboard is narrowed to: one value of a table, clicked in it (one filter of several). */
export interface Filter {
  by: AnalyticsDimension;
  value: string;
}
export const DIMENSION_NAMES: Record<AnalyticsDimension, string> = {
  page: 'Page',
  source: 'Source',
  campaign: 'Campaign',
  country: 'Country',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  entry: 'Entry page',
  exit: 'Exit page',
};
export const valueName = (by: AnalyticsDimension, value: string) =>
  by === 'country' ? countryName(value) : value;

export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new this period';
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : ''}${pct}% on the period before (${number.format(before)})`;
}

/** A rate against the period before's, in percentage points. */
export function rateChangeText(now: number | null, before: number | null): string {
  if (before === null) return now === null ? 'no visitors yet' : 'new this period';
  if (now === null) return `no visitors this period (${rateText(before)} before)`;
  const points = Math.round((now - before) * 1000) / 10;
  if (points === 0) return `no change (${rateText(before)})`;
  return `${points > 0 ? '+' : ''}${points} points on the period before (${rateText(before)})`;
}

/** What the procedures are asked: the period, and the filter in force. */
export type Input = AnalyticsPeriodInput & { filters?: string[] };
