// Chapters and raids of one teacher: look-ups that answer 404 for anything not the caller's, and the
// one-transaction save that replaces a raid's questions and answers.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import { kindFields, settingsOfFields } from '../../../shared/questions/kinds.js';
import type { ChapterDto, RaidDto, RaidSave, RaidSummaryDto } from '../../../shared/schemas/raid.js';
import type { Db } from '../../db/client.js';
import { raidQuestions } from '../../db/raid-questions.js';
import { answers, chapters, professors, questions, raids, subjects } from '../../db/schema.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';

export const questionsDir = (uploadsDir: string) => path.join(uploadsDir, 'questions');

export async function listChapters(db: Db, professorId: string): Promise<ChapterDto[]> {
  const rows = await db
    .select({
      id: chapters.id,
      name: chapters.name,
      level: chapters.level,
      subjectId: chapters.subjectId,
      subjectCode: subjects.code,
      updatedAt: chapters.updatedAt,
      raidCount:
        sql<number>`(select count(*) from ${raids} where ${raids.chapterId} = ${chapters.id})`.mapWith(
          Number,
        ),
    })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(chapters.professorId, professorId))
    .orderBy(sql`${chapters.updatedAt} desc`, asc(chapters.name));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The caller's chapter, or 404 (another teacher's chapter does not exist for them). */
export async function ownChapter(db: Db, professorId: string, chapterId: string): Promise<ChapterDto> {
  const list = await db
    .select({
      id: chapters.id,
      name: chapters.name,
      level: chapters.level,
      subjectId: chapters.subjectId,
      subjectCode: subjects.code,
      updatedAt: chapters.updatedAt,
      raidCount:
        sql<number>`(select count(*) from ${raids} where ${raids.chapterId} = ${chapters.id})`.mapWith(
          Number,
        ),
    })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(chapters.id, chapterId), eq(chapters.professorId, professorId)));
  const c = list[0];
  if (!c) throw notFound();
  return { ...c, updatedAt: c.updatedAt.toISOString() };
}

export async function assertChapterNameFree(db: Db, professorId: string, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      and(
        eq(chapters.professorId, professorId),
        sql`lower(${chapters.name}) = lower(${name})`,
        exceptId ? ne(chapters.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict(ERR.CHAPTER_NAME_TAKEN, { field: 'name' });
}

export async function subjectExists(db: Db, subjectId: string): Promise<boolean> {
  const [s] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  return !!s;
}

export async function listRaids(db: Db, chapterId: string): Promise<RaidSummaryDto[]> {
  const rows = await db
    .select({
      id: raids.id,
      chapterId: raids.chapterId,
      title: raids.title,
      isHomework: raids.isHomework,
      // "Shared" only while the teacher shares her raids at all (the library's rule): a teacher who
      // chose not to share sees no "Shared" badge, though each raid keeps its own choice for later.
      shared: sql<boolean>`(${raids.shared} and ${professors.shareRaids})`.mapWith(Boolean),
      updatedAt: raids.updatedAt,
      questionCount: count(questions.id),
    })
    .from(raids)
    .innerJoin(professors, eq(professors.id, raids.professorId))
    .leftJoin(questions, eq(questions.raidId, raids.id))
    .where(eq(raids.chapterId, chapterId))
    .groupBy(raids.id, professors.shareRaids)
    .orderBy(sql`${raids.updatedAt} desc`, asc(raids.title));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The caller's raid with its questions in order and their answers in order, or 404. */
export async function ownRaid(db: Db, professorId: string, raidId: string): Promise<RaidDto> {
  const [raid] = await db
    .select({
      id: raids.id,
      chapterId: raids.chapterId,
      title: raids.title,
      isHomework: raids.isHomework,
      shared: raids.shared,
      updatedAt: raids.updatedAt,
    })
    .from(raids)
    .where(and(eq(raids.id, raidId), eq(raids.professorId, professorId)));
  if (!raid) throw notFound();
  const qs = await raidQuestions(db, raidId);
  return {
    ...raid,
    updatedAt: raid.updatedAt.toISOString(),
    questions: qs.map((q) => ({
      id: q.id,
      text: q.text,
      equationMode: q.equationMode,
      imagePath: q.imagePath,
      answers: q.answers.map(({ id, text, isCorrect }) => ({ id, text, isCorrect })),
      kind: q.kind,
      ...kindFields(q.kind, q.settings),
      explanation: q.explanation,
      explanationImagePath: q.explanationImagePath,
    })),
  };
}

/** Every image a question refers to must be a file of the questions folder (uploaded earlier). */
export async function assertImagesExist(uploadsDir: string, body: RaidSave) {
  const dir = questionsDir(uploadsDir);
  for (const [i, q] of body.questions.entries()) {
    for (const field of ['imagePath', 'explanationImagePath'] as const) {
      const file = q[field];
      if (!file) continue;
      const ok = await stat(path.join(dir, file)).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!ok) throw badRequest(ERR.IMAGE_NOT_FOUND, { field: `questions.${i}.${field}` });
    }
  }
}

async function assertTitleFree(db: Db, professorId: string, title: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: raids.id })
    .from(raids)
    .where(
      and(
        eq(raids.professorId, professorId),
        sql`lower(${raids.title}) = lower(${title})`,
        exceptId ? ne(raids.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict(ERR.RAID_TITLE_TAKEN, { field: 'title' });
}

/**
 * Creates (raidId undefined) or updates a raid in ONE transaction: the raid row, then its questions
 * (kept by id, added or deleted) and their answers (an unchanged answer of a kept question keeps
 * its id; the others are rewritten), positions dense from 0 in the order given. A failure leaves the stored raid
 * as it was. Answers the image files no longer referenced by this raid (to remove after commit).
 */
export async function saveRaid(
  db: Db,
  professorId: string,
  chapterId: string,
  body: RaidSave,
  raidId?: string,
): Promise<{ id: string; droppedImages: string[] }> {
  await assertTitleFree(db, professorId, body.title, raidId);
  try {
    return await db.transaction(async (tx) => {
      let id = raidId;
      let before: { id: string; imagePath: string | null; explanationImagePath: string | null }[] = [];
      const now = new Date();
      if (id) {
        before = await tx
          .select({
            id: questions.id,
            imagePath: questions.imagePath,
            explanationImagePath: questions.explanationImagePath,
          })
          .from(questions)
          .where(eq(questions.raidId, id));
        await tx
          .update(raids)
          .set({ title: body.title, shared: body.shared, updatedAt: now })
          .where(eq(raids.id, id));
      } else {
        const [row] = await tx
          .insert(raids)
          .values({ professorId, chapterId, title: body.title, shared: body.shared })
          .returning({ id: raids.id });
        id = row.id;
      }
      const raidRowId = id;
      // A question sent with the id of one of this raid's questions is updated in place (homework
      // answers refer to it); any other is new. Questions not sent any more are deleted.
      const stored = new Set(before.map((q) => q.id));
      const keptIds = new Set<string>();
      const rows = body.questions.map((q, position) => {
        const keep = q.id && stored.has(q.id) && !keptIds.has(q.id) ? q.id : null;
        if (keep) keptIds.add(keep);
        return {
          keep,
          position,
          text: q.text,
          equationMode: q.equationMode,
          imagePath: q.imagePath,
          kind: q.kind,
          settings: settingsOfFields(q),
          explanation: q.explanation,
          explanationImagePath: q.explanationImagePath,
        };
      });
      const dropped = before.filter((q) => !keptIds.has(q.id)).map((q) => q.id);
      if (dropped.length) await tx.delete(questions).where(inArray(questions.id, dropped));
      const idAt = new Map<number, string>();
      /** "question index:answer index" of the answers updated in place. */
      const keptAnswers = new Set<string>();
      if (keptIds.size) {
        const kept = [...keptIds];
        // Texts may swap between kept questions: park them on their own ids first (the unique
        // index on the text is checked row by row).
        await tx
          .update(questions)
          .set({ text: sql`${questions.id}::text` })
          .where(inArray(questions.id, kept));
        // An answer kept as it was (same text, same right or wrong) keeps its id: the answers
        // students gave to it still name it. The others are deleted and written anew.
        const old = await tx
          .select({
            id: answers.id,
            questionId: answers.questionId,
            text: answers.text,
            isCorrect: answers.isCorrect,
          })
          .from(answers)
          .where(inArray(answers.questionId, kept));
        const reuse = new Map<string, string>();
        for (const r of rows) {
          if (!r.keep) continue;
          const pool = old.filter((a) => a.questionId === r.keep);
          for (const [ai, a] of body.questions[r.position].answers.entries()) {
            const same = pool.findIndex((o) => o.text === a.text && o.isCorrect === a.isCorrect);
            if (same >= 0) reuse.set(`${r.position}:${ai}`, pool.splice(same, 1)[0].id);
          }
        }
        const reused = new Set(reuse.values());
        const gone = old.filter((a) => !reused.has(a.id)).map((a) => a.id);
        if (gone.length) await tx.delete(answers).where(inArray(answers.id, gone));
        for (const [at, answerId] of reuse) {
          const [qi, ai] = at.split(':').map(Number);
          await tx.update(answers).set({ position: ai }).where(eq(answers.id, answerId));
          keptAnswers.add(`${qi}:${ai}`);
        }
        for (const r of rows) {
          if (!r.keep) continue;
          await tx
            .update(questions)
            .set({
              position: r.position,
              text: r.text,
              equationMode: r.equationMode,
              imagePath: r.imagePath,
              kind: r.kind,
              settings: r.settings,
              explanation: r.explanation,
              explanationImagePath: r.explanationImagePath,
            })
            .where(eq(questions.id, r.keep));
          idAt.set(r.position, r.keep);
        }
      }
      const fresh = rows.filter((r) => !r.keep);
      if (fresh.length) {
        const inserted = await tx
          .insert(questions)
          .values(
            fresh.map((r) => ({
              raidId: raidRowId,
              position: r.position,
              text: r.text,
              equationMode: r.equationMode,
              imagePath: r.imagePath,
              kind: r.kind,
              settings: r.settings,
              explanation: r.explanation,
              explanationImagePath: r.explanationImagePath,
            })),
          )
          .returning({ id: questions.id, position: questions.position });
        for (const q of inserted) idAt.set(q.position, q.id);
      }
      const freshAnswers = body.questions.flatMap((q, qi) =>
        q.answers.flatMap((a, position) =>
          keptAnswers.has(`${qi}:${position}`)
            ? []
            : [{ questionId: idAt.get(qi) as string, position, text: a.text, isCorrect: a.isCorrect }],
        ),
      );
      if (freshAnswers.length) await tx.insert(answers).values(freshAnswers);
      await tx.update(chapters).set({ updatedAt: now }).where(eq(chapters.id, chapterId));
      const keptImages = new Set(body.questions.flatMap((q) => [q.imagePath, q.explanationImagePath]));
      const droppedImages = before.flatMap((q) =>
        [q.imagePath, q.explanationImagePath].filter((f): f is string => !!f && !keptImages.has(f)),
      );
      return { id: raidRowId, droppedImages };
    });
  } catch (err) {
    // Two saves racing for the same title: the unique index decides.
    if (isUniqueViolation(err, 'raids_professor_title_uq'))
      throw conflict(ERR.RAID_TITLE_TAKEN, { field: 'title' });
    throw err;
  }
}

/** Image files of questions of these raids (read before deleting them). */
export async function imagesOfRaids(db: Db, raidIds: string[]): Promise<string[]> {
  if (!raidIds.length) return [];
  const rows = await db
    .select({ imagePath: questions.imagePath, explanationImagePath: questions.explanationImagePath })
    .from(questions)
    .where(inArray(questions.raidId, raidIds));
  return rows.flatMap((r) => [r.imagePath, r.explanationImagePath].filter((f): f is string => !!f));
}

/**
 * Removes image files that no question refers to any more (the library may have copied a question
 * with its image into another teacher's raid). Called after the transaction committed; a file that
 * is already gone is fine.
 */
export async function removeUnusedImages(db: Db, uploadsDir: string, files: string[]) {
  const unique = [...new Set(files)];
  if (!unique.length) return;
  const used = await db
    .select({ imagePath: questions.imagePath, explanationImagePath: questions.explanationImagePath })
    .from(questions)
    .where(or(inArray(questions.imagePath, unique), inArray(questions.explanationImagePath, unique)));
  const stillUsed = new Set(used.flatMap((u) => [u.imagePath, u.explanationImagePath]));
  for (const f of unique) {
    if (stillUsed.has(f)) continue;
    await unlink(path.join(questionsDir(uploadsDir), f)).catch(() => undefined);
  }
}

/** An uploaded image no question uses is kept this long: the teacher may still be editing the raid. */
export const ORPHAN_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploaded images that no question refers to and that are older than `olderThanMs` (a raid
 * form left unsaved, an image replaced before saving). Answers the names removed. Several nodes
 * may sweep at once: removing a file twice is harmless.
 */
export async function sweepOrphanImages(
  db: Db,
  uploadsDir: string,
  olderThanMs = ORPHAN_IMAGE_AGE_MS,
  now = Date.now(),
): Promise<string[]> {
  const dir = questionsDir(uploadsDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s?.isFile() && now - s.mtimeMs > olderThanMs) old.push(name);
  }
  if (!old.length) return [];
  const used = new Set<string | null>();
  for (let i = 0; i < old.length; i += 500) {
    const chunk = old.slice(i, i + 500);
    const rows = await db
      .select({ imagePath: questions.imagePath, explanationImagePath: questions.explanationImagePath })
      .from(questions)
      .where(or(inArray(questions.imagePath, chunk), inArray(questions.explanationImagePath, chunk)));
    for (const r of rows) {
      used.add(r.imagePath);
      used.add(r.explanationImagePath);
    }
  }
  const removed = old.filter((n) => !used.has(n));
  for (const n of removed) await unlink(path.join(dir, n)).catch(() => undefined);
  return removed;
}

/** Creates a chapter of the teacher; answers its id. A name taken meanwhile is a 409. */
export async function createChapter(
  db: Db,
  professorId: string,
  body: { name: string; level: number; subjectId: string },
  log: { error: (o: object, m: string) => void },
): Promise<string> {
  await assertChapterNameFree(db, professorId, body.name);
  if (!(await subjectExists(db, body.subjectId)))
    throw badRequest(ERR.CHAPTER_CREATE_FAILED, { field: 'subjectId' });
  try {
    const [{ id }] = await db
      .insert(chapters)
      .values({ professorId, ...body })
      .returning({ id: chapters.id });
    return id;
  } catch (err) {
    if (isUniqueViolation(err, 'chapters_professor_name_uq'))
      throw conflict(ERR.CHAPTER_NAME_TAKEN, { field: 'name' });
    log.error({ err }, 'chapter creation failed');
    throw new AppError(500, ERR.CHAPTER_CREATE_FAILED);
  }
}

/** Renames or moves one of the teacher's chapters (the caller checked it is theirs). */
export async function updateChapter(
  db: Db,
  professorId: string,
  chapterId: string,
  body: { name: string; level: number; subjectId: string },
) {
  await assertChapterNameFree(db, professorId, body.name, chapterId);
  if (!(await subjectExists(db, body.subjectId)))
    throw badRequest(ERR.CHAPTER_SUBJECT_REQUIRED, { field: 'subjectId' });
  try {
    await db
      .update(chapters)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(chapters.id, chapterId));
  } catch (err) {
    if (isUniqueViolation(err, 'chapters_professor_name_uq'))
      throw conflict(ERR.CHAPTER_NAME_TAKEN, { field: 'name' });
    throw err;
  }
}

/** Deletes a chapter with its raids (and their homework, by the tables' cascades) and unused images. */
export async function deleteChapter(db: Db, uploadsDir: string, professorId: string, chapterId: string) {
  const raidIds = (await db.select({ id: raids.id }).from(raids).where(eq(raids.chapterId, chapterId))).map(
    (r) => r.id,
  );
  const images = await imagesOfRaids(db, raidIds);
  await db.delete(chapters).where(and(eq(chapters.id, chapterId), eq(chapters.professorId, professorId)));
  await removeUnusedImages(db, uploadsDir, images);
}

/** Deletes one of the teacher's raids and the images no other raid uses. */
export async function deleteRaid(db: Db, uploadsDir: string, professorId: string, raid: RaidDto) {
  const images = raid.questions.flatMap((q) =>
    [q.imagePath, q.explanationImagePath].filter((f): f is string => !!f),
  );
  await db.transaction(async (tx) => {
    await tx.delete(raids).where(and(eq(raids.id, raid.id), eq(raids.professorId, professorId)));
    await tx.update(chapters).set({ updatedAt: new Date() }).where(eq(chapters.id, raid.chapterId));
  });
  await removeUnusedImages(db, uploadsDir, images);
}

/**
 * Images uploaded for a raid that was never saved: swept a minute after start, then every 6 hours.
 * Answers the function that stops the timers (on the app's close).
 */
export function scheduleOrphanSweep(
  db: Db,
  uploadsDir: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): () => void {
  const sweep = () =>
    sweepOrphanImages(db, uploadsDir).then(
      (removed) => removed.length && log.info({ removed: removed.length }, 'orphan question images removed'),
      (err) => log.warn({ err }, 'orphan image sweep failed'),
    );
  const firstSweep = setTimeout(sweep, 60_000);
  const sweeper = setInterval(sweep, 6 * 60 * 60 * 1000);
  firstSweep.unref();
  sweeper.unref();
  return () => {
    clearTimeout(firstSweep);
    clearInterval(sweeper);
  };
}
