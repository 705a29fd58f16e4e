import { lazy, Suspense, useId, useState } from 'react';
import type { AnalyticsOverview, AnalyticsPeriodInput } from '../../../../shared/analytics.schema';
import { Skeleton } from '../../../components/ui/Skeleton';
import { adminStyles, tableStyles } from '../../../components/admin';
import { ChartTable } from './ChartTable';
import { INTERVAL_NAMES, type Interval } from './chart-labels';
import * as styles from './Analytics.css';

// The chart library comes with this chunk only when the section is opened.
const VisitorsChart = lazy(() => import('./VisitorsChart'));

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

/** The chart of the period's visitors and page views, its step, and the period before beside it. */
export function ChartCard({
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
