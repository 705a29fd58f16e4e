import { trpc } from '../../../lib/trpc';
import { number } from './figure-text';
import * as styles from './Analytics.css';

/** The count of the last 30 minutes; no green dot until it is known. */
export function Live() {
  const live = trpc.analytics.live.useQuery(undefined, { refetchInterval: 30_000 });
  if (!live.data)
    return (
      <span
        className={`${styles.live} ${styles.liveUnknown}`}
        data-testid="analytics-live"
        aria-live="polite"
      >
        {live.isError ? 'Live visitors could not be counted' : 'Counting live visitors…'}
      </span>
    );
  return (
    <span className={styles.live} data-testid="analytics-live" aria-live="polite">
      <span className={styles.liveDot} aria-hidden="true" />
      <span data-volatile="number">{number.format(live.data.visitors)}</span> in the last 30 minutes
    </span>
  );
}
