// A raid fought live, as pure functions on the server's own state: its flow here (the lobby, the first
// question, the next, the end and its rewards); the rest in one module per part, re-exported below:
//   raid-state.ts   the state, the question as the server holds it, the raid's balance
//   raid-judge.ts   an answer checked when it arrives and scored in the raid's mode
//   raid-reveal.ts  the reveal: counts, share, damage, turns, speed bonus
//   raid-typed.ts   the words a class typed, grouped, on the board when asked
//   raid-view.ts    what boards and phones see (no correct answer before the reveal)
import { DEFAULT_RAID_SETTINGS, type RaidSettings } from '../../shared/game/contract.js';
import { raidReward } from '../../shared/game/rules.js';
import {
  type Boss,
  deadlineOf,
  HP_PER_QUESTION,
  kindOf,
  type RaidQuestion,
  type RaidState,
  settingsOf,
} from './raid-state.js';

export * from './raid-judge.js';
export * from './raid-reveal.js';
export * from './raid-state.js';
export * from './raid-typed.js';
export * from './raid-view.js';

/** The raid in its lobby: chosen, not started; no question shown and no clock. */
export function startRaid(
  raid: { raidId: string; title: string; questions: RaidQuestion[] },
  boss: Boss,
  now: number,
  settings: RaidSettings = DEFAULT_RAID_SETTINGS,
): RaidState {
  const count = raid.questions.length;
  const turns = Math.max(1, Math.ceil(count / 3));
  // A poll never hurts the boss: only judged questions give it HP (at least one question's).
  const judged = Math.max(1, raid.questions.filter((q) => kindOf(q) !== 'poll').length);
  return {
    raidId: raid.raidId,
    runId: `${raid.raidId}@${now}`,
    title: raid.title,
    boss: { ...boss, maxHp: judged * HP_PER_QUESTION, hp: judged * HP_PER_QUESTION },
    turns: { max: turns, left: turns },
    questions: raid.questions,
    index: 0,
    phase: 'lobby',
    deadline: null,
    settings,
    questionStartedAt: null,
    answers: {},
    rightCount: {},
    speedXp: {},
    pollXp: {},
    typed: null,
    typedShown: null,
    reveal: null,
    result: null,
  };
}

/** From the lobby, the first question. */
export function begin(s: RaidState, now: number): RaidState {
  if (s.phase !== 'lobby') return s;
  return { ...s, phase: 'question', deadline: deadlineOf(s, now), questionStartedAt: now };
}

/**
 * After a reveal: the next question, or the end when the boss or the class has no more to give
 * (with `askEveryQuestion`, losing every turn no longer ends the raid before its last question).
 */
export function next(s: RaidState, now: number): RaidState {
  if (s.phase !== 'revealed') return s;
  const last = s.index + 1 >= s.questions.length;
  const lost = s.turns.left <= 0 && !settingsOf(s).askEveryQuestion;
  if (s.boss.hp <= 0 || lost || last) return end(s);
  return {
    ...s,
    index: s.index + 1,
    phase: 'question',
    deadline: deadlineOf(s, now),
    questionStartedAt: now,
    answers: {},
    typed: null,
    typedShown: null,
    reveal: null,
  };
}

/**
 * VICTORY when the boss has no HP left, DEFEAT otherwise. Every student who answered at least one
 * revealed question is rewarded; a connected student who never answered earns nothing (decisions.md).
 */
export function end(s: RaidState): RaidState {
  const outcome = s.boss.hp <= 0 ? 'VICTORY' : 'DEFEAT';
  const gains: Record<string, { xp: number; coins: number }> = {};
  for (const id of Object.keys(s.rightCount)) {
    const base = raidReward({ correctAnswers: s.rightCount[id], victory: outcome === 'VICTORY' });
    gains[id] = { ...base, xp: base.xp + (s.speedXp?.[id] ?? 0) + (s.pollXp?.[id] ?? 0) };
  }
  return { ...s, phase: 'ended', deadline: null, result: { outcome, gains } };
}
