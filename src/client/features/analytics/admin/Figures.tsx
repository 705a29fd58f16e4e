import type { AnalyticsOverview } from '../../../../shared/analytics.schema';
import { changeText, DIMENSION_NAMES, number, rateChangeText, rateText } from './figure-text';
import * as styles from './Analytics.css';

/** The period's visitors, page views, conversions and conversion rate, each against the period before. */
export function Figures({ overview }: { overview: AnalyticsOverview }) {
  const conversions = Object.values(overview.conversions).reduce((a, b) => a + b, 0);
  const previousConversions = Object.values(overview.previousConversions).reduce((a, b) => a + b, 0);
  const convertible = overview.filter?.conversionsFiltered ?? true;
  const unconvertible = overview.filter?.filters.find((f) => f.by !== 'source' && f.by !== 'page');
  const notFiltered = `not by ${unconvertible ? DIMENSION_NAMES[unconvertible.by].toLowerCase() : ''}: recorded by source and page only`;
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
