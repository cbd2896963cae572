// The SCHOOL role's calls (issue 14): its school's teachers, classes and usage counts, and the ENT
// approval of its teachers. Every route is `access: 'school'` and reads the caller's own UAI only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUSES } from '../../../shared/constants.js';
import { noBody, schoolOf } from '../../lib/contract.js';
import { decideSchoolProfessor, listSchoolClasses, listSchoolProfessors, schoolUsage } from './service.js';

const professorSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(USER_STATUSES),
  entApproved: z.boolean(),
  classes: z.number().int(),
});
const classSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.number().int(),
  subjectCode: z.string(),
  students: z.number().int(),
  professors: z.number().int(),
});
const usageSchema = z.object({
  uai: z.string(),
  days: z.number().int(),
  professors: z.number().int(),
  pendingProfessors: z.number().int(),
  classes: z.number().int(),
  raidsPlayed: z.number().int(),
  homeworkSent: z.number().int(),
  activeStudents: z.number().int(),
});
const idParams = z.object({ id: z.uuid() });

export default async function schoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/school/usage',
    {
      config: { access: 'school' },
      schema: {
        summary: "The caller's school: teachers, classes and usage counts over the last days (counts only)",
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: { 200: usageSchema },
      },
    },
    async (req) => schoolUsage(deps, schoolOf(req).uai, req.query.days),
  );

  app.get(
    '/school/teachers',
    {
      config: { access: 'school' },
      schema: {
        summary: "The caller's school's teachers (school sign-on accounts of its UAI), pending ones first",
        response: { 200: z.array(professorSchema) },
      },
    },
    async (req) => listSchoolProfessors(deps, schoolOf(req).uai),
  );

  app.get(
    '/school/classes',
    {
      config: { access: 'school' },
      schema: {
        summary: "The classes of the caller's school's teachers, with head counts (no pupil names)",
        response: { 200: z.array(classSchema) },
      },
    },
    async (req) => listSchoolClasses(deps, schoolOf(req).uai),
  );

  for (const action of ['approve-ent', 'reject'] as const) {
    app.put(
      `/school/teachers/:id/${action}`,
      {
        config: { access: 'school' },
        schema: {
          summary:
            action === 'approve-ent'
              ? "Approve one of the school's teachers for school sign-on (ENT)"
              : "Reject one of the school's teachers (their sessions end)",
          params: idParams,
          body: noBody,
          response: { 200: z.object({ id: z.uuid(), status: z.string() }) },
        },
      },
      async (req) => decideSchoolProfessor(deps, schoolOf(req).uai, req.params.id, action),
    );
  }
}
