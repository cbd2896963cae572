// The shared library (SPEC point 1): raids other teachers chose to share, searchable, and copied
// (whole or some questions) into one of the caller's chapters. A raid appears only when its author
// shares raids (professors.shareRaids), shares this raid (raids.shared) and their account is ACTIVE.
import { randomUUID } from 'node:crypto';
import { copyFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, max, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLASS_LEVELS, RAID_TITLE_MAX } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { kindFields, settingsOfFields } from '../../../shared/questions/kinds.js';
import { QUESTIONS_PER_RAID_MAX, questionKey } from '../../../shared/schemas/raid.js';
import type { Db } from '../../db/client.js';
import { raidQuestions } from '../../db/raid-questions.js';
import { answers, chapters, professors, questions, raids, subjects, users } from '../../db/schema.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertOwnsChapter, assertOwnsRaid } from '../../policies/index.js';

/** Question images live in the uploads' questions folder (served under /uploads/questions/). */
const questionsDir = (uploadsDir: string) => path.join(uploadsDir, 'questions');

/** Results of one search: the newest first. */
export const LIBRARY_PAGE_MAX = 100;

const uuid = z.uuid({ error: ERR.INVALID_BODY });
export const libraryQuerySchema = z.object({
  q: z.string().trim().max(200, ERR.INVALID_BODY).optional(),
  level: z.coerce
    .number({ error: ERR.INVALID_BODY })
    .refine((l) => (CLASS_LEVELS as readonly number[]).includes(l), ERR.INVALID_BODY)
    .optional(),
  subjectId: uuid.optional(),
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

export const copySchema = z.object({
  chapterId: uuid,
  /** Add to this raid of the chapter instead of creating a new raid. */
  targetRaidId: uuid.optional(),
  /** Only these questions of the shared raid (in the raid's order); all when absent. */
  questionIds: z
    .array(uuid, { error: ERR.INVALID_BODY })
    .min(1, ERR.LIBRARY_NOTHING_SELECTED)
    .max(QUESTIONS_PER_RAID_MAX, ERR.TOO_MANY_QUESTIONS)
    .optional(),
});
export type CopyBody = z.infer<typeof copySchema>;

// Case and accents are ignored on both sides: the same folding in SQL and in JS.
const ACCENTED = 'àáâãäåāçćčèéêëēėęìíîïīñòóôõöøōùúûüūýÿž';
const PLAIN = 'aaaaaaaccceeeeeeeiiiiinoooooooouuuuuyyz';
const fold = (col: SQL | typeof raids.title) =>
  sql`replace(replace(translate(lower(${col}), ${ACCENTED}, ${PLAIN}), 'œ', 'oe'), 'æ', 'ae')`;
const foldText = (s: string) =>
  s.toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae').normalize('NFD').replace(/\p{M}/gu, '');
const likePattern = (s: string) => `%${foldText(s).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Visible in the library for this caller: shared, by another teacher who shares, whose account is active. */
const visibleTo = (professorId: string) =>
  and(
    ne(raids.professorId, professorId),
    eq(raids.shared, true),
    eq(professors.shareRaids, true),
    eq(users.status, 'ACTIVE'),
  );

const summaryColumns = {
  id: raids.id,
  title: raids.title,
  updatedAt: raids.updatedAt,
  level: chapters.level,
  chapterName: chapters.name,
  subject: { id: subjects.id, code: subjects.code },
  author: { civility: professors.civility, lastName: users.lastName },
  questionCount:
    sql<number>`(select count(*) from ${questions} where ${questions.raidId} = ${raids.id})`.mapWith(Number),
};

function fromLibrary(db: Db) {
  return db
    .select(summaryColumns)
    .from(raids)
    .innerJoin(chapters, eq(chapters.id, raids.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .innerJoin(professors, eq(professors.id, raids.professorId))
    .innerJoin(users, eq(users.id, professors.userId));
}

export async function searchLibrary(db: Db, professorId: string, query: LibraryQuery) {
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const rows = await fromLibrary(db)
    .where(
      and(
        visibleTo(professorId),
        query.level === undefined ? undefined : eq(chapters.level, query.level),
        query.subjectId ? eq(chapters.subjectId, query.subjectId) : undefined,
        pattern
          ? sql`(${fold(raids.title)} like ${pattern} or exists (select 1 from ${questions} where ${questions.raidId} = ${raids.id} and ${fold(sql`${questions.text}`)} like ${pattern}))`
          : undefined,
      ),
    )
    .orderBy(desc(raids.updatedAt), asc(raids.title))
    .limit(LIBRARY_PAGE_MAX);
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** A library raid with its questions and answers in order, or 404 when the caller may not see it. */
export async function libraryRaid(db: Db, professorId: string, raidId: string) {
  const [raid] = await fromLibrary(db).where(and(eq(raids.id, raidId), visibleTo(professorId)));
  if (!raid) throw notFound();
  const qs = await raidQuestions(db, raidId);
  return {
    ...raid,
    updatedAt: raid.updatedAt.toISOString(),
    questions: qs.map((x) => ({
      id: x.id,
      text: x.text,
      equationMode: x.equationMode,
      imagePath: x.imagePath,
      answers: x.answers.map(({ text, isCorrect }) => ({ text, isCorrect })),
      kind: x.kind,
      ...kindFields(x.kind, x.settings),
      explanation: x.explanation,
      explanationImagePath: x.explanationImagePath,
    })),
  };
}

/** The title itself when free among the caller's raids, else "title (2)", "title (3)"… within the limit. */
export async function freeTitle(db: Db, professorId: string, title: string): Promise<string> {
  const rows = await db.select({ title: raids.title }).from(raids).where(eq(raids.professorId, professorId));
  const taken = new Set(rows.map((r) => r.title.toLowerCase()));
  const base = title.slice(0, RAID_TITLE_MAX);
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, RAID_TITLE_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export interface CopyResult {
  raidId: string;
  chapterId: string;
  title: string;
  copied: number;
  /** Question texts left out: the target raid already had them. */
  skipped: string[];
  /** Questions copied without their image: the original file was missing. */
  missingImages: number;
}

/**
 * Copies questions (with answers and a copy of each image file) of a library raid into the caller's
 * chapter: a new raid, or an existing raid of that chapter. One transaction; copied files of a failed
 * copy are removed.
 */
export async function copyFromLibrary(
  db: Db,
  uploadsDir: string,
  professorId: string,
  raidId: string,
  body: CopyBody,
): Promise<CopyResult> {
  const source = await libraryRaid(db, professorId, raidId);
  await assertOwnsChapter(db, professorId, body.chapterId);

  let picked = source.questions;
  if (body.questionIds) {
    const wanted = new Set(body.questionIds);
    picked = source.questions.filter((x) => wanted.has(x.id));
    if (picked.length !== wanted.size) throw notFound();
  }

  let target: { id: string; title: string } | null = null;
  const seen = new Set<string>();
  let position = 0;
  if (body.targetRaidId) {
    await assertOwnsRaid(db, professorId, body.targetRaidId, body.chapterId);
    const [row] = await db
      .select({ id: raids.id, title: raids.title })
      .from(raids)
      .where(eq(raids.id, body.targetRaidId));
    if (!row) throw notFound();
    target = row;
    const existing = await db
      .select({ text: questions.text })
      .from(questions)
      .where(eq(questions.raidId, row.id));
    for (const e of existing) seen.add(questionKey(e.text));
    const [last] = await db
      .select({ p: max(questions.position) })
      .from(questions)
      .where(eq(questions.raidId, row.id));
    position = last.p === null ? 0 : last.p + 1;
  }
  const skipped: string[] = [];
  const toCopy = picked.filter((x) => {
    const k = questionKey(x.text);
    if (seen.has(k)) {
      skipped.push(x.text);
      return false;
    }
    seen.add(k);
    return true;
  });
  if (seen.size > QUESTIONS_PER_RAID_MAX) throw badRequest(ERR.TOO_MANY_QUESTIONS);
  if (!target && toCopy.length === 0) throw badRequest(ERR.LIBRARY_NOTHING_SELECTED);

  // Image files first (outside the transaction), each under a new name the copy alone refers to.
  const dir = questionsDir(uploadsDir);
  const newFiles: string[] = [];
  let missingImages = 0;
  const images = new Map<string, string | null>();
  // The question's image under its id, the explanation's under `explanation:id`.
  for (const x of toCopy) {
    for (const [key, file] of [
      [x.id, x.imagePath],
      [`explanation:${x.id}`, x.explanationImagePath],
    ] as const) {
      if (!file) continue;
      const name = `${randomUUID()}${path.extname(file).toLowerCase()}`;
      const ok = await copyFile(path.join(dir, file), path.join(dir, name)).then(
        () => true,
        () => false,
      );
      if (ok) newFiles.push(name);
      else missingImages++;
      images.set(key, ok ? name : null);
    }
  }

  const title = target?.title ?? (await freeTitle(db, professorId, source.title));
  try {
    const id = await db.transaction(async (tx) => {
      const now = new Date();
      let id = target?.id;
      if (id) await tx.update(raids).set({ updatedAt: now }).where(eq(raids.id, id));
      else {
        const [row] = await tx
          .insert(raids)
          .values({ professorId, chapterId: body.chapterId, title })
          .returning({ id: raids.id });
        id = row.id;
      }
      const raidRowId = id;
      if (toCopy.length) {
        const inserted = await tx
          .insert(questions)
          .values(
            toCopy.map((x, i) => ({
              raidId: raidRowId,
              position: position + i,
              text: x.text,
              equationMode: x.equationMode,
              imagePath: images.get(x.id) ?? null,
              kind: x.kind,
              settings: settingsOfFields(x),
              explanation: x.explanation,
              explanationImagePath: images.get(`explanation:${x.id}`) ?? null,
            })),
          )
          .returning({ id: questions.id, position: questions.position });
        const idAt = new Map(inserted.map((r) => [r.position, r.id]));
        const copiedAnswers = toCopy.flatMap((x, i) =>
          x.answers.map((a, ai) => ({
            questionId: idAt.get(position + i) as string,
            position: ai,
            text: a.text,
            isCorrect: a.isCorrect,
          })),
        );
        // A number or text question has no answers rows.
        if (copiedAnswers.length) await tx.insert(answers).values(copiedAnswers);
      }
      await tx.update(chapters).set({ updatedAt: now }).where(eq(chapters.id, body.chapterId));
      return raidRowId;
    });
    return { raidId: id, chapterId: body.chapterId, title, copied: toCopy.length, skipped, missingImages };
  } catch (err) {
    for (const f of newFiles) await unlink(path.join(dir, f)).catch(() => undefined);
    // Another save took the title a moment ago: the unique index decides.
    if (isUniqueViolation(err, 'raids_professor_title_uq'))
      throw conflict(ERR.RAID_TITLE_TAKEN, { field: 'title' });
    throw err;
  }
}
