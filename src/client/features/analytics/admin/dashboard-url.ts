import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsDimension,
  type AnalyticsPeriodInput,
} from '../../../../shared/analytics.schema';
import type { Filter } from './figure-text';

// The dashboard's period and filters live in the address (/admin?section=analytics&period=7d&source=Google&page=/blog),
// so a filtered dashboard can be bookmarked and shared, and Back takes the last filter off.

const isDimension = (key: string): key is AnalyticsDimension =>
  (ANALYTICS_DIMENSIONS as readonly string[]).includes(key);
const isPeriod = (name: string | null): name is AnalyticsPeriodInput['period'] =>
  (ANALYTICS_PERIODS as readonly string[]).includes(name ?? '');

/** What the address asks the dashboard for: its period, and its filters in the order they were added. */
export function dashboardOf(search: string): { period: AnalyticsPeriodInput; filters: Filter[] } {
  const params = new URLSearchParams(search);
  const name = params.get('period');
  const period: AnalyticsPeriodInput = { period: isPeriod(name) ? name : DEFAULT_ANALYTICS_PERIOD };
  if (period.period === 'custom') {
    period.from = params.get('from') ?? undefined;
    period.to = params.get('to') ?? undefined;
  }
  const filters: Filter[] = [];
  for (const [key, value] of params)
    if (isDimension(key) && value && !filters.some((f) => f.by === key)) filters.push({ by: key, value });
  return { period, filters };
}

/** The address of the dashboard with a period and filters (the section named, so a reload opens it). */
export function dashboardSearch(period: AnalyticsPeriodInput, filters: Filter[]): string {
  const params = new URLSearchParams({ section: 'analytics', period: period.period });
  if (period.period === 'custom') {
    if (period.from) params.set('from', period.from);
    if (period.to) params.set('to', period.to);
  }
  for (const f of filters) params.append(f.by, f.value);
  return params.toString();
}

/** The filters with one more: a value of a dimension already filtered replaces it (one filter a dimension). */
export function withFilter(filters: Filter[], added: Filter): Filter[] {
  return [...filters.filter((f) => f.by !== added.by), added];
}

/** The filters as the procedures take them ('source:Google'). */
export const filterParams = (filters: Filter[]) => filters.map((f) => `${f.by}:${f.value}`);
