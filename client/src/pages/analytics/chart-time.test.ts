// The analytics charts' time axis in Europe/Paris (issue 21, item 12): the scale spans the period
// shown, ticks fall on Paris midnights and read each day (or month) once, whatever the points.
import { describe, expect, it } from 'vitest';
import { dayMonth, dayTicks, fullDate, parisSeconds, pointSeconds, xSpan } from './chart-time';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('chart time axis (Europe/Paris)', () => {
  it('places a Paris wall-clock time in winter, in summer and on the day the clocks change', () => {
    expect(parisSeconds(2026, 11, 27, 12)).toBe(at('2026-11-27T11:00:00Z'));
    expect(parisSeconds(2026, 7, 1)).toBe(at('2026-06-30T22:00:00Z'));
    expect(parisSeconds(2026, 3, 29, 12)).toBe(at('2026-03-29T10:00:00Z'));
    expect(pointSeconds('2026-11-27')).toBe(at('2026-11-27T11:00:00Z'));
    expect(pointSeconds('2026-11-27T08:30:00.000Z')).toBe(at('2026-11-27T08:30:00Z'));
    expect(fullDate(at('2026-06-30T22:30:00Z'), true)).toBe('01/07/2026 00:30');
  });

  it('a week: one tick per Paris day, each read once, the scale spanning the week', () => {
    const range = { from: '2026-11-22T23:00:00.000Z', to: '2026-11-27T15:00:00.000Z' };
    const points = ['2026-11-24', '2026-11-26'].map(pointSeconds);
    const [min, max] = xSpan(points, range);
    expect([min, max]).toEqual([at(range.from), at(range.to)]);
    expect(dayTicks(min, max, 10).map(dayMonth)).toEqual(['23/11', '24/11', '25/11', '26/11', '27/11']);
  });

  it('a school year: the 1st of each month once, fewer when the chart is narrow', () => {
    const range = { from: '2026-08-31T22:00:00.000Z', to: '2027-08-31T22:00:00.000Z' };
    const [min, max] = xSpan([pointSeconds('2026-11-27')], range);
    const wide = dayTicks(min, max, 14).map(dayMonth);
    expect(wide).toEqual([
      '01/09',
      '01/10',
      '01/11',
      '01/12',
      '01/01',
      '01/02',
      '01/03',
      '01/04',
      '01/05',
      '01/06',
      '01/07',
      '01/08',
    ]);
    expect(dayTicks(min, max, 6).map(dayMonth)).toEqual([
      '01/09',
      '01/11',
      '01/01',
      '01/03',
      '01/05',
      '01/07',
    ]);
  });

  it('one point (a pupil with one XP gain) does not fill the axis: the period does', () => {
    const range = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-27T15:00:00.000Z' };
    const point = at('2026-11-27T09:00:00Z');
    const [min, max] = xSpan([point], range);
    expect([min, max]).toEqual([at(range.from), at(range.to)]);
    const labels = dayTicks(min, max, 10).map(dayMonth);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThan(1);
    // Without a period, a day around the point (not a day starting at it).
    const [a, b] = xSpan([point]);
    expect(point - a).toBe(b - point);
  });
});
