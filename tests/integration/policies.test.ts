// Policies that refuse by throwing (issue 22): each `assert…` goes on for what the caller may touch
// and answers 404 ERRORS.NOT_FOUND otherwise, the answer of a record that does not exist, so a
// caller writes one line. The boolean rules themselves are tested in contracts.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, professors, raids, schoolclasses, students, users } from '../../server/db/schema.js';
import { AppError } from '../../server/lib/errors.js';
import {
  assertActsForPupil,
  assertInClass,
  assertOwnsChapter,
  assertOwnsRaid,
  assertProfessorOfSchool,
  assertReadsUser,
  assertSelfStudent,
  assertTeachesClass,
  assertTeachesStudent,
} from '../../server/policies/index.js';
import { ERR } from '../../shared/errors.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function refused(p: Promise<void>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ statusCode: 404, key: ERR.NOT_FOUND });
}

describe('assert… policies', () => {
  it('go on for what is the caller’s and refuse the rest with a 404', async () => {
    const { db } = ctx.database;
    const professorOf = async (username: string) => {
      const [p] = await db
        .select({ id: professors.id, userId: users.id })
        .from(professors)
        .innerJoin(users, eq(users.id, professors.userId))
        .where(eq(users.username, username));
      return p;
    };
    const demo = await professorOf('prof-demo');
    const sciences = await professorOf('prof-sciences');
    const [fiveB] = await db.select().from(schoolclasses).where(eq(schoolclasses.name, '5e B'));
    const [secondA] = await db.select().from(schoolclasses).where(eq(schoolclasses.name, '2nde A'));
    const [eleve01] = await db
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.username, 'eleve01'));
    const [chapter] = await db.select().from(chapters).where(eq(chapters.professorId, demo.id));
    const [raid] = await db.select().from(raids).where(eq(raids.professorId, demo.id));

    await assertTeachesClass(db, demo.id, fiveB.id);
    await refused(assertTeachesClass(db, sciences.id, fiveB.id));
    await assertTeachesClass(db, demo.id, fiveB.id, fiveB.subjectId);
    await refused(assertTeachesClass(db, demo.id, fiveB.id, secondA.subjectId));
    await assertTeachesStudent(db, demo.id, eleve01.id);
    await refused(assertTeachesStudent(db, sciences.id, eleve01.id));
    await assertInClass(db, eleve01.id, fiveB.id);
    await refused(assertInClass(db, eleve01.id, secondA.id));
    await assertOwnsChapter(db, demo.id, chapter.id);
    await refused(assertOwnsChapter(db, sciences.id, chapter.id));
    await assertOwnsRaid(db, demo.id, raid.id);
    await refused(assertOwnsRaid(db, sciences.id, raid.id));

    await db.update(users).set({ uai: '0690001A' }).where(eq(users.id, demo.userId));
    await assertProfessorOfSchool(db, demo.userId, '0690001A');
    await refused(assertProfessorOfSchool(db, demo.userId, '0690002B'));
    await refused(assertProfessorOfSchool(db, eleve01.userId, '0690001A'));
  });

  it('read the caller from their token: themselves, their pupils, or the administrator', async () => {
    const { db } = ctx.database;
    const claimsOf = async (who: { login: string; password: string }) => {
      const u = await signin(ctx.app, who);
      const claims = ctx.app.deps.signer.verify(u.accessToken);
      if (!claims) throw new Error('token does not verify');
      return claims;
    };
    const pupil = await claimsOf(DEMO.student);
    const other = await claimsOf(DEMO.studentOfOtherClass);
    const admin = await claimsOf(DEMO.admin);
    const sciences = await claimsOf(DEMO.sciences);
    const studentId = pupil.studentId as string;

    await assertSelfStudent(pupil, studentId);
    await refused(assertSelfStudent(other, studentId));
    await assertReadsUser(db, pupil, pupil.sub);
    await refused(assertReadsUser(db, other, pupil.sub));
    await assertReadsUser(db, admin, pupil.sub);
    await refused(assertReadsUser(db, sciences, pupil.sub));
    await assertActsForPupil(db, admin, studentId);
    await refused(assertActsForPupil(db, sciences, studentId));
    await refused(assertActsForPupil(db, pupil, studentId));

    // Through a route: the same 404 body as a record that does not exist.
    const sciencesToken = (await signin(ctx.app, DEMO.sciences)).accessToken;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${pupil.sub}`,
      headers: bearer(sciencesToken),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: ERR.NOT_FOUND });
  });
});
