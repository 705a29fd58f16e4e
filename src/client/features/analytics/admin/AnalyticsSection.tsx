import { keepPreviousData } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import type {
  AnalyticsBreakdown,
  AnalyticsConversions,
  AnalyticsOverview,
  AnalyticsPeriodInput,
} from '../../../../shared/analytics.schema';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, serverMessage } from '../../../lib/api';
import { isThisBrowserLeftOut, leaveThisBrowserOut } from '../page-view';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  AdminSection,
  adminStyles,
  tableStyles,
  type AdminListColumn,
} from '../../../components/admin';
import * as styles from './Analytics.css';

// The chart library comes with this chunk only when the section is opened.
const VisitorsChart = lazy(() => import('./VisitorsChart'));

const PERIODS: Array<{ value: AnalyticsPeriodInput['period']; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '12mo', label: 'Last 12 months' },
  { value: 'custom', label: 'Custom' },
];
const PAGE_SIZE = 10;
const number = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
/** A conversion rate (a fraction) as a percentage; a dash without visitors. */
const rateText = (rate: number | null) => (rate === null ? '—' : percent.format(rate));
/** Conversions no counted visit preceded: their source and page (the server's NO_VISIT). */
const NO_VISIT = 'No visit';
const regions =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en-GB'], { type: 'region' }) : null;
const countryName = (code: string) => {
  try {
    return (code.length === 2 && regions?.of(code)) || code;
  } catch {
    return code;
  }
};

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

function periodQuery(period: AnalyticsPeriodInput): string {
  const q = new URLSearchParams({ period: period.period });
  if (period.period === 'custom') {
    if (period.from) q.set('from', period.from);
    if (period.to) q.set('to', period.to);
  }
  return q.toString();
}

/** Downloads one table as CSV with the session, under the server's file name. */
async function downloadCsv(table: string, period: AnalyticsPeriodInput): Promise<void> {
  const res = await apiRequest('GET', `/api/admin/analytics/csv/${table}?${periodQuery(period)}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `${table}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function CsvButton({ table, period, label }: { table: string; period: AnalyticsPeriodInput; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      aria-label={`Download ${label} as CSV`}
      onClick={() => {
        setBusy(true);
        downloadCsv(table, period)
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
      <Download size={16} aria-hidden="true" /> CSV
    </Button>
  );
}

type Dimension = 'page' | 'source' | 'campaign' | 'country' | 'device' | 'browser';
const DIMENSION_TABLES: Record<Dimension, { title: string; column: string; table: string; empty: string }> = {
  page: { title: 'Top pages', column: 'Page', table: 'pages', empty: 'No page views in this period.' },
  source: { title: 'Sources', column: 'Source', table: 'sources', empty: 'No visits in this period.' },
  campaign: {
    title: 'Campaigns',
    column: 'Campaign (utm_campaign)',
    table: 'campaigns',
    empty: 'No campaign links were followed.',
  },
  country: { title: 'Countries', column: 'Country', table: 'countries', empty: 'No visits in this period.' },
  device: { title: 'Devices', column: 'Device', table: 'devices', empty: 'No visits in this period.' },
  browser: { title: 'Browsers', column: 'Browser', table: 'browsers', empty: 'No visits in this period.' },
};
const SOURCE_KINDS: Record<string, string> = {
  direct: 'Direct',
  search: 'Search engine',
  social: 'Social network',
  newsletter: 'Newsletter',
  referral: 'Referring site',
  campaign: 'Campaign',
};

function BreakdownTable({ dimension, period }: { dimension: Dimension; period: AnalyticsPeriodInput }) {
  const [page, setPage] = useState(1);
  const meta = DIMENSION_TABLES[dimension];
  const query = trpc.analytics.breakdown.useQuery(
    { ...period, dimension, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  type Row = AnalyticsBreakdown['items'][number];
  const columns: Array<AdminListColumn<Row>> = [
    {
      label: meta.column,
      primary: true,
      render: (r) => (
        <span className={tableStyles.strong}>
          {dimension === 'country' ? countryName(r.value) : r.value}
          {r.kind && SOURCE_KINDS[r.kind] !== r.value ? (
            <span className={tableStyles.muted}> · {SOURCE_KINDS[r.kind]}</span>
          ) : null}
        </span>
      ),
    },
    { label: 'Visitors', nowrap: true, render: (r) => number.format(r.visitors) },
    { label: 'Page views', nowrap: true, render: (r) => number.format(r.pageViews) },
  ];
  return (
    <AdminSection
      title={meta.title}
      lead={`Most visitors first, ${PAGE_SIZE} a page.`}
      testId={`analytics-${meta.table}`}
      action={<CsvButton table={meta.table} period={period} label={meta.title.toLowerCase()} />}
    >
      <AdminList
        caption={`${meta.title}, most visitors first`}
        noun={meta.table}
        query={query}
        columns={columns}
        rowKey={(r) => r.value}
        rowTestId={`analytics-${meta.table}-row`}
        onPage={setPage}
        emptyText={meta.empty}
        errorText="Could not load these figures. Please try again."
      />
    </AdminSection>
  );
}

const KIND_COLUMNS = [
  ['newsletter_signup', 'Signups'],
  ['enquiry', 'Enquiries'],
  ['workshop_reservation', 'Reservations'],
  ['checkout', 'Checkouts'],
] as const;

function ConversionsTable({ by, period }: { by: 'source' | 'page'; period: AnalyticsPeriodInput }) {
  const [page, setPage] = useState(1);
  const query = trpc.analytics.conversions.useQuery(
    { ...period, by, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  type Row = AnalyticsConversions['items'][number];
  const title = by === 'source' ? 'Conversions by source' : 'Conversions by page';
  const columns: Array<AdminListColumn<Row>> = [
    {
      label: by === 'source' ? 'Source' : 'Page',
      primary: true,
      render: (r) => (
        <span className={tableStyles.strong}>
          {r.value}
          {r.value === NO_VISIT ? (
            <span className={tableStyles.muted}> · no counted visit before</span>
          ) : null}
        </span>
      ),
    },
    ...KIND_COLUMNS.map(([key, label]) => ({
      label,
      nowrap: true,
      render: (r: Row) => number.format(r[key]),
    })),
    { label: 'Total', nowrap: true, render: (r) => number.format(r.total) },
    {
      label: 'Visitors',
      nowrap: true,
      render: (r) => (r.visitors === null ? '—' : number.format(r.visitors)),
    },
    { label: 'Rate', nowrap: true, render: (r) => rateText(r.conversionRate) },
  ];
  return (
    <AdminSection
      title={title}
      lead={`Signups, enquiries, reservations and checkouts, credited to the visit; the rate is per visitor. ${NO_VISIT}: none before it (through the API, say).`}
      testId={`analytics-conversions-by-${by}`}
      action={<CsvButton table={`conversions-by-${by}`} period={period} label={title.toLowerCase()} />}
    >
      <AdminList
        caption={title}
        noun="rows"
        query={query}
        columns={columns}
        rowKey={(r) => r.value}
        onPage={setPage}
        emptyText="No conversions in this period."
        errorText="Could not load these figures. Please try again."
      />
    </AdminSection>
  );
}

function Figures({ overview }: { overview: AnalyticsOverview }) {
  const conversions = Object.values(overview.conversions).reduce((a, b) => a + b, 0);
  const previousConversions = Object.values(overview.previousConversions).reduce((a, b) => a + b, 0);
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
    { label: 'Conversions', now: conversions, before: previousConversions, id: 'conversions' },
  ];
  return (
    <div className={styles.figures}>
      {items.map((f) => (
        <div key={f.id} className={styles.figure} data-testid={`analytics-${f.id}`}>
          <span className={styles.figureLabel}>{f.label}</span>
          <span className={styles.figureValue}>{number.format(f.now)}</span>
          <span className={styles.change}>{changeText(f.now, f.before)}</span>
          {f.id === 'conversions' && overview.conversionsWithoutVisit > 0 ? (
            <span className={styles.change}>
              {number.format(overview.conversionsWithoutVisit)} with no visit before
            </span>
          ) : null}
        </div>
      ))}
      <div className={styles.figure} data-testid="analytics-conversion-rate">
        <span className={styles.figureLabel}>Conversion rate</span>
        <span className={styles.figureValue}>{rateText(overview.conversionRate)}</span>
        <span className={styles.change}>
          {rateChangeText(overview.conversionRate, overview.previousConversionRate)}
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

/** Who reads the site: visitors, pages, sources, countries, devices and conversions, without cookies. */
export function AnalyticsSection() {
  const ids = useId();
  const [period, setPeriod] = useState<AnalyticsPeriodInput>({ period: '7d' });
  const custom = period.period === 'custom';
  const ready = !custom || Boolean(period.from && period.to && period.from <= period.to);
  const overview = trpc.analytics.overview.useQuery(period, {
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const live = trpc.analytics.live.useQuery(undefined, { refetchInterval: 30_000 });

  return (
    <div className={styles.stack}>
      <AdminSection
        title="Analytics"
        lead="Visitors are counted on this site without cookies; a visitor is recognised within a day only."
        testId="analytics"
        action={
          <span className={styles.live} data-testid="analytics-live" aria-live="polite">
            <span className={styles.liveDot} aria-hidden="true" />
            {live.data ? `${number.format(live.data.visitors)} in the last 30 minutes` : 'Live visitors…'}
          </span>
        }
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
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
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
          <CsvButton table="daily" period={period} label="visitors per day" />
        </div>
        {overview.data ? <Figures overview={overview.data} /> : <Skeleton height="6rem" />}
        <OwnVisits />
      </AdminSection>
      <div className={styles.chart}>
        {overview.data ? (
          <Suspense fallback={<Skeleton height="16rem" />}>
            <VisitorsChart overview={overview.data} />
          </Suspense>
        ) : (
          <Skeleton height="16rem" />
        )}
      </div>
      {ready ? (
        <div className={styles.tables}>
          {(Object.keys(DIMENSION_TABLES) as Dimension[]).map((d) => (
            <BreakdownTable key={`${d}-${periodQuery(period)}`} dimension={d} period={period} />
          ))}
          <ConversionsTable key={`s-${periodQuery(period)}`} by="source" period={period} />
          <ConversionsTable key={`p-${periodQuery(period)}`} by="page" period={period} />
        </div>
      ) : (
        <p className={tableStyles.empty}>Choose the first and last day of the period.</p>
      )}
    </div>
  );
}
