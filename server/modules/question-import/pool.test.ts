// The import worker: files are read off the event loop; one still being read when its time budget
// is spent is refused, and the next file is read by a fresh thread.
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCsv, TEMPLATE_HEADER, TEMPLATE_ROWS } from '../../../scripts/templates/question-templates.js';
import { ERR } from '../../../shared/errors.js';
import { zipBombXlsx } from '../../../tests/fixtures/import/hostile.js';
import { AppError } from '../../lib/errors.js';
import {
  IMPORT_ANSWER_MS,
  IMPORT_TIME_BUDGET_MS,
  type ImportLane,
  ImportPool,
  ImportWorker,
} from './pool.js';

let pool: ImportWorker | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const template = () => ({
  name: 'modele.csv',
  data: Buffer.from(buildCsv([TEMPLATE_HEADER, ...TEMPLATE_ROWS])),
  existing: [],
});

describe('import worker', () => {
  it('reads the template in its thread, and answers a refused file with its error key', async () => {
    pool = new ImportWorker(pino({ level: 'silent' }));
    const result = await pool.run(template());
    expect(result.questions).toHaveLength(TEMPLATE_ROWS.length);
    const err = await pool.run({ name: 'q.pdf', data: Buffer.from('%PDF'), existing: [] }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, key: ERR.IMPORT_FILE_TYPE });
  });

  it('refuses a file still being read when its budget is spent, then reads the next one', async () => {
    const logged: string[] = [];
    pool = new ImportWorker(pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }));
    const bomb = { name: 'bomb.xlsx', data: zipBombXlsx(24), existing: [] };
    // A budget far shorter than reading the bomb's megabytes of rows takes; the next file has the
    // usual one.
    const [late, next] = await Promise.allSettled([pool.run(bomb, 1), pool.run(template())]);
    expect(late).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 400, key: ERR.IMPORT_UNREADABLE },
    });
    expect(logged.join('')).toContain('past its time budget');
    expect(next).toMatchObject({ status: 'fulfilled' });
  }, 30_000);
});

describe('import pool', () => {
  /** A thread that spends a file's whole budget, then refuses it as unreadable (a hostile file). */
  const hostileLane = (): ImportLane => ({
    run: (_job, budgetMs = IMPORT_TIME_BUDGET_MS) =>
      new Promise((_, reject) =>
        setTimeout(() => reject(new AppError(400, ERR.IMPORT_UNREADABLE)), budgetMs),
      ),
    warm: () => undefined,
    close: async () => undefined,
  });

  it('answers every file within 2 s of its arrival, even queued behind files that take their whole budget', async () => {
    vi.useFakeTimers();
    try {
      const lanes = new ImportPool(pino({ level: 'silent' }), 2, IMPORT_TIME_BUDGET_MS, hostileLane);
      const answeredAt: { ms: number; status: number }[] = [];
      const t0 = performance.now();
      // Other teachers' files fill both threads; this teacher's hostile file comes right after.
      const all = Array.from({ length: 5 }, () =>
        lanes.run(template()).catch((err: AppError) => {
          answeredAt.push({ ms: performance.now() - t0, status: err.statusCode });
        }),
      );
      await vi.advanceTimersByTimeAsync(IMPORT_ANSWER_MS);
      await Promise.all(all);
      expect(answeredAt).toHaveLength(5);
      for (const a of answeredAt) expect(a.ms).toBeLessThanOrEqual(IMPORT_ANSWER_MS);
      // Two read for their whole budget (400); the others would have had under a second left (429).
      expect(answeredAt.map((a) => a.status).sort()).toEqual([400, 400, 429, 429, 429]);
      await lanes.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a queued file for what is left of its 2 s', async () => {
    vi.useFakeTimers();
    try {
      const budgets: number[] = [];
      const lane = (): ImportLane => ({
        run: (_job, budgetMs = IMPORT_TIME_BUDGET_MS) => {
          budgets.push(budgetMs);
          return new Promise((resolve) =>
            setTimeout(() => resolve({ questions: [], errors: [] } as never), 600),
          );
        },
        warm: () => undefined,
        close: async () => undefined,
      });
      const lanes = new ImportPool(pino({ level: 'silent' }), 1, IMPORT_TIME_BUDGET_MS, lane);
      const both = Promise.all([lanes.run(template()), lanes.run(template())]);
      await vi.advanceTimersByTimeAsync(1200);
      await both;
      expect(budgets).toEqual([IMPORT_TIME_BUDGET_MS, IMPORT_ANSWER_MS - 600]);
      await lanes.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
