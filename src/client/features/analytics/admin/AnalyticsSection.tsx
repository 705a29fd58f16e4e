import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ANALYTICS_PERIODS,
  type AnalyticsDimension,
  type AnalyticsPeriod,
  type AnalyticsPeriodInput,
  type ConversionDimension,
} from '../../../../shared/analytics.schema';
import { Skeleton } from '../../../components/ui/Skeleton';
import { trpc } from '../../../lib/trpc';
import { AdminSection, tableStyles } from '../../../components/admin';
import type { Interval } from './chart-labels';
import { ChartCard } from './ChartCard';
import { ConversionsTable } from './ConversionsTable';
import { DIMENSION_TABLES, DimensionTable } from './DimensionTable';
import { dashboardOf, dashboardSearch, filterParams, withFilter } from './dashboard-url';
import { ExportButton, exportQuery } from './ExportButton';
import { DIMENSION_NAMES, type Filter, type Input } from './figure-text';
import { Figures } from './Figures';
import { FilterBar } from './FilterBar';
import { Live } from './Live';
import { OwnVisits } from './OwnVisits';
import { TabbedCard } from './TabbedCard';
import * as styles from './Analytics.css';

const PERIOD_NAMES: Record<AnalyticsPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '12mo': 'Last 12 months',
  custom: 'Custom',
};

/** Who reads the site: visitors, pages, sources, countries, devices and conversions, without cookies. */
export function AnalyticsSection() {
  const ids = useId();
  const [location, navigate] = useLocation();
  // The period and the filters are the address's (dashboard-url.ts): each filter added is a step
  // Back takes off; a change of period replaces the address.
  const { period, filters } = dashboardOf(useSearch());
  const go = (next: AnalyticsPeriodInput, nextFilters: Filter[], replace: boolean) =>
    navigate(`${location}?${dashboardSearch(next, nextFilters)}`, { replace });
  const [interval, setChartInterval] = useState<Interval | undefined>();
  const setPeriod = (change: (p: AnalyticsPeriodInput) => AnalyticsPeriodInput) => {
    go(change(period), filters, true);
    // Each period has its own step (hours for Today, months for a year) until another is chosen.
    setChartInterval(undefined);
  };
  const addFilter = (filter: Filter) => go(period, withFilter(filters, filter), false);
  const custom = period.period === 'custom';
  const ready = !custom || Boolean(period.from && period.to && period.from <= period.to);
  const input: Input = { ...period, ...(filters.length ? { filters: filterParams(filters) } : {}) };
  const overview = trpc.analytics.overview.useQuery(
    { ...input, ...(interval ? { interval } : {}) },
    { placeholderData: keepPreviousData, enabled: ready },
  );
  const query = exportQuery(period, filters);
  const visitors = overview.data?.totals.visitors ?? 0;
  const conversions = overview.data ? Object.values(overview.data.conversions).reduce((a, b) => a + b, 0) : 0;
  const convertible = overview.data?.filter?.conversionsFiltered ?? true;
  const unconvertible = filters.find((f) => f.by !== 'source' && f.by !== 'page');
  const dimension = (d: AnalyticsDimension) => ({
    id: d,
    label: DIMENSION_TABLES[d].label,
    render: () => (
      <DimensionTable
        key={`${d}-${query}`}
        dimension={d}
        input={input}
        visitors={visitors}
        onFilter={addFilter}
      />
    ),
  });
  const conversionTab = (by: ConversionDimension) => ({
    id: `conversions-${by}`,
    label: by === 'source' ? 'By source' : 'By page',
    render: () =>
      convertible ? (
        <ConversionsTable
          key={`${by}-${query}`}
          by={by}
          input={input}
          conversions={conversions}
          onFilter={addFilter}
        />
      ) : (
        <p className={styles.note}>
          Conversions are recorded with their source and page only, so they cannot be narrowed to one{' '}
          {unconvertible ? DIMENSION_NAMES[unconvertible.by].toLowerCase() : 'value'}.
        </p>
      ),
  });

  return (
    <div className={styles.stack}>
      <AdminSection
        title="Analytics"
        lead="Visitors are counted on this site without cookies; a visitor is recognised within a day only. Choose any row below to see only its visitors."
        testId="analytics"
        action={<Live />}
      >
        <div className={styles.controls}>
          <label className={tableStyles.field} htmlFor={`${ids}-period`}>
            <span className={tableStyles.label}>Period</span>
            <select
              id={`${ids}-period`}
              className={tableStyles.control}
              value={period.period}
              onChange={(e) =>
                setPeriod((p) => ({ ...p, period: e.target.value as AnalyticsPeriodInput['period'] }))
              }
            >
              {ANALYTICS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_NAMES[p]}
                </option>
              ))}
            </select>
          </label>
          {custom ? (
            <>
              <label className={tableStyles.field} htmlFor={`${ids}-from`}>
                <span className={tableStyles.label}>From</span>
                <input
                  id={`${ids}-from`}
                  type="date"
                  className={tableStyles.control}
                  value={period.from ?? ''}
                  onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
                />
              </label>
              <label className={tableStyles.field} htmlFor={`${ids}-to`}>
                <span className={tableStyles.label}>To</span>
                <input
                  id={`${ids}-to`}
                  type="date"
                  className={tableStyles.control}
                  value={period.to ?? ''}
                  onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
                />
              </label>
            </>
          ) : null}
          {ready ? <ExportButton query={query} /> : null}
        </div>
        {filters.length ? (
          <FilterBar
            filters={filters}
            overview={overview.data}
            onRemove={(removed) =>
              go(
                period,
                filters.filter((f) => f.by !== removed.by),
                false,
              )
            }
            onClear={() => go(period, [], false)}
          />
        ) : null}
        {overview.data ? <Figures overview={overview.data} /> : <Skeleton height="6rem" />}
        <OwnVisits />
      </AdminSection>
      {ready ? (
        <>
          <ChartCard
            overview={overview.data}
            period={period}
            interval={interval}
            onInterval={setChartInterval}
          />
          <div className={styles.tables}>
            <TabbedCard
              title="Sources"
              testId="analytics-sources-card"
              tabs={[dimension('source'), dimension('campaign')]}
            />
            <TabbedCard
              title="Pages"
              testId="analytics-pages-card"
              tabs={[dimension('page'), dimension('entry'), dimension('exit')]}
            />
            <TabbedCard title="Countries" testId="analytics-countries-card" tabs={[dimension('country')]} />
            <TabbedCard
              title="Browsers and devices"
              testId="analytics-devices-card"
              tabs={[dimension('browser'), dimension('os'), dimension('device')]}
            />
            <TabbedCard
              title="Conversions"
              testId="analytics-conversions-card"
              tabs={[conversionTab('source'), conversionTab('page')]}
            />
          </div>
        </>
      ) : (
        <p className={tableStyles.empty}>Choose the first and last day of the period.</p>
      )}
    </div>
  );
}
