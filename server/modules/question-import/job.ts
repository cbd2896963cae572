// One import as the worker thread runs it: the file's rows read and checked, or the error's key.
import { AppError } from '../../lib/errors.js';
import { readQuestionFile } from './file.js';
import type { FileImport } from './questions.js';

export interface ImportJob {
  name: string;
  data: Uint8Array;
  existing: string[];
}

export type ImportOutcome =
  | { ok: FileImport }
  | { error: { statusCode: number; key: string; extra?: Record<string, unknown> } };

export function runImport(job: ImportJob): ImportOutcome {
  try {
    return { ok: readQuestionFile(job.name, job.data, job.existing) };
  } catch (err) {
    if (err instanceof AppError)
      return { error: { statusCode: err.statusCode, key: err.key, extra: err.extra } };
    throw err;
  }
}
