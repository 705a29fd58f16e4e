import { fullLabel, startOf, STEP_NAMES, type ChartProps } from './chart-labels';
import * as styles from './Analytics.css';

const number = new Intl.NumberFormat('en-GB');

/**
 * The chart's figures as a table, for the keyboard and screen readers (the canvas is a picture):
 * folded away under its summary, each step with its visitors, page views and, when compared, the
 * period before's visitors.
 */
export function ChartTable({ points, previousPoints, interval, compare }: ChartProps) {
  const step = STEP_NAMES[interval];
  return (
    <details data-testid="analytics-chart-table">
      <summary>The chart’s figures as a table</summary>
      <div className={styles.chartTableBox} tabIndex={0} role="region" aria-label="The chart’s figures">
        <table className={styles.chartTable}>
          <caption className="visually-hidden">Visitors and page views by {step.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.nameHead}>
                {step}
              </th>
              <th scope="col" className={styles.figureHead}>
                Visitors
              </th>
              <th scope="col" className={styles.figureHead}>
                Page views
              </th>
              {compare ? (
                <th scope="col" className={styles.figureHead}>
                  Visitors, period before
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.start}>
                <th scope="row" className={styles.nameCell}>
                  <span className={styles.rowName}>{fullLabel(startOf(p.start), interval)}</span>
                </th>
                <td className={styles.figureCell}>{number.format(p.visitors)}</td>
                <td className={styles.figureCell}>{number.format(p.pageViews)}</td>
                {compare ? (
                  <td className={styles.figureCell}>
                    {previousPoints[i] ? number.format(previousPoints[i].visitors) : '—'}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
