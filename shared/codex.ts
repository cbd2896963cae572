// The codex contract: statuses (SPEC point 4), the shapes of its REST answers (SPEC point 3) and the
// form's first error (SPEC point 5). No zod here: the student's phone page imports this file.
import { CODEX_MAX_LENGTH } from './constants.js';
import { ERR } from './errors.js';

export const CODEX_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2, DISPLAYED: 3, DELETED: 4 } as const;
export type CodexStatusName = keyof typeof CODEX_STATUS;
export type CodexStatus = (typeof CODEX_STATUS)[CodexStatusName];
export const CODEX_STATUS_NAMES = Object.keys(CODEX_STATUS) as CodexStatusName[];
export const codexStatusName = (s: number): CodexStatusName => CODEX_STATUS_NAMES[s] ?? 'PENDING';

/** The card's label: approved for any status other than pending or rejected (SPEC point 4). */
export type CodexLabel = 'PENDING' | 'APPROVED' | 'REJECTED';
export const codexLabel = (s: number): CodexLabel =>
  s === CODEX_STATUS.PENDING ? 'PENDING' : s === CODEX_STATUS.REJECTED ? 'REJECTED' : 'APPROVED';

/**
 * Status changes a teacher may make with PUT /codex/{id} (DELETE moves any phrase to the trash).
 * A phrase already shown in the game (DISPLAYED) keeps its status; the trash restores to PENDING.
 */
export const CODEX_TRANSITIONS: Record<CodexStatus, readonly CodexStatus[]> = {
  0: [1, 2],
  1: [2],
  2: [1],
  3: [],
  4: [0],
};

export interface Phrase {
  id: string;
  text: string;
  status: CodexStatus;
  /** The rude-word filter found something: the teacher reads it first. */
  flagged: boolean;
  subjectId: string;
  subject: { id: string; code: string; name: string };
  professorId: string;
  professor: { civility: string | null; firstName: string; lastName: string };
  schoolclassId: string;
  schoolclass: { id: string; name: string };
  studentId: string;
  /** Author. */
  firstName: string;
  lastName: string;
  /** ISO creation date. */
  date: string;
}

/** GET /professors/students/{studentId}: a teacher of the student's classes and what they teach there. */
export interface StudentProfessor {
  id: string;
  civility: string | null;
  firstName: string;
  lastName: string;
  /** Each (class, subject) pair this teacher teaches to the student. */
  teaching: {
    schoolclassId: string;
    schoolclassName: string;
    subjectId: string;
    subjectCode: string;
  }[];
}

export interface PhraseDraft {
  professorId: string;
  subjectId: string;
  schoolclassId: string;
  text: string;
}

/** The form's first error (SPEC point 5): subject and class are required only where their select shows. */
export function phraseDraftError(
  d: PhraseDraft,
  shown: { subject: boolean; schoolclass: boolean },
): { field: keyof PhraseDraft; message: string } | null {
  if (!d.professorId) return { field: 'professorId', message: ERR.CODEX_PROFESSOR_REQUIRED };
  if (shown.subject && !d.subjectId) return { field: 'subjectId', message: ERR.CODEX_SUBJECT_REQUIRED };
  if (shown.schoolclass && !d.schoolclassId)
    return { field: 'schoolclassId', message: ERR.CODEX_SCHOOLCLASS_REQUIRED };
  const text = d.text.trim();
  if (!text) return { field: 'text', message: ERR.CODEX_TEXT_REQUIRED };
  if (text.length > CODEX_MAX_LENGTH) return { field: 'text', message: ERR.CODEX_TEXT_TOO_LONG };
  return null;
}
