// A time chart and the table a screen reader reads: the canvas is hidden from assistive technology,
// the table (caption, column and row headers) carries the same numbers, and a toggle shows it.
// uPlot loads only when a chart mounts (teacher and stats pages), never in a phone's first load.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointSeconds, xSpan } from './chart-time';

export interface ChartSeries {
  label: string;
  /** Points as [ISO date or yyyy-MM-dd, value]. */
  points: [string, number][];
}

const COLORS = ['#5b3cc4', '#1f8a4c', '#e07a00', '#c62828', '#1c7ed6'];
/** Counts per day: every day from the first to the last, a day without a count at 0. */
function allDays(days: string[], fill: boolean): string[] {
  if (!fill || days.length < 2 || days.some((d) => d.length !== 10)) return days;
  const out: string[] = [];
  const end = Date.parse(`${days[days.length - 1]}T00:00:00Z`);
  for (let t = Date.parse(`${days[0]}T00:00:00Z`); t <= end && out.length < 800; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
/** jsdom has no canvas: tests read the table. */
const canDraw = () => typeof navigator !== 'undefined' && !navigator.userAgent.includes('jsdom');

export function TimeChart({
  caption,
  series,
  xLabel,
  fillZero = true,
  stepped,
  format = (s: string) => s,
  range,
}: {
  caption: string;
  series: ChartSeries[];
  xLabel: string;
  /** Counts per day: a day absent from a series is 0 (else the line skips it). */
  fillZero?: boolean;
  stepped?: boolean;
  format?: (x: string) => string;
  /** The period the page shows (the answer's `range`): the x axis spans it, in Paris time. */
  range?: { from: string; to: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const xs = allDays(
    [...new Set(series.flatMap((s) => s.points.map(([x]) => x)))].sort(
      (a, b) => pointSeconds(a) - pointSeconds(b),
    ),
    fillZero,
  );
  const columns = series.map((s) => new Map(s.points));
  const key = JSON.stringify([series, range]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the numbers (key) change
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw() || xs.length === 0) return;
    let chart: { destroy(): void; resize(w: number): void } | null = null;
    let gone = false;
    const observer = new ResizeObserver(() => chart?.resize(el.clientWidth));
    void import('./chart-draw').then(({ drawTimeChart }) => {
      if (gone) return;
      const at = xs.map(pointSeconds);
      chart = drawTimeChart(
        el,
        at,
        series.map((s, i) => ({
          label: s.label,
          color: COLORS[i % COLORS.length],
          values: xs.map((x) => columns[i].get(x) ?? (fillZero ? 0 : null)),
        })),
        {
          width: el.clientWidth || 600,
          height: 240,
          stepped,
          xLabel,
          withTime: !fillZero,
          span: xSpan(at, range),
        },
      );
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [key, fillZero, stepped, xLabel]);

  return (
    <figure className="an-chart" aria-labelledby={`${id}-cap`}>
      <div className="an-chart__head">
        <figcaption id={`${id}-cap`} className="an-chart__caption">
          {caption}
        </figcaption>
        <button
          type="button"
          className="an-link"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {t(asTable ? 'ANALYTICS.CHART.SHOW_CHART' : 'ANALYTICS.CHART.SHOW_TABLE')}
        </button>
      </div>
      {xs.length === 0 ? <p className="muted">{t('ANALYTICS.NO_DATA')}</p> : null}
      <div ref={box} className="an-chart__plot" aria-hidden="true" hidden={asTable || xs.length === 0} />
      {xs.length ? (
        <div className={asTable ? 'an-table-wrap' : 'sr-only'}>
          <table className="an-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{xLabel}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {xs.map((x) => (
                <tr key={x}>
                  <th scope="row">{format(x)}</th>
                  {columns.map((c, i) => (
                    <td key={series[i].label} className="an-num">
                      {c.get(x) ?? (fillZero ? 0 : '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}

/** yyyy-MM-dd as dd/MM/yyyy. */
export const formatDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
