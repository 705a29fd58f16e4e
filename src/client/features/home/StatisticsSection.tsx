import { useLayoutEffect, useState } from 'react';
import { COUNTER_VISIBILITY_THRESHOLD } from '../../../shared/constants';
import { HOME_SECTIONS } from '../../../shared/routes';
import { useCountUp } from './useCountUp';
import { prefersReducedMotion, useInViewOnce } from './useInViewOnce';
import { PROGRESS_BARS, STATISTICS } from './statistics';
import * as styles from './StatisticsSection.css';

function Counter({ label, target, suffix }: { label: string; target: number; suffix: string }) {
  const { ref, text } = useCountUp<HTMLParagraphElement>(target);
  return (
    <li className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      {/* Screen readers get the final figure; the moving digits are decoration. */}
      <p ref={ref} className={styles.value} data-testid="stat-value" aria-hidden="true">
        {text}
        {suffix}
      </p>
      <span className="visually-hidden">
        {target}
        {suffix}
      </span>
    </li>
  );
}

function ProgressBars() {
  const { ref, inView } = useInViewOnce<HTMLDivElement>(COUNTER_VISIBILITY_THRESHOLD);
  // With reduced motion asked for, the bars are full from the start: set before the first paint,
  // not in the first render, because the server rendered them empty and hydration keeps the
  // server's attributes (read in render, the bars stayed at 0% for good).
  const [reduced, setReduced] = useState(false);
  useLayoutEffect(() => setReduced(prefersReducedMotion()), []);
  const show = inView || reduced;
  return (
    <div ref={ref}>
      <h3 className={styles.barsTitle}>Where our clients put their budget</h3>
      <div className={styles.bars}>
        {PROGRESS_BARS.map((bar) => {
          const id = `bar-${bar.label.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <div key={bar.label} className={styles.barRow}>
              <div className={styles.barHead}>
                <span id={id}>{bar.label}</span>
                <span>{bar.value}%</span>
              </div>
              <div
                className={styles.track}
                role="progressbar"
                aria-labelledby={id}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={bar.value}
              >
                <div
                  className={styles.fill}
                  style={{ width: show ? `${bar.value}%` : '0%' }}
                  data-testid="progress-fill"
                />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function StatisticsSection() {
  return (
    <section id={HOME_SECTIONS.statistics} aria-labelledby="statistics-heading" className={styles.section}>
      <div className={styles.inner}>
        <div className={styles.header}>
          <p className={styles.eyebrow}>Our impact</p>
          <h2 id="statistics-heading" className={styles.title}>
            Numbers we are proud of
          </h2>
          <p className={styles.lead}>What a local team, local newsletters and local readers add up to.</p>
        </div>
        <ul className={styles.stats}>
          {STATISTICS.map((stat) => (
            <Counter key={stat.label} {...stat} />
          ))}
        </ul>
        <ProgressBars />
      </div>
    </section>
  );
}
