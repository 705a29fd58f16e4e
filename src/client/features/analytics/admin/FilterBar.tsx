import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { AnalyticsOverview } from '../../../../shared/analytics.schema';
import { Button } from '../../../components/ui/Button';
import { dayMonth, DIMENSION_NAMES, valueName, type Filter } from './figure-text';
import * as styles from './Analytics.css';

/** The filter in force, what it covers, and the way back to every visitor. */
export function FilterBar({
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
