// The demo's term falls in the current school year (from 1 September, Paris), whatever today is.
import { describe, expect, it } from 'vitest';
import { DEMO_HISTORY_LIVE_DAYS, demoHistorySchedule, parisAt } from './history.js';

const SCHOOL_YEAR_2026 = new Date('2026-08-31T22:00:00Z'); // 1 September 2026, 00:00 in Paris

/** Every instant the seed dates from `now`: the raids' starts (9 to 11 h), the homework's sending and work. */
function instants(now: Date) {
  const { live, homework } = demoHistorySchedule(now);
  return {
    live: live.map((d) => parisAt(now, d, 9, 5)),
    lastLive: live.map((d) => parisAt(now, d, 11, 25)),
    homework: homework.flatMap((d) => [parisAt(now, d, 17, 30), parisAt(now, d - 5, 18, 59)]),
  };
}

describe('demoHistorySchedule', () => {
  it('on 3 September 2026, a newcomer gets live raids in the two days of the school year, none before it', () => {
    const now = new Date('2026-09-03T07:30:00Z'); // 09:30 in Paris
    const { live, lastLive, homework } = instants(now);
    expect(live).toHaveLength(DEMO_HISTORY_LIVE_DAYS.length);
    for (const at of [...live, ...lastLive, ...homework]) {
      expect(at.getTime()).toBeGreaterThanOrEqual(SCHOOL_YEAR_2026.getTime());
      expect(at.getTime()).toBeLessThan(now.getTime());
    }
    expect(homework).toEqual([]);
  });

  it('on 20 June 2027, the whole term, within the school year that began in September 2026', () => {
    const now = new Date('2027-06-20T10:00:00Z');
    const { live, homework } = instants(now);
    expect(demoHistorySchedule(now).live).toEqual([...DEMO_HISTORY_LIVE_DAYS]);
    expect(homework.length).toBeGreaterThan(0);
    for (const at of [...live, ...homework]) {
      expect(at.getTime()).toBeGreaterThanOrEqual(SCHOOL_YEAR_2026.getTime());
      expect(at.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('in late September, the homework sent since 1 September only', () => {
    const now = new Date('2026-09-20T10:00:00Z');
    const { live, homework } = instants(now);
    expect(demoHistorySchedule(now).homework).toEqual([16]);
    for (const at of [...live, ...homework])
      expect(at.getTime()).toBeGreaterThanOrEqual(SCHOOL_YEAR_2026.getTime());
  });

  it('on 1 September itself, no history yet (nothing of the school year is past)', () => {
    expect(demoHistorySchedule(new Date('2026-09-01T06:00:00Z'))).toEqual({ live: [], homework: [] });
  });
});
