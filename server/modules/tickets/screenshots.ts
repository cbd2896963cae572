// Bug-report screenshots on disk: kept SCREENSHOT_RETENTION_DAYS (then deleted, the report stays),
// and all together within SCREENSHOTS_MAX_MB. Past the budget a new screenshot is refused rather
// than an older one deleted: a flood of reports must not erase the screenshots already sent.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, isNotNull, lt } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { checkImage, storeImage } from '../../lib/images.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs while the server is up (it also runs at start). */
export const SCREENSHOT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export const screenshotsDir = (uploadsDir: string) => path.join(uploadsDir, 'tickets');

/** Bytes the files of `dir` take (0 when it does not exist yet). */
async function usedBytes(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const name of names)
    total += await stat(path.join(dir, name)).then(
      (s) => s.size,
      () => 0,
    );
  return total;
}

/**
 * Deletes the screenshots older than the retention: the files (by their date on disk, so that a file
 * whose report was never stored goes too) and the reports' links to them.
 */
export async function sweepScreenshots(
  db: Db,
  uploadsDir: string,
  retentionDays: number,
  now = Date.now(),
): Promise<{ deleted: number }> {
  const cutoff = now - retentionDays * DAY_MS;
  const dir = screenshotsDir(uploadsDir);
  let deleted = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff) {
      await unlink(file).catch(() => undefined);
      deleted++;
    }
  }
  await db
    .update(tickets)
    .set({ screenshotPath: null })
    .where(and(isNotNull(tickets.screenshotPath), lt(tickets.createdAt, new Date(cutoff))));
  return { deleted };
}

/**
 * Stores one screenshot within the disk budget. Checks and writes follow one another on this server,
 * so that reports sent at the same moment cannot together pass the budget.
 */
export function screenshotStore(uploadsDir: string, budgetBytes: number) {
  const dir = screenshotsDir(uploadsDir);
  let last: Promise<unknown> = Promise.resolve();
  return (buf: Buffer, maxBytes: number): Promise<string> => {
    const turn = last.then(async () => {
      // What is wrong with the file itself is said first.
      if (buf.length > maxBytes) throw new AppError(413, ERR.IMAGE_TOO_LARGE);
      checkImage(buf);
      if ((await usedBytes(dir)) + buf.length > budgetBytes) throw new AppError(507, ERR.SCREENSHOTS_FULL);
      return storeImage(dir, buf, maxBytes);
    });
    last = turn.catch(() => undefined);
    return turn;
  };
}
