import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsOverview } from '../../../../shared/analytics.schema';

// Visitors and page views per day against the period before: uPlot (docs/bench/2026-11-25-client-chunks.md), loaded only with
// the admin's analytics section, never by the public pages.

const COLOURS = { visitors: '#1d4ed8', pageViews: '#0f766e', previous: '#94a3b8' };

export default function VisitorsChart({ overview }: { overview: AnalyticsOverview }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = overview.series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      xs,
      overview.series.map((d) => d.visitors),
      overview.series.map((d) => d.pageViews),
      overview.series.map((_, i) => overview.previousSeries[i]?.visitors ?? null),
    ];
    const size = () => ({ width: Math.max(260, el.clientWidth), height: el.clientWidth < 500 ? 220 : 280 });
    const plot = new uPlot(
      {
        ...size(),
        title: 'Visitors and page views per day',
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        // One day alone (Today) gets a day's width around it, not uPlot's years.
        scales: {
          x: {
            time: true,
            ...(xs.length === 1 ? { range: [xs[0]! - 43_200, xs[0]! + 43_200] as uPlot.Range.MinMax } : {}),
          },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        series: [
          {},
          {
            label: 'Visitors',
            stroke: COLOURS.visitors,
            width: 2,
            fill: 'rgba(29, 78, 216, 0.08)',
            points: { size: 7 },
          },
          { label: 'Page views', stroke: COLOURS.pageViews, width: 2, points: { size: 7 } },
          { label: 'Visitors, period before', stroke: COLOURS.previous, width: 1.5, dash: [6, 4] },
        ],
        axes: [
          {
            // UK dates ('26 Nov'), not uPlot's US default.
            values: (_u, splits) =>
              splits.map((t) =>
                new Date(t * 1000).toLocaleDateString('en-GB', {
                  day: 'numeric',
                  month: 'short',
                  timeZone: 'UTC',
                }),
              ),
          },
          { size: 50 },
        ],
        legend: { live: true },
      },
      data,
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize(size()));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [overview]);
  return (
    <div
      ref={box}
      data-testid="analytics-chart"
      role="img"
      aria-label="Chart of visitors and page views per day"
    />
  );
}
