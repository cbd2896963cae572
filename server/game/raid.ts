// A raid fought live, as pure functions on the server's own state. The correct answers live only here:
// `raidView` leaves them out until the teacher reveals the question.
import type { PublicQuestion, RaidView } from '../../shared/game/contract.js';
import { raidReward } from '../../shared/game/rules.js';

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
  phase: 'question' | 'revealed' | 'ended';
  deadline: number | null;
  /** Answers to the current question, by student. */
  answers: Record<string, SubmittedAnswer>;
  /** Right answers so far, by student. */
  rightCount: Record<string, number>;
  reveal: RaidView['reveal'];
  result: RaidView['result'];
}

export const HP_PER_QUESTION = 100;
/** The class defeats the boss by finding about 70 % of the answers on average. */
export const TARGET_SHARE = 0.7;
/** A question that fewer than half of the present students get right costs one turn. */
export const TURN_LOSS_BELOW = 0.5;
export const QUESTION_SECONDS = 30;

export function startRaid(
  raid: { raidId: string; title: string; questions: RaidQuestion[] },
  boss: Boss,
  now: number,
  questionSeconds = QUESTION_SECONDS,
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
    phase: 'question',
    deadline: now + questionSeconds * 1000,
    answers: {},
    rightCount: {},
    reveal: null,
    result: null,
  };
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
  if (s.phase !== 'question' || (s.deadline !== null && now > s.deadline))
    return { ok: false, message: 'GAME.QUESTION_CLOSED' };
  const ids = [...new Set(a.answerIds)];
  if (ids.some((id) => !q.answers.some((x) => x.id === id)) || (!q.multiple && ids.length > 1)) {
    return { ok: false, message: 'GAME.UNKNOWN_ANSWER' };
  }
  return {
    ok: true,
    status: 'counted',
    state: { ...s, answers: { ...s.answers, [studentId]: { answerIds: ids, clientId: a.clientId } } },
  };
}

export const isRight = (q: RaidQuestion, answerIds: string[]) =>
  answerIds.length === q.correctIds.length && answerIds.every((id) => q.correctIds.includes(id));

/**
 * The teacher reveals: correct answers, counts per answer, the share of present students who were
 * right (a present student who did not answer counts as wrong), damage to the boss and the turn pool.
 */
export function reveal(s: RaidState, presentStudentIds: string[]): RaidState {
  if (s.phase !== 'question') return s;
  const q = s.questions[s.index];
  const counts: Record<string, number> = Object.fromEntries(q.answers.map((x) => [x.id, 0]));
  const rightCount = { ...s.rightCount };
  let right = 0;
  for (const [studentId, a] of Object.entries(s.answers)) {
    for (const id of a.answerIds) counts[id] = (counts[id] ?? 0) + 1;
    if (isRight(q, a.answerIds)) {
      right++;
      rightCount[studentId] = (rightCount[studentId] ?? 0) + 1;
    }
  }
  const population = new Set([...presentStudentIds, ...Object.keys(s.answers)]).size;
  const rightShare = population === 0 ? 0 : right / population;
  const perQuestion = Math.ceil(s.boss.maxHp / (s.questions.length * TARGET_SHARE));
  const damage = Math.min(s.boss.hp, Math.round(rightShare * perQuestion));
  const lostTurn = rightShare < TURN_LOSS_BELOW ? 1 : 0;
  return {
    ...s,
    phase: 'revealed',
    deadline: null,
    rightCount,
    boss: { ...s.boss, hp: s.boss.hp - damage },
    turns: { ...s.turns, left: Math.max(0, s.turns.left - lostTurn) },
    reveal: { correctAnswerIds: q.correctIds, counts, rightShare, damage },
  };
}

/** After a reveal: the next question, or the end when the boss or the class has no more to give. */
export function next(
  s: RaidState,
  participants: string[],
  now: number,
  questionSeconds = QUESTION_SECONDS,
): RaidState {
  if (s.phase !== 'revealed') return s;
  const last = s.index + 1 >= s.questions.length;
  if (s.boss.hp <= 0 || s.turns.left <= 0 || last) return end(s, participants);
  return {
    ...s,
    index: s.index + 1,
    phase: 'question',
    deadline: now + questionSeconds * 1000,
    answers: {},
    reveal: null,
  };
}

/** VICTORY when the boss has no HP left, DEFEAT otherwise; every participant's reward. */
export function end(s: RaidState, participants: string[]): RaidState {
  const outcome = s.boss.hp <= 0 ? 'VICTORY' : 'DEFEAT';
  const gains: Record<string, { xp: number; coins: number }> = {};
  for (const id of new Set([...participants, ...Object.keys(s.rightCount)])) {
    gains[id] = raidReward({ correctAnswers: s.rightCount[id] ?? 0, victory: outcome === 'VICTORY' });
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
      s.phase === 'ended' || !q
        ? null
        : {
            id: q.id,
            text: q.text,
            equationMode: q.equationMode,
            image: q.image,
            answers: q.answers,
            multiple: q.multiple,
          },
    deadline: s.deadline,
    answeredStudentIds: Object.keys(s.answers),
    reveal: s.reveal,
    result: s.result,
  };
}
