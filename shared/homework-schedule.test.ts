import { describe, expect, it } from 'vitest';
import { isDay, isLate, isUpcoming, parisDay } from './homework-schedule';

describe('homework schedule (Paris days)', () => {
  it('counts days in Paris: 23:30 UTC on 30 Nov is already 1 Dec (winter), 22:30 UTC on 30 June is 1 July (summer)', () => {
    expect(parisDay(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    expect(parisDay(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
    expect(parisDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(parisDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });

  it('a homework due on Friday is on time until 23:59:59 Paris time, late from Saturday 00:00', () => {
    const h = { startsOn: null, dueOn: '2026-12-04' };
    expect(isLate(h, new Date('2026-12-04T22:59:59Z'))).toBe(false);
    expect(isLate(h, new Date('2026-12-04T23:00:00Z'))).toBe(true);
    expect(isLate({ startsOn: null, dueOn: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('a homework from Monday is upcoming until Monday 00:00 Paris time', () => {
    const h = { startsOn: '2026-11-30', dueOn: null };
    expect(isUpcoming(h, new Date('2026-11-29T22:59:59Z'))).toBe(true);
    expect(isUpcoming(h, new Date('2026-11-29T23:00:00Z'))).toBe(false);
  });

  it('accepts only real days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('28/02/2026')).toBe(false);
  });
});
