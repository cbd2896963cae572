// The uPlot part of a chart: its own chunk, imported by TimeChart after the page shows.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DrawSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

/** Draws a time chart (x in seconds) into `el`; returns a function that removes it. */
export function drawTimeChart(
  el: HTMLElement,
  xs: number[],
  series: DrawSeries[],
  opts: { width: number; height: number; stepped?: boolean },
): { destroy(): void; resize(width: number): void } {
  const plot = new uPlot(
    {
      width: opts.width,
      height: opts.height,
      cursor: { drag: { x: false, y: false } },
      legend: { show: series.length > 1 },
      scales: { x: { time: true } },
      axes: [{ stroke: '#5d6386' }, { stroke: '#5d6386' }],
      series: [
        {},
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
