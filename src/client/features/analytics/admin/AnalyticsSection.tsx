import { keepPreviousData } from '@tanstack/react-query';
import { Download, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  ANALYTICS_PERIODS,
  CONVERSION_KINDS,
  DEFAULT_ANALYTICS_PERIOD,
  NO_VISIT,
  type AnalyticsDimension,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type AnalyticsPeriodInput,
  type ConversionDimension,
  type ConversionKind,
} from '../../../../shared/analytics.schema';
import { countryName } from '../../../../shared/analytics';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, serverMessage } from '../../../lib/api';
import { isThisBrowserLeftOut, leaveThisBrowserOut } from '../page-view';
import { trpc } from '../../../lib/trpc';
import { AdminSection, adminStyles, tableStyles } from '../../../components/admin';
import { ChartTable } from './ChartTable';
import { INTERVAL_NAMES, type Interval } from './chart-labels';
import { FigureTable, type FigureRow } from './FigureTable';
import { TabbedCard } from './TabbedCard';
import * as styles from './Analytics.css';

// The chart library comes with this chunk only when the section is opened.
const VisitorsChart = lazy(() => import('./VisitorsChart'));

const PERIOD_NAMES: Record<AnalyticsPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '12mo': 'Last 12 months',
  custom: 'Custom',
};
const PAGE_SIZE = 10;
const number = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A conversion rate (a fraction) as a percentage; a dash without visitors. */
const rateText = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** What the whole dashboard is narrowed to: one value of one table, clicked in it. */
interface Filter {
  by: AnalyticsDimension;
  value: string;
}
const DIMENSION_NAMES: Record<AnalyticsDimension, string> = {
  page: 'Page',
  source: 'Source',
  campaign: 'Campaign',
  country: 'Country',
  device: 'Device',
  browser: 'Browser',
};
const valueName = (by: AnalyticsDimension, value: string) => (by === 'country' ? countryName(value) : value);

function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new this period';
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : ''}${pct}% on the period before (${number.format(before)})`;
}

/** A rate against the period before's, in percentage points. */
function rateChangeText(now: number | null, before: number | null): string {
  if (before === null) return now === null ? 'no visitors yet' : 'new this period';
  if (now === null) return `no visitors this period (${rateText(before)} before)`;
  const points = Math.round((now - before) * 1000) / 10;
  if (points === 0) return `no change (${rateText(before)})`;
  return `${points > 0 ? '+' : ''}${points} points on the period before (${rateText(before)})`;
}

/** The period and filter as the REST routes take them. */
function exportQuery(period: AnalyticsPeriodInput, filter: Filter | null): string {
  const q = new URLSearchParams({ period: period.period });
  if (period.period === 'custom') {
    if (period.from) q.set('from', period.from);
    if (period.to) q.set('to', period.to);
  }
  if (filter) {
    q.set('filterBy', filter.by);
    q.set('filterValue', filter.value);
  }
  return q.toString();
}

/** Downloads every table, as a ZIP of CSV files, with the session, under the server's file name. */
async function downloadAll(query: string): Promise<void> {
  const res = await apiRequest('GET', `/api/admin/analytics/export?${query}`);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'analytics.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One export instead of a button a table: every table of the period (and filter) in one ZIP. */
function ExportButton({ query }: { query: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      data-testid="analytics-export"
      onClick={() => {
        setBusy(true);
        downloadAll(query)
          .catch((error: unknown) =>
            toast({
              title: 'Download failed',
              description: serverMessage(error) ?? 'Please try again.',
              variant: 'destructive',
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download size={16} aria-hidden="true" /> Download every table (ZIP of CSV)
    </Button>
  );
}

type Input = AnalyticsPeriodInput & { filterBy?: AnalyticsDimension; filterValue?: string };
const SOURCE_KINDS: Record<string, string> = {
  direct: 'Direct',
  search: 'Search engine',
  social: 'Social network',
  newsletter: 'Newsletter',
  referral: 'Referring site',
  campaign: 'Campaign',
};
const DIMENSION_TABLES: Record<AnalyticsDimension, { label: string; noun: string; empty: string }> = {
  page: { label: 'Pages', noun: 'pages', empty: 'No page views in this period.' },
  source: { label: 'Sources', noun: 'sources', empty: 'No visits in this period.' },
  campaign: { label: 'Campaigns', noun: 'campaigns', empty: 'No campaign links were followed.' },
  country: { label: 'Countries', noun: 'countries', empty: 'No visits in this period.' },
  device: { label: 'Devices', noun: 'devices', empty: 'No visits in this period.' },
  browser: { label: 'Browsers', noun: 'browsers', empty: 'No visits in this period.' },
};

/** A dimension's values, most visitors first, a page at a time, each a filter for the dashboard. */
function DimensionTable({
  dimension,
  input,
  visitors,
  onFilter,
}: {
  dimension: AnalyticsDimension;
  input: Input;
  visitors: number;
  onFilter: (filter: Filter) => void;
}) {
  const [page, setPage] = useState(1);
  const meta = DIMENSION_TABLES[dimension];
  const query = trpc.analytics.breakdown.useQuery(
    { ...input, dimension, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const rows = query.data?.items.map((r): FigureRow => ({
    key: r.value,
    value: r.value,
    name: valueName(dimension, r.value),
    note: r.kind && SOURCE_KINDS[r.kind] !== r.value ? SOURCE_KINDS[r.kind] : undefined,
    share: visitors ? r.visitors / visitors : 0,
    cells: [number.format(r.visitors), number.format(r.pageViews)],
  }));
  return (
    <FigureTable
      caption={`${meta.label}, most visitors first`}
      columns={[DIMENSION_NAMES[dimension], 'Visitors', 'Views']}
      rows={rows}
      loading={query.isFetching}
      failed={query.isError}
      emptyText={meta.empty}
      onChoose={(row) => onFilter({ by: dimension, value: row.value })}
      paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, noun: meta.noun, onPage: setPage }}
      testId={`analytics-${meta.noun}`}
    />
  );
}

/** A conversion of each kind, one and many. */
const KIND_NAMES: Record<ConversionKind, readonly [string, string]> = {
  newsletter_signup: ['signup', 'signups'],
  enquiry: ['enquiry', 'enquiries'],
  workshop_reservation: ['reservation', 'reservations'],
  checkout: ['checkout', 'checkouts'],
};

function ConversionsTable({
  by,
  input,
  conversions,
  onFilter,
}: {
  by: ConversionDimension;
  input: Input;
  conversions: number;
  onFilter: (filter: Filter) => void;
}) {
  const [page, setPage] = useState(1);
  const query = trpc.analytics.conversions.useQuery(
    { ...input, by, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const rows = query.data?.items.map((r): FigureRow => ({
    key: r.value,
    value: r.value,
    name: r.value,
    note:
      r.value === NO_VISIT
        ? 'no counted visit before'
        : CONVERSION_KINDS.filter((k) => r[k] > 0)
            .map((k) => `${number.format(r[k])} ${KIND_NAMES[k][r[k] === 1 ? 0 : 1]}`)
            .join(', '),
    share: conversions ? r.total / conversions : 0,
    cells: [
      number.format(r.total),
      r.visitors === null ? '—' : number.format(r.visitors),
      rateText(r.conversionRate),
    ],
    choosable: r.value !== NO_VISIT,
  }));
  return (
    <FigureTable
      caption={`Conversions by ${by}, most first`}
      columns={[by === 'source' ? 'Source' : 'Page', 'Conversions', 'Visitors', 'Rate']}
      rows={rows}
      loading={query.isFetching}
      failed={query.isError}
      emptyText="No conversions in this period."
      onChoose={(row) => onFilter({ by, value: row.value })}
      paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, noun: 'rows', onPage: setPage }}
      testId={`analytics-conversions-by-${by}`}
    />
  );
}

function Figures({ overview }: { overview: AnalyticsOverview }) {
  const conversions = Object.values(overview.conversions).reduce((a, b) => a + b, 0);
  const previousConversions = Object.values(overview.previousConversions).reduce((a, b) => a + b, 0);
  const convertible = overview.filter?.conversionsFiltered ?? true;
  const notFiltered = `not by ${overview.filter ? DIMENSION_NAMES[overview.filter.by].toLowerCase() : ''}: recorded by source and page only`;
  const items = [
    {
      label: 'Visitors',
      now: overview.totals.visitors,
      before: overview.previousTotals.visitors,
      id: 'visitors',
    },
    {
      label: 'Page views',
      now: overview.totals.pageViews,
      before: overview.previousTotals.pageViews,
      id: 'page-views',
    },
  ];
  return (
    <div className={styles.figures}>
      {items.map((f) => (
        <div key={f.id} className={styles.figure} data-testid={`analytics-${f.id}`}>
          <span className={styles.figureLabel}>{f.label}</span>
          <span className={styles.figureValue}>{number.format(f.now)}</span>
          <span className={styles.change}>{changeText(f.now, f.before)}</span>
        </div>
      ))}
      <div className={styles.figure} data-testid="analytics-conversions">
        <span className={styles.figureLabel}>Conversions</span>
        <span className={styles.figureValue}>{convertible ? number.format(conversions) : '—'}</span>
        <span className={styles.change}>
          {convertible ? changeText(conversions, previousConversions) : notFiltered}
        </span>
        {convertible && overview.conversionsWithoutVisit > 0 ? (
          <span className={styles.change}>
            {number.format(overview.conversionsWithoutVisit)} with no visit before
          </span>
        ) : null}
      </div>
      <div className={styles.figure} data-testid="analytics-conversion-rate">
        <span className={styles.figureLabel}>Conversion rate</span>
        <span className={styles.figureValue}>{rateText(overview.conversionRate)}</span>
        <span className={styles.change}>
          {convertible
            ? rateChangeText(overview.conversionRate, overview.previousConversionRate)
            : notFiltered}
        </span>
      </div>
    </div>
  );
}

/**
 * The owner's own visits: never counted while signed in (the server sees the session), and, by
 * their choice, not from this browser when signed out either (a flag the pages read).
 */
function OwnVisits() {
  const id = useId();
  const [leftOut, setLeftOut] = useState(isThisBrowserLeftOut);
  return (
    <div className={styles.ownVisits} data-testid="analytics-own-visits">
      <p className={tableStyles.lead}>
        Your own visits are not counted while you are signed in. To leave this browser out when you are signed
        out too, tick the box: it is remembered in this browser only (no cookie), so tick it in each browser
        you use.
      </p>
      <label className={adminStyles.checkRow} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className={adminStyles.checkbox}
          checked={leftOut}
          onChange={(e) => {
            try {
              leaveThisBrowserOut(e.target.checked);
              setLeftOut(e.target.checked);
            } catch {
              toast({
                title: 'Could not change this setting',
                description: 'This browser does not let the site remember it.',
                variant: 'destructive',
              });
            }
          }}
        />
        Don&apos;t count my visits from this browser
      </label>
    </div>
  );
}

/** The count of the last 30 minutes; no green dot until it is known. */
function Live() {
  const live = trpc.analytics.live.useQuery(undefined, { refetchInterval: 30_000 });
  if (!live.data)
    return (
      <span
        className={`${styles.live} ${styles.liveUnknown}`}
        data-testid="analytics-live"
        aria-live="polite"
      >
        {live.isError ? 'Live visitors could not be counted' : 'Counting live visitors…'}
      </span>
    );
  return (
    <span className={styles.live} data-testid="analytics-live" aria-live="polite">
      <span className={styles.liveDot} aria-hidden="true" />
      <span data-volatile="number">{number.format(live.data.visitors)}</span> in the last 30 minutes
    </span>
  );
}

/** The filter in force, what it covers, and the way back to every visitor. */
function FilterBar({
  filter,
  overview,
  onClear,
}: {
  filter: Filter;
  overview: AnalyticsOverview | undefined;
  onClear: () => void;
}) {
  const covered = overview?.filter;
  const partly = covered && covered.coveredFrom !== overview.period.from;
  const box = useRef<HTMLDivElement>(null);
  // The row chosen is gone with the tables it was in: the keyboard goes on from the filter.
  useEffect(() => box.current?.focus(), [filter]);
  return (
    <div ref={box} tabIndex={-1} className={styles.filterBar} data-testid="analytics-filter" role="status">
      <span>
        Only visitors where <strong>{DIMENSION_NAMES[filter.by]}</strong> is{' '}
        <strong>{valueName(filter.by, filter.value)}</strong>
        {partly ? (
          covered.coveredFrom ? (
            <>
              {' '}
              (from{' '}
              <span data-volatile="day">{dayMonth.format(new Date(`${covered.coveredFrom}T00:00:00Z`))}</span>
              : each view is kept 30 days, older days as totals only)
            </>
          ) : (
            ' (none in this period: each view is kept 30 days, older days as totals only)'
          )
        ) : (
          ''
        )}
      </span>
      <Button size="sm" variant="ghost" onClick={onClear} data-testid="analytics-filter-clear">
        <X size={16} aria-hidden="true" /> Remove filter
      </Button>
    </div>
  );
}

/** The intervals a period can be charted by (hours for a week at most, months past a month). */
function intervalsFor(overview: AnalyticsOverview, period: AnalyticsPeriodInput): Interval[] {
  const days = (Date.parse(overview.period.to) - Date.parse(overview.period.from)) / 86_400_000 + 1;
  const hours = period.period === 'today' || period.period === '7d';
  return [
    ...(hours ? (['hour'] as const) : []),
    ...(days > 1 ? (['day'] as const) : []),
    ...(days > 31 ? (['month'] as const) : []),
  ];
}

function ChartCard({
  overview,
  period,
  interval,
  onInterval,
}: {
  overview: AnalyticsOverview | undefined;
  period: AnalyticsPeriodInput;
  interval: Interval | undefined;
  onInterval: (interval: Interval) => void;
}) {
  const ids = useId();
  const [compare, setCompare] = useState(false);
  const shown = overview?.interval ?? interval ?? 'day';
  const choices = overview ? intervalsFor(overview, period) : [];
  return (
    <section className={styles.chart} aria-labelledby={`${ids}-title`}>
      <div className={styles.chartHead}>
        <h3 id={`${ids}-title`} className={styles.cardTitle}>
          Visitors and page views
        </h3>
        <div className={styles.chartOptions}>
          {choices.length > 1 ? (
            <label className={tableStyles.field} htmlFor={`${ids}-interval`}>
              <span className="visually-hidden">Chart step</span>
              <select
                id={`${ids}-interval`}
                className={tableStyles.control}
                value={shown}
                onChange={(e) => onInterval(e.target.value as Interval)}
              >
                {choices.map((i) => (
                  <option key={i} value={i}>
                    {INTERVAL_NAMES[i]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className={adminStyles.checkRow} htmlFor={`${ids}-compare`}>
            <input
              id={`${ids}-compare`}
              type="checkbox"
              className={adminStyles.checkbox}
              checked={compare}
              onChange={(e) => setCompare(e.target.checked)}
            />
            Compare with the period before
          </label>
        </div>
      </div>
      {overview?.points ? (
        <>
          <Suspense fallback={<Skeleton height="16rem" />}>
            <VisitorsChart
              points={overview.points}
              previousPoints={overview.previousPoints ?? []}
              interval={shown}
              compare={compare}
            />
          </Suspense>
          <ChartTable
            points={overview.points}
            previousPoints={overview.previousPoints ?? []}
            interval={shown}
            compare={compare}
          />
        </>
      ) : (
        <Skeleton height="16rem" />
      )}
    </section>
  );
}

/** Who reads the site: visitors, pages, sources, countries, devices and conversions, without cookies. */
export function AnalyticsSection() {
  const ids = useId();
  const [period, setPeriodState] = useState<AnalyticsPeriodInput>({ period: DEFAULT_ANALYTICS_PERIOD });
  const [interval, setChartInterval] = useState<Interval | undefined>();
  const [filter, setFilter] = useState<Filter | null>(null);
  const setPeriod = (change: (p: AnalyticsPeriodInput) => AnalyticsPeriodInput) => {
    setPeriodState(change);
    // Each period has its own step (hours for Today, months for a year) until another is chosen.
    setChartInterval(undefined);
  };
  const custom = period.period === 'custom';
  const ready = !custom || Boolean(period.from && period.to && period.from <= period.to);
  const input: Input = { ...period, ...(filter ? { filterBy: filter.by, filterValue: filter.value } : {}) };
  const overview = trpc.analytics.overview.useQuery(
    { ...input, ...(interval ? { interval } : {}) },
    { placeholderData: keepPreviousData, enabled: ready },
  );
  const query = exportQuery(period, filter);
  const visitors = overview.data?.totals.visitors ?? 0;
  const conversions = overview.data ? Object.values(overview.data.conversions).reduce((a, b) => a + b, 0) : 0;
  const convertible = overview.data?.filter?.conversionsFiltered ?? true;
  const dimension = (d: AnalyticsDimension) => ({
    id: d,
    label: DIMENSION_TABLES[d].label,
    render: () => (
      <DimensionTable
        key={`${d}-${query}`}
        dimension={d}
        input={input}
        visitors={visitors}
        onFilter={setFilter}
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
          onFilter={setFilter}
        />
      ) : (
        <p className={styles.note}>
          Conversions are recorded with their source and page only, so they cannot be narrowed to one{' '}
          {filter ? DIMENSION_NAMES[filter.by].toLowerCase() : 'value'}.
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
        {filter ? (
          <FilterBar filter={filter} overview={overview.data} onClear={() => setFilter(null)} />
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
            <TabbedCard title="Pages" testId="analytics-pages-card" tabs={[dimension('page')]} />
            <TabbedCard title="Countries" testId="analytics-countries-card" tabs={[dimension('country')]} />
            <TabbedCard
              title="Browsers and devices"
              testId="analytics-devices-card"
              tabs={[dimension('browser'), dimension('device')]}
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
