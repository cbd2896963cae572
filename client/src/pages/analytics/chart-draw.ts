// The uPlot part of a chart: its own chunk, imported by TimeChart after the page shows.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DrawSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

const p2 = (n: number) => String(n).padStart(2, '0');
const dayMonth = (s: number) => {
  const d = new Date(s * 1000);
  return `${p2(d.getDate())}/${p2(d.getMonth() + 1)}`;
};
const full = (s: number, withTime: boolean) => {
  const d = new Date(s * 1000);
  const day = `${dayMonth(s)}/${d.getFullYear()}`;
  return withTime ? `${day} ${p2(d.getHours())}:${p2(d.getMinutes())}` : day;
};

/** Draws a time chart (x in seconds) into `el`; returns a function that removes it. */
export function drawTimeChart(
  el: HTMLElement,
  xs: number[],
  series: DrawSeries[],
  opts: { width: number; height: number; stepped?: boolean; xLabel: string; withTime?: boolean },
): { destroy(): void; resize(width: number): void } {
  const plot = new uPlot(
    {
      width: opts.width,
      height: opts.height,
      cursor: { drag: { x: false, y: false } },
      legend: { show: series.length > 1 },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: '#5d6386',
          // dd/MM under each tick, as French readers expect (uPlot's default is US month/day).
          values: (_u, splits) => splits.map((s) => dayMonth(s)),
        },
        { stroke: '#5d6386' },
      ],
      series: [
        { label: opts.xLabel, value: (_u, v) => (v == null ? '–' : full(v, !!opts.withTime)) },
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
