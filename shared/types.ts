// Shapes exchanged between the client and the REST API (SPEC point 3).

import type { Role, UserStatus } from './constants.js';
import type { KindReveal, PublicKind } from './questions/views.js';
import type { WorldName } from './worlds.js';

/** The stored local user (localStorage 'user'): what /auth/signin and /auth/code-signup answer. */
export interface StoredUser {
  accessToken: string;
  refreshToken: string;
  role: Role;
  isGar: boolean;
  id: string;
  studentId: string | null;
  professorId: string | null;
  avatarId: string | null;
  ticket: string | null;
  /** After a sign-in with a password: this browser's known-device token for the account (kept apart, see client/src/app/devices.ts). */
  deviceToken?: string;
}

export interface AvatarRef {
  id: string;
  baseAvatarId: string | null;
  image: string;
  head: string;
}

/** GET /api/users/{id} */
export interface UserRecord {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  isGar: boolean;
  isAdmin: boolean;
  uai: string | null;
  status: UserStatus;
  language: string;
  avatar: AvatarRef | null;
  lastChangelogViewedAt: string | null;
  /** Present for students. */
  student?: {
    id: string;
    coin: number;
    xp: number;
    level: number;
    levelProgression: number;
    powerXp: number;
    activeProfessorsCount: number;
    schoolclasses: { id: string; name: string; planet: WorldName }[];
  };
  /** Present for professors. */
  professor?: {
    id: string;
    civility: 'M' | 'MME' | null;
    powerMode: boolean;
    shareRaids: boolean;
    schoolclasses: {
      id: string;
      name: string;
      level: number;
      planet: WorldName;
      subjectId: string;
      subjectCode: string;
    }[];
  };
}

export interface SubjectDto {
  id: string;
  code: string;
  name: string;
  group: string;
}

export interface AvatarDto {
  id: string;
  baseAvatarId: string | null;
  planet: string;
  avatarType: string;
  race: string;
  avatarClass: string;
  gender: string;
  skinId: string | null;
  userType: 'student' | 'professor';
  image: string;
  head: string;
}

export interface PendingProfessorDto {
  id: string;
  civility: 'M' | 'MME' | null;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  /** The school's name; for a school sign-on teacher whose provider sent none, its UAI (equal to `uai`). */
  school: string;
  /** A school sign-on (GAR, ENT) teacher: no e-mail, approved with "approve ENT". */
  isGar: boolean;
  uai: string | null;
  city: string;
  department: string;
  phone: string;
  subjects: string[];
  status: UserStatus;
  createdAt: string;
}

export interface ChangelogEntry {
  date: string;
  title: string;
  items: string[];
  /** Shown in French because the file has no translation in the reader's language. */
  fallback?: boolean;
}

// Student account and homework practice (server/modules/student).
/** GET /students/{id} and /students/findOne: the student's own progress. */
export interface StudentDto {
  id: string;
  studentId: string;
  userId: string;
  coin: number;
  xp: number;
  level: number;
  levelProgression: number;
  powerXp: number;
  user: { firstName: string; lastName: string; username: string; avatar: AvatarRef | null };
}
/** GET /homeworkRaids/{studentId}: one ongoing homework of the student's classes. */
export interface HomeworkRaidDto {
  id: string;
  name: string;
  isOnGoing: boolean;
  createdAt: string;
  raidId: string;
  schoolclassId: string;
  schoolclassName: string;
  professor: { id: string; civility: 'M' | 'MME' | null };
  user: { firstName: string; lastName: string; avatar: AvatarRef | null };
  subject: { id: string; code: string; name: string };
  questionCount: number;
  answeredCount: number;
  completion: {
    /** The best try's score (partial credit may give halves). */
    score: number;
    total: number;
    xpGained: number;
    completedAt: string;
    /** Tries finished; a new try is under way when `retrying` (issue 21). */
    tries: number;
    retrying: boolean;
    /** The best try was finished after the due date. */
    late: boolean;
  } | null;
  /** Issue 21: Paris days YYYY-MM-DD or null; tries allowed; scoring of several right answers. */
  startsOn: string | null;
  dueOn: string | null;
  maxTries: number;
  multiScoring: 'all' | 'partial';
  /** Before its start date: shown, not playable. */
  upcoming: boolean;
  /** Past its due date (Paris time): still playable, marked late. */
  overdue: boolean;
}
/**
 * A question of a homework raid as the student sees it: no correct flag, no accepted text, no
 * number's value; an order's items shuffled (issue 23).
 */
export interface HomeworkQuestionDto extends PublicKind {
  id: string;
  text: string;
  equationMode: boolean;
  image: string | null;
  multiple: boolean;
  /** How many answers are right. */
  toPick: number;
  answers: { id: string; text: string }[];
  /** Set once answered (a reload resumes), with the right answers of its kind and the explanation. */
  given:
    | ({
        answerIds: string[];
        /** What the pupil typed (number, text, typed poll). */
        value?: string | null;
        correct: boolean;
        /** 'none': a poll. */
        verdict: 'right' | 'partial' | 'wrong' | 'none';
        correctAnswerIds: string[];
      } & Partial<KindReveal>)
    | null;
}
/** GET /students/{studentId}/homework/{homeworkId} */
export interface HomeworkPlayDto {
  homework: HomeworkRaidDto;
  title: string;
  questions: HomeworkQuestionDto[];
}
/** POST …/answer; with the kind's right answers and the explanation (issue 23). */
export interface HomeworkAnswerResult extends Partial<KindReveal> {
  correct: boolean;
  correctAnswerIds: string[];
  verdict: 'right' | 'partial' | 'wrong' | 'none';
  /** What it earned in the homework's mode, 0..1. */
  credit: number;
  /** Right answers not ticked. */
  missedIds: string[];
}
/** POST …/finish */
export interface HomeworkFinishResult {
  /** This try's score, the best kept, tries finished of those allowed, finished late (issue 21). */
  score: number;
  bestScore: number;
  tries: number;
  maxTries: number;
  late: boolean;
  total: number;
  xpGained: number;
  coinsGained: number;
  level: number;
  levelProgression: number;
  previousLevel: number;
  coin: number;
}
