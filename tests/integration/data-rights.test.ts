// Families' data rights (issue 14): a teacher of the pupil's class exports one pupil's data (JSON, or
// a zip of French-spreadsheet CSVs) and deletes the pupil for good; the pupil downloads their own.
// Two pupils of the demo's 5e B play a live raid, a homework, write phrases, report a bug with a
// screenshot and sign on through the school; eleve02 is exported and deleted, eleve03 must keep all.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  avatars,
  emailTokens,
  homeworkRaids,
  pausedRooms,
  questions,
  raidPlays,
  raids,
  ssoIdentities,
  ssoTickets,
  studentAnswers,
  studentAvatarUnlocks,
  students,
  users,
  usersAvatars,
} from '../../server/db/schema.js';
import type { GameService } from '../../server/game/service.js';
import { DEFAULT_RAID_SETTINGS, roomId } from '../../shared/game/contract.js';
import type { PupilData } from '../../shared/schemas/data-export.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let sciences: StoredUser;
let victim: StoredUser; // eleve02, exported then deleted
let peer: StoredUser; // eleve03, same class, untouched
let outsider: StoredUser; // eleve31, 2nde A
let key: { schoolclassId: string; subjectId: string };
let room: string;
let game: GameService;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201cb2e0c0e0000000049454e44ae426082',
    'hex',
  ),
]);

const call = (who: StoredUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.accessToken) : {} });

async function report(who: StoredUser, summary: string) {
  const b = 'datarightsboundary';
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('summary', summary) + field('description', `Détails de ${summary}`)),
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="screenshot"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/tickets',
    payload: body,
    headers: { ...bearer(who.accessToken), 'content-type': `multipart/form-data; boundary=${b}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A file's text, BOM kept (TextDecoder would drop it). */
const utf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const screenshotFiles = () => {
  const dir = path.join(ctx.dataDir, 'uploads', 'tickets');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** The rows of every table whose foreign key points at users or students, for these ids. */
async function rowsNaming(userId: string, studentId: string) {
  const fks = (await ctx.database.db.execute(sql`
    select kcu.table_name as t, kcu.column_name as c, ccu.table_name as target
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name in ('users', 'students')
  `)) as unknown as { rows: { t: string; c: string; target: string }[] };
  const out: Record<string, number> = {};
  for (const { t, c, target } of fks.rows) {
    const id = target === 'users' ? userId : studentId;
    const r = (await ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(t)} where ${sql.identifier(c)} = ${id}::uuid`,
    )) as unknown as { rows: { n: number }[] };
    out[`${t}.${c}`] = r.rows[0].n;
  }
  for (const [t, c] of [
    ['users', 'id'],
    ['students', 'id'],
  ] as const) {
    const id = t === 'users' ? userId : studentId;
    const r = (await ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(t)} where ${sql.identifier(c)} = ${id}::uuid`,
    )) as unknown as { rows: { n: number }[] };
    out[`${t}.${c}`] = r.rows[0].n;
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '600' });
  const db = ctx.database.db;
  prof = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
  victim = await signin(ctx.app, { login: 'eleve02', password: DEMO.student.password });
  peer = await signin(ctx.app, { login: 'eleve03', password: DEMO.student.password });
  outsider = await signin(ctx.app, DEMO.studentOfOtherClass);
  const me = (await call(prof, 'GET', `/api/users/${prof.id}`)).json() as {
    professor: { schoolclasses: { id: string; subjectId: string; name: string }[] };
  };
  const cls = me.professor.schoolclasses.find((c) => c.name === '5e B') ?? me.professor.schoolclasses[0];
  key = { schoolclassId: cls.id, subjectId: cls.subjectId };
  room = roomId(key);
  game = (ctx.app.game as { service: GameService }).service;
  const t = { professorId: prof.professorId as string };
  const [raid] = await db
    .select()
    .from(raids)
    .where(and(eq(raids.professorId, t.professorId), eq(raids.title, 'Les fractions')));
  const [q0] = await db
    .select()
    .from(questions)
    .where(eq(questions.raidId, raid.id))
    .orderBy(asc(questions.position));
  const q0answers = await db.select().from(answers).where(eq(answers.questionId, q0.id));
  const right = q0answers.find((a) => a.isCorrect)?.id as string;
  const wrong = q0answers.find((a) => !a.isCorrect)?.id as string;

  // A live raid: both answer the first question, then the teacher ends it.
  await game.open(t, key);
  for (const k of [victim, peer]) await game.join({ studentId: k.studentId as string }, key);
  await game.startRaid(t, room, raid.id, {
    ...DEFAULT_RAID_SETTINGS,
    questionSeconds: 600,
    endWhenAllAnswered: false,
  });
  await game.begin(t, room);
  for (const [k, a] of [
    [victim, right],
    [peer, wrong],
  ] as const)
    expect(
      await game.answer({ studentId: k.studentId as string }, room, {
        questionId: q0.id,
        answerIds: [a],
        clientId: `q0-${k.id}`,
      }),
    ).toBe('counted');
  await game.reveal(t, room);
  await game.next(t, room, true);
  // The lesson stops here: the room is paused (kept in the database for the next lesson).
  await game.setPaused(t, room, true);

  // A homework: both answer, the victim finishes.
  await db
    .update(homeworkRaids)
    .set({ isOnGoing: false })
    .where(and(eq(homeworkRaids.raidId, raid.id), eq(homeworkRaids.schoolclassId, key.schoolclassId)));
  const sent = await call(prof, 'POST', '/api/homeworkRaids', {
    raidId: raid.id,
    name: 'Fractions pour lundi',
    targets: [key],
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const homeworkId = sent.json().ids[0] as string;
  for (const k of [victim, peer]) {
    const res = await call(k, 'POST', `/api/students/${k.studentId}/homework/${homeworkId}/answer`, {
      questionId: q0.id,
      answerIds: [right],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(
    (await call(victim, 'POST', `/api/students/${victim.studentId}/homework/${homeworkId}/finish`, {}))
      .statusCode,
  ).toBe(200);

  // Codex phrases, manual XP with a reason, session logs, bug reports with screenshots.
  for (const [k, text] of [
    [victim, 'Le dénominateur de Lina ne change pas'],
    [peer, 'Le numérateur de Zéphyrin se multiplie'],
  ] as const) {
    const res = await call(k, 'POST', '/api/codex/', {
      professorId: prof.professorId,
      subjectId: key.subjectId,
      schoolclassId: key.schoolclassId,
      text,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call(k, 'POST', '/api/session-logs/', { userId: k.id })).statusCode).toBe(201);
  }
  const xp = await call(
    prof,
    'POST',
    `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/students/${victim.studentId}/xp`,
    { amount: 3, reason: 'Exposé sur les fractions' },
  );
  expect(xp.statusCode, xp.body).toBeLessThan(300);
  await report(victim, 'Bouton bloqué chez Lina');
  await report(peer, 'Écran noir chez Zéphyrin');

  // What a school sign-on and the account's own life leave: an identity, a ticket, an e-mail link,
  // an unlock offer.
  const [starter] = await db.select().from(avatars).where(eq(avatars.userType, 'student')).limit(2);
  for (const [k, login] of [
    [victim, 'eleve02'],
    [peer, 'eleve03'],
  ] as const) {
    await db.insert(ssoIdentities).values({
      provider: 'gar',
      subject: `IDO-${login}`,
      userId: k.id,
      uai: '0690001A',
      profile: 'National_elv',
      divisions: [{ code: '5B', name: '5e B' }],
    });
    await db.insert(ssoTickets).values({
      tokenHash: `hash-${k.id}`,
      userId: k.id,
      provider: 'gar',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db.insert(emailTokens).values({
      userId: k.id,
      purpose: 'RESET_PASSWORD',
      tokenHash: `mail-${k.id}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(studentAvatarUnlocks).values({ studentId: k.studentId as string, avatarId1: starter.id });
    await db.insert(usersAvatars).values({ userId: k.id, avatarId: starter.id }).onConflictDoNothing();
  }
  // A live raid, a homework and two pupils' traces: slow on a busy machine.
}, 240_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a teacher exports one pupil', () => {
  it('JSON: their answers, homework, phrases, events, sessions and reports, and nothing of another pupil', async () => {
    const res = await call(prof, 'GET', `/api/students/${victim.studentId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="donnees-eleve02-\d{4}-\d\d-\d\d\.json"/,
    );
    const data = res.json() as PupilData;
    expect(data.account).toMatchObject({
      username: 'eleve02',
      studentId: victim.studentId,
      userId: victim.id,
    });
    expect(data.classes.map((c) => c.name)).toContain('5e B');
    expect(data.answers).toEqual([
      expect.objectContaining({ kind: 'live', raid: 'Les fractions', className: '5e B', correct: true }),
      expect.objectContaining({ kind: 'homework', raid: 'Les fractions', correct: true }),
    ]);
    expect(data.answers[0].answers).toHaveLength(1);
    expect(data.homework).toEqual([
      expect.objectContaining({ name: 'Fractions pour lundi', total: expect.any(Number) }),
    ]);
    expect(data.homeworkAnswers).toHaveLength(1);
    // Their phrases (the demo school gave eleve02 one already), none of eleve03's.
    expect(data.phrases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'Le dénominateur de Lina ne change pas', status: 'PENDING' }),
      ]),
    );
    expect(data.events.map((e) => e.type)).toContain('XP_GAIN');
    expect(data.events.some((e) => e.details.includes('Exposé sur les fractions'))).toBe(true);
    expect(data.sessionLogs.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.signOnIdentities).toEqual([
      expect.objectContaining({
        provider: 'gar',
        subject: 'IDO-eleve02',
        uai: '0690001A',
        divisions: ['5B 5e B'],
      }),
    ]);
    expect(data.signOnTickets).toHaveLength(1);
    expect(data.emailLinks).toEqual([expect.objectContaining({ purpose: 'RESET_PASSWORD' })]);
    expect(data.unlockOffers.length).toBeGreaterThanOrEqual(1);
    expect(data.bugReports).toEqual([
      expect.objectContaining({ summary: 'Bouton bloqué chez Lina', screenshotKept: true }),
    ]);
    // Nothing of eleve03, nor any secret.
    for (const other of [peer.id, peer.studentId as string, 'eleve03', 'Zéphyrin', 'IDO-eleve03'])
      expect(res.body, other).not.toContain(other);
    for (const secret of [
      'passwordHash',
      'generatedPassword',
      'tokenHash',
      `hash-${victim.id}`,
      `mail-${victim.id}`,
      victim.refreshToken,
    ])
      expect(res.body, secret).not.toContain(secret);
  });

  it('CSV: a zip of one French-spreadsheet file per section (BOM, semicolons)', async () => {
    const res = await call(prof, 'GET', `/api/students/${victim.studentId}/data?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="donnees-eleve02-[\d-]+\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['account.csv', 'answers.csv', 'phrases.csv', 'events.csv', 'bugReports.csv']),
    );
    const answersCsv = utf8(files['answers.csv']);
    expect(
      answersCsv.startsWith('\uFEFFkind;raid;className;question;answers;value;correct;timeMs;answeredAt\r\n'),
    ).toBe(true);
    expect(answersCsv).toContain('live;Les fractions;5e B;');
    expect(utf8(files['phrases.csv'])).toContain('Le dénominateur de Lina ne change pas;PENDING');
    expect(utf8(files['account.csv'])).toContain('username;eleve02\r\n');
    for (const f of Object.values(files)) expect(utf8(f)).not.toContain('eleve03');
  });

  it('another teacher, a pupil or nobody is refused; a teacher sharing the class may export', async () => {
    const url = `/api/students/${victim.studentId}/data`;
    expect((await call(sciences, 'GET', url)).statusCode).toBe(404);
    expect((await call(sciences, 'DELETE', `/api/students/${victim.studentId}`)).statusCode).toBe(404);
    expect((await call(victim, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(prof, 'GET', `${url}?format=xml`)).json()).toEqual({
      message: 'ERRORS.INVALID_BODY',
      field: 'format',
    });
    // prof-demo shares 5e B with prof-sciences: either teacher of the class acts for its pupils.
    const share = await call(prof, 'POST', '/api/professorsSchoolclasses/', {
      schoolclassId: key.schoolclassId,
      login: 'prof-sciences',
      subjectId: key.subjectId,
    });
    expect(share.statusCode, share.body).toBeLessThan(300);
    expect((await call(sciences, 'GET', url)).statusCode).toBe(200);
  });
});

describe('a pupil downloads their own data', () => {
  it('from Options: their own, as JSON or CSV; another pupil or a teacher cannot', async () => {
    const own = await call(peer, 'GET', `/api/students/${peer.studentId}/my-data`);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as PupilData).account.username).toBe('eleve03');
    expect(own.body).not.toContain('eleve02');
    const zip = await call(peer, 'GET', `/api/students/${peer.studentId}/my-data?format=csv`);
    expect(zip.headers['content-type']).toBe('application/zip');
    // eleve03 finished no homework: the file still names its columns.
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(utf8(files['homework.csv'])).toBe('\uFEFFname;className;score;total;xpGained;completedAt\r\n');
    expect((await call(outsider, 'GET', `/api/students/${peer.studentId}/my-data`)).statusCode).toBe(404);
    expect((await call(prof, 'GET', `/api/students/${peer.studentId}/my-data`)).statusCode).toBe(403);
  });
});

describe('the export lists every answer the database holds', () => {
  it('after one raid eleve05 played is deleted and another is rewritten, her export lists each of her stored answers, as asked', async () => {
    const db = ctx.database.db;
    const [pupil] = await db
      .select({ studentId: students.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.username, 'eleve05'));
    const [fractions] = await db
      .select()
      .from(raids)
      .where(and(eq(raids.professorId, prof.professorId as string), eq(raids.title, 'Les fractions')));
    const form = (title: string, texts: string[]) => ({
      title,
      questions: texts.map((text) => ({
        text,
        answers: [
          { text: `Oui, ${text}`, isCorrect: true },
          { text: 'Non', isCorrect: false },
        ],
      })),
    });
    const made: { id: string; title: string }[] = [];
    for (const title of ['Raid effacé', 'Raid réécrit']) {
      const res = await call(
        prof,
        'POST',
        `/api/chapters/${fractions.chapterId}/raids`,
        form(title, [`${title} : un ?`, `${title} : deux ?`]),
      );
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    // eleve05 plays both in class: the rows a live raid leaves (the play, what was asked, her answers).
    for (const raid of made) {
      const qs = await db
        .select()
        .from(questions)
        .where(eq(questions.raidId, raid.id))
        .orderBy(asc(questions.position));
      const asked = [];
      for (const q of qs) {
        const as = await db
          .select()
          .from(answers)
          .where(eq(answers.questionId, q.id))
          .orderBy(asc(answers.position));
        asked.push({
          questionId: q.id,
          text: q.text,
          equationMode: false,
          answers: as.map((a) => ({ answerId: a.id, text: a.text, isCorrect: a.isCorrect })),
        });
      }
      const playId = randomUUID();
      await db.insert(raidPlays).values({
        id: playId,
        raidId: raid.id,
        professorId: prof.professorId as string,
        schoolclassId: key.schoolclassId,
        subjectId: key.subjectId,
        kind: 'live',
        raidTitle: raid.title,
        questions: asked,
        endedAt: new Date(),
        result: 'VICTORY',
      });
      await db.insert(studentAnswers).values(
        asked.map((q) => ({
          playId,
          questionId: q.questionId,
          studentId: pupil.studentId,
          answerIds: [q.answers[0].answerId],
          correct: true,
          timeMs: 1200,
        })),
      );
    }
    const stored = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(studentAnswers)
          .where(eq(studentAnswers.studentId, pupil.studentId))
      )[0].n;
    const exported = async () => {
      const res = await call(prof, 'GET', `/api/students/${pupil.studentId}/data`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PupilData;
    };
    const before = await stored();
    expect((await exported()).answers).toHaveLength(before);

    // The teacher deletes the first raid and rewrites the second's questions (new rows, new ids).
    expect((await call(prof, 'DELETE', `/api/raids/${made[0].id}`)).statusCode).toBe(204);
    const rewrite = await ctx.app.inject({
      method: 'PUT',
      url: `/api/raids/${made[1].id}`,
      headers: bearer(prof.accessToken),
      payload: form('Raid réécrit', ['Tout autre chose ?']),
    });
    expect(rewrite.statusCode, rewrite.body).toBe(200);

    expect(await stored()).toBe(before);
    const data = await exported();
    expect(data.answers).toHaveLength(before);
    for (const title of ['Raid effacé', 'Raid réécrit'])
      for (const n of ['un', 'deux'])
        expect(data.answers).toContainEqual(
          expect.objectContaining({
            kind: 'live',
            raid: title,
            className: '5e B',
            question: `${title} : ${n} ?`,
            answers: [`Oui, ${title} : ${n} ?`],
            correct: true,
          }),
        );
    // The CSV holds the same lines (and its header).
    const zip = await call(prof, 'GET', `/api/students/${pupil.studentId}/data?format=csv`);
    const csv = utf8(unzipSync(new Uint8Array(zip.rawPayload))['answers.csv']);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(before + 1);
  });
});

describe('a teacher deletes a pupil for good', () => {
  it('removes every row naming them, in every table, their screenshot and their live and paused traces; the other pupil keeps all', async () => {
    const victimIds = [victim.id, victim.studentId as string] as const;
    const peerIds = [peer.id, peer.studentId as string] as const;
    const before = await rowsNaming(...victimIds);
    const peerBefore = await rowsNaming(...peerIds);
    // The seeding reached the tables that matter.
    for (const table of [
      'student_answers.student_id',
      'homework_answers.student_id',
      'homework_completions.student_id',
      'codex.student_id',
      'users_avatars.user_id',
      'student_avatar_unlocks.student_id',
      'game_events.student_id',
      'session_logs.user_id',
      'refresh_tokens.user_id',
      'sso_identities.user_id',
      'sso_tickets.user_id',
      'email_tokens.user_id',
      'tickets.user_id',
      'students_schoolclasses.student_id',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    expect(screenshotFiles()).toHaveLength(2);
    const roomBefore = await ctx.app.game?.store.readRoom(room);
    expect(roomBefore?.roster.map((r) => r.studentId)).toContain(victim.studentId);

    const res = await call(prof, 'DELETE', `/api/students/${victim.studentId}`);
    expect(res.statusCode, res.body).toBe(204);

    const after = await rowsNaming(...victimIds);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)));
    expect(await rowsNaming(...peerIds)).toEqual(peerBefore);
    // Their screenshot left the disk; eleve03's stays.
    expect(screenshotFiles()).toHaveLength(1);
    // The live room (in the store) and the paused room (in the database) forget them.
    const roomAfter = await ctx.app.game?.store.readRoom(room);
    expect(JSON.stringify(roomAfter)).not.toContain(victim.studentId);
    expect(roomAfter?.roster.map((r) => r.studentId)).toContain(peer.studentId);
    const [paused] = await ctx.database.db.select().from(pausedRooms).where(eq(pausedRooms.roomId, room));
    expect(JSON.stringify(paused)).not.toContain(victim.studentId);
    expect(JSON.stringify(paused.record)).toContain(peer.studentId);
    // Their sessions are over.
    expect((await call(victim, 'GET', `/api/students/${victim.studentId}/my-data`)).statusCode).toBe(401);
    const refresh = await call(null, 'POST', '/api/auth/refresh', { refreshToken: victim.refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect((await call(prof, 'GET', `/api/students/${victim.studentId}/data`)).statusCode).toBe(404);
    expect((await call(prof, 'DELETE', `/api/students/${victim.studentId}`)).statusCode).toBe(404);
    // The class list no longer shows them.
    const list = await call(prof, 'GET', `/api/students/users/schoolclasses/${key.schoolclassId}`);
    expect(list.body).not.toContain('eleve02');
  });
});
