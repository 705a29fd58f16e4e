import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { AnalyticsOverview } from '../../../../shared/analytics.schema';
import { Button } from '../../../components/ui/Button';
import { dayMonth, DIMENSION_NAMES, valueName, type Filter } from './figure-text';
import * as styles from './Analytics.css';

/** A filter in words: 'Source is Google'. */
const filterText = (f: Filter) => `${DIMENSION_NAMES[f.by]} is ${valueName(f.by, f.value)}`;

/** The filters in force, each a chip that takes it off, what they cover, and the way back to every visitor. */
export function FilterBar({
  filters,
  overview,
  onRemove,
  onClear,
}: {
  filters: Filter[];
  overview: AnalyticsOverview | undefined;
  onRemove: (filter: Filter) => void;
  onClear: () => void;
}) {
  const covered = overview?.filter;
  const partly = covered && covered.coveredFrom !== overview.period.from;
  const box = useRef<HTMLDivElement>(null);
  // The row chosen is gone with the tables it was in: the keyboard goes on from the filters.
  const count = filters.length;
  useEffect(() => box.current?.focus(), [count]);
  return (
    <div ref={box} tabIndex={-1} className={styles.filterBar} data-testid="analytics-filter" role="status">
      <span>Only visitors where</span>
      <ul className={styles.filterChips} aria-label="Filters">
        {filters.map((f) => (
          <li key={f.by} className={styles.filterChip} data-testid="analytics-filter-chip">
            <span>
              <strong>{DIMENSION_NAMES[f.by]}</strong> is <strong>{valueName(f.by, f.value)}</strong>
            </span>
            <button
              type="button"
              className={styles.chipRemove}
              aria-label={`Remove filter: ${filterText(f)}`}
              title={`Remove filter: ${filterText(f)}`}
              onClick={() => onRemove(f)}
            >
              <X size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {partly ? (
        <span>
          {covered.coveredFrom ? (
            <>
              (from{' '}
              <span data-volatile="day">{dayMonth.format(new Date(`${covered.coveredFrom}T00:00:00Z`))}</span>
              : each view is kept 30 days, older days as totals only)
            </>
          ) : (
            '(none in this period: each view is kept 30 days, older days as totals only)'
          )}
        </span>
      ) : null}
      {count > 1 ? (
        <Button size="sm" variant="ghost" onClick={onClear} data-testid="analytics-filter-clear">
          Clear all
        </Button>
      ) : null}
    </div>
  );
}
