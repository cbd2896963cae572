// Answer of POST /api/questions/import (server/modules/question-import): every data line of the
// file, imported (a whole valid question) or refused with its reasons; nothing is stored.
import type { QuestionDraft } from './schemas/raid.js';

/** A translated reason: an error key (shared/errors.ts) and its parameters. `answer` names an answer column. */
export interface ImportIssue {
  key: string;
  params?: Record<string, string | number>;
}

export interface ImportReportLine {
  /** Row number as the spreadsheet shows it (1 = the header). */
  line: number;
  status: 'imported' | 'refused';
  /** The question's text as read (may be empty on a refused line). */
  question?: string;
  errors?: ImportIssue[];
}

export interface ImportResult {
  /** The imported lines' questions, in file order. */
  questions: QuestionDraft[];
  report: ImportReportLine[];
}

/** Largest import file (CSV or XLSX). */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
