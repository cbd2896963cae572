// Chapters, raids and question images of the caller's own (SPEC points 2, 5 and 8). A teacher reaches
// only their own chapters and raids: anything else answers 404; a student gets 403.
import type { MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { chapterSchema, raidSaveSchema } from '../../../shared/schemas/raid.js';
import { chapters, raids } from '../../db/schema.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { storeImage } from '../../lib/images.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';
import {
  assertChapterNameFree,
  assertImagesExist,
  imagesOfRaids,
  listChapters,
  listRaids,
  ownChapter,
  ownRaid,
  questionsDir,
  removeUnusedImages,
  saveRaid,
  subjectExists,
  sweepOrphanImages,
} from './service.js';

const chapterParams = z.object({ chapterId: z.uuid() });
const raidParams = z.object({ raidId: z.uuid() });

export default async function raidsRoutes(app: FastifyInstance) {
  const { db, uploadsDir } = app.deps;

  // Images uploaded for a raid that was never saved: swept a minute after start, then every 6 hours.
  const sweep = () =>
    sweepOrphanImages(db, uploadsDir).then(
      (removed) =>
        removed.length && app.log.info({ removed: removed.length }, 'orphan question images removed'),
      (err) => app.log.warn({ err }, 'orphan image sweep failed'),
    );
  const firstSweep = setTimeout(sweep, 60_000);
  const sweeper = setInterval(sweep, 6 * 60 * 60 * 1000);
  firstSweep.unref();
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearTimeout(firstSweep);
    clearInterval(sweeper);
  });

  // ---- Chapters ----
  app.get('/chapters', async (req) => {
    const { professorId } = await requireProfessor(req);
    return listChapters(db, professorId);
  });

  app.post('/chapters', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const body = parse(chapterSchema, req.body);
    await assertChapterNameFree(db, professorId, body.name);
    if (!(await subjectExists(db, body.subjectId)))
      throw badRequest(ERR.CHAPTER_CREATE_FAILED, { field: 'subjectId' });
    let id: string;
    try {
      [{ id }] = await db
        .insert(chapters)
        .values({ professorId, ...body })
        .returning({ id: chapters.id });
    } catch (err) {
      if (isUniqueViolation(err, 'chapters_professor_name_uq'))
        throw conflict(ERR.CHAPTER_NAME_TAKEN, { field: 'name' });
      req.log.error({ err }, 'chapter creation failed');
      throw new AppError(500, ERR.CHAPTER_CREATE_FAILED);
    }
    return reply.status(201).send(await ownChapter(db, professorId, id));
  });

  app.get('/chapters/:chapterId', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { chapterId } = parse(chapterParams, req.params);
    return ownChapter(db, professorId, chapterId);
  });

  app.put('/chapters/:chapterId', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { chapterId } = parse(chapterParams, req.params);
    await ownChapter(db, professorId, chapterId);
    const body = parse(chapterSchema, req.body);
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
    return ownChapter(db, professorId, chapterId);
  });

  // Deleting a chapter deletes its raids (and their homework, by the tables' cascades).
  app.delete('/chapters/:chapterId', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const { chapterId } = parse(chapterParams, req.params);
    await ownChapter(db, professorId, chapterId);
    const raidIds = (await db.select({ id: raids.id }).from(raids).where(eq(raids.chapterId, chapterId))).map(
      (r) => r.id,
    );
    const images = await imagesOfRaids(db, raidIds);
    await db.delete(chapters).where(and(eq(chapters.id, chapterId), eq(chapters.professorId, professorId)));
    await removeUnusedImages(db, uploadsDir, images);
    return reply.status(204).send();
  });

  // ---- Raids ----
  app.get('/chapters/:chapterId/raids', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { chapterId } = parse(chapterParams, req.params);
    await ownChapter(db, professorId, chapterId);
    return listRaids(db, chapterId);
  });

  app.post('/chapters/:chapterId/raids', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const { chapterId } = parse(chapterParams, req.params);
    await ownChapter(db, professorId, chapterId);
    const body = parse(raidSaveSchema, req.body);
    await assertImagesExist(uploadsDir, body);
    const { id } = await saveRaid(db, professorId, chapterId, body);
    return reply.status(201).send(await ownRaid(db, professorId, id));
  });

  app.get('/raids/:raidId', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { raidId } = parse(raidParams, req.params);
    return ownRaid(db, professorId, raidId);
  });

  app.put('/raids/:raidId', async (req) => {
    const { professorId } = await requireProfessor(req);
    const { raidId } = parse(raidParams, req.params);
    const current = await ownRaid(db, professorId, raidId);
    const body = parse(raidSaveSchema, req.body);
    await assertImagesExist(uploadsDir, body);
    const { droppedImages } = await saveRaid(db, professorId, current.chapterId, body, raidId);
    await removeUnusedImages(db, uploadsDir, droppedImages);
    return ownRaid(db, professorId, raidId);
  });

  app.delete('/raids/:raidId', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    const { raidId } = parse(raidParams, req.params);
    const current = await ownRaid(db, professorId, raidId);
    const images = current.questions.flatMap((q) => (q.imagePath ? [q.imagePath] : []));
    await db.transaction(async (tx) => {
      await tx.delete(raids).where(and(eq(raids.id, raidId), eq(raids.professorId, professorId)));
      await tx.update(chapters).set({ updatedAt: new Date() }).where(eq(chapters.id, current.chapterId));
    });
    await removeUnusedImages(db, uploadsDir, images);
    return reply.status(204).send();
  });

  // A question image (multipart field `image`): PNG or JPEG by its first bytes, 10 MB at most. The raid
  // form then refers to it by the returned file name.
  app.post('/raids/images', async (req, reply) => {
    const { professorId } = await requireProfessor(req);
    await app.deps.limiter.hit(`raid-image:${professorId}`, 300, 3600);
    if (!req.isMultipart()) throw badRequest(ERR.INVALID_BODY);
    let image: Buffer | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const buf = await (part as MultipartFile).toBuffer();
          if (part.fieldname === 'image' && buf.length > 0) image = buf;
        }
      }
    } catch (err) {
      if (err instanceof Error && 'statusCode' in err) throw err;
      throw badRequest(ERR.INVALID_BODY);
    }
    if (!image) throw badRequest(ERR.REQUIRED, { field: 'image' });
    const imagePath = await storeImage(questionsDir(uploadsDir), image, IMAGE_MAX_BYTES);
    return reply.status(201).send({ imagePath });
  });
}
