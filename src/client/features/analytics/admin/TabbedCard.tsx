import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './Analytics.css';

export interface CardTab {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A card of the dashboard with its tables as tabs (Sources and Campaigns; Browsers and Devices):
 * the WAI-ARIA tabs pattern, the arrow keys, Home and End moving between tabs, Tab into the panel.
 */
export function TabbedCard({
  title,
  tabs,
  testId,
  action,
}: {
  title: string;
  tabs: CardTab[];
  testId?: string;
  action?: ReactNode;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(tabs[0]!.id);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = tabs.find((t) => t.id === chosen) ?? tabs[0]!;
  const move = (e: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + tabs.length) % tabs.length;
    setChosen(tabs[next]!.id);
    buttons.current[next]?.focus();
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className={styles.cardHead}>
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          {title}
        </h3>
        {tabs.length > 1 ? (
          <div role="tablist" aria-labelledby={`${id}-title`} className={styles.tabs}>
            {tabs.map((tab, i) => (
              <button
                key={tab.id}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.id}`}
                aria-selected={tab.id === current.id}
                aria-controls={`${id}-panel`}
                tabIndex={tab.id === current.id ? 0 : -1}
                className={styles.tab}
                onClick={() => setChosen(tab.id)}
                onKeyDown={(e) => move(e, i)}
              >
                {tab.label}
              </button>
            ))}
          </div>
        ) : null}
        {action}
      </div>
      <div
        id={`${id}-panel`}
        {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${current.id}` } : {})}
        className={styles.panel}
      >
        {current.render()}
      </div>
    </section>
  );
}
