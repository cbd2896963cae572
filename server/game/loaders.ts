// What the live game reads from and writes to the database.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { avatarImagePath } from '../../shared/catalogue/avatars.js';
import { bossesOf } from '../../shared/catalogue/bosses.js';
import type { RaidSettings } from '../../shared/game/views.js';
import type { WorldName } from '../../shared/worlds.js';
import type { Db } from '../db/client.js';
import { raidQuestions } from '../db/raid-questions.js';
import {
  avatars,
  chapters,
  codex,
  gameEvents,
  pausedRooms,
  professors,
  questions,
  raidSettings,
  raids,
  schoolclasses,
  students,
  studentsSchoolclasses,
  users,
} from '../db/schema.js';
import type { DbOrTx } from '../modules/avatars/unlocks.js';
import { awardXp, type Rewarded, rewardedOf } from '../modules/xp/award.js';
import { ownsRaid, teachesClass } from '../policies/index.js';
import { forgetStudent, mentions } from './forget.js';
import type { Boss, RaidQuestion } from './raid.js';
import type { RoomRecord } from './store.js';

/** The class as the board needs it, when `professorId` teaches it in `subjectId`; null otherwise. */
export async function loadRoomBase(
  db: Db,
  professorId: string,
  schoolclassId: string,
  subjectId: string,
): Promise<Omit<
  RoomRecord,
  'id' | 'paused' | 'activePowers' | 'summonPool' | 'activity' | 'updatedAt'
> | null> {
  if (!(await teachesClass(db, professorId, schoolclassId, subjectId))) return null;
  const [link] = await db
    .select({ name: schoolclasses.name, planet: schoolclasses.planet, powerMode: professors.powerMode })
    .from(schoolclasses)
    .innerJoin(professors, eq(professors.id, professorId))
    .where(eq(schoolclasses.id, schoolclassId));
  if (!link) return null;
  return {
    schoolclassId,
    subjectId,
    professorId,
    className: link.name,
    planet: link.planet,
    powerMode: link.powerMode,
    roster: await loadRoster(db, schoolclassId),
  };
}

export async function loadRoster(db: Db, schoolclassId: string): Promise<RoomRecord['roster']> {
  const rows = await db
    .select({ student: students, user: users, avatar: avatars })
    .from(studentsSchoolclasses)
    .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .where(eq(studentsSchoolclasses.schoolclassId, schoolclassId))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map(({ student, user, avatar }) => ({
    studentId: student.id,
    firstName: user.firstName,
    lastInitial: user.lastName.slice(0, 1).toUpperCase(),
    avatarImage: avatar ? avatarImagePath(avatar, 'student', 'body') : null,
    level: student.level,
    powerXp: student.powerXp,
  }));
}

export async function studentClassIds(db: Db, studentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: studentsSchoolclasses.schoolclassId })
    .from(studentsSchoolclasses)
    .where(eq(studentsSchoolclasses.studentId, studentId));
  return rows.map((r) => r.id);
}

/** The teacher's own raid with its questions; the image paths become URLs. */
export async function loadRaid(
  db: Db,
  professorId: string,
  raidId: string,
): Promise<{ raidId: string; title: string; questions: RaidQuestion[] } | null> {
  if (!(await ownsRaid(db, professorId, raidId))) return null;
  const [raid] = await db.select({ title: raids.title }).from(raids).where(eq(raids.id, raidId));
  if (!raid) return null;
  const qs = await raidQuestions(db, raidId);
  return {
    raidId,
    title: raid.title,
    questions: qs.map((q) => {
      const mine = q.answers;
      const correctIds = mine.filter((a) => a.isCorrect).map((a) => a.id);
      const choice = q.kind === 'choice';
      return {
        id: q.id,
        text: q.text,
        equationMode: q.equationMode,
        image: q.imagePath ? `/uploads/questions/${encodeURIComponent(q.imagePath)}` : null,
        answers: mine.map((a) => ({ id: a.id, text: a.text })),
        multiple: choice && correctIds.length > 1,
        toPick: choice ? correctIds.length : 1,
        correctIds: choice ? correctIds : [],
        // Issue 23: the kind and what the judge needs, kept on the server until the reveal.
        kind: q.kind,
        settings: q.settings ?? null,
        ...(q.kind === 'order' ? { correctOrder: mine.map((a) => a.id) } : {}),
        explanation: q.explanation,
        explanationImage: q.explanationImagePath
          ? `/uploads/questions/${encodeURIComponent(q.explanationImagePath)}`
          : null,
      };
    }),
  };
}

/** A boss of the class's world, varied from one raid to the next. */
export function pickBoss(world: string, raidId: string): Boss {
  const list = bossesOf(world as WorldName);
  const h = [...raidId].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 7);
  const b = list[h % list.length];
  return { key: b.key, name: b.name, image: b.image };
}

/** The teacher's chapters of a subject with their raids, for select-raid. */
export async function listRaidsForGame(db: Db, professorId: string, subjectId: string) {
  const rows = await db
    .select({
      chapterId: chapters.id,
      chapterName: chapters.name,
      level: chapters.level,
      raidId: raids.id,
      title: raids.title,
      questionCount: sql<number>`(select count(*)::int from ${questions} where ${questions.raidId} = ${raids.id})`,
    })
    .from(chapters)
    .innerJoin(raids, eq(raids.chapterId, chapters.id))
    .where(and(eq(chapters.professorId, professorId), eq(chapters.subjectId, subjectId)))
    .orderBy(asc(chapters.name), asc(raids.title));
  const out: {
    chapterId: string;
    chapterName: string;
    level: number;
    raids: { id: string; title: string; questionCount: number }[];
  }[] = [];
  for (const r of rows) {
    let ch = out.find((c) => c.chapterId === r.chapterId);
    if (!ch) {
      ch = { chapterId: r.chapterId, chapterName: r.chapterName, level: r.level, raids: [] };
      out.push(ch);
    }
    ch.raids.push({ id: r.raidId, title: r.title, questionCount: r.questionCount });
  }
  return out;
}

/** APPROVED phrases for this teacher, class and subject, oldest first. */
export async function approvedPhrases(db: Db, professorId: string, schoolclassId: string, subjectId: string) {
  return db
    .select({ id: codex.id, text: codex.text, firstName: users.firstName, lastName: users.lastName })
    .from(codex)
    .innerJoin(students, eq(students.id, codex.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        eq(codex.professorId, professorId),
        eq(codex.schoolclassId, schoolclassId),
        eq(codex.subjectId, subjectId),
        eq(codex.status, 1),
      ),
    )
    .orderBy(asc(codex.createdAt));
}

export async function markPhraseDisplayed(db: Db, phraseId: string) {
  await db
    .update(codex)
    .set({ status: 3, updatedAt: new Date() })
    .where(and(eq(codex.id, phraseId), eq(codex.status, 1)));
}

/**
 * A live room's award (a raid's end, a summon marked right) through the one XP command
 * (modules/xp/award.ts): recorded under the room's teacher, class and subject. Answers what the
 * roster keeps of each student's new progress.
 */
export async function rewardStudents(
  db: DbOrTx,
  r: Pick<RoomRecord, 'professorId' | 'schoolclassId' | 'subjectId'>,
  gains: Record<string, { xp: number; coins: number }>,
  what: { source: 'live'; playId: string } | { source: 'summon' },
): Promise<Record<string, Rewarded>> {
  const { source, ...details } = what;
  const by = { professorId: r.professorId, schoolclassId: r.schoolclassId, subjectId: r.subjectId };
  return rewardedOf(await awardXp(db, { source, by, gains, details }));
}

/** Spends power XP; false when the student has too little. */
export async function spendPowerXp(db: Db, studentId: string, cost: number): Promise<number | null> {
  const [row] = await db
    .update(students)
    .set({ powerXp: sql`${students.powerXp} - ${cost}` })
    .where(and(eq(students.id, studentId), sql`${students.powerXp} >= ${cost}`))
    .returning({ powerXp: students.powerXp });
  return row ? row.powerXp : null;
}

export async function recordEvent(
  db: Db,
  e: {
    type: string;
    professorId: string;
    schoolclassId: string;
    subjectId: string;
    studentId?: string;
    payload?: object;
  },
) {
  await db.insert(gameEvents).values({ ...e, studentId: e.studentId ?? null, payload: e.payload ?? {} });
}

/** A paused room, kept in the database until the teacher resumes it (next lesson, after a restart). */
export async function savePausedRoom(db: Db, r: RoomRecord, answersGiven: Record<string, string>) {
  const row = { record: r, answers: answersGiven, pausedAt: new Date() };
  await db
    .insert(pausedRooms)
    .values({ roomId: r.id, professorId: r.professorId, schoolclassId: r.schoolclassId, ...row })
    .onConflictDoUpdate({ target: pausedRooms.roomId, set: row });
}

export async function loadPausedRoom(
  db: Db,
  roomId: string,
): Promise<{ record: RoomRecord; answers: Record<string, string> } | null> {
  const [row] = await db.select().from(pausedRooms).where(eq(pausedRooms.roomId, roomId));
  return row ? { record: row.record as RoomRecord, answers: row.answers as Record<string, string> } : null;
}

/**
 * A deleted pupil out of the paused rooms of their classes (issue 14): the saved record and the
 * answers already given to its open question.
 */
export async function forgetInPausedRooms(
  db: DbOrTx,
  schoolclassIds: string[],
  studentId: string,
  phraseIds: ReadonlySet<string>,
) {
  if (!schoolclassIds.length) return;
  const rows = await db.select().from(pausedRooms).where(inArray(pausedRooms.schoolclassId, schoolclassIds));
  for (const row of rows) {
    const record = row.record as RoomRecord;
    const given = row.answers as Record<string, string>;
    if (!mentions(record, studentId, phraseIds) && !(studentId in given)) continue;
    const { [studentId]: _, ...answersLeft } = given;
    await db
      .update(pausedRooms)
      .set({ record: forgetStudent(record, studentId, phraseIds), answers: answersLeft })
      .where(eq(pausedRooms.roomId, row.roomId));
  }
}

export async function deletePausedRoom(db: Db, roomId: string) {
  await db.delete(pausedRooms).where(eq(pausedRooms.roomId, roomId));
}

/** The raid settings this teacher last chose for this class, or null. */
export async function loadRaidSettings(db: Db, professorId: string, schoolclassId: string) {
  const [row] = await db
    .select()
    .from(raidSettings)
    .where(and(eq(raidSettings.professorId, professorId), eq(raidSettings.schoolclassId, schoolclassId)));
  return row ? (row.settings as RaidSettings) : null;
}

export async function saveRaidSettings(
  db: Db,
  professorId: string,
  schoolclassId: string,
  settings: RaidSettings,
) {
  const row = { settings, updatedAt: new Date() };
  await db
    .insert(raidSettings)
    .values({ professorId, schoolclassId, ...row })
    .onConflictDoUpdate({ target: [raidSettings.professorId, raidSettings.schoolclassId], set: row });
}
