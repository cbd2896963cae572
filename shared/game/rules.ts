// Game rules of SPEC point 4, as pure functions used by the server (and shown by the clients).
import { LEVEL_PROGRESSION_THRESHOLD } from '../constants.js';

export interface Progress {
  xp: number;
  level: number;
  /** Percent of the current level, 0..99. */
  levelProgression: number;
  powerXp: number;
  coin: number;
}

/** XP for a right answer in a live raid, and the bonus at the end of a raid. */
export const XP_PER_CORRECT_ANSWER = 10;
export const XP_VICTORY_BONUS = 20;
export const XP_DEFEAT_BONUS = 5;
/** XP a teacher gives for a right oral answer to a summon. */
export const XP_SUMMON_RIGHT = 10;
/** Coins: one per right answer, five more for a victory. */
export const COINS_PER_CORRECT_ANSWER = 1;
export const COINS_VICTORY_BONUS = 5;
/** Power XP a student spends to activate a power. */
export const POWER_COST = 3;

/**
 * A gain is divided by the number of active professors (a student with three teachers playing
 * should not level three times faster), rounded toward zero.
 */
export function effectiveGain(gain: number, activeProfessorsCount: number): number {
  const divisor = Math.max(1, Math.floor(activeProfessorsCount));
  return Math.trunc(gain / divisor);
}

/** Power XP an XP gain brings: one for any positive gain (SPEC point 4). */
export function powerXpGain(xpGain: number): number {
  return xpGain > 0 ? 1 : 0;
}

/**
 * Applies an XP gain: progression over 100 raises the level and carries the rest; a loss floors
 * progression (and XP) at 0 without lowering the level; a positive gain adds one power XP.
 */
export function applyXp(p: Progress, gain: number, activeProfessorsCount: number): Progress {
  const g = effectiveGain(gain, activeProfessorsCount);
  if (g === 0) return p;
  let level = p.level;
  let progression = p.levelProgression + g;
  while (progression >= LEVEL_PROGRESSION_THRESHOLD) {
    progression -= LEVEL_PROGRESSION_THRESHOLD;
    level += 1;
  }
  return {
    ...p,
    xp: Math.max(0, p.xp + g),
    level,
    levelProgression: Math.max(0, progression),
    powerXp: p.powerXp + powerXpGain(g),
  };
}

export function addCoins(p: Progress, coins: number): Progress {
  return { ...p, coin: Math.max(0, p.coin + coins) };
}

/** XP and coins earned, before the division by the student's active professors. */
export interface Gain {
  xp: number;
  coins: number;
}

/** A student's progress after an award, and what the award actually changed. */
export interface Awarded {
  before: Progress;
  after: Progress;
  /** XP actually gained (after the division and the floor at 0; negative for a loss). */
  xpGained: number;
  coinsGained: number;
}

/**
 * The whole rule of an award (SPEC point 4), whatever its source (live raid, summon, homework,
 * manual XP): the XP divided by the active professors (none counts as one), levels and power XP by
 * `applyXp`, then the coins, which are not divided and floor at 0.
 */
export function awardProgress(before: Progress, gain: Gain, activeProfessorsCount: number): Awarded {
  const after = addCoins(applyXp(before, gain.xp, activeProfessorsCount), gain.coins);
  return { before, after, xpGained: after.xp - before.xp, coinsGained: after.coin - before.coin };
}

export interface RaidOutcome {
  /** Right answers; with partial credit, the sum of credits (may have a fraction). */
  correctAnswers: number;
  victory: boolean;
}

/**
 * XP and coins a student earns from one raid (before the division by active professors). Partial
 * credit (a fraction of right answers) is rounded to the nearest XP and coin.
 */
export function raidReward(o: RaidOutcome): { xp: number; coins: number } {
  return {
    xp:
      Math.round(o.correctAnswers * XP_PER_CORRECT_ANSWER) + (o.victory ? XP_VICTORY_BONUS : XP_DEFEAT_BONUS),
    coins: Math.round(o.correctAnswers * COINS_PER_CORRECT_ANSWER) + (o.victory ? COINS_VICTORY_BONUS : 0),
  };
}

/**
 * Draws from a turn pool without repeats: everybody is drawn once before anybody twice. An empty
 * pool (or one with nobody present) is refilled from `everyone`; the pupil drawn just before
 * (`last`) is not drawn first from the new pool while someone else is there. `random` is injectable.
 */
export function drawFromPool<T>(
  pool: readonly T[],
  everyone: readonly T[],
  eligible: (x: T) => boolean,
  random: () => number = Math.random,
  last: T | null = null,
): { drawn: T | null; pool: T[]; refilled: boolean } {
  let current = pool.filter(eligible);
  let refilled = false;
  if (current.length === 0) {
    current = everyone.filter(eligible);
    refilled = true;
    if (current.length > 1) current = current.filter((x) => x !== last);
  }
  if (current.length === 0) return { drawn: null, pool: [...pool], refilled: false };
  const drawn = current[Math.floor(random() * current.length)];
  const base = refilled ? [...everyone] : [...pool];
  return { drawn, pool: base.filter((x) => x !== drawn), refilled };
}
