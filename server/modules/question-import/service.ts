// Reading an uploaded question file: two worker threads for the server (pool.ts), and a cap on the
// files one teacher may have waiting for it or in it, so that one teacher cannot fill its queue.
// The pictures a Moodle XML file embedded (checked in the worker) are then stored as an upload of
// POST /raids/images is: the form refers to them by name, and the orphan sweep removes them if the
// raid is never saved with them.
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import type { ImportedQuestion, ImportResult } from '../../../shared/question-import.js';
import { tooMany } from '../../lib/errors.js';
import { storeImage } from '../../lib/images.js';
import { questionsDir } from '../raids/service.js';
import { ImportPool } from './pool.js';
import type { FileImport } from './questions.js';

/** Files one teacher may have being read at once. */
export const IMPORTS_IN_FLIGHT_MAX = 2;

/** A worker's bytes (a Uint8Array once they crossed the thread) as a Buffer, without a copy. */
const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** The file's questions with their pictures stored (uploads' questions folder). */
async function storeImages(read: FileImport, uploadsDir: string): Promise<ImportResult> {
  const dir = questionsDir(uploadsDir);
  const questions: ImportedQuestion[] = [];
  for (const [i, q] of read.questions.entries()) {
    const { image, explanationImage } = read.images[i] ?? {};
    const out: ImportedQuestion = { ...q };
    if (image) out.imagePath = await storeImage(dir, asBuffer(image), IMAGE_MAX_BYTES);
    if (explanationImage)
      out.explanationImagePath = await storeImage(dir, asBuffer(explanationImage), IMAGE_MAX_BYTES);
    questions.push(out);
  }
  return { questions, report: read.report };
}

export function questionImportService(log: FastifyBaseLogger, uploadsDir: string) {
  const worker = new ImportPool(log);
  /** Files of each teacher waiting for or in the worker. */
  const inFlight = new Map<string, number>();
  return {
    /** Starts the worker ahead of the first file (a listening server does, not the tests' inject). */
    warm: () => worker.warm(),
    close: () => worker.close(),
    /** Reads one file for this teacher; a third file while two are being read is refused (429). */
    async read(
      professorId: string,
      file: { name: string; data: Buffer },
      existing: string[],
    ): Promise<ImportResult> {
      const running = inFlight.get(professorId) ?? 0;
      if (running >= IMPORTS_IN_FLIGHT_MAX) throw tooMany(2);
      inFlight.set(professorId, running + 1);
      try {
        return await storeImages(
          await worker.run({ name: file.name, data: file.data, existing }),
          uploadsDir,
        );
      } finally {
        const left = (inFlight.get(professorId) ?? 1) - 1;
        if (left > 0) inFlight.set(professorId, left);
        else inFlight.delete(professorId);
      }
    },
  };
}
