// The periods of the analytics pages, in Europe/Paris (issue 13). A school year runs from September 1
// to August 31; its terms are September to December, January to March, and April to August.
import type { Period } from '../../../shared/schemas/analytics.js';

const TZ = 'Europe/Paris';
const fmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(t: number) {
  const p = Object.fromEntries(fmt.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { y: +p.year, m: +p.month, d: +p.day, h: +p.hour, mi: +p.minute, s: +p.second };
}
/** Paris's offset from UTC at instant t, ms. */
function offset(t: number): number {
  const p = parts(t);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000;
}
/** The instant of 00:00 in Paris on that day (month 1..12; overflowing days and months roll over). */
export function parisMidnight(y: number, m: number, d: number): Date {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}
/** The Paris calendar day (yyyy-MM-dd) of an instant. */
export function parisDay(t: Date): string {
  const p = parts(t.getTime());
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

export interface Range {
  period: Period;
  from: Date;
  /** Exclusive. */
  to: Date;
}

export function resolvePeriod(q: { period: Period; from?: string; to?: string }, now = new Date()): Range {
  const { y, m, d } = parts(now.getTime());
  switch (q.period) {
    case 'week': {
      // Monday is the first day of a French week.
      const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
      return {
        period: 'week',
        from: parisMidnight(y, m, d - weekday),
        to: parisMidnight(y, m, d - weekday + 7),
      };
    }
    case 'month':
      return { period: 'month', from: parisMidnight(y, m, 1), to: parisMidnight(y, m + 1, 1) };
    case 'term': {
      const [start, end] =
        m >= 9
          ? [
              [y, 9],
              [y + 1, 1],
            ]
          : m <= 3
            ? [
                [y, 1],
                [y, 4],
              ]
            : [
                [y, 4],
                [y, 9],
              ];
      return {
        period: 'term',
        from: parisMidnight(start[0], start[1], 1),
        to: parisMidnight(end[0], end[1], 1),
      };
    }
    case 'custom': {
      const [fy, fm, fd] = (q.from ?? '').split('-').map(Number);
      const [ty, tm, td] = (q.to ?? '').split('-').map(Number);
      return { period: 'custom', from: parisMidnight(fy, fm, fd), to: parisMidnight(ty, tm, td + 1) };
    }
    default: {
      const start = m >= 9 ? y : y - 1;
      return { period: 'year', from: parisMidnight(start, 9, 1), to: parisMidnight(start + 1, 9, 1) };
    }
  }
}

export const rangeDto = (r: Range) => ({
  period: r.period,
  from: r.from.toISOString(),
  to: r.to.toISOString(),
});
