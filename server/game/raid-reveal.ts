// The reveal of a raid's question: the right answers, the counts, the share of the present class that
// found it, the boss's damage and the turn pool, each pupil's right answers and bonus XP. Pure.
import type { RaidView } from '../../shared/game/contract.js';
import { quicknessFor } from '../../shared/game/extra-time.js';
import { shareRight } from '../../shared/game/share.js';
import { normaliseForGrouping } from '../../shared/questions/judge.js';
import type { NumberSettings, PollSettings, TextSettings } from '../../shared/questions/kinds.js';
import { scoreIn } from './raid-judge.js';
import {
  kindOf,
  type RaidQuestion,
  type RaidState,
  type SubmittedAnswer,
  settingsOf,
  TARGET_SHARE,
  TURN_LOSS_BELOW,
} from './raid-state.js';
import { typedGroups } from './raid-typed.js';
import { clockStart } from './timers.js';

/** A number's values given most, shown at the reveal. */
export const REVEAL_VALUES_MAX = 5;
/** A poll answered earns this much XP (no coins, no damage): participation (docs/decisions.md, issue 23). */
export const POLL_XP = 5;
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
