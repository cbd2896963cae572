// What the clients see of a live room, and how a patch applies to it. No zod here: phones load this
// file, and the schemas of the commands (contract.ts) would cost them 23 KB.
import type { QuestionKind } from '../questions/kinds.js';
import type { MultiScoring, Verdict } from './scoring.js';

export type { MultiScoring, Verdict } from './scoring.js';

export interface RoomKey {
  schoolclassId: string;
  subjectId: string;
}
export const roomId = (k: RoomKey) => `${k.schoolclassId}:${k.subjectId}`;

export type Ack<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; message: string };

export interface RosterEntry {
  studentId: string;
  firstName: string;
  /** First letter of the last name: the projector is public. */
  lastInitial: string;
  avatarImage: string | null;
  level: number;
  powerXp: number;
  connected: boolean;
  powerActive: boolean;
}

export interface PublicAnswer {
  id: string;
  text: string;
}
export interface PublicQuestion {
  id: string;
  text: string;
  equationMode: boolean;
  image: string | null;
  answers: PublicAnswer[];
  /** Several answers may be right: the phone lets the student pick several. */
  multiple: boolean;
  /** How many answers are right ("Choisis 2 réponses"); absent in views saved before issue 21. */
  toPick?: number;
  /**
   * Issue 23: the kind (absent: a choice), a number's unit, a poll's mode. An order question's
   * `answers` are its items, shuffled, never in the right order.
   */
  kind?: QuestionKind;
  unit?: string | null;
  pollMode?: 'choice' | 'number' | 'text';
}

/** Typed answers of a text question or a typed poll, as the board shows them once the teacher asks. */
export interface TypedGroup {
  /** The answer as most pupils typed it. */
  text: string;
  count: number;
  /** Who typed it: only when the teacher asked for names. */
  studentIds?: string[];
  /**
   * A text question: judged right by the server with the question's options (case, accents, one
   * typo). Absent for a wrong answer and for a poll (no right answer).
   */
  accepted?: true;
}

/** How the teacher plays a raid, chosen when starting it and offered again next time. */
export interface RaidSettings {
  /** Seconds a question stays open (10 to 120), or null: no clock, the teacher reveals. */
  questionSeconds: number | null;
  /** The question is revealed as soon as every connected student has answered. */
  endWhenAllAnswered: boolean;
  /** Every question is asked: losing all turns no longer ends the raid early. */
  askEveryQuestion: boolean;
  /** `accuracy`: XP per right answer; `speed`: a quick right answer earns up to SPEED_BONUS_XP more. */
  scoring: 'accuracy' | 'speed';
  /**
   * A question with several right answers: `all` counts only the exact set (default), `partial`
   * gives credit per right answer ticked (shared/game/scoring.ts). Absent in settings saved before.
   */
  multiScoring?: MultiScoring;
}

export const DEFAULT_RAID_SETTINGS: RaidSettings = {
  questionSeconds: 30,
  endWhenAllAnswered: true,
  askEveryQuestion: false,
  scoring: 'accuracy',
  multiScoring: 'all',
};

export interface RaidView {
  kind: 'raid';
  raidId: string;
  title: string;
  boss: { key: string; name: string; image: string; maxHp: number; hp: number };
  /** The class's turn pool: questions it may still lose before DEFEAT. */
  turns: { max: number; left: number };
  index: number;
  count: number;
  /** `lobby`: the raid is chosen, the class gets ready; no question shown yet, no clock. */
  phase: 'lobby' | 'question' | 'revealed' | 'ended';
  question: PublicQuestion | null;
  /** How the teacher chose to play it (absent in views saved before settings existed). */
  settings?: RaidSettings;
  deadline: number | null;
  /**
   * Issue 24: the end of the open question's extra time when a pupil of the raid has some (never
   * who); after the class's deadline, the board shows "extra time" until then.
   */
  extraUntil?: number | null;
  /**
   * After the class's deadline only: how many connected pupils with extra time are still answering
   * (no names). Absent before the deadline, so that no answer tells who has extra time.
   */
  extraAnswering?: number;
  /** After the class's deadline: how many answered since (no names: their avatars stay as they were). */
  extraAnswered?: number;
  answeredStudentIds: string[];
  /** Only once revealed. */
  reveal: {
    correctAnswerIds: string[];
    counts: Record<string, number>;
    rightShare: number;
    damage: number;
    /** Issue 23: an order's right order; a number's value, tolerance and unit; a text's accepted answers. */
    correctOrder?: string[];
    number?: {
      value: number;
      tolerance: number;
      toleranceMode: 'absolute' | 'relative';
      unit: string | null;
    };
    accepted?: string[];
    /** A number (or number poll): the values given most, most first (at most REVEAL_VALUES_MAX). */
    values?: { value: string; count: number }[];
    /** A text or typed poll: how many typed. What they typed is in `typed`, once the teacher asks. */
    typedCount?: number;
    typed?: { groups: TypedGroup[]; hidden: number; names: boolean };
    /** A poll: no right answer, no damage. */
    poll?: true;
    /** Shown after the reveal (formulas between $$..$$), with its image's address. */
    explanation?: string | null;
    explanationImage?: string | null;
  } | null;
  result: {
    outcome: 'VICTORY' | 'DEFEAT';
    gains: Record<string, { xp: number; coins: number }>;
    /** The new level of each student this raid's reward raised (set once the rewards are stored). */
    levelUps?: Record<string, number>;
  } | null;
}

/** "First L." by student id, for the students an activity names: phones know only themselves. */
export type StudentNames = Record<string, string>;

export interface SummonView {
  kind: 'summon';
  drawn: string | null;
  names?: StudentNames;
  poolLeft: number;
  marked: boolean | null;
}

export interface PickView {
  kind: 'pick';
  mode: 'team' | 'order';
  /** Teams of student ids, or one list in speaking order. */
  groups: string[][];
  names?: StudentNames;
}

export interface CodexView {
  kind: 'codex';
  /** The board shows the author or not at the teacher's choice, at once; phones never get it. */
  phrase: { id: string; text: string; author: string | null } | null;
  left: number;
}

export type ActivityView = RaidView | SummonView | PickView | CodexView;

export interface RoomSnapshot {
  id: string;
  seq: number;
  schoolclassId: string;
  subjectId: string;
  className: string;
  planet: string;
  paused: boolean;
  powerMode: boolean;
  roster: RosterEntry[];
  activity: ActivityView | null;
  /** The teacher quit: the lesson is over (phones go home). */
  closed?: boolean;
}

/** What one phone sees of its own play. */
export interface PhoneState {
  studentId: string;
  /** Issue 24: this pupil's own extra time in the raid (absent: none); only ever sent to them. */
  extraTime?: 'third' | 'half' | 'double';
  /** `answerIds`: the choices ticked, or an order given; `value`: what was typed (issue 23). */
  myAnswer: { questionId: string; answerIds: string[]; value?: string | null } | null;
  lastResult: {
    questionId: string;
    correct: boolean;
    /** Right, partly right or wrong (issue 21); 'none' for a poll (issue 23); absent from older servers. */
    verdict?: Verdict | 'none';
    /** What the answer earned in the raid's scoring mode, 0..1. */
    credit?: number;
    /** Right answers the student did not tick. */
    missedIds?: string[];
  } | null;
  /** This raid's gain (its end screen). */
  xpGained: number;
  coinsGained: number;
  /** XP won since the room opened: every raid and summon of the lesson. */
  lessonXp?: number;
  /** The level this raid's reward took the student to, when it rose (the end screen's level-up). */
  levelUp?: number | null;
  powerXp: number;
  powerActive: boolean;
}

export type RoomPatch =
  | { type: 'presence'; studentId: string; connected: boolean }
  /** Who answered the open question since the last such patch (batched), and how many have answered. */
  | {
      type: 'answered';
      questionId: string;
      studentIds: string[];
      count: number;
      /** Issue 24, after the class's deadline only (then `studentIds` is empty): see RaidView. */
      extraAnswering?: number;
      extraAnswered?: number;
    }
  | { type: 'power'; studentId: string; active: boolean; powerXp: number }
  | { type: 'activity'; activity: ActivityView | null }
  /** New levels after a raid's rewards. */
  | { type: 'levels'; levels: Record<string, number> }
  | { type: 'paused'; paused: boolean }
  /** The teacher quit the lesson. */
  | { type: 'closed' };

/** Applies a patch to a snapshot; answers null when the patch does not follow (a gap: ask for room:sync). */
export function applyPatch(s: RoomSnapshot, p: { seq: number; patch: RoomPatch }): RoomSnapshot | null {
  if (p.seq <= s.seq) return s;
  if (p.seq !== s.seq + 1) return null;
  const next: RoomSnapshot = { ...s, seq: p.seq };
  const patch = p.patch;
  switch (patch.type) {
    case 'presence':
      next.roster = s.roster.map((r) =>
        r.studentId === patch.studentId ? { ...r, connected: patch.connected } : r,
      );
      break;
    case 'power':
      next.roster = s.roster.map((r) =>
        r.studentId === patch.studentId ? { ...r, powerActive: patch.active, powerXp: patch.powerXp } : r,
      );
      break;
    case 'answered':
      // Only for the question on screen: a late batch never marks students on the next question.
      if (s.activity?.kind === 'raid' && s.activity.question?.id === patch.questionId) {
        const known = new Set(s.activity.answeredStudentIds);
        const added = patch.studentIds.filter((id) => !known.has(id));
        if (added.length) {
          next.activity = { ...s.activity, answeredStudentIds: [...s.activity.answeredStudentIds, ...added] };
        }
        if (patch.extraAnswering !== undefined && next.activity?.kind === 'raid') {
          next.activity = {
            ...next.activity,
            extraAnswering: patch.extraAnswering,
            extraAnswered: patch.extraAnswered ?? 0,
          };
        }
      }
      break;
    case 'activity':
      next.activity = patch.activity;
      break;
    case 'levels':
      next.roster = s.roster.map((r) =>
        patch.levels[r.studentId] === undefined ? r : { ...r, level: patch.levels[r.studentId] },
      );
      break;
    case 'paused':
      next.paused = patch.paused;
      break;
    case 'closed':
      next.closed = true;
      next.activity = null;
      break;
  }
  return next;
}
