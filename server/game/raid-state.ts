// A raid's state as the server holds it (the correct answers live only here), and the few helpers every
// part of a raid reads: the question's kind, the raid's settings, a question's deadline. Pure.
import {
  DEFAULT_RAID_SETTINGS,
  type PublicQuestion,
  type RaidSettings,
  type RaidView,
} from '../../shared/game/contract.js';
import type { ExtraTime } from '../../shared/game/extra-time.js';
import type { NumberSettings, PollSettings, TextSettings } from '../../shared/questions/kinds.js';
import { questionDeadline } from './timers.js';

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

export const kindOf = (q: RaidQuestion) => q.kind ?? 'choice';

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

/** Records saved before settings existed (a room paused then) play with the defaults. */
export const settingsOf = (s: RaidState): RaidSettings => s.settings ?? DEFAULT_RAID_SETTINGS;

/** The deadline of a question opened now (timers.ts holds the room's clocks). */
export const deadlineOf = (s: RaidState, now: number) => questionDeadline(settingsOf(s).questionSeconds, now);
