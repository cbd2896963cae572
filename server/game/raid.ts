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
import type { AnswerScore } from '../../shared/game/scoring.js';
import { shareRight } from '../../shared/game/share.js';
import { containsProfanity } from '../../shared/profanity/index.js';
import { type JudgedQuestion, judge, normaliseForGrouping } from '../../shared/questions/judge.js';
import {
  type NumberSettings,
  type PollSettings,
  type QuestionResponse,
  responseShape,
  type TextSettings,
} from '../../shared/questions/kinds.js';
import { clockStart, pastDeadline, questionDeadline } from './timers.js';

/**
 * A question as the server holds it: what phones see (PublicQuestion), and the right answers,
 * which leave the server only at the reveal (raidView).
 */
export interface RaidQuestion extends PublicQuestion {
  correctIds: string[];
  /** Issue 23 (absent in states saved before: a choice). An order's items in the right order. */
  correctOrder?: string[];
  settings?: NumberSettings | TextSettings | PollSettings | null;
  explanation?: string | null;
  explanationImage?: string | null;
}

/** A number's values given most, shown at the reveal. */
export const REVEAL_VALUES_MAX = 5;
/** Typed answers groups shown on the board, at most. */
export const REVEAL_TYPED_MAX = 30;
/** A poll answered earns this much XP (no coins, no damage): participation (docs/decisions.md, issue 23). */
export const POLL_XP = 5;

const kindOf = (q: RaidQuestion) => q.kind ?? 'choice';

/** The question as the shared judge reads it. */
export function judgedOf(q: RaidQuestion): JudgedQuestion {
  const kind = kindOf(q);
  return {
    kind,
    settings: q.settings ?? null,
    answers:
      kind === 'order'
        ? (q.correctOrder ?? q.answers.map((a) => a.id)).map((id) => ({ id, isCorrect: false }))
        : q.answers.map((a) => ({ id: a.id, isCorrect: q.correctIds.includes(a.id) })),
  };
}

/** A stored answer as the response the phone sent (answer ids, an order, or a typed value). */
function responseOf(q: RaidQuestion, a: { answerIds: string[]; value?: string | null }): QuestionResponse {
  const shape = responseShape(
    kindOf(q),
    kindOf(q) === 'poll' ? ((q.settings as PollSettings | null) ?? null) : null,
  );
  if (shape === 'value') return { value: a.value ?? '' };
  if (shape === 'order') return { order: a.answerIds };
  return { answerIds: a.answerIds };
}

export interface Boss {
  key: string;
  name: string;
  image: string;
}

export interface SubmittedAnswer {
  /** The choices ticked, or an order question's items in the pupil's order. */
  answerIds: string[];
  /** What the pupil typed (number, text, typed poll), tidied by the judge. */
  value?: string | null;
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
  /** XP earned by answering polls (issue 23), by student. */
  pollXp?: Record<string, number>;
  /** The open question's typed answers, grouped at the reveal: on the board only once the teacher asks. */
  typed?: {
    groups: { text: string; count: number; studentIds: string[]; accepted?: true }[];
    hidden: number;
  } | null;
  /** The teacher asked to see the typed answers (with names or not). */
  typedShown?: { names: boolean } | null;
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

export type SubmitResult =
  | {
      ok: true;
      state: RaidState;
      status: 'counted' | 'duplicate';
      answer: { answerIds: string[]; value: string | null };
    }
  | { ok: false; message: string };

/** What a phone sends: the choices ticked, an order, or a typed value (one of the three). */
export interface SubmittedResponse {
  questionId: string;
  answerIds?: string[];
  order?: string[];
  value?: string;
  clientId: string;
}

const asResponse = (a: SubmittedResponse): QuestionResponse =>
  a.order !== undefined
    ? { order: a.order }
    : a.value !== undefined
      ? { value: a.value }
      : { answerIds: a.answerIds ?? [] };

/**
 * One answer per student and question; the same clientId again is a duplicate, not an error. The
 * response is checked by the shared judge (its shape for the kind, known ids, a number that is
 * one, a text not empty nor too long); what is kept is what the judge read.
 */
export function submitAnswer(
  s: RaidState,
  studentId: string,
  a: SubmittedResponse,
  now: number,
): SubmitResult {
  const q = s.questions[s.index];
  if (!q || q.id !== a.questionId) return { ok: false, message: 'GAME.NOT_CURRENT_QUESTION' };
  const existing = s.answers[studentId];
  if (existing)
    return {
      ok: true,
      state: s,
      status: 'duplicate',
      answer: { answerIds: existing.answerIds, value: existing.value ?? null },
    };
  const checked = checkResponse(s, studentId, a, now);
  if (!checked.ok) return checked;
  const { answerIds, value } = checked.answer;
  return {
    ok: true,
    status: 'counted',
    answer: checked.answer,
    state: {
      ...s,
      answers: { ...s.answers, [studentId]: { answerIds, value, clientId: a.clientId, at: now } },
    },
  };
}

/**
 * What submitAnswer checks of a new answer, without the answers already given (the live path keeps
 * them in the room store, which refuses a second one) and without building the next state: the
 * question, the phase, the student's deadline and the response as the shared judge reads it.
 */
export function checkResponse(
  s: RaidState,
  studentId: string,
  a: SubmittedResponse,
  now: number,
): { ok: true; answer: { answerIds: string[]; value: string | null } } | { ok: false; message: string } {
  const q = s.questions[s.index];
  if (!q || q.id !== a.questionId) return { ok: false, message: 'GAME.NOT_CURRENT_QUESTION' };
  // A pupil with extra time keeps the question open for that much longer (timers.ts deadlineFor).
  if (s.phase !== 'question' || pastDeadline(s, studentId, now))
    return { ok: false, message: 'GAME.QUESTION_CLOSED' };
  const judged = judge(judgedOf(q), asResponse(a), settingsOf(s).multiScoring);
  if (!judged.ok)
    return { ok: false, message: kindOf(q) === 'choice' ? 'GAME.UNKNOWN_ANSWER' : judged.error };
  const { answerIds, value } = judged.judgement;
  if (kindOf(q) === 'choice' && !q.multiple && answerIds.length > 1)
    return { ok: false, message: 'GAME.UNKNOWN_ANSWER' };
  return { ok: true, answer: { answerIds, value } };
}

/** One stored answer judged in the raid's mode (all-or-nothing unless the teacher chose partial credit). */
function judgeIn(
  mode: RaidSettings['multiScoring'],
  q: RaidQuestion,
  a: { answerIds: string[]; value?: string | null },
): Omit<AnswerScore, 'verdict'> & { verdict: AnswerScore['verdict'] | 'none' } {
  const r = judge(judgedOf(q), responseOf(q, a), mode);
  if (!r.ok) return { verdict: 'wrong', credit: 0, missedIds: [], wrongIds: [] };
  const { verdict, credit, missedIds, wrongIds } = r.judgement;
  return { verdict, credit, missedIds, wrongIds };
}

/** Exactly right: the stored `correct`, by the shared judge (shared/questions/judge.ts). */
export const isRight = (q: RaidQuestion, answerIds: string[], value?: string | null) =>
  judgeIn('all', q, { answerIds, value }).verdict === 'right';

/** One answer scored in the raid's mode (all-or-nothing unless the teacher chose partial credit). */
export const scoreIn = (s: RaidState, q: RaidQuestion, answerIds: string[], value?: string | null) =>
  judgeIn(settingsOf(s).multiScoring, q, { answerIds, value });

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
  const poll = kindOf(q) === 'poll';
  const pollXp = { ...(s.pollXp ?? {}) };
  const counted = kindOf(q) !== 'order';
  for (const [studentId, a] of Object.entries(s.answers)) {
    if (counted) for (const id of a.answerIds) counts[id] = (counts[id] ?? 0) + 1;
    if (poll) {
      // A poll: participation XP only; never a right answer, never damage, never a turn lost.
      rightCount[studentId] = rightCount[studentId] ?? 0;
      pollXp[studentId] = (pollXp[studentId] ?? 0) + POLL_XP;
      continue;
    }
    const { verdict, credit } = scoreIn(s, q, a.answerIds, a.value);
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
  const judgedCount = Math.max(1, s.questions.filter((x) => kindOf(x) !== 'poll').length);
  const perQuestion = Math.ceil(s.boss.maxHp / (judgedCount * TARGET_SHARE));
  const damage = poll
    ? 0
    : Math.min(s.boss.hp, Math.round((shareRight(hits, population) ?? 0) * perQuestion));
  const lostTurn = !poll && rightShare < TURN_LOSS_BELOW ? 1 : 0;
  const typed = typedGroups(q, s.answers);
  return {
    ...s,
    phase: 'revealed',
    deadline: null,
    rightCount,
    speedXp,
    pollXp,
    typed,
    typedShown: null,
    boss: { ...s.boss, hp: s.boss.hp - damage },
    turns: { ...s.turns, left: Math.max(0, s.turns.left - lostTurn) },
    reveal: {
      correctAnswerIds: kindOf(q) === 'choice' ? q.correctIds : [],
      counts,
      rightShare,
      damage,
      ...kindRevealOf(q, s.answers),
      ...(typed ? { typedCount: typed.groups.reduce((n, g) => n + g.count, 0) + typed.hidden } : {}),
    },
  };
}

/** Is this question answered by typing a word (a text, a text poll)? Those answers are the class's own words. */
const typesWords = (q: RaidQuestion) =>
  kindOf(q) === 'text' || (kindOf(q) === 'poll' && (q.settings as PollSettings | null)?.pollMode === 'text');

/** A reveal's right answers for the kind, the values given most, the explanation. */
function kindRevealOf(q: RaidQuestion, answers: Record<string, SubmittedAnswer>) {
  const kind = kindOf(q);
  const out: NonNullable<RaidView['reveal']> extends infer R ? Partial<R> : never = {};
  if (kind === 'order') out.correctOrder = q.correctOrder ?? [];
  if (kind === 'number' && q.settings) out.number = q.settings as NumberSettings;
  if (kind === 'text' && q.settings) out.accepted = (q.settings as TextSettings).accepted;
  if (kind === 'poll') out.poll = true;
  const numeric =
    kind === 'number' || (kind === 'poll' && (q.settings as PollSettings | null)?.pollMode === 'number');
  if (numeric) {
    const unit = kind === 'number' ? ((q.settings as NumberSettings | null)?.unit ?? null) : null;
    const tally = new Map<string, number>();
    for (const a of Object.values(answers)) {
      if (a.value == null) continue;
      const key = normaliseForGrouping('number', a.value, unit);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    out.values = [...tally]
      .sort((x, y) => y[1] - x[1] || Number(x[0]) - Number(y[0]))
      .slice(0, REVEAL_VALUES_MAX)
      .map(([value, count]) => ({ value, count }));
  }
  if (q.explanation !== undefined) out.explanation = q.explanation ?? null;
  if (q.explanationImage !== undefined) out.explanationImage = q.explanationImage ?? null;
  return out;
}

/**
 * The words a class typed, grouped after normalising (case, accents, spaces: the report's grouping),
 * most typed first. A text question's answers judged right by its own options (case, accents, one
 * typo) are `accepted` and grouped apart from the wrong ones (a case-sensitive "Paris" and "paris").
 * Rude ones (the codex's filter, every language) are never kept: only their number.
 */
export function typedGroups(
  q: RaidQuestion,
  answers: Record<string, SubmittedAnswer>,
): {
  groups: { text: string; count: number; studentIds: string[]; accepted?: true }[];
  hidden: number;
} | null {
  if (!typesWords(q)) return null;
  const judged = kindOf(q) === 'text';
  const groups = new Map<string, { spellings: Map<string, number>; studentIds: string[]; right: boolean }>();
  let hidden = 0;
  for (const [studentId, a] of Object.entries(answers)) {
    if (!a.value) continue;
    if (containsProfanity(a.value)) {
      hidden++;
      continue;
    }
    // Judged by the server with the question's options (never the phone's word).
    const right = judged && isRight(q, [], a.value);
    const key = `${right ? 1 : 0}:${normaliseForGrouping('text', a.value)}`;
    const g = groups.get(key) ?? { spellings: new Map<string, number>(), studentIds: [], right };
    g.spellings.set(a.value, (g.spellings.get(a.value) ?? 0) + 1);
    g.studentIds.push(studentId);
    groups.set(key, g);
  }
  const list = [...groups.values()]
    .map((g) => ({
      text: [...g.spellings].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0][0],
      count: g.studentIds.length,
      studentIds: g.studentIds,
      ...(g.right ? { accepted: true as const } : {}),
    }))
    .sort((x, y) => y.count - x.count || x.text.localeCompare(y.text));
  return { groups: list.slice(0, REVEAL_TYPED_MAX), hidden };
}

/** The teacher shows the typed answers on the board (after the reveal), with names or not. */
export function showTyped(s: RaidState, names: boolean): RaidState | null {
  if (s.phase !== 'revealed' || !s.typed) return null;
  return { ...s, typedShown: { names } };
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
            // The kind and what a phone needs to answer it; never its settings (a value, accepted texts).
            ...(q.kind && q.kind !== 'choice' ? { kind: q.kind } : {}),
            ...(q.kind === 'number' ? { unit: (q.settings as NumberSettings | null)?.unit ?? null } : {}),
            ...(q.kind === 'poll'
              ? { pollMode: (q.settings as PollSettings | null)?.pollMode ?? 'choice' }
              : {}),
          },
    deadline: s.deadline,
    // The end of the question's extra time, when a pupil of the raid has some (never who).
    extraUntil:
      s.phase === 'question'
        ? extraUntil(s.deadline, settingsOf(s).questionSeconds, Object.values(s.extraTime ?? {}))
        : null,
    settings: s.settings,
    answeredStudentIds: Object.keys(s.answers),
    reveal:
      s.reveal && s.typed && s.typedShown
        ? {
            ...s.reveal,
            typed: {
              // Names (who typed what) only when the teacher asked for them.
              groups: s.typed.groups.map(({ studentIds, ...g }) =>
                s.typedShown?.names ? { ...g, studentIds } : g,
              ),
              hidden: s.typed.hidden,
              names: s.typedShown.names,
            },
          }
        : s.reveal,
    result: s.result,
  };
}
