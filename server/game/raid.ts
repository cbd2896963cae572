// A raid fought live, as pure functions on the server's own state. The correct answers live only here:
// `raidView` leaves them out until the teacher reveals the question.
import {
  DEFAULT_RAID_SETTINGS,
  type PublicQuestion,
  type RaidSettings,
  type RaidView,
} from '../../shared/game/contract.js';
import { type ExtraTime, extraUntil, quicknessFor } from '../../shared/game/extra-time.js';
import { raidReward } from '../../shared/game/rules.js';
import { scoreAnswer } from '../../shared/game/scoring.js';
import { shareRight } from '../../shared/game/share.js';
import { clockStart, pastDeadline, questionDeadline } from './timers.js';

export interface RaidQuestion extends PublicQuestion {
  correctIds: string[];
}

export interface Boss {
  key: string;
  name: string;
  image: string;
}

export interface SubmittedAnswer {
  answerIds: string[];
  clientId: string;
  /** When the server received it (ms): speed scoring. */
  at?: number;
}

export interface RaidState {
  raidId: string;
  /** One play of the raid: the same raid played twice in a room keeps its answers apart. */
  runId: string;
  title: string;
  boss: Boss & { maxHp: number; hp: number };
  turns: { max: number; left: number };
  questions: RaidQuestion[];
  index: number;
  phase: 'lobby' | 'question' | 'revealed' | 'ended';
  deadline: number | null;
  settings: RaidSettings;
  /** When the open question was shown (ms). */
  questionStartedAt: number | null;
  /** Answers to the current question, by student. */
  answers: Record<string, SubmittedAnswer>;
  /**
   * Right answers so far, by student; a student who answered at least once is here (maybe with 0).
   * With partial credit a partly right answer adds its share (0.5 for one of two right answers).
   */
  rightCount: Record<string, number>;
  /** XP earned by answering right quickly (speed scoring), by student. */
  speedXp: Record<string, number>;
  reveal: RaidView['reveal'];
  result: RaidView['result'];
  /**
   * Extra time by pupil (issue 24; only pupils with some), read when the raid starts. Server-side only:
   * raidView never shows it, the board gets the latest deadline and a count, never who.
   */
  extraTime?: Record<string, ExtraTime>;
}

export const HP_PER_QUESTION = 100;
/** The class defeats the boss by finding about 70 % of the answers on average. */
export const TARGET_SHARE = 0.7;
/** A question that fewer than half of the present students get right costs one turn. */
export const TURN_LOSS_BELOW = 0.5;
export const QUESTION_SECONDS = 30;
/** Speed scoring: a right answer given at once earns this much more XP, nothing at the deadline. */
export const SPEED_BONUS_XP = 5;
/** Speed scoring without a clock: the bonus fades over this time. */
export const SPEED_WINDOW_NO_CLOCK_MS = 30_000;
/**
 * Speed scoring: a right answer hits the boss this many times as hard when given at once, fading
 * linearly to SPEED_DAMAGE_SLOW at the deadline (1 on average: the boss is as hard to beat).
 */
export const SPEED_DAMAGE_FAST = 1.5;
export const SPEED_DAMAGE_SLOW = 0.5;

/** Records saved before settings existed (a room paused then) play with the defaults. */
const settingsOf = (s: RaidState): RaidSettings => s.settings ?? DEFAULT_RAID_SETTINGS;

/** The deadline of a question opened now (timers.ts holds the room's clocks). */
const deadlineOf = (s: RaidState, now: number) => questionDeadline(settingsOf(s).questionSeconds, now);

/** The raid in its lobby: chosen, not started; no question shown and no clock. */
export function startRaid(
  raid: { raidId: string; title: string; questions: RaidQuestion[] },
  boss: Boss,
  now: number,
  settings: RaidSettings = DEFAULT_RAID_SETTINGS,
): RaidState {
  const count = raid.questions.length;
  const turns = Math.max(1, Math.ceil(count / 3));
  return {
    raidId: raid.raidId,
    runId: `${raid.raidId}@${now}`,
    title: raid.title,
    boss: { ...boss, maxHp: count * HP_PER_QUESTION, hp: count * HP_PER_QUESTION },
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
    reveal: null,
    result: null,
  };
}

/** From the lobby, the first question. */
export function begin(s: RaidState, now: number): RaidState {
  if (s.phase !== 'lobby') return s;
  return { ...s, phase: 'question', deadline: deadlineOf(s, now), questionStartedAt: now };
}

export type SubmitResult =
  | { ok: true; state: RaidState; status: 'counted' | 'duplicate' }
  | { ok: false; message: 'GAME.QUESTION_CLOSED' | 'GAME.NOT_CURRENT_QUESTION' | 'GAME.UNKNOWN_ANSWER' };

/** One answer per student and question; the same clientId again is a duplicate, not an error. */
export function submitAnswer(
  s: RaidState,
  studentId: string,
  a: { questionId: string; answerIds: string[]; clientId: string },
  now: number,
): SubmitResult {
  const q = s.questions[s.index];
  if (!q || q.id !== a.questionId) return { ok: false, message: 'GAME.NOT_CURRENT_QUESTION' };
  const existing = s.answers[studentId];
  if (existing) return { ok: true, state: s, status: 'duplicate' };
  // A pupil with extra time keeps the question open for that much longer (timers.ts deadlineFor).
  if (s.phase !== 'question' || pastDeadline(s, studentId, now))
    return { ok: false, message: 'GAME.QUESTION_CLOSED' };
  const ids = [...new Set(a.answerIds)];
  if (ids.some((id) => !q.answers.some((x) => x.id === id)) || (!q.multiple && ids.length > 1)) {
    return { ok: false, message: 'GAME.UNKNOWN_ANSWER' };
  }
  return {
    ok: true,
    status: 'counted',
    state: {
      ...s,
      answers: { ...s.answers, [studentId]: { answerIds: ids, clientId: a.clientId, at: now } },
    },
  };
}

/** Exactly the right answers: the stored `correct`, by the same rule the scoring uses (shared/game/scoring.ts). */
export const isRight = (q: RaidQuestion, answerIds: string[]) =>
  scoreAnswer(q.correctIds, answerIds).verdict === 'right';

/** One answer scored in the raid's mode (all-or-nothing unless the teacher chose partial credit). */
export const scoreIn = (s: RaidState, q: RaidQuestion, answerIds: string[]) =>
  scoreAnswer(q.correctIds, answerIds, settingsOf(s).multiScoring);

/** The students a question's share counts: those present at the reveal and those who answered. */
export const countedStudents = (presentStudentIds: string[], answers: Record<string, unknown>) =>
  new Set([...presentStudentIds, ...Object.keys(answers)]).size;

/**
 * When the open question opened, as its clock counts (a pause moves the deadline, so the time spent
 * paused is not counted); without a clock, when it was shown.
 */
export function questionOpenedAt(s: RaidState): number | null {
  return clockStart(s.deadline, settingsOf(s).questionSeconds) ?? s.questionStartedAt;
}

/**
 * How quick a right answer was, 1 at once to 0 at the deadline (or after SPEED_WINDOW_NO_CLOCK_MS
 * without a clock); null when the times are unknown.
 */
function quickness(s: RaidState, a: SubmittedAnswer, studentId: string): number | null {
  const openedAt = questionOpenedAt(s);
  if (openedAt === null || a.at === undefined) return null;
  const seconds = settingsOf(s).questionSeconds;
  const window = seconds === null ? SPEED_WINDOW_NO_CLOCK_MS : seconds * 1000;
  // A pupil with extra time is measured against their own time (the same rule for everyone).
  return quicknessFor(openedAt, a.at, window, seconds, s.extraTime?.[studentId]);
}

/**
 * The teacher reveals: correct answers, counts per answer, the share of present students who were
 * right (a present student who did not answer counts as wrong), damage to the boss and the turn pool.
 * With partial credit, a partly right answer counts for its credit in the share (so in the damage and
 * the turn lost) and in the student's XP and coins; a speed bonus needs a fully right answer.
 * Accuracy scoring: every right answer hits the boss alike. Speed scoring: a right answer hits from
 * SPEED_DAMAGE_FAST (at once) to SPEED_DAMAGE_SLOW (at the deadline) times as hard, and earns up to
 * SPEED_BONUS_XP more XP (docs/decisions.md, issue 21).
 */
export function reveal(s: RaidState, presentStudentIds: string[]): RaidState {
  if (s.phase !== 'question') return s;
  const q = s.questions[s.index];
  const counts: Record<string, number> = Object.fromEntries(q.answers.map((x) => [x.id, 0]));
  const rightCount = { ...s.rightCount };
  const speedXp = { ...s.speedXp };
  const speed = settingsOf(s).scoring === 'speed';
  let right = 0;
  /** Right answers, each weighted by its speed with speed scoring. */
  let hits = 0;
  for (const [studentId, a] of Object.entries(s.answers)) {
    for (const id of a.answerIds) counts[id] = (counts[id] ?? 0) + 1;
    const { verdict, credit } = scoreIn(s, q, a.answerIds);
    right += credit;
    rightCount[studentId] = (rightCount[studentId] ?? 0) + credit;
    // Speed weighs a fully right answer only; a partly right one hits for its credit.
    const quick = verdict === 'right' && speed ? quickness(s, a, studentId) : null;
    if (quick === null) hits += credit;
    else {
      hits += SPEED_DAMAGE_SLOW + (SPEED_DAMAGE_FAST - SPEED_DAMAGE_SLOW) * quick;
      speedXp[studentId] = (speedXp[studentId] ?? 0) + Math.round(SPEED_BONUS_XP * quick);
    }
  }
  const population = countedStudents(presentStudentIds, s.answers);
  const rightShare = shareRight(right, population) ?? 0;
  const perQuestion = Math.ceil(s.boss.maxHp / (s.questions.length * TARGET_SHARE));
  const damage = Math.min(s.boss.hp, Math.round((shareRight(hits, population) ?? 0) * perQuestion));
  const lostTurn = rightShare < TURN_LOSS_BELOW ? 1 : 0;
  return {
    ...s,
    phase: 'revealed',
    deadline: null,
    rightCount,
    speedXp,
    boss: { ...s.boss, hp: s.boss.hp - damage },
    turns: { ...s.turns, left: Math.max(0, s.turns.left - lostTurn) },
    reveal: { correctAnswerIds: q.correctIds, counts, rightShare, damage },
  };
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
    gains[id] = { ...base, xp: base.xp + (s.speedXp?.[id] ?? 0) };
  }
  return { ...s, phase: 'ended', deadline: null, result: { outcome, gains } };
}

export function raidView(s: RaidState): RaidView {
  const q = s.questions[s.index];
  return {
    kind: 'raid',
    raidId: s.raidId,
    title: s.title,
    boss: s.boss,
    turns: s.turns,
    index: s.index,
    count: s.questions.length,
    phase: s.phase,
    question:
      s.phase === 'ended' || s.phase === 'lobby' || !q
        ? null
        : {
            id: q.id,
            text: q.text,
            equationMode: q.equationMode,
            image: q.image,
            answers: q.answers,
            multiple: q.multiple,
            toPick: q.toPick ?? q.correctIds.length,
          },
    deadline: s.deadline,
    // The end of the question's extra time, when a pupil of the raid has some (never who).
    extraUntil:
      s.phase === 'question'
        ? extraUntil(s.deadline, settingsOf(s).questionSeconds, Object.values(s.extraTime ?? {}))
        : null,
    settings: s.settings,
    answeredStudentIds: Object.keys(s.answers),
    reveal: s.reveal,
    result: s.result,
  };
}
