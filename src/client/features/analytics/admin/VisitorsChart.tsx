import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisLabel, fullLabel, startOf, STEP_NAMES, type ChartProps } from './chart-labels';

// Visitors and page views per hour, day or month, and the period before's visitors step for step:
// uPlot (docs/bench/2026-11-25-client-chunks.md), loaded only with the admin's analytics section,
// never by the public pages. The figures are also a table beside it (ChartTable), for the keyboard
// and screen readers.

const COLOURS = { visitors: '#1d4ed8', pageViews: '#0f766e', previous: '#64748b' };
/** About this many pixels between the axis's labels. */
const LABEL_SPACING = 72;

/** The steps to label: every one while they fit, else every second, third... from the first. */
function labelled(xs: number[], width: number): number[] {
  const every = Math.max(1, Math.ceil(xs.length / Math.max(2, Math.floor(width / LABEL_SPACING))));
  return xs.filter((_, i) => i % every === 0);
}

export default function VisitorsChart({ points, previousPoints, interval, compare }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = points.map((p) => startOf(p.start).getTime() / 1000);
    const data: uPlot.AlignedData = [
      xs,
      points.map((p) => p.visitors),
      points.map((p) => p.pageViews),
      ...(compare ? [points.map((_, i) => previousPoints[i]?.visitors ?? null)] : []),
    ];
    const size = () => ({ width: Math.max(260, el.clientWidth), height: el.clientWidth < 500 ? 220 : 280 });
    // One step's width either side when there is only one (uPlot would span years).
    const step = interval === 'hour' ? 1800 : 43_200;
    const plot = new uPlot(
      {
        ...size(),
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: {
            time: true,
            ...(xs.length === 1 ? { range: [xs[0]! - step, xs[0]! + step] as uPlot.Range.MinMax } : {}),
          },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        series: [
          // The tooltip's step in full and UK style, not uPlot's '2026-11-28 12:00am'.
          {
            label: STEP_NAMES[interval],
            value: (_u, v) => (v === null ? '' : fullLabel(new Date(v * 1000), interval)),
          },
          {
            label: 'Visitors',
            stroke: COLOURS.visitors,
            width: 2,
            fill: 'rgba(29, 78, 216, 0.08)',
            points: { size: 7 },
          },
          { label: 'Page views', stroke: COLOURS.pageViews, width: 2, points: { size: 7 } },
          ...(compare
            ? [{ label: 'Visitors, period before', stroke: COLOURS.previous, width: 1.5, dash: [6, 4] }]
            : []),
        ],
        axes: [
          {
            // A label on a step of the data only, each step once: uPlot's own splits fell between
            // days and named one day twice.
            splits: (u) => labelled(xs, u.bbox.width / devicePixelRatio),
            values: (_u, splits) => splits.map((t) => axisLabel(new Date(t * 1000), interval)),
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
  }, [points, previousPoints, interval, compare]);
  // The canvas is a picture of the table below it; the table is what assistive technology reads.
  return <div ref={box} data-testid="analytics-chart" data-volatile-picture="" aria-hidden="true" />;
}
