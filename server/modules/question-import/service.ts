// Reading an uploaded question file: two worker threads for the server (pool.ts), and a cap on the
// files one teacher may have waiting for it or in it, so that one teacher cannot fill its queue.
import type { FastifyBaseLogger } from 'fastify';
import type { ImportResult } from '../../../shared/question-import.js';
import { tooMany } from '../../lib/errors.js';
import { ImportPool } from './pool.js';

/** Files one teacher may have being read at once. */
export const IMPORTS_IN_FLIGHT_MAX = 2;

export function questionImportService(log: FastifyBaseLogger) {
  const worker = new ImportPool(log);
  /** Files of each teacher waiting for or in the worker. */
  const inFlight = new Map<string, number>();
  return {
    /** Starts the worker ahead of the first file (a listening server does, not the tests' inject). */
    warm: () => worker.warm(),
    close: () => worker.close(),
    /** Reads one file for this teacher; a third file while two are being read is refused (429). */
    async read(
      teacherId: string,
      file: { name: string; data: Buffer },
      existing: string[],
    ): Promise<ImportResult> {
      const running = inFlight.get(teacherId) ?? 0;
      if (running >= IMPORTS_IN_FLIGHT_MAX) throw tooMany(2);
      inFlight.set(teacherId, running + 1);
      try {
        return await worker.run({ name: file.name, data: file.data, existing });
      } finally {
        const left = (inFlight.get(teacherId) ?? 1) - 1;
        if (left > 0) inFlight.set(teacherId, left);
        else inFlight.delete(teacherId);
      }
    },
  };
}
