// A term of lessons for the demo school (issue 21, item 19): live raids and past homework dated over
// the past weeks, relative to now (Europe/Paris), so that a newcomer's analytics pages, raid reports
// and "Mes stats" show something on the first `npm start`. Deterministic: the same pupils answer the
// same questions the same way on every seed (only the dates move with today). The pupils' XP and
// levels stay as the demo seeds them: the XP curve climbs from 0 to each pupil's seeded XP.
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { parisDay } from '../../../shared/homework-schedule.js';
import { parisMidnight } from '../../modules/analytics/periods.js';
import type { Db } from '../client.js';
import {
  answers,
  chapters,
  gameEvents,
  homeworkCompletions,
  homeworkRaids,
  professors,
  professorsSchoolclasses,
  questions,
  raidPlays,
  raids,
  schoolclasses,
  sessionLogs,
  studentAnswers,
  students,
  studentsSchoolclasses,
  users,
} from '../schema.js';

/** Live raids of each demo class: how many days ago, and at what Paris hour. */
export const DEMO_HISTORY_LIVE_DAYS = [40, 35, 33, 28, 26, 21, 19, 14, 12, 9] as const;
/** Past homework of each demo class (stopped since): sent that many days ago, done over the next days. */
export const DEMO_HISTORY_HOMEWORK_DAYS = [30, 16] as const;
/**
 * An open homework whose due date has passed (issue 21, item 20: late work is marked, not refused):
 * 2nde A, which has no other open homework, was sent it `sentDaysAgo` days ago, due `dueDaysAgo`
 * days ago (Paris days). Nobody has done it yet: its pupils see it late, their teacher sees who
 * hands it in late.
 */
export const DEMO_OVERDUE_HOMEWORK = {
  className: '2nde A',
  name: 'DM : vitesse et forces',
  sentDaysAgo: 9,
  dueDaysAgo: 2,
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Today's date in Paris: year, month (1-12), day. */
function parisToday(now: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return { year: +p.year, month: +p.month, day: +p.day };
}

/**
 * The days ago of the demo's live raids and homework, all within the current school year (from
 * 1 September, Paris time; docs/decisions.md). Past mid-October the full term; in the first weeks
 * of the year the live raids are squeezed into the days since 1 September (at least a day ago,
 * several on one day if need be) and homework sent before 1 September is left out; on
 * 1 September itself there is no history yet.
 */
export function demoHistorySchedule(now: Date): { live: number[]; homework: number[] } {
  const today = parisToday(now);
  const startYear = today.month >= 9 ? today.year : today.year - 1;
  const since = Math.round(
    (parisMidnight(today.year, today.month, today.day).getTime() - parisMidnight(startYear, 9, 1).getTime()) /
      86_400_000,
  );
  const longest = Math.max(...DEMO_HISTORY_LIVE_DAYS);
  const live =
    since > longest
      ? [...DEMO_HISTORY_LIVE_DAYS]
      : since < 1
        ? []
        : DEMO_HISTORY_LIVE_DAYS.map((d) => Math.max(1, Math.round((d * since) / longest)));
  return { live, homework: DEMO_HISTORY_HOMEWORK_DAYS.filter((d) => d <= since) };
}

/** A small deterministic hash (FNV-1a) of a few integers, 0..99. */
function roll(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) {
    h ^= x & 0xffff;
    h = Math.imul(h, 16777619);
    h ^= x >>> 16;
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % 100;
}

/** The instant `daysAgo` days before today at hour:minute, Paris time. */
export function parisAt(now: Date, daysAgo: number, hour: number, minute = 0): Date {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  const midnight = parisMidnight(+p.year, +p.month, +p.day - daysAgo);
  return new Date(midnight.getTime() + (hour * 60 + minute) * 60_000);
}

interface RaidQs {
  id: string;
  title: string;
  questions: {
    id: string;
    text: string;
    equationMode: boolean;
    answers: { id: string; text: string; isCorrect: boolean }[];
  }[];
}

async function raidsOf(tx: Tx, professorId: string): Promise<RaidQs[]> {
  const rs = await tx
    .select({ id: raids.id, title: raids.title })
    .from(raids)
    .innerJoin(chapters, eq(chapters.id, raids.chapterId))
    .where(eq(raids.professorId, professorId))
    .orderBy(asc(chapters.name), asc(raids.title));
  const out: RaidQs[] = [];
  for (const r of rs) {
    const qs = await tx
      .select()
      .from(questions)
      .where(eq(questions.raidId, r.id))
      .orderBy(asc(questions.position));
    const as = qs.length
      ? await tx
          .select()
          .from(answers)
          .where(
            inArray(
              answers.questionId,
              qs.map((q) => q.id),
            ),
          )
          .orderBy(asc(answers.position))
      : [];
    out.push({
      id: r.id,
      title: r.title,
      questions: qs.map((q) => ({
        id: q.id,
        text: q.text,
        equationMode: q.equationMode,
        answers: as
          .filter((a) => a.questionId === q.id)
          .map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect })),
      })),
    });
  }
  return out.filter((r) => r.questions.length > 0);
}

/** A homework's play (each homework is one play of its raid, issue 13), with the raid as it was sent. */
function insertHomeworkPlay(
  tx: Tx,
  homeworkRaidId: string,
  raid: RaidQs,
  link: { professorId: string; schoolclassId: string; subjectId: string },
  startedAt: Date,
  endedAt: Date | null,
) {
  return tx.insert(raidPlays).values({
    id: homeworkRaidId,
    raidId: raid.id,
    professorId: link.professorId,
    schoolclassId: link.schoolclassId,
    subjectId: link.subjectId,
    kind: 'homework',
    homeworkRaidId,
    raidTitle: raid.title,
    questions: raid.questions.map((q) => ({
      questionId: q.id,
      text: q.text,
      equationMode: q.equationMode,
      answers: q.answers.map((a) => ({ answerId: a.id, text: a.text, isCorrect: a.isCorrect })),
    })),
    startedAt,
    endedAt,
  });
}

/**
 * Seeds the history on the demo school just seeded (seedDemo calls it unless told not to). Every
 * class of the demo's two teachers gets DEMO_HISTORY_LIVE_DAYS live raids and
 * DEMO_HISTORY_HOMEWORK_DAYS stopped homework; each pupil's skill (45 to 90 % right) is fixed.
 */
export async function seedDemoHistory(tx: Tx, now = new Date()): Promise<void> {
  const links = await tx
    .select({
      professorId: professorsSchoolclasses.professorId,
      schoolclassId: professorsSchoolclasses.schoolclassId,
      subjectId: professorsSchoolclasses.subjectId,
      userId: professors.userId,
      className: schoolclasses.name,
    })
    .from(professorsSchoolclasses)
    .innerJoin(professors, eq(professors.id, professorsSchoolclasses.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .innerJoin(schoolclasses, eq(schoolclasses.id, professorsSchoolclasses.schoolclassId))
    .where(inArray(users.username, ['prof-demo', 'prof-sciences']))
    .orderBy(asc(schoolclasses.name));

  const schedule = demoHistorySchedule(now);
  for (const [ci, link] of links.entries()) {
    const pupils = await tx
      .select({ studentId: students.id, userId: students.userId, xp: students.xp, username: users.username })
      .from(studentsSchoolclasses)
      .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(studentsSchoolclasses.schoolclassId, link.schoolclassId))
      .orderBy(asc(users.username));
    const rs = await raidsOf(tx, link.professorId);
    if (!rs.length || !pupils.length) continue;
    const skill = (p: number) => 45 + roll(ci, p, 7) * 0.45;
    /** XP gains of each pupil, in time order, for the curve. */
    const gains = new Map<string, { at: Date; gain: number; source: 'live' | 'homework' }[]>();
    const gain = (studentId: string, at: Date, n: number, source: 'live' | 'homework') => {
      if (n > 0) gains.set(studentId, [...(gains.get(studentId) ?? []), { at, gain: n, source }]);
    };
    const answerRows: (typeof studentAnswers.$inferInsert)[] = [];
    const logs: (typeof sessionLogs.$inferInsert)[] = [];
    const events: (typeof gameEvents.$inferInsert)[] = [];

    for (const [pi, daysAgo] of schedule.live.entries()) {
      const raid = rs[pi % rs.length];
      const startedAt = parisAt(now, daysAgo, 9 + ((pi + ci) % 3), 5);
      const snapshot = raid.questions.map((q) => ({
        questionId: q.id,
        text: q.text,
        equationMode: q.equationMode,
        answers: q.answers.map((a) => ({ answerId: a.id, text: a.text, isCorrect: a.isCorrect })),
      }));
      const playId = randomUUID();
      const present = pupils.filter((_, p) => roll(ci, pi, p, 1) >= 12);
      let right = 0;
      let total = 0;
      for (const [p, pupil] of pupils.entries()) {
        if (!present.includes(pupil)) continue;
        let mine = 0;
        for (const [qi, q] of raid.questions.entries()) {
          const ok = roll(ci, pi, p, qi, 2) < skill(p);
          const wrong = q.answers.filter((a) => !a.isCorrect);
          const chosen =
            ok || !wrong.length
              ? q.answers.filter((a) => a.isCorrect)
              : [wrong[roll(ci, pi, p, qi, 3) % wrong.length]];
          answerRows.push({
            playId,
            questionId: q.id,
            studentId: pupil.studentId,
            answerIds: chosen.map((a) => a.id),
            correct: ok,
            timeMs: 3000 + roll(ci, pi, p, qi, 4) * 170,
            answeredAt: new Date(startedAt.getTime() + (qi + 1) * 45_000 + p * 300),
          });
          if (ok) mine++;
        }
        right += mine;
        total += raid.questions.length;
        gain(pupil.studentId, new Date(startedAt.getTime() + 15 * 60_000), mine * 4, 'live');
        logs.push({ userId: pupil.userId, createdAt: new Date(startedAt.getTime() - 5 * 60_000) });
      }
      const result = right >= total * 0.6 ? 'VICTORY' : 'DEFEAT';
      await tx.insert(raidPlays).values({
        id: playId,
        raidId: raid.id,
        professorId: link.professorId,
        schoolclassId: link.schoolclassId,
        subjectId: link.subjectId,
        kind: 'live',
        raidTitle: raid.title,
        questions: snapshot,
        startedAt,
        endedAt: new Date(startedAt.getTime() + 20 * 60_000),
        result,
      });
      logs.push({ userId: link.userId, createdAt: new Date(startedAt.getTime() - 10 * 60_000) });
      const base = {
        professorId: link.professorId,
        schoolclassId: link.schoolclassId,
        subjectId: link.subjectId,
      };
      events.push({ ...base, type: 'RAID_STARTED', payload: { raidId: raid.id }, createdAt: startedAt });
      // A summon or two per lesson, and a codex phrase shown now and then.
      for (let s = 0; s < 1 + (pi % 2); s++) {
        const who = pupils[roll(ci, pi, s, 5) % pupils.length];
        events.push({
          ...base,
          type: 'SUMMON',
          studentId: who.studentId,
          payload: {},
          createdAt: new Date(startedAt.getTime() + (25 + s * 5) * 60_000),
        });
      }
      if (pi % 3 === 0)
        events.push({
          ...base,
          type: 'CODEX_DISPLAYED',
          payload: {},
          createdAt: new Date(startedAt.getTime() + 30 * 60_000),
        });
    }

    // Past homework: sent, done by most pupils over the next days, stopped since.
    for (const [hi, daysAgo] of schedule.homework.entries()) {
      const raid = rs[(hi + 1) % rs.length];
      const sentAt = parisAt(now, daysAgo, 17, 30);
      const [hw] = await tx
        .insert(homeworkRaids)
        .values({
          name: raid.title,
          raidId: raid.id,
          schoolclassId: link.schoolclassId,
          professorId: link.professorId,
          subjectId: link.subjectId,
          isOnGoing: false,
          createdAt: sentAt,
        })
        .returning({ id: homeworkRaids.id });
      await insertHomeworkPlay(tx, hw.id, raid, link, sentAt, parisAt(now, daysAgo - 7, 8));
      for (const [p, pupil] of pupils.entries()) {
        if (roll(ci, hi, p, 6) < 20) continue;
        const doneAt = parisAt(now, daysAgo - 1 - (roll(ci, hi, p, 8) % 5), 18, roll(ci, hi, p, 9) % 60);
        let score = 0;
        for (const [qi, q] of raid.questions.entries()) {
          const ok = roll(ci, hi, p, qi, 10) < skill(p) + 5;
          const wrong = q.answers.filter((a) => !a.isCorrect);
          const chosen =
            ok || !wrong.length
              ? q.answers.filter((a) => a.isCorrect)
              : [wrong[roll(ci, hi, p, qi, 11) % wrong.length]];
          answerRows.push({
            playId: hw.id,
            questionId: q.id,
            studentId: pupil.studentId,
            answerIds: chosen.map((a) => a.id),
            correct: ok,
            timeMs: 6000 + roll(ci, hi, p, qi, 12) * 300,
            answeredAt: new Date(doneAt.getTime() - (raid.questions.length - qi) * 60_000),
          });
          if (ok) score++;
        }
        const xpGained = score * 3;
        await tx.insert(homeworkCompletions).values({
          homeworkRaidId: hw.id,
          studentId: pupil.studentId,
          score,
          total: raid.questions.length,
          xpGained,
          completedAt: doneAt,
        });
        gain(pupil.studentId, doneAt, xpGained, 'homework');
        logs.push({ userId: pupil.userId, createdAt: new Date(doneAt.getTime() - 10 * 60_000) });
      }
    }

    if (link.className === DEMO_OVERDUE_HOMEWORK.className) {
      const raid = rs[0];
      const sentAt = parisAt(now, DEMO_OVERDUE_HOMEWORK.sentDaysAgo, 17, 30);
      const [hw] = await tx
        .insert(homeworkRaids)
        .values({
          name: DEMO_OVERDUE_HOMEWORK.name,
          raidId: raid.id,
          schoolclassId: link.schoolclassId,
          professorId: link.professorId,
          subjectId: link.subjectId,
          dueOn: parisDay(parisAt(now, DEMO_OVERDUE_HOMEWORK.dueDaysAgo, 12)),
          createdAt: sentAt,
        })
        .returning({ id: homeworkRaids.id });
      await tx.update(raids).set({ isHomework: true }).where(eq(raids.id, raid.id));
      await insertHomeworkPlay(tx, hw.id, raid, link, sentAt, null);
    }

    for (let i = 0; i < answerRows.length; i += 500)
      await tx.insert(studentAnswers).values(answerRows.slice(i, i + 500));
    if (logs.length) await tx.insert(sessionLogs).values(logs);
    // The XP curve: each gain, ending at the pupil's XP as seeded (what came before is the start).
    for (const pupil of pupils) {
      const mine = (gains.get(pupil.studentId) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
      // The term's gains are spread over the pupil's seeded XP: the curve climbs from 0 to it.
      const sum = mine.reduce((s, g) => s + g.gain, 0);
      let xp = 0;
      let cum = 0;
      for (const g of mine) {
        cum += g.gain;
        const start = xp;
        xp = Math.round((pupil.xp * cum) / sum);
        if (xp === start) continue;
        events.push({
          type: 'XP_GAIN',
          professorId: link.professorId,
          schoolclassId: link.schoolclassId,
          subjectId: link.subjectId,
          studentId: pupil.studentId,
          payload: { source: g.source, amount: xp - start, xp, level: 1 + Math.floor(xp / 100) },
          createdAt: g.at,
        });
      }
    }
    for (let i = 0; i < events.length; i += 500) await tx.insert(gameEvents).values(events.slice(i, i + 500));
  }
}
