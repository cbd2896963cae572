// Reference data: the 32 subjects and the avatar catalogue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarDtoSchema } from '../../../shared/schemas/avatar.js';
import { notFound } from '../../lib/errors.js';
import { avatarById, findAvatars, listSubjects } from './service.js';

const subjectDto = z.object({ id: z.uuid(), code: z.string(), name: z.string(), group: z.string() });
const avatarFilter = z.object({
  userType: z.enum(['student', 'professor']).optional(),
  starter: z.enum(['true', 'false']).optional(),
});
/** POST /avatars (SPEC point 7, "avatar payload"): the same filter as a JSON body, plus ids. */
const avatarSearch = z.object({
  userType: z.enum(['student', 'professor']).optional(),
  starter: z.boolean().optional(),
  ids: z.array(z.uuid()).max(200).optional(),
});

export default async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/subjects',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The 32 subjects, in the order of the forms',
        response: { 200: z.array(subjectDto) },
      },
    },
    async () => listSubjects(db),
  );

  // The spec writes `/avatars/?userType=professor`: both spellings answer the list.
  for (const url of ['/avatars', '/avatars/'])
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          summary: 'The avatar catalogue, filtered by user type and starter avatars',
          querystring: avatarFilter,
          response: { 200: z.array(avatarDtoSchema) },
        },
      },
      async (req) =>
        findAvatars(db, {
          userType: req.query.userType,
          starter: req.query.starter === undefined ? undefined : req.query.starter === 'true',
        }),
    );

  app.post(
    '/avatars',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search the avatar catalogue with a JSON filter (user type, starter, ids); creates nothing',
        body: avatarSearch,
        response: { 200: z.array(avatarDtoSchema) },
      },
    },
    async (req) => findAvatars(db, req.body),
  );

  app.get(
    '/avatars/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One avatar of the catalogue',
        params: z.object({ id: z.uuid() }),
        response: { 200: avatarDtoSchema },
      },
    },
    async (req) => {
      const a = await avatarById(db, req.params.id);
      if (!a) throw notFound();
      return a;
    },
  );
}
