// The import worker: files are read off the event loop; one still being read when its time budget
// is spent is refused, and the next file is read by a fresh thread.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCsv, TEMPLATE_HEADER, TEMPLATE_ROWS } from '../../../scripts/templates/question-templates.js';
import { ERR } from '../../../shared/errors.js';
import { zipBombXlsx } from '../../../tests/fixtures/import/hostile.js';
import { AppError } from '../../lib/errors.js';
import { ImportWorker } from './pool.js';

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
