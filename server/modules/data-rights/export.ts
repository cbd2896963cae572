// Everything stored about one pupil, for the family (GDPR right of access, issue 14): read table by
// table with the pupil's ids as the only filter, so that nothing of another pupil comes along. The
// raid, question and answer texts the pupil answered are the teacher's content, named for reading.
import { asc, eq, inArray } from 'drizzle-orm';
import { codexStatusName } from '../../../shared/codex.js';
import type { PupilData } from '../../../shared/schemas/data-export.js';
import type { Db } from '../../db/client.js';
import {
  answers,
  avatars,
  codex,
  emailTokens,
  gameEvents,
  homeworkAnswers,
  homeworkCompletions,
  homeworkRaids,
  questions,
  raidPlays,
  refreshTokens,
  schoolclasses,
  sessionLogs,
  ssoIdentities,
  ssoTickets,
  studentAccommodations,
  studentAnswers,
  studentAvatarUnlocks,
  students,
  studentsSchoolclasses,
  subjects,
  tickets,
  users,
  usersAvatars,
} from '../../db/schema.js';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The pupil's ids, or null when there is no such pupil. */
export async function pupilIds(db: Db, studentId: string) {
  const [row] = await db
    .select({ studentId: students.id, userId: students.userId, username: users.username })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, studentId));
  return row ?? null;
}

/** The texts of these answer ids (of questions the pupil answered), in the order given. */
async function answerTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: answers.id, text: answers.text })
    .from(answers)
    .where(inArray(answers.id, unique));
  return new Map(rows.map((r) => [r.id, r.text]));
}

export async function exportPupilData(db: Db, studentId: string): Promise<PupilData | null> {
  const [acc] = await db
    .select({ u: users, s: students, avatarKey: avatars.key })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .where(eq(students.id, studentId));
  if (!acc) return null;
  const userId = acc.u.id;

  const classes = await db
    .select({
      name: schoolclasses.name,
      level: schoolclasses.level,
      subject: subjects.code,
      joinedAt: studentsSchoolclasses.joinedAt,
    })
    .from(studentsSchoolclasses)
    .innerJoin(schoolclasses, eq(schoolclasses.id, studentsSchoolclasses.schoolclassId))
    .innerJoin(subjects, eq(subjects.id, schoolclasses.subjectId))
    .where(eq(studentsSchoolclasses.studentId, studentId))
    .orderBy(asc(studentsSchoolclasses.joinedAt));

  const accommodations = await db
    .select()
    .from(studentAccommodations)
    .where(eq(studentAccommodations.studentId, studentId));

  const identities = await db
    .select()
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(asc(ssoIdentities.createdAt));

  // Every answer row stored for the pupil, whatever became of its raid or question since: the raid's
  // title and the question as asked come from the play's snapshot (a deleted raid leaves the play;
  // an edited one gives its questions new ids), today's rows only where the snapshot lacks them.
  const liveRows = await db
    .select({
      playId: studentAnswers.playId,
      kind: raidPlays.kind,
      raid: raidPlays.raidTitle,
      className: schoolclasses.name,
      questionId: studentAnswers.questionId,
      currentQuestion: questions.text,
      answerIds: studentAnswers.answerIds,
      value: studentAnswers.value,
      correct: studentAnswers.correct,
      timeMs: studentAnswers.timeMs,
      answeredAt: studentAnswers.answeredAt,
    })
    .from(studentAnswers)
    .innerJoin(raidPlays, eq(raidPlays.id, studentAnswers.playId))
    .innerJoin(schoolclasses, eq(schoolclasses.id, raidPlays.schoolclassId))
    .leftJoin(questions, eq(questions.id, studentAnswers.questionId))
    .where(eq(studentAnswers.studentId, studentId))
    .orderBy(asc(studentAnswers.answeredAt));
  const playIds = [...new Set(liveRows.map((r) => r.playId))];
  const snapshots = playIds.length
    ? await db
        .select({ id: raidPlays.id, questions: raidPlays.questions })
        .from(raidPlays)
        .where(inArray(raidPlays.id, playIds))
    : [];
  const asked = new Map<string, { text: string; answers: Map<string, string> }>();
  for (const p of snapshots)
    for (const q of p.questions ?? [])
      asked.set(`${p.id}:${q.questionId}`, {
        text: q.text,
        answers: new Map(q.answers.map((a) => [a.answerId, a.text])),
      });
  const live = liveRows.map((r) => {
    const snap = asked.get(`${r.playId}:${r.questionId}`);
    return { ...r, question: snap?.text ?? r.currentQuestion ?? '', snapshotAnswers: snap?.answers };
  });

  const homework = await db
    .select({
      name: homeworkRaids.name,
      className: schoolclasses.name,
      score: homeworkCompletions.score,
      total: homeworkCompletions.total,
      xpGained: homeworkCompletions.xpGained,
      completedAt: homeworkCompletions.completedAt,
    })
    .from(homeworkCompletions)
    .innerJoin(homeworkRaids, eq(homeworkRaids.id, homeworkCompletions.homeworkRaidId))
    .innerJoin(schoolclasses, eq(schoolclasses.id, homeworkRaids.schoolclassId))
    .where(eq(homeworkCompletions.studentId, studentId))
    .orderBy(asc(homeworkCompletions.completedAt));

  const practice = await db
    .select({
      homework: homeworkRaids.name,
      question: questions.text,
      answerIds: homeworkAnswers.answerIds,
      value: homeworkAnswers.value,
      correct: homeworkAnswers.correct,
      answeredAt: homeworkAnswers.answeredAt,
    })
    .from(homeworkAnswers)
    .innerJoin(homeworkRaids, eq(homeworkRaids.id, homeworkAnswers.homeworkRaidId))
    .innerJoin(questions, eq(questions.id, homeworkAnswers.questionId))
    .where(eq(homeworkAnswers.studentId, studentId))
    .orderBy(asc(homeworkAnswers.answeredAt));

  const texts = await answerTexts(db, [
    ...live.flatMap((a) => a.answerIds),
    ...practice.flatMap((a) => a.answerIds),
  ]);
  const named = (ids: string[]) => ids.map((id) => texts.get(id) ?? id);

  const phrases = await db
    .select({
      text: codex.text,
      status: codex.status,
      flagged: codex.flagged,
      className: schoolclasses.name,
      subject: subjects.code,
      createdAt: codex.createdAt,
      updatedAt: codex.updatedAt,
    })
    .from(codex)
    .innerJoin(schoolclasses, eq(schoolclasses.id, codex.schoolclassId))
    .innerJoin(subjects, eq(subjects.id, codex.subjectId))
    .where(eq(codex.studentId, studentId))
    .orderBy(asc(codex.createdAt));

  const owned = await db
    .select({ avatar: avatars.key, isNew: usersAvatars.isNew, obtainedAt: usersAvatars.createdAt })
    .from(usersAvatars)
    .innerJoin(avatars, eq(avatars.id, usersAvatars.avatarId))
    .where(eq(usersAvatars.userId, userId))
    .orderBy(asc(usersAvatars.createdAt));

  const offers = await db
    .select()
    .from(studentAvatarUnlocks)
    .where(eq(studentAvatarUnlocks.studentId, studentId))
    .orderBy(asc(studentAvatarUnlocks.createdAt));
  const offerAvatarIds = offers.flatMap((o) => [o.avatarId1, ...(o.avatarId2 ? [o.avatarId2] : [])]);
  const offerKeys = new Map(
    offerAvatarIds.length
      ? (
          await db
            .select({ id: avatars.id, key: avatars.key })
            .from(avatars)
            .where(inArray(avatars.id, [...new Set(offerAvatarIds)]))
        ).map((a) => [a.id, a.key])
      : [],
  );

  const events = await db
    .select({
      type: gameEvents.type,
      className: schoolclasses.name,
      subject: subjects.code,
      payload: gameEvents.payload,
      createdAt: gameEvents.createdAt,
    })
    .from(gameEvents)
    .leftJoin(schoolclasses, eq(schoolclasses.id, gameEvents.schoolclassId))
    .leftJoin(subjects, eq(subjects.id, gameEvents.subjectId))
    .where(eq(gameEvents.studentId, studentId))
    .orderBy(asc(gameEvents.createdAt));

  const logs = await db
    .select({ createdAt: sessionLogs.createdAt })
    .from(sessionLogs)
    .where(eq(sessionLogs.userId, userId))
    .orderBy(asc(sessionLogs.createdAt));

  const sessions = await db
    .select({
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .orderBy(asc(refreshTokens.createdAt));

  const signOnTickets = await db
    .select({
      provider: ssoTickets.provider,
      createdAt: ssoTickets.createdAt,
      expiresAt: ssoTickets.expiresAt,
      usedAt: ssoTickets.usedAt,
    })
    .from(ssoTickets)
    .where(eq(ssoTickets.userId, userId))
    .orderBy(asc(ssoTickets.createdAt));

  const emailLinks = await db
    .select({
      purpose: emailTokens.purpose,
      createdAt: emailTokens.createdAt,
      expiresAt: emailTokens.expiresAt,
      usedAt: emailTokens.usedAt,
    })
    .from(emailTokens)
    .where(eq(emailTokens.userId, userId))
    .orderBy(asc(emailTokens.createdAt));

  const reports = await db
    .select()
    .from(tickets)
    .where(eq(tickets.userId, userId))
    .orderBy(asc(tickets.createdAt));

  const { u, s } = acc;
  return {
    exportedAt: new Date().toISOString(),
    account: {
      userId,
      studentId,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      status: u.status,
      isGar: u.isGar,
      uai: u.uai,
      language: u.language,
      avatar: acc.avatarKey,
      coins: s.coin,
      xp: s.xp,
      level: s.level,
      levelProgression: s.levelProgression,
      powerXp: s.powerXp,
      passwordChangedByStudent: s.passwordChangedByStudent,
      lastChangelogViewedAt: isoOrNull(u.lastChangelogViewedAt),
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
    },
    classes: classes.map((c) => ({ ...c, joinedAt: iso(c.joinedAt) })),
    accommodations: accommodations.map((a) => ({
      extraTime: a.extraTime,
      readAloud: a.readAloud,
      readingFriendly: a.readingFriendly,
      fewerAnimations: a.fewerAnimations,
      updatedAt: iso(a.updatedAt),
    })),
    signOnIdentities: identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      uai: i.uai,
      profile: i.profile,
      divisions: i.divisions.map((d) => `${d.code} ${d.name}`.trim()),
      groups: i.groups.map((g) => `${g.code} ${g.name}`.trim()),
      lastSignInAt: iso(i.lastSignInAt),
      createdAt: iso(i.createdAt),
    })),
    answers: live.map((a) => ({
      kind: a.kind,
      raid: a.raid,
      className: a.className,
      question: a.question,
      answers: a.answerIds.map((id) => a.snapshotAnswers?.get(id) ?? texts.get(id) ?? id),
      value: a.value,
      correct: a.correct,
      timeMs: a.timeMs,
      answeredAt: iso(a.answeredAt),
    })),
    homework: homework.map((h) => ({ ...h, completedAt: iso(h.completedAt) })),
    homeworkAnswers: practice.map((a) => ({
      homework: a.homework,
      question: a.question,
      answers: named(a.answerIds),
      value: a.value,
      correct: a.correct,
      answeredAt: iso(a.answeredAt),
    })),
    phrases: phrases.map((p) => ({
      ...p,
      status: codexStatusName(p.status),
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    avatars: owned.map((a) => ({ ...a, obtainedAt: iso(a.obtainedAt) })),
    unlockOffers: offers.map((o) => ({
      avatars: [o.avatarId1, ...(o.avatarId2 ? [o.avatarId2] : [])].map((id) => offerKeys.get(id) ?? id),
      isUnlocked: o.isUnlocked,
      createdAt: iso(o.createdAt),
    })),
    events: events.map((e) => ({
      type: e.type,
      className: e.className,
      subject: e.subject,
      details: JSON.stringify(e.payload ?? {}),
      createdAt: iso(e.createdAt),
    })),
    sessionLogs: logs.map((l) => ({ createdAt: iso(l.createdAt) })),
    sessions: sessions.map((x) => ({
      createdAt: iso(x.createdAt),
      expiresAt: iso(x.expiresAt),
      usedAt: isoOrNull(x.usedAt),
      revokedAt: isoOrNull(x.revokedAt),
    })),
    signOnTickets: signOnTickets.map((x) => ({
      provider: x.provider,
      createdAt: iso(x.createdAt),
      expiresAt: iso(x.expiresAt),
      usedAt: isoOrNull(x.usedAt),
    })),
    emailLinks: emailLinks.map((x) => ({
      purpose: x.purpose,
      createdAt: iso(x.createdAt),
      expiresAt: iso(x.expiresAt),
      usedAt: isoOrNull(x.usedAt),
    })),
    bugReports: reports.map((r) => ({
      summary: r.summary,
      description: r.description,
      page: r.fromRoutePath,
      screenshotKept: !!r.screenshotPath,
      createdAt: iso(r.createdAt),
    })),
  };
}
