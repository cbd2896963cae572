// A teacher's homework raids (SPEC points 5 and 7): send a raid to some of their classes, list, stop,
// delete. Everything is scoped to the caller: another teacher's homework answers 404.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RAID_TITLE_MAX } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { HOMEWORK_TRIES_MAX, isDay, parisDay } from '../../../shared/homework-schedule.js';
import { cleanText } from '../../../shared/text.js';
import type { Db } from '../../db/client.js';
import {
  homeworkCompletions,
  homeworkRaids,
  questions,
  raidPlays,
  raids,
  schoolclasses,
  studentsSchoolclasses,
  subjects,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertOwnsRaid, assertTeachesClass, taughtClassIds, taughtLinks } from '../../policies/index.js';
import { raidSnapshot } from '../analytics/snapshot.js';
import type { DbOrTx } from '../avatars/unlocks.js';

const uuid = z.uuid({ error: ERR.INVALID_BODY });
export const sendHomeworkSchema = z.object({
  raidId: uuid,
  name: cleanText('name').trim().min(1, ERR.REQUIRED).max(RAID_TITLE_MAX, ERR.RAID_TITLE_TOO_LONG),
  targets: z
    .array(z.object({ schoolclassId: uuid, subjectId: uuid }), { error: ERR.HOMEWORK_CLASS_REQUIRED })
    .min(1, ERR.HOMEWORK_CLASS_REQUIRED)
    .max(100, ERR.INVALID_BODY),
  /** Issue 21: first day it can be played and last day on time (Paris), both optional. */
  startsOn: z.string().refine(isDay, ERR.HOMEWORK_INVALID_DATE).nullable().default(null),
  dueOn: z.string().refine(isDay, ERR.HOMEWORK_INVALID_DATE).nullable().default(null),
  maxTries: z.number().int().min(1, ERR.INVALID_BODY).max(HOMEWORK_TRIES_MAX, ERR.INVALID_BODY).default(1),
  multiScoring: z.enum(['all', 'partial'], { error: ERR.INVALID_BODY }).default('all'),
});
export type SendHomework = z.infer<typeof sendHomeworkSchema>;

/** The caller's classes with the subject of each link: where a homework may go. */
export async function listTargets(db: Db, professorId: string) {
  const taught = taughtLinks(db, professorId);
  return db
    .select({
      schoolclassId: schoolclasses.id,
      schoolclassName: schoolclasses.name,
      level: schoolclasses.level,
      subjectId: subjects.id,
      subjectCode: subjects.code,
    })
    .from(taught)
    .innerJoin(schoolclasses, eq(schoolclasses.id, taught.schoolclassId))
    .innerJoin(subjects, eq(subjects.id, taught.subjectId))
    .orderBy(asc(schoolclasses.name), asc(subjects.position));
}

/** One homework row per class, and the raid marked as sent, in one transaction. */
export async function sendHomework(db: Db, professorId: string, body: SendHomework): Promise<string[]> {
  await assertOwnsRaid(db, professorId, body.raidId);
  const raid = { id: body.raidId };
  const [{ n }] = await db.select({ n: count() }).from(questions).where(eq(questions.raidId, raid.id));
  if (n === 0) throw badRequest(ERR.QUESTIONS_REQUIRED);
  // A start date in the past is today; a due date must follow the start and not be over already.
  const today = parisDay();
  const startsOn = body.startsOn && body.startsOn > today ? body.startsOn : null;
  if (body.dueOn && body.dueOn < (startsOn ?? today))
    throw badRequest(body.dueOn < today ? ERR.HOMEWORK_DUE_PAST : ERR.HOMEWORK_DUE_BEFORE_START, {
      field: 'dueOn',
    });

  const mine = await listTargets(db, professorId);
  const key = (t: { schoolclassId: string; subjectId: string }) => `${t.schoolclassId}:${t.subjectId}`;
  const allowed = new Set(mine.map(key));
  const targets = [...new Map(body.targets.map((t) => [key(t), t])).values()];
  // A class the caller does not teach (in that subject) does not exist for them.
  if (targets.some((t) => !allowed.has(key(t)))) throw notFound();

  const ongoing = await db
    .select({ schoolclassId: homeworkRaids.schoolclassId, subjectId: homeworkRaids.subjectId })
    .from(homeworkRaids)
    .where(
      and(
        eq(homeworkRaids.raidId, raid.id),
        eq(homeworkRaids.professorId, professorId),
        eq(homeworkRaids.isOnGoing, true),
      ),
    );
  const busy = new Set(ongoing.map(key));
  if (targets.some((t) => busy.has(key(t))))
    throw conflict(ERR.HOMEWORK_ALREADY_ONGOING, { field: 'targets' });

  return db.transaction(async (tx) => {
    const snapshot = await raidSnapshot(tx, raid.id);
    const rows = await tx
      .insert(homeworkRaids)
      .values(
        targets.map((t) => ({
          name: body.name,
          raidId: raid.id,
          professorId,
          startsOn,
          dueOn: body.dueOn,
          maxTries: body.maxTries,
          multiScoring: body.multiScoring,
          ...t,
        })),
      )
      .returning({ id: homeworkRaids.id });
    // Each homework is one play of the raid (issue 13): its report and the class tables read it.
    await tx.insert(raidPlays).values(
      rows.map((r, i) => ({
        id: r.id,
        raidId: raid.id,
        professorId,
        schoolclassId: targets[i].schoolclassId,
        subjectId: targets[i].subjectId,
        kind: 'homework' as const,
        homeworkRaidId: r.id,
        ...snapshot,
      })),
    );
    await tx.update(raids).set({ isHomework: true }).where(eq(raids.id, raid.id));
    return rows.map((r) => r.id);
  });
}

export async function listProfessorHomework(db: Db, professorId: string) {
  const completed = db
    .select({
      homeworkRaidId: homeworkCompletions.homeworkRaidId,
      n: count().as('completed_n'),
      late: sql<number>`count(*) filter (where ${homeworkCompletions.late})`.as('late_n'),
    })
    .from(homeworkCompletions)
    .groupBy(homeworkCompletions.homeworkRaidId)
    .as('completed');
  const rows = await db
    .select({
      id: homeworkRaids.id,
      name: homeworkRaids.name,
      isOnGoing: homeworkRaids.isOnGoing,
      createdAt: homeworkRaids.createdAt,
      raidId: homeworkRaids.raidId,
      raidTitle: raids.title,
      schoolclassId: homeworkRaids.schoolclassId,
      schoolclassName: schoolclasses.name,
      subject: { id: subjects.id, code: subjects.code, name: subjects.name },
      completedCount: sql<number>`coalesce(${completed.n}, 0)`.mapWith(Number),
      lateCount: sql<number>`coalesce(${completed.late}, 0)`.mapWith(Number),
      startsOn: homeworkRaids.startsOn,
      dueOn: homeworkRaids.dueOn,
      maxTries: homeworkRaids.maxTries,
      multiScoring: homeworkRaids.multiScoring,
      studentCount:
        sql<number>`(select count(*) from ${studentsSchoolclasses} where ${studentsSchoolclasses.schoolclassId} = ${homeworkRaids.schoolclassId})`.mapWith(
          Number,
        ),
    })
    .from(homeworkRaids)
    .innerJoin(raids, eq(raids.id, homeworkRaids.raidId))
    .innerJoin(schoolclasses, eq(schoolclasses.id, homeworkRaids.schoolclassId))
    .innerJoin(subjects, eq(subjects.id, homeworkRaids.subjectId))
    .leftJoin(completed, eq(completed.homeworkRaidId, homeworkRaids.id))
    .where(
      and(
        eq(homeworkRaids.professorId, professorId),
        inArray(homeworkRaids.schoolclassId, taughtClassIds(db, professorId)),
      ),
    )
    .orderBy(desc(homeworkRaids.isOnGoing), desc(homeworkRaids.createdAt), asc(schoolclasses.name));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    multiScoring: r.multiScoring === 'partial' ? ('partial' as const) : ('all' as const),
  }));
}

async function ownHomework(db: Db, professorId: string, id: string) {
  const [row] = await db
    .select({
      id: homeworkRaids.id,
      raidId: homeworkRaids.raidId,
      schoolclassId: homeworkRaids.schoolclassId,
    })
    .from(homeworkRaids)
    .where(and(eq(homeworkRaids.id, id), eq(homeworkRaids.professorId, professorId)));
  // Homework of a class the teacher left is no longer theirs to touch.
  if (!row) throw notFound();
  await assertTeachesClass(db, professorId, row.schoolclassId);
  return row;
}

export async function stopHomework(db: Db, professorId: string, id: string) {
  await ownHomework(db, professorId, id);
  await db.update(homeworkRaids).set({ isOnGoing: false }).where(eq(homeworkRaids.id, id));
  const list = await listProfessorHomework(db, professorId);
  const stopped = list.find((h) => h.id === id);
  if (!stopped) throw notFound();
  return stopped;
}

/** Deletes the homework (and its students' results); the raid stays, marked as sent while another homework uses it. */
export async function deleteHomework(db: Db, professorId: string, id: string) {
  const row = await ownHomework(db, professorId, id);
  await db.transaction(async (tx) => {
    await tx.delete(homeworkRaids).where(eq(homeworkRaids.id, id));
    await refreshHomeworkFlag(tx, professorId, row.raidId);
  });
}

/**
 * A raid stays marked "sent as homework" only while homework of a class its teacher still reaches
 * uses it: homework of a class they left is hidden from them, so they could never delete it.
 */
export async function refreshHomeworkFlag(tx: DbOrTx, professorId: string, raidId: string) {
  const [still] = await tx
    .select({ n: count() })
    .from(homeworkRaids)
    .where(
      and(
        eq(homeworkRaids.raidId, raidId),
        inArray(homeworkRaids.schoolclassId, taughtClassIds(tx, professorId)),
      ),
    );
  if (Number(still.n) === 0) await tx.update(raids).set({ isHomework: false }).where(eq(raids.id, raidId));
}
