// Chapters, raids and question images of the caller's own (SPEC points 2, 5 and 8). A teacher reaches
// only their own chapters and raids: anything else answers 404; a student gets 403.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { chapterSchema, raidSaveSchema } from '../../../shared/schemas/raid.js';
import { chapterDtoSchema, raidDtoSchema, raidSummaryDtoSchema } from '../../../shared/schemas/responses.js';
import { professorOf } from '../../lib/contract.js';
import { badRequest } from '../../lib/errors.js';
import { storeImage } from '../../lib/images.js';
import {
  assertImagesExist,
  createChapter,
  deleteChapter,
  deleteRaid,
  listChapters,
  listRaids,
  ownChapter,
  ownRaid,
  questionsDir,
  removeUnusedImages,
  saveRaid,
  updateChapter,
} from './service.js';

const chapterParams = z.object({ chapterId: z.uuid() });
const raidParams = z.object({ raidId: z.uuid() });
const professor = { access: 'professor' } as const;
const noContent = { 204: z.null().describe('Deleted') };

export default async function raidsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, uploadsDir } = app.deps;

  // ---- Chapters ----
  app.get(
    '/chapters',
    {
      config: professor,
      schema: {
        summary: "The caller's chapters, last changed first",
        response: { 200: z.array(chapterDtoSchema) },
      },
    },
    async (req) => listChapters(db, professorOf(req).professorId),
  );

  app.post(
    '/chapters',
    {
      config: professor,
      schema: { summary: 'Create a chapter', body: chapterSchema, response: { 201: chapterDtoSchema } },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      const id = await createChapter(db, professorId, req.body, req.log);
      return reply.status(201).send(await ownChapter(db, professorId, id));
    },
  );

  app.get(
    '/chapters/:chapterId',
    {
      config: professor,
      schema: {
        summary: "One of the caller's chapters",
        params: chapterParams,
        response: { 200: chapterDtoSchema },
      },
    },
    async (req) => ownChapter(db, professorOf(req).professorId, req.params.chapterId),
  );

  app.put(
    '/chapters/:chapterId',
    {
      config: professor,
      schema: {
        summary: 'Rename a chapter, change its level or subject',
        params: chapterParams,
        body: chapterSchema,
        response: { 200: chapterDtoSchema },
      },
    },
    async (req) => {
      const { professorId } = professorOf(req);
      const { chapterId } = req.params;
      await ownChapter(db, professorId, chapterId);
      await updateChapter(db, professorId, chapterId, req.body);
      return ownChapter(db, professorId, chapterId);
    },
  );

  app.delete(
    '/chapters/:chapterId',
    {
      config: professor,
      schema: {
        summary: 'Delete a chapter with its raids and their homework',
        params: chapterParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      await ownChapter(db, professorId, req.params.chapterId);
      await deleteChapter(db, uploadsDir, professorId, req.params.chapterId);
      return reply.status(204).send(null);
    },
  );

  // ---- Raids ----
  app.get(
    '/chapters/:chapterId/raids',
    {
      config: professor,
      schema: {
        summary: "The raids of one of the caller's chapters",
        params: chapterParams,
        response: { 200: z.array(raidSummaryDtoSchema) },
      },
    },
    async (req) => {
      await ownChapter(db, professorOf(req).professorId, req.params.chapterId);
      return listRaids(db, req.params.chapterId);
    },
  );

  app.post(
    '/chapters/:chapterId/raids',
    {
      config: professor,
      schema: {
        summary: 'Create a raid with its questions and answers',
        params: chapterParams,
        body: raidSaveSchema,
        response: { 201: raidDtoSchema },
      },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      const { chapterId } = req.params;
      await ownChapter(db, professorId, chapterId);
      await assertImagesExist(uploadsDir, req.body);
      const { id } = await saveRaid(db, professorId, chapterId, req.body);
      return reply.status(201).send(await ownRaid(db, professorId, id));
    },
  );

  app.get(
    '/raids/:raidId',
    {
      config: professor,
      schema: {
        summary: "One of the caller's raids with its questions",
        params: raidParams,
        response: { 200: raidDtoSchema },
      },
    },
    async (req) => ownRaid(db, professorOf(req).professorId, req.params.raidId),
  );

  app.put(
    '/raids/:raidId',
    {
      config: professor,
      schema: {
        summary: "Replace a raid's title, sharing, questions and answers",
        params: raidParams,
        body: raidSaveSchema,
        response: { 200: raidDtoSchema },
      },
    },
    async (req) => {
      const { professorId } = professorOf(req);
      const { raidId } = req.params;
      const current = await ownRaid(db, professorId, raidId);
      await assertImagesExist(uploadsDir, req.body);
      const { droppedImages } = await saveRaid(db, professorId, current.chapterId, req.body, raidId);
      await removeUnusedImages(db, uploadsDir, droppedImages);
      return ownRaid(db, professorId, raidId);
    },
  );

  app.delete(
    '/raids/:raidId',
    {
      config: professor,
      schema: { summary: 'Delete a raid and its homework', params: raidParams, response: noContent },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
      await deleteRaid(db, uploadsDir, professorId, await ownRaid(db, professorId, req.params.raidId));
      return reply.status(204).send(null);
    },
  );

  // A question image (multipart field `image`): PNG or JPEG by its first bytes, 10 MB at most. The raid
  // form then refers to it by the returned file name.
  app.post(
    '/raids/images',
    {
      config: professor,
      schema: {
        summary: 'Upload a question image (multipart field `image`, PNG or JPEG, 10 MB at most)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ imagePath: z.string() }) },
      },
    },
    async (req, reply) => {
      const { professorId } = professorOf(req);
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
    },
  );
}
