// The analytics periods in Europe/Paris (issue 13): what "this week", "this term" and "this school
// year" cover for a French teacher, summer and winter time included.
import { describe, expect, it } from 'vitest';
import { parisDay, resolvePeriod } from './periods.js';

const at = (iso: string) => new Date(iso);
const range = (q: Parameters<typeof resolvePeriod>[0], now: string) => {
  const r = resolvePeriod(q, at(now));
  return [r.from.toISOString(), r.to.toISOString()];
};

describe('periods in Europe/Paris', () => {
  it('a week runs from Monday 00:00 Paris time (Wednesday 25 November 2026)', () => {
    expect(range({ period: 'week' }, '2026-11-25T10:00:00Z')).toEqual([
      '2026-11-22T23:00:00.000Z',
      '2026-11-29T23:00:00.000Z',
    ]);
  });

  it('Sunday 23:30 in Paris still belongs to its week, though it is Sunday 22:30 UTC', () => {
    expect(range({ period: 'week' }, '2026-11-29T22:30:00Z')[0]).toBe('2026-11-22T23:00:00.000Z');
    // Monday 00:30 in Paris is Sunday 23:30 UTC: a new week.
    expect(range({ period: 'week' }, '2026-11-29T23:30:00Z')[0]).toBe('2026-11-29T23:00:00.000Z');
  });

  it('the school year runs from 1 September to 31 August, in summer time', () => {
    expect(range({ period: 'year' }, '2026-11-25T10:00:00Z')).toEqual([
      '2026-08-31T22:00:00.000Z',
      '2027-08-31T22:00:00.000Z',
    ]);
    expect(range({ period: 'year' }, '2027-07-14T10:00:00Z')[0]).toBe('2026-08-31T22:00:00.000Z');
  });

  it('terms: September to December, January to March, April to August', () => {
    expect(range({ period: 'term' }, '2026-11-25T10:00:00Z')).toEqual([
      '2026-08-31T22:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]);
    expect(range({ period: 'term' }, '2027-02-10T10:00:00Z')).toEqual([
      '2026-12-31T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
    ]);
    expect(range({ period: 'term' }, '2027-07-01T10:00:00Z')).toEqual([
      '2027-03-31T22:00:00.000Z',
      '2027-08-31T22:00:00.000Z',
    ]);
  });

  it('a month and a custom period include their last day', () => {
    expect(range({ period: 'month' }, '2027-03-31T21:59:00Z')).toEqual([
      '2027-02-28T23:00:00.000Z',
      '2027-03-31T22:00:00.000Z',
    ]);
    expect(range({ period: 'custom', from: '2026-10-01', to: '2026-10-31' }, '2026-11-25T10:00:00Z')).toEqual(
      ['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    );
  });

  it('a chart day is the Paris calendar day', () => {
    expect(parisDay(at('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(parisDay(at('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
