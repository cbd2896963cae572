// XP and coins won in a room: the power bonus on a raid's gains, the lesson's running total, and the
// roster after an award. The award itself (rules, writes, XP_GAIN events) is the one XP command's
// (server/modules/xp/award.ts), reached through loaders.ts `rewardStudents`.
import type { Rewarded } from '../modules/xp/award.js';
import type { ActivityState, RoomRecord } from './store.js';

/** An active power adds half of the XP a raid gives. */
export const POWER_XP_BONUS = 0.5;

export type Gains = Record<string, { xp: number; coins: number }>;

/** The lesson's gains plus these. */
export function addGains(
  total: RoomRecord['lessonGains'],
  gains: Gains,
): NonNullable<RoomRecord['lessonGains']> {
  const out = { ...total };
  for (const [id, g] of Object.entries(gains)) {
    out[id] = { xp: (out[id]?.xp ?? 0) + g.xp, coins: (out[id]?.coins ?? 0) + g.coins };
  }
  return out;
}

/** A raid's result with the power bonus on the XP of students whose power is active. */
export function withPowerBonus(r: RoomRecord, state: ActivityState): ActivityState {
  if (state.kind !== 'raid' || !state.raid.result) return state;
  const gains = { ...state.raid.result.gains };
  for (const id of r.activePowers) {
    if (gains[id]) gains[id] = { ...gains[id], xp: Math.round(gains[id].xp * (1 + POWER_XP_BONUS)) };
  }
  return { kind: 'raid', raid: { ...state.raid, result: { ...state.raid.result, gains } } };
}

/** The roster with each rewarded student's new XP, level and power XP. */
export const rewardedRoster = (r: RoomRecord, rewarded: Record<string, Rewarded>): RoomRecord['roster'] =>
  r.roster.map((s) => (rewarded[s.studentId] ? { ...s, ...rewarded[s.studentId] } : s));
