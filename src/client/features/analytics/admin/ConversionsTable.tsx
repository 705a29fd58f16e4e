import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CONVERSION_KINDS,
  NO_VISIT,
  type ConversionDimension,
  type ConversionKind,
} from '../../../../shared/analytics.schema';
import { trpc } from '../../../lib/trpc';
import { number, PAGE_SIZE, rateText, type Filter, type Input } from './figure-text';
import { FigureTable, type FigureRow } from './FigureTable';

/** A conversion of each kind, one and many. */
const KIND_NAMES: Record<ConversionKind, readonly [string, string]> = {
  newsletter_signup: ['signup', 'signups'],
  enquiry: ['enquiry', 'enquiries'],
  workshop_reservation: ['reservation', 'reservations'],
  checkout: ['checkout', 'checkouts'],
};

/** Conversions per source or per page, most first, a page at a time, each a filter for the dashboard. */
export function ConversionsTable({
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
