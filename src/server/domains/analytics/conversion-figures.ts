import { sql, type SQL } from 'drizzle-orm';
import {
  CONVERSION_DIMENSIONS,
  CONVERSION_KINDS,
  type ConversionDimension,
  type ConversionKind,
} from '../../../shared/analytics.schema';
import type { Database } from '../../platform/db/client';
import { pageOffset } from '../../platform/paging';
import { NO_VISIT } from './classify';
import { rowsOf } from '../../platform/db/rows';
import { coveredDays, type Filter, type Filters } from './filtered';
import { withFigures } from './period-figures';
import type { Period } from './periods';

// The owner's conversions: by kind, per source or page, and for each visitor of them.

/** The visitors of some values of a dimension over a period (a period's visitors: the sum of its days'). */
async function visitorsOf(
  db: Database,
  dimension: ConversionDimension,
  period: Period,
  now: Date,
  values: string[],
  filters?: Filters,
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await withFigures(
    db,
    dimension,
    period,
    now,
    'month',
    async (tx, figures) =>
      rowsOf<{ value: string; visitors: number }>(
        await tx.execute(sql`
        select value, sum(visitors)::int as visitors from (${figures}) f
        where value in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})
        group by value`),
      ),
    filters,
  );
  return new Map(rows.map((r) => [r.value, Number(r.visitors)]));
}

/** Conversions for each visitor, to four places; null without visitors. */
function rateOf(conversions: number, visitors: number | null): number | null {
  return visitors ? Math.round((conversions / visitors) * 10_000) / 10_000 : null;
}

export type ConversionCounts = Record<ConversionKind, number>;
export interface ConversionRow extends ConversionCounts {
  value: string;
  total: number;
  /** Visitors of the source or page; null for NO_VISIT. */
  visitors: number | null;
  conversionRate: number | null;
}

/**
 * Conversions per source or per page over a period, most first, one page of them, each with the
 * visitors of that source or page and the conversions for each of them. Conversions no counted
 * visit preceded are their own row, NO_VISIT, without a rate.
 */
export async function conversionsBy(
  db: Database,
  by: ConversionDimension,
  period: Period,
  now: Date,
  page: { page: number; pageSize: number },
  filters?: Filters,
): Promise<{ items: ConversionRow[]; total: number }> {
  const column = by === 'source' ? sql`source` : sql`path`;
  const where = conversionsWhere(period, now, filters);
  const counts = sql.join(
    CONVERSION_KINDS.map((k) => sql`(count(*) filter (where kind = ${k}))::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${column} as value, ${counts}, count(*)::int as all_kinds, (count(*) over ())::int as rows_total
      from analytics_conversions where ${where}
      group by 1 order by all_kinds desc, 1
      limit ${page.pageSize} offset ${pageOffset(page.page, page.pageSize)}`),
  );
  const values = rows.map((r) => String(r.value)).filter((v) => v !== NO_VISIT);
  const visitors = await visitorsOf(db, by, period, now, values, filters);
  return {
    items: rows.map((r) => {
      const value = String(r.value);
      const total = Number(r.all_kinds);
      const seen = value === NO_VISIT ? null : (visitors.get(value) ?? 0);
      return {
        value,
        ...(Object.fromEntries(CONVERSION_KINDS.map((k) => [k, Number(r[k])])) as ConversionCounts),
        total,
        visitors: seen,
        conversionRate: rateOf(total, seen),
      };
    }),
    total: rows.length ? Number(rows[0]!.rows_total) : 0,
  };
}

/** Whether conversions can answer the filters: they are recorded with their source and page only. */
export function conversionsFilterable(filters: Filters | undefined): boolean {
  return unfilterable(filters) === undefined;
}

/** The first of the filters conversions cannot answer, if any (they are recorded with their source and page only). */
export function unfilterable(filters: Filters | undefined): Filter | undefined {
  return filters?.find((f) => !(CONVERSION_DIMENSIONS as readonly string[]).includes(f.by));
}

/**
 * The conversions of a period, or under a filter (a source or a page), those of its days whose
 * views are kept: the visitors they are set against are counted from those views.
 */
function conversionsWhere(period: Period, now: Date, filters?: Filters): SQL {
  if (!filters) return sql`day between ${period.from}::date and ${period.to}::date`;
  if (!conversionsFilterable(filters))
    throw new Error(`Conversions cannot be filtered by ${unfilterable(filters)!.by}`);
  const days = coveredDays(period, now);
  if (!days) return sql`false`;
  const matches = filters.map((f) => sql`and ${f.by === 'source' ? sql`source` : sql`path`} = ${f.value}`);
  return sql`day between ${days.from}::date and ${days.to}::date ${sql.join(matches, sql` `)}`;
}

/** A period's conversions of each kind, and how many of them no counted visit preceded. */
export async function conversionTotals(
  db: Database,
  period: Period,
  now: Date,
  filters?: Filters,
): Promise<{ counts: ConversionCounts; withoutVisit: number }> {
  const rows = rowsOf<{ kind: ConversionKind; n: number; without_visit: number }>(
    await db.execute(sql`
      select kind, count(*)::int as n, (count(*) filter (where source = ${NO_VISIT}))::int as without_visit
      from analytics_conversions
      where ${conversionsWhere(period, now, filters)} group by kind`),
  );
  const counts = Object.fromEntries(CONVERSION_KINDS.map((k) => [k, 0])) as ConversionCounts;
  let withoutVisit = 0;
  for (const r of rows) {
    if (r.kind in counts) counts[r.kind] = Number(r.n);
    withoutVisit += Number(r.without_visit);
  }
  return { counts, withoutVisit };
}

/** A period's conversions after a counted visit for each of its visitors. */
export function conversionRate(
  totals: { counts: ConversionCounts; withoutVisit: number },
  visitors: number,
): number | null {
  const all = Object.values(totals.counts).reduce((a, b) => a + b, 0);
  return rateOf(all - totals.withoutVisit, visitors);
}
