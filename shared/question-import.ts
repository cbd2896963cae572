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

/**
 * An imported question: a draft, with the images a Moodle XML file embedded in its text and its
 * general feedback, already stored as an upload is (the raid form refers to them by these names).
 */
export type ImportedQuestion = QuestionDraft & { imagePath?: string; explanationImagePath?: string };

export interface ImportResult {
  /** The imported lines' questions, in file order. */
  questions: ImportedQuestion[];
  report: ImportReportLine[];
}

/** Largest import file (CSV, XLSX, GIFT). */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Largest Moodle XML file: it may carry its pictures inline (base64), each up to the 10 MB of an
 * upload; 20 MB is read in about a quarter of a second, well inside the import's time budget.
 */
export const IMPORT_XML_MAX_BYTES = 20 * 1024 * 1024;

/** The size limit of an import file, by its name's extension. */
export const importMaxBytes = (fileName: string) =>
  /\.xml$/i.test(fileName.trim()) ? IMPORT_XML_MAX_BYTES : IMPORT_FILE_MAX_BYTES;
