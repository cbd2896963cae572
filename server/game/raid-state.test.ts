// The helpers every part of a raid reads: a question's kind, the raid's settings, its deadline.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_SETTINGS } from '../../shared/game/contract.js';
import { deadlineOf, kindOf, settingsOf } from './raid-state.js';
import { q, raidOf, T0 } from './test-raid.js';

describe('a raid’s state', () => {
  it('reads a question saved before question kinds existed as a choice', () => {
    expect(kindOf(q(0))).toBe('choice');
    expect(kindOf({ ...q(0), kind: 'order' })).toBe('order');
  });

  it('plays a raid saved before settings existed (a room paused then) with the defaults', () => {
    const old = { ...raidOf(1), settings: undefined as unknown as typeof DEFAULT_RAID_SETTINGS };
    expect(settingsOf(old)).toEqual(DEFAULT_RAID_SETTINGS);
    expect(deadlineOf(old, T0)).toBe(T0 + (DEFAULT_RAID_SETTINGS.questionSeconds ?? 0) * 1000);
  });

  it('opens a question with the raid’s own time, or with no clock', () => {
    expect(deadlineOf(raidOf(1, { questionSeconds: 20 }), T0)).toBe(T0 + 20_000);
    expect(deadlineOf(raidOf(1, { questionSeconds: null }), T0)).toBeNull();
  });
});
