import type { AnalyticsFilteredPeriodInput, AnalyticsPeriod } from '../../../shared/analytics.schema';
import { PERIOD_DAYS } from '../../../shared/analytics.schema';
import { badRequest } from '../../platform/errors';
import { addDays } from './figures';
import type { Filter, Filters } from './filtered';
import { monthOf } from './rollup';
import { dayOf } from './visitor';

// The periods the owner's figures are read over: a named one ending today (UTC) or a custom one,
// each against the period of the same length before it, and the filters asked with them.

export interface Period {
  from: string;
  to: string;
}

/** The days of a named period ending today, or a custom one; and the period of the same length before it. */
export function resolvePeriod(
  name: AnalyticsPeriod,
  now: Date,
  custom?: { from?: string; to?: string },
): { current: Period; previous: Period } {
  const today = dayOf(now);
  let current: Period;
  if (name === 'custom') {
    if (!custom?.from || !custom.to) throw badRequest('A custom period needs from and to (YYYY-MM-DD).');
    if (custom.from > custom.to) throw badRequest('The period must start on or before its last day.');
    if (daysBetween(custom.from, custom.to) > 800)
      throw badRequest('A period can be at most two years long.');
    current = { from: custom.from, to: custom.to };
  } else {
    const length = PERIOD_DAYS[name];
    current = { from: addDays(today, 1 - length), to: today };
  }
  const length = daysBetween(current.from, current.to) + 1;
  return { current, previous: { from: addDays(current.from, -length), to: addDays(current.from, -1) } };
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The first day of the month after the one `month` starts. */
export function nextMonth(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return dayOf(d);
}

/** The first and last of the calendar months wholly inside a period, or null when none is. */
export function wholeMonths(period: Period): { first: string; last: string } | null {
  const first = period.from.endsWith('-01') ? period.from : nextMonth(monthOf(period.from));
  const afterTo = addDays(period.to, 1);
  const last = afterTo.endsWith('-01') ? monthOf(period.to) : monthOf(addDays(monthOf(period.to), -1));
  return first <= last ? { first, last } : null;
}

/**
 * The periods and the filters an owner's read asks for (a procedure's input, an export's query); a
 * bad period, half a filter or two of one dimension is a 400.
 */
export function askedPeriods(
  input: AnalyticsFilteredPeriodInput,
  now: Date,
): { current: Period; previous: Period; filters?: Filters } {
  const { current, previous } = resolvePeriod(input.period, now, { from: input.from, to: input.to });
  const filters = filtersOf(input);
  return { current, previous, ...(filters.length ? { filters } : {}) };
}

/** The filters asked for: filterBy with filterValue (both parts or neither), and each of `filters`, one a dimension. */
function filtersOf(input: AnalyticsFilteredPeriodInput): Filter[] {
  const filters: Filter[] = [];
  if (input.filterBy !== undefined || input.filterValue !== undefined) {
    if (input.filterBy === undefined || input.filterValue === undefined)
      throw badRequest('filterBy and filterValue go together: give both, or neither.');
    filters.push({ by: input.filterBy, value: input.filterValue });
  }
  for (const parameter of input.filters ?? []) {
    const colon = parameter.indexOf(':');
    const by = parameter.slice(0, colon) as Filter['by'];
    const value = parameter.slice(colon + 1);
    if (filters.some((f) => f.by === by)) throw badRequest(`One filter a dimension: ${by} is given twice.`);
    filters.push({ by, value });
  }
  return filters;
}
