import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalyticsDimension, SourceKind } from '../../../../shared/analytics.schema';
import { trpc } from '../../../lib/trpc';
import { DIMENSION_NAMES, number, PAGE_SIZE, valueName, type Filter, type Input } from './figure-text';
import { FigureTable, type FigureRow } from './FigureTable';

/** What a source is, beside its name (a search engine, a social network...). */
const SOURCE_KINDS: Record<SourceKind, string> = {
  direct: 'Direct',
  search: 'Search engine',
  social: 'Social network',
  newsletter: 'Newsletter',
  referral: 'Referring site',
  campaign: 'Campaign',
};
/** What the pager counts: pages as addresses ('Page 1 of 2 · 14 pages' used 'page' for two things). */
const countedAs = (noun: string) => (noun.endsWith('pages') ? 'addresses' : noun);

export const DIMENSION_TABLES: Record<AnalyticsDimension, { label: string; noun: string; empty: string }> = {
  page: { label: 'Pages', noun: 'pages', empty: 'No page views in this period.' },
  source: { label: 'Sources', noun: 'sources', empty: 'No visits in this period.' },
  campaign: { label: 'Campaigns', noun: 'campaigns', empty: 'No campaign links were followed.' },
  country: { label: 'Countries', noun: 'countries', empty: 'No visits in this period.' },
  device: { label: 'Devices', noun: 'devices', empty: 'No visits in this period.' },
  browser: { label: 'Browsers', noun: 'browsers', empty: 'No visits in this period.' },
  os: { label: 'Operating systems', noun: 'operating systems', empty: 'No visits in this period.' },
  entry: { label: 'Entry pages', noun: 'entry pages', empty: 'No visits in this period.' },
  exit: { label: 'Exit pages', noun: 'exit pages', empty: 'No visits in this period.' },
};

/** A dimension's values, most visitors first, a page at a time, each a filter for the dashboard. */
export function DimensionTable({
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
  // A visit has one entry and one exit: their views are their visitors, so not shown twice.
  const visitsOnly = dimension === 'entry' || dimension === 'exit';
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
    cells: visitsOnly ? [number.format(r.visitors)] : [number.format(r.visitors), number.format(r.pageViews)],
  }));
  return (
    <FigureTable
      caption={`${meta.label}, most visitors first`}
      columns={[DIMENSION_NAMES[dimension], 'Visitors', ...(visitsOnly ? [] : ['Views'])]}
      rows={rows}
      loading={query.isFetching}
      failed={query.isError}
      emptyText={meta.empty}
      onChoose={(row) => onFilter({ by: dimension, value: row.value })}
      paging={{
        page,
        pageSize: PAGE_SIZE,
        total: query.data?.total ?? 0,
        noun: countedAs(meta.noun),
        onPage: setPage,
      }}
      testId={`analytics-${meta.noun.replaceAll(' ', '-')}`}
    />
  );
}
