import { describe, expect, it } from 'vitest';
import { addGains, POWER_XP_BONUS, rewardedRoster, withPowerBonus } from './rewards.js';
import { raidAtQuestion, room } from './test-room.js';

describe('what a room earns its students', () => {
  it('adds a raid’s gains to the lesson’s', () => {
    expect(
      addGains({ s1: { xp: 10, coins: 1 } }, { s1: { xp: 5, coins: 2 }, s2: { xp: 3, coins: 0 } }),
    ).toEqual({
      s1: { xp: 15, coins: 3 },
      s2: { xp: 3, coins: 0 },
    });
    expect(addGains(undefined, {})).toEqual({});
  });

  it('adds the power bonus to the XP of students whose power is active, only theirs', () => {
    const raid = {
      ...raidAtQuestion(),
      result: { outcome: 'VICTORY' as const, gains: { s1: { xp: 20, coins: 2 }, s2: { xp: 20, coins: 2 } } },
    };
    const after = withPowerBonus(room({ activePowers: ['s1'] }), { kind: 'raid', raid });
    expect(after.kind === 'raid' && after.raid.result?.gains).toEqual({
      s1: { xp: Math.round(20 * (1 + POWER_XP_BONUS)), coins: 2 },
      s2: { xp: 20, coins: 2 },
    });
  });

  it('carries a rewarded student’s new level and power XP in the roster', () => {
    const roster = rewardedRoster(room(), {
      s2: { xp: 120, level: 2, powerXp: 40, xpGained: 20, levelProgression: 0.2 },
    });
    expect(roster.find((s) => s.studentId === 's2')).toMatchObject({ level: 2, powerXp: 40 });
    expect(roster.find((s) => s.studentId === 's1')).toMatchObject({ level: 1, powerXp: 0 });
  });
});
