// Reference data (subjects, avatar catalogue) on every start; the demo school once, on an empty database.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AVATAR_DEFS } from '../../shared/catalogue/avatars.js';
import { CLASS_CODE_VALIDITY_DAYS } from '../../shared/constants.js';
import { SUBJECTS } from '../../shared/subjects.js';
import type { WorldName } from '../../shared/worlds.js';
import { passwordCheck } from '../lib/password-check.js';
import { hashPassword } from '../lib/passwords.js';
import { grantLevelUnlocks } from '../modules/avatars/unlocks.js';
import { freeCode } from '../modules/classes/code.js';
import { ROOT_DIR } from '../paths.js';
import type { Db } from './client.js';
import { seedDemoHistory } from './demo/history.js';
import { DEMO_CHAPTERS, DEMO_CODEX, STUDENT_NAMES } from './demo/raids.js';
import {
  answers,
  avatars,
  chapters,
  codex,
  homeworkRaids,
  professorSubjects,
  professors,
  professorsSchoolclasses,
  questions,
  raids,
  schoolclasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
  usersAvatars,
} from './schema.js';

export const DEMO_PROFESSOR_PASSWORD = 'Craie-Verte-2026!';
export const DEMO_STUDENT_PASSWORD = 'Cartable-Bleu-7!';

export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(subjects)
    .values(SUBJECTS.map((s, i) => ({ code: s.code, name: s.name, group: s.group, position: i })))
    .onConflictDoUpdate({
      target: subjects.code,
      set: { name: sql`excluded.name`, group: sql`excluded.group`, position: sql`excluded.position` },
    });
  const row = (d: (typeof AVATAR_DEFS)[number]) => ({
    key: d.key,
    planet: d.planet,
    avatarType: d.avatarType,
    race: d.race,
    avatarClass: d.avatarClass,
    gender: d.gender,
    skinId: d.skinId,
    userType: d.userType,
    starter: d.starter,
  });
  await db
    .insert(avatars)
    .values(AVATAR_DEFS.map(row))
    .onConflictDoUpdate({ target: [avatars.key, avatars.userType], set: { starter: sql`excluded.starter` } });
  const all = await db.select({ id: avatars.id, key: avatars.key, userType: avatars.userType }).from(avatars);
  const idOf = new Map(all.map((a) => [`${a.userType}:${a.key}`, a.id]));
  for (const d of AVATAR_DEFS) {
    if (!d.baseKey) continue;
    const baseId = idOf.get(`${d.userType}:${d.baseKey}`);
    const id = idOf.get(`${d.userType}:${d.key}`);
    if (baseId && id) await db.update(avatars).set({ baseAvatarId: baseId }).where(eq(avatars.id, id));
  }
}

export interface DemoClassCode {
  name: string;
  code: string;
  expiresAt: Date;
}

/** Raids of prof-demo sent to 5e B as homework in the demo school. */
export const DEMO_HOMEWORK = ['Les fractions', 'Puissances et Pythagore'] as const;

const DEMO_CLASSES = [
  {
    name: '5e B',
    level: 5,
    subject: 'MATHEMATICS',
    planet: 'nebula' as WorldName,
    owner: 'prof-demo',
    students: [1, 30],
  },
  {
    name: '2nde A',
    level: 2,
    subject: 'PHYSICS_CHEMISTRY',
    planet: 'nefer' as WorldName,
    owner: 'prof-sciences',
    students: [31, 40],
  },
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return n === 0;
}

/**
 * Creates the demo school. Call on an empty database only. `history` (default) adds a term of live
 * raids and past homework dated over the past weeks (demo/history.ts); the integration tests' template
 * goes without it, their counts start from an empty history. `authSecret` (AUTH_SECRET) writes each
 * password's verifier at once (server/lib/password-check.ts); without it (a template database seeded
 * before its secret is known) the first right sign-in writes it.
 */
export async function seedDemo(
  db: Db,
  uploadsDir: string,
  opts: { history?: boolean; authSecret?: string } = {},
): Promise<void> {
  const check = (hash: string, plain: string) =>
    opts.authSecret ? passwordCheck(opts.authSecret, hash, plain) : null;
  const subjectRows = await db.select().from(subjects);
  const subjectId = (code: string) => {
    const s = subjectRows.find((r) => r.code === code);
    if (!s) throw new Error(`unknown subject ${code}`);
    return s.id;
  };
  const avatarRows = await db.select().from(avatars);
  const starters = avatarRows
    .filter((a) => a.userType === 'student' && a.starter)
    .sort((a, b) => a.key.localeCompare(b.key));
  const profAvatar = avatarRows.find((a) => a.userType === 'professor');
  const professorHash = await hashPassword(DEMO_PROFESSOR_PASSWORD);

  await db.transaction(async (tx) => {
    const professorIds: Record<string, string> = {};
    for (const t of [
      {
        username: 'prof-demo',
        email: 'prof-demo@demo.classe-raid.fr',
        firstName: 'Claire',
        lastName: 'Fontaine',
        admin: true,
        civility: 'MME',
        subject: 'MATHEMATICS',
      },
      {
        username: 'prof-sciences',
        email: 'prof-sciences@demo.classe-raid.fr',
        firstName: 'Marc',
        lastName: 'Lemaire',
        admin: false,
        civility: 'M',
        subject: 'PHYSICS_CHEMISTRY',
      },
    ]) {
      const [u] = await tx
        .insert(users)
        .values({
          role: 'PROFESSOR',
          username: t.username,
          email: t.email,
          passwordHash: professorHash,
          passwordCheck: check(professorHash, DEMO_PROFESSOR_PASSWORD),
          firstName: t.firstName,
          lastName: t.lastName,
          status: 'ACTIVE',
          isAdmin: t.admin,
          avatarId: t.admin ? (profAvatar?.id ?? null) : null,
        })
        .returning({ id: users.id });
      const [p] = await tx
        .insert(professors)
        .values({
          userId: u.id,
          civility: t.civility,
          phone: '0102030405',
          city: 'Lyon',
          department: 'Rhône',
          school: 'Collège Jean Moulin',
        })
        .returning({ id: professors.id });
      await tx.insert(professorSubjects).values({ professorId: p.id, subjectId: subjectId(t.subject) });
      if (t.admin && profAvatar)
        await tx.insert(usersAvatars).values({ userId: u.id, avatarId: profAvatar.id, isNew: false });
      professorIds[t.username] = p.id;
    }

    const studentIdsByNumber = new Map<number, string>();
    const classIdsByName = new Map<string, string>();
    const raidIdsByTitle = new Map<string, string>();
    for (const c of DEMO_CLASSES) {
      const [cls] = await tx
        .insert(schoolclasses)
        .values({
          name: c.name,
          level: c.level,
          subjectId: subjectId(c.subject),
          planet: c.planet,
          code: await freeCode(tx),
          codeExpiresAt: new Date(Date.now() + CLASS_CODE_VALIDITY_DAYS * 86400_000),
        })
        .returning({ id: schoolclasses.id });
      classIdsByName.set(c.name, cls.id);
      await tx.insert(professorsSchoolclasses).values({
        professorId: professorIds[c.owner],
        schoolclassId: cls.id,
        subjectId: subjectId(c.subject),
      });
      for (let n = c.students[0]; n <= c.students[1]; n++) {
        const [firstName, lastName] = STUDENT_NAMES[n - 1];
        const avatar = starters[n % starters.length];
        const studentHash = await hashPassword(DEMO_STUDENT_PASSWORD);
        const [u] = await tx
          .insert(users)
          .values({
            role: 'STUDENT',
            username: `eleve${String(n).padStart(2, '0')}`,
            passwordHash: studentHash,
            passwordCheck: check(studentHash, DEMO_STUDENT_PASSWORD),
            firstName,
            lastName,
            status: 'ACTIVE',
            avatarId: avatar?.id ?? null,
          })
          .returning({ id: users.id });
        // Varied but deterministic progress, so the board and the homes look lived-in.
        const xp = (n * 37) % 420;
        const [s] = await tx
          .insert(students)
          .values({
            userId: u.id,
            xp,
            level: 1 + Math.floor(xp / 100),
            levelProgression: xp % 100,
            powerXp: n % 5,
            coin: (n * 13) % 90,
            passwordChangedByStudent: true,
          })
          .returning({ id: students.id });
        if (avatar) await tx.insert(usersAvatars).values({ userId: u.id, avatarId: avatar.id, isNew: false });
        await tx.insert(studentsSchoolclasses).values({ studentId: s.id, schoolclassId: cls.id });
        studentIdsByNumber.set(n, s.id);
      }
      if (c.name === '5e B') {
        for (const p of DEMO_CODEX) {
          await tx.insert(codex).values({
            text: p.text,
            status: p.status,
            subjectId: subjectId(c.subject),
            professorId: professorIds[c.owner],
            schoolclassId: cls.id,
            studentId: studentIdsByNumber.get(p.student) as string,
          });
        }
      }
    }

    for (const ch of DEMO_CHAPTERS) {
      const [chapter] = await tx
        .insert(chapters)
        .values({
          professorId: professorIds[ch.owner],
          name: ch.name,
          level: ch.level,
          subjectId: subjectId(ch.subject),
        })
        .returning({ id: chapters.id });
      for (const r of ch.raids) {
        const [raid] = await tx
          .insert(raids)
          .values({ professorId: professorIds[ch.owner], chapterId: chapter.id, title: r.title })
          .returning({ id: raids.id });
        raidIdsByTitle.set(r.title, raid.id);
        for (const [qi, q] of r.questions.entries()) {
          let imagePath: string | null = null;
          if (q.image) {
            await mkdir(path.join(uploadsDir, 'questions'), { recursive: true });
            await copyFile(
              path.join(ROOT_DIR, 'assets', 'demo', q.image),
              path.join(uploadsDir, 'questions', q.image),
            );
            imagePath = q.image;
          }
          const [question] = await tx
            .insert(questions)
            .values({
              raidId: raid.id,
              position: qi,
              text: q.text,
              equationMode: !!q.equationMode,
              imagePath,
            })
            .returning({ id: questions.id });
          await tx.insert(answers).values(
            q.answers.map(([text, isCorrect], ai) => ({
              questionId: question.id,
              position: ai,
              text,
              isCorrect,
            })),
          );
        }
      }
    }

    // Two of prof-demo's raids are ongoing homework of 5e B, so a student has something to practise.
    for (const title of DEMO_HOMEWORK) {
      const raidId = raidIdsByTitle.get(title) as string;
      await tx.update(raids).set({ isHomework: true }).where(eq(raids.id, raidId));
      await tx.insert(homeworkRaids).values({
        name: title,
        raidId,
        schoolclassId: classIdsByName.get('5e B') as string,
        professorId: professorIds['prof-demo'],
        subjectId: subjectId('MATHEMATICS'),
      });
    }

    // Avatars and shop demo (eleve20-24): they just reached level 5 (a choice of two avatars at
    // level 4, a gift at level 5) and saved coins for a few skin chests.
    for (let n = 20; n <= 24; n++) {
      const id = studentIdsByNumber.get(n) as string;
      await tx
        .update(students)
        .set({ xp: 400 + n, level: 5, levelProgression: n, coin: 100 })
        .where(eq(students.id, id));
      await grantLevelUnlocks(tx, id, 3, 5);
    }
    if (opts.history ?? true) await seedDemoHistory(tx);
  });
}

/** The live codes of the demo classes, renewed when they expired, for the start-up banner. */
export async function demoClassCodes(db: Db): Promise<DemoClassCode[]> {
  const rows = await db
    .select()
    .from(schoolclasses)
    .innerJoin(professorsSchoolclasses, eq(professorsSchoolclasses.schoolclassId, schoolclasses.id))
    .innerJoin(professors, eq(professors.id, professorsSchoolclasses.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .where(
      and(
        inArray(users.username, ['prof-demo', 'prof-sciences']),
        inArray(
          schoolclasses.name,
          DEMO_CLASSES.map((c) => c.name),
        ),
      ),
    );
  const out: DemoClassCode[] = [];
  for (const { schoolclasses: c } of rows) {
    let code = c.code;
    let expiresAt = c.codeExpiresAt;
    if (!code || !expiresAt || expiresAt.getTime() < Date.now()) {
      code = await freeCode(db);
      expiresAt = new Date(Date.now() + CLASS_CODE_VALIDITY_DAYS * 86400_000);
      await db
        .update(schoolclasses)
        .set({ code, codeExpiresAt: expiresAt })
        .where(eq(schoolclasses.id, c.id));
    }
    out.push({ name: c.name, code, expiresAt });
  }
  return out;
}
