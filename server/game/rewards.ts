// XP and coins won in a room, moved here as one unit from the game service: the power bonus on a
// raid's gains, the lesson's running total, and the XP_GAIN events of a student's XP curve.
import { gameEvents } from '../db/schema.js';
import type { Rewarded } from './loaders.js';
import type { RoomContext } from './room-context.js';
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

/**
 * The student's XP curve ("My stats"): one event per student whose XP changed, with what they
 * actually got (after the division by their active professors) and their XP and level after it.
 */
export async function recordXpGains(
  ctx: RoomContext,
  r: RoomRecord,
  rewarded: Record<string, Rewarded>,
  what: object,
) {
  const ids = Object.keys(rewarded).filter((id) => rewarded[id].xpGained !== 0);
  if (!ids.length) return;
  await ctx.db.insert(gameEvents).values(
    ids.map((id) => ({
      type: 'XP_GAIN',
      professorId: r.professorId,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      studentId: id,
      payload: { ...what, amount: rewarded[id].xpGained, xp: rewarded[id].xp, level: rewarded[id].level },
    })),
  );
}

/** The roster with each rewarded student's new XP, level and power XP. */
export const rewardedRoster = (r: RoomRecord, rewarded: Record<string, Rewarded>): RoomRecord['roster'] =>
  r.roster.map((s) => (rewarded[s.studentId] ? { ...s, ...rewarded[s.studentId] } : s));
