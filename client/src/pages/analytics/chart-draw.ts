// The uPlot part of a chart: its own chunk, imported by TimeChart after the page shows.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayMonth, dayTicks, fullDate } from './chart-time';

export interface DrawSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

/** Room for one dd/MM label under the axis, CSS pixels. */
const TICK_PX = 64;

/**
 * Draws a time chart (x in seconds) into `el`, its x scale spanning `span` (the period shown); returns
 * a function that removes it.
 */
export function drawTimeChart(
  el: HTMLElement,
  xs: number[],
  series: DrawSeries[],
  opts: {
    width: number;
    height: number;
    stepped?: boolean;
    xLabel: string;
    withTime?: boolean;
    span: [number, number];
  },
): { destroy(): void; resize(width: number): void } {
  el.dataset.xSpan = opts.span.map((s) => new Date(s * 1000).toISOString()).join(' ');
  const plot = new uPlot(
    {
      width: opts.width,
      height: opts.height,
      cursor: { drag: { x: false, y: false } },
      legend: { show: series.length > 1 },
      // The period shown, whatever the points: uPlot's own range would fill the width with them
      // (one day of points at the left edge of a day-wide axis).
      scales: { x: { time: true, range: () => opts.span } },
      axes: [
        {
          stroke: '#5d6386',
          // Ticks on Paris midnights, dd/MM under each, as French readers expect (uPlot's own ticks
          // are in the computer's zone, hours apart within a day, and labelled month/day).
          splits: (u, _axis, min, max) =>
            dayTicks(min, max, Math.floor(u.bbox.width / (window.devicePixelRatio || 1) / TICK_PX)),
          values: (_u, splits) => {
            const labels = splits.map((s) => dayMonth(s));
            // What the axis reads, for the browser tests (a canvas has no text to query).
            el.dataset.xTicks = labels.join(' ');
            return labels;
          },
        },
        { stroke: '#5d6386' },
      ],
      series: [
        { label: opts.xLabel, value: (_u, v) => (v == null ? '–' : fullDate(v, !!opts.withTime)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: series.length === 1 ? `${s.color}22` : undefined,
          points: { show: xs.length < 40 },
          paths: opts.stepped ? uPlot.paths.stepped?.({ align: 1 }) : undefined,
        })),
      ],
    },
    [xs, ...series.map((s) => s.values)],
    el,
  );
  return { destroy: () => plot.destroy(), resize: (width) => plot.setSize({ width, height: opts.height }) };
}
