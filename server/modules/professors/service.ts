// A teacher's own account: reads and the one-transaction update of preferences and "My information".
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { professorPersonalSchema, professorSubjectsSchema } from '../../../shared/schemas/account.js';
import type { Db } from '../../db/client.js';
import { professorSubjects, professors, subjects, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';

const prefsSchema = z.object({ powerMode: z.boolean().optional(), shareRaids: z.boolean().optional() });
/** "My information": every field optional (only what is sent changes); the e-mail stays read-only. */
const infoSchema = professorPersonalSchema
  .omit({ email: true })
  .partial()
  .extend({ subjectIds: professorSubjectsSchema.shape.subjectIds.optional() });
export const accountUpdateSchema = prefsSchema.extend(infoSchema.shape);

export /** The account as the teacher sees it: preferences, identity, contact, school and subjects. */
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

/** Applies an update of the teacher `id` (user `userId`); a school sign-on account keeps its identity. */
export async function updateAccount(
  db: Db,
  id: string,
  userId: string,
  body: z.infer<typeof accountUpdateSchema>,
) {
  const { powerMode, shareRaids, firstName, lastName, subjectIds, ...contact } = body;
  // Subjects are the teacher's own choice (gar-signup asks them); names and contact are not.
  const changesInfo = [firstName, lastName, ...Object.values(contact)].some((v) => v !== undefined);
  if (changesInfo) {
    // A school sign-on (GAR) account's identity lives in the school's ENT.
    const [u] = await db.select({ isGar: users.isGar }).from(users).where(eq(users.id, userId));
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
      await tx.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, userId));
    if (subjectIds) {
      await tx.delete(professorSubjects).where(eq(professorSubjects.professorId, id));
      await tx
        .insert(professorSubjects)
        .values([...new Set(subjectIds)].map((subjectId) => ({ professorId: id, subjectId })));
    }
  });
  return account(db, id);
}

/** Whether an active teacher still has to choose a character; null for an unknown or inactive one. */
export async function setupStatus(db: Db, id: string): Promise<{ needsSetup: boolean } | null> {
  const [p] = await db
    .select({ avatarId: users.avatarId, status: users.status })
    .from(professors)
    .innerJoin(users, eq(users.id, professors.userId))
    .where(eq(professors.id, id));
  if (p?.status !== 'ACTIVE') return null;
  return { needsSetup: p.avatarId === null };
}
