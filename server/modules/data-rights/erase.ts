// Deleting a pupil for good (GDPR right to erasure, issue 14). In this order, so that a failure
// half-way can be retried and no step reopens what an earlier one closed:
// 1. their sessions end: refresh tokens revoked, sockets closed on every node (as a password reset);
// 2. the live rooms of their classes forget them (store in memory or Redis), and so do paused rooms;
// 3. one transaction deletes their bug reports and their user row, whose foreign keys cascade to every
//    other table that names them (checked table by table in tests/integration/data-rights.test.ts);
// 4. the screenshots of those reports leave the disk.
// An answer they gave to a question still open stays in the room store until it is revealed, then
// is dropped (its student is gone, insertAnswers skips it); nothing in it names them.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { codex, studentsSchoolclasses, tickets, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forgetInPausedRooms } from '../../game/loaders.js';
import { notFound } from '../../lib/errors.js';
import { revokeAllForUser } from '../auth/sessions.js';
import { screenshotsDir } from '../tickets/screenshots.js';
import { pupilIds } from './export.js';

export async function erasePupil(deps: Deps, studentId: string): Promise<void> {
  const { db } = deps;
  const pupil = await pupilIds(db, studentId);
  if (!pupil) throw notFound();
  const classIds = (
    await db
      .select({ id: studentsSchoolclasses.schoolclassId })
      .from(studentsSchoolclasses)
      .where(eq(studentsSchoolclasses.studentId, studentId))
  ).map((r) => r.id);
  const phraseIds = new Set(
    (await db.select({ id: codex.id }).from(codex).where(eq(codex.studentId, studentId))).map((r) => r.id),
  );

  await revokeAllForUser(deps, pupil.userId);
  await deps.evict.erase(studentId, classIds, phraseIds);
  await forgetInPausedRooms(db, classIds, studentId, phraseIds);

  const screenshots = await db.transaction(async (tx) => {
    const reports = await tx
      .delete(tickets)
      .where(eq(tickets.userId, pupil.userId))
      .returning({ screenshotPath: tickets.screenshotPath });
    await tx.delete(users).where(eq(users.id, pupil.userId));
    return reports.flatMap((r) => (r.screenshotPath ? [r.screenshotPath] : []));
  });
  const dir = screenshotsDir(deps.uploadsDir);
  for (const name of screenshots) await unlink(path.join(dir, path.basename(name))).catch(() => undefined);
}
