import {
  CONVERSION_DIMENSIONS,
  CONVERSION_KINDS,
  type AnalyticsDimension,
  type ConversionKind,
} from '../../../shared/analytics.schema';
import { countryName } from '../../../shared/analytics';
import type { Database } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { conversionsBy, conversionsFilterable, unfilterable } from './conversion-figures';
import type { Filters } from './filtered';
import type { Period } from './periods';
import { breakdown, dailySeries } from './visitor-figures';

// The owner's tables as files to download (CSV, one a table, or all of them in one ZIP): which
// tables there are, what each is named, and their rows, every row of the period, most first.

/** The tables of a dimension, by the plural the files are named with. */
const DIMENSION_TABLES = {
  pages: 'page',
  sources: 'source',
  campaigns: 'campaign',
  countries: 'country',
  devices: 'device',
  browsers: 'browser',
  'operating-systems': 'os',
  'entry-pages': 'entry',
  'exit-pages': 'exit',
} as const satisfies Record<string, AnalyticsDimension>;
const CONVERSION_TABLES = CONVERSION_DIMENSIONS.map((by) => `conversions-by-${by}` as const);

export const DOWNLOAD_TABLES: readonly string[] = [
  'daily',
  ...Object.keys(DIMENSION_TABLES),
  ...CONVERSION_TABLES,
];
export type DownloadTable = 'daily' | keyof typeof DIMENSION_TABLES | (typeof CONVERSION_TABLES)[number];

/** A conversions table's column of each kind. */
const CONVERSION_COLUMNS: Record<ConversionKind, string> = {
  newsletter_signup: 'newsletter_signups',
  enquiry: 'enquiries',
  workshop_reservation: 'workshop_reservations',
  checkout: 'checkouts',
};

export function isDownloadTable(name: string): name is DownloadTable {
  return DOWNLOAD_TABLES.includes(name);
}

const isConversionTable = (table: DownloadTable) => table.startsWith('conversions-');

/** The tables that answer the filters: the conversions ones only by page or source. */
export function tablesUnder(filters: Filters | undefined): DownloadTable[] {
  return (DOWNLOAD_TABLES as DownloadTable[]).filter(
    (table) => !isConversionTable(table) || conversionsFilterable(filters),
  );
}

/** A 400 when a table cannot answer the filter (conversions are recorded with their source and page only). */
export function checkFilterable(table: DownloadTable, filters: Filters | undefined): void {
  if (isConversionTable(table) && !conversionsFilterable(filters))
    throw badRequest(`Conversions cannot be filtered by ${unfilterable(filters)!.by}.`);
}

export const tableFileName = (table: DownloadTable, period: Period) =>
  `analytics-${table}-${period.from}-${period.to}.csv`;
export const archiveFileName = (period: Period) => `analytics-${period.from}-${period.to}.zip`;

/** Rows read a thousand at a time. */
const PAGE_SIZE = 1000;

/** A table over a period: its header, then every row, each given to `row` as its cells. */
export async function tableRows(
  db: Database,
  table: DownloadTable,
  period: Period,
  now: Date,
  filters: Filters | undefined,
  row: (cells: string[]) => void,
): Promise<void> {
  if (table === 'daily') {
    row(['day', 'visitors', 'page_views']);
    for (const d of await dailySeries(db, period, now, filters))
      row([d.day, String(d.visitors), String(d.pageViews)]);
    return;
  }
  const by = CONVERSION_DIMENSIONS.find((d) => table === `conversions-by-${d}`);
  if (by) {
    row([
      by,
      ...CONVERSION_KINDS.map((kind) => CONVERSION_COLUMNS[kind]),
      'total',
      'visitors',
      'conversion_rate',
    ]);
    for (let page = 1; ; page++) {
      const { items, total } = await conversionsBy(
        db,
        by,
        period,
        now,
        { page, pageSize: PAGE_SIZE },
        filters,
      );
      for (const r of items)
        row([
          r.value,
          ...[...CONVERSION_KINDS.map((kind) => r[kind]), r.total].map(String),
          r.visitors === null ? '' : String(r.visitors),
          r.conversionRate === null ? '' : String(r.conversionRate),
        ]);
      if (page * PAGE_SIZE >= total) return;
    }
  }
  const dimension = DIMENSION_TABLES[table as keyof typeof DIMENSION_TABLES];
  // A source's kind, and a country's name as the dashboard shows it (United Kingdom for GB).
  const label = { source: 'kind', country: 'country_name' } as Partial<Record<string, string>>;
  row([dimension, ...(label[dimension] ? [label[dimension]] : []), 'visitors', 'page_views']);
  const labelOf = (r: { value: string; kind?: string }) =>
    dimension === 'source' ? [r.kind ?? ''] : dimension === 'country' ? [countryName(r.value)] : [];
  for (let page = 1; ; page++) {
    const { items, total } = await breakdown(
      db,
      dimension,
      period,
      now,
      { page, pageSize: PAGE_SIZE },
      filters,
    );
    for (const r of items) row([r.value, ...labelOf(r), String(r.visitors), String(r.pageViews)]);
    if (page * PAGE_SIZE >= total) return;
  }
}
