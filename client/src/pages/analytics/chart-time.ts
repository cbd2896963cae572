// The time axis of the analytics charts, in Europe/Paris whatever the computer's zone: the x scale
// spans the period the page shows (the server's resolved range), a day's count sits at that day's
// noon, and the ticks fall on Paris midnights, labelled dd/MM, each day at most once.
import { parisParts } from '../../lib/dates';

const DAY_S = 86_400;
const z = (n: number) => String(n).padStart(2, '0');

/** Seconds since the epoch of a Paris wall-clock time (summer and winter time included). */
export function parisSeconds(year: number, month: number, day: number, hour = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour) / 1000;
  let guess = wall;
  // Two passes: the offset at the guess, then at the corrected instant (a change of time between).
  for (let i = 0; i < 2; i++) {
    const p = parisParts(new Date(guess * 1000));
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) / 1000;
    guess += wall - seen;
  }
  return guess;
}

/** Where a point sits: a day (yyyy-MM-dd, a Paris day) at its noon, an ISO instant where it is. */
export function pointSeconds(x: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(x)) {
    const [y, m, d] = x.split('-').map(Number);
    return parisSeconds(y, m, d, 12);
  }
  return Date.parse(x) / 1000;
}

/** dd/MM of an instant in Paris. */
export function dayMonth(s: number): string {
  const p = parisParts(new Date(s * 1000));
  return `${z(p.day)}/${z(p.month)}`;
}

/** dd/MM/yyyy (HH:mm) of an instant in Paris. */
export function fullDate(s: number, withTime: boolean): string {
  const p = parisParts(new Date(s * 1000));
  const day = `${z(p.day)}/${z(p.month)}/${p.year}`;
  return withTime ? `${day} ${z(p.hour)}:${z(p.minute)}` : day;
}

/**
 * The x scale: the period shown (`range`, ISO instants, `to` exclusive) when the page has one, so
 * that one day or one point does not fill the whole width; else the points' own span, a day wide at
 * least.
 */
export function xSpan(xs: number[], range?: { from: string; to: string }): [number, number] {
  if (range) {
    const from = Date.parse(range.from) / 1000;
    const to = Date.parse(range.to) / 1000;
    if (Number.isFinite(from) && Number.isFinite(to) && to > from)
      return [Math.min(from, ...xs), Math.max(to, ...xs)];
  }
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  return max - min >= DAY_S ? [min, max] : [(min + max) / 2 - DAY_S / 2, (min + max) / 2 + DAY_S / 2];
}

/** The Paris midnight starting the day of `s`. */
function dayStart(s: number): { year: number; month: number; day: number } {
  const p = parisParts(new Date(s * 1000));
  return { year: p.year, month: p.month, day: p.day };
}

/**
 * Tick positions from `min` up to `max` excluded (seconds: a period ends before its `to`): Paris midnights every 1, 2 or 7 days, or the 1st
 * of every 1, 2 or 3 months, the first step that gives `most` ticks or fewer.
 */
export function dayTicks(min: number, max: number, most: number): number[] {
  const limit = Math.max(2, most);
  const start = dayStart(min);
  const days = (step: number) => {
    const out: number[] = [];
    for (let i = 0; out.length <= limit + 1; i += step) {
      const s = parisSeconds(start.year, start.month, start.day + i);
      if (s >= max) break;
      if (s >= min) out.push(s);
    }
    return out;
  };
  const months = (step: number) => {
    const out: number[] = [];
    for (let i = 0; out.length <= limit + 1; i += step) {
      // The 1st of the month of `min` and those after (Date.UTC carries months past 12 into years).
      const d = new Date(Date.UTC(start.year, start.month - 1 + i, 1));
      const s = parisSeconds(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      if (s >= max) break;
      if (s >= min) out.push(s);
    }
    return out;
  };
  for (const step of [1, 2, 7]) {
    const t = days(step);
    if (t.length <= limit) return t;
  }
  for (const step of [1, 2, 3, 6]) {
    const t = months(step);
    if (t.length <= limit) return t;
  }
  return months(12);
}
