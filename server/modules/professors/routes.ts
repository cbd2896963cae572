// A teacher's own account: preferences (power mode, raid sharing; SPEC point 3) and the information of
// "My information" (SPEC point 2). Also the public set-up look-up of the /settings/{professorId} link.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import {
  passwordSchema,
  teacherPersonalSchema,
  teacherSubjectsSchema,
} from '../../../shared/schemas/account.js';
import type { Db } from '../../db/client.js';
import { professorSubjects, professors, subjects, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireProfessor } from '../../plugins/auth.js';
import { changeProfessorPassword } from './password.js';

const prefsSchema = z.object({ powerMode: z.boolean().optional(), shareRaids: z.boolean().optional() });
/** "My information": every field optional (only what is sent changes); the e-mail stays read-only. */
const infoSchema = teacherPersonalSchema
  .omit({ email: true })
  .partial()
  .extend({ subjectIds: teacherSubjectsSchema.shape.subjectIds.optional() });
const putSchema = prefsSchema.extend(infoSchema.shape);

/** The account as the teacher sees it: preferences, identity, contact, school and subjects. */
async function account(db: Db, id: string) {
  const [p] = await db
    .select({
      id: professors.id,
      civility: professors.civility,
      powerMode: professors.powerMode,
      shareRaids: professors.shareRaids,
      phone: professors.phone,
      city: professors.city,
      department: professors.department,
      school: professors.school,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isGar: users.isGar,
      avatarId: users.avatarId,
    })
    .from(professors)
    .innerJoin(users, eq(users.id, professors.userId))
    .where(eq(professors.id, id));
  if (!p) throw notFound();
  const subs = await db
    .select({ id: professorSubjects.subjectId })
    .from(professorSubjects)
    .where(eq(professorSubjects.professorId, id));
  return { ...p, subjectIds: subs.map((s) => s.id) };
}

export default async function professorRoutes(app: FastifyInstance) {
  const { db, limiter } = app.deps;

  app.get('/professors/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    return account(db, id);
  });

  app.put('/professors/:id/password', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const body = parse(
      z.object({
        currentPassword: z.string({ error: ERR.REQUIRED }).min(1, ERR.REQUIRED).max(128, ERR.INVALID_BODY),
        newPassword: passwordSchema,
      }),
      req.body,
    );
    return changeProfessorPassword(app.deps, caller, body.currentPassword, body.newPassword);
  });

  app.put('/professors/:id', async (req) => {
    const caller = await requireProfessor(req);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    if (caller.professorId !== id) throw forbidden();
    const body = parse(putSchema, req.body);
    const { powerMode, shareRaids, firstName, lastName, subjectIds, ...contact } = body;
    const changesInfo = [firstName, lastName, subjectIds, ...Object.values(contact)].some(
      (v) => v !== undefined,
    );
    if (changesInfo) {
      // A school sign-on (GAR) account's identity lives in the school's ENT.
      const [u] = await db.select({ isGar: users.isGar }).from(users).where(eq(users.id, caller.sub));
      if (u?.isGar) throw forbidden();
    }
    if (subjectIds) {
      const unique = [...new Set(subjectIds)];
      const known = await db.select({ id: subjects.id }).from(subjects);
      const ids = new Set(known.map((s) => s.id));
      if (unique.some((s) => !ids.has(s))) throw badRequest(ERR.SUBJECT_REQUIRED, { field: 'subjectIds' });
    }
    await db.transaction(async (tx) => {
      const prof = Object.fromEntries(
        Object.entries({ powerMode, shareRaids, ...contact }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(prof).length) await tx.update(professors).set(prof).where(eq(professors.id, id));
      if (firstName !== undefined || lastName !== undefined)
        await tx
          .update(users)
          .set({ firstName, lastName, updatedAt: new Date() })
          .where(eq(users.id, caller.sub));
      if (subjectIds) {
        await tx.delete(professorSubjects).where(eq(professorSubjects.professorId, id));
        await tx
          .insert(professorSubjects)
          .values([...new Set(subjectIds)].map((subjectId) => ({ professorId: id, subjectId })));
      }
    });
    return account(db, id);
  });

  // Public (the /settings/{professorId} link): whether this teacher still has to choose a character.
  // Answers nothing else; unknown ids are 404. Limited per address: ids are not to be probed.
  app.get('/professors/:id/setup-status', async (req) => {
    await limiter.hit(`setup-status:ip:${req.ip}`, 30, 600);
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    const [p] = await db
      .select({ avatarId: users.avatarId, status: users.status })
      .from(professors)
      .innerJoin(users, eq(users.id, professors.userId))
      .where(eq(professors.id, id));
    if (p?.status !== 'ACTIVE') throw notFound();
    return { needsSetup: p.avatarId === null };
  });
}
