// npm run bench -- --analytics [--calls 200]
// A school year of analytics on PostgreSQL (DATABASE_URL, required): one teacher with 6 classes of
// 30 students in 2 subjects; per class 150 live raids and 100 homework of 9 questions (1,500 plays,
// about 400,000 answers), session logs, summons, codex displays and phrases. Seeded with set-based
// INSERT … SELECT in a fresh database the bench creates and drops; then each analytics call is
// measured through the real server (app.inject: routing, auth, zod, SQL, serialization), one at a
// time, `--calls` times after a warm-up. BENCH_KEEP_DB=1 keeps the database (for EXPLAIN). Budgets (issue 13): p99 < 150 ms for a class's student
// table and the raid report, < 100 ms for the personal page. The last line is one JSON object.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { seedReference } from '../../server/db/seed.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import { freshDatabase, log, pct, round } from './common.js';

const CLASSES = 6;
const STUDENTS = 30;
const SUBJECTS = ['MATHEMATICS', 'PHYSICS_CHEMISTRY'];
const LIVE_PER_CLASS = 150;
const HOMEWORK_PER_CLASS = 100;
const QUESTIONS = 9;
const RAIDS = 40;

export async function runAnalytics(o: { calls: number }) {
  if (!process.env.DATABASE_URL) throw new Error('--analytics needs DATABASE_URL (PostgreSQL)');
  const drop = await freshDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-bench-analytics-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  const { db } = database;
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  try {
    const t0 = performance.now();
    await seedReference(db);
    const tag = randomUUID().slice(0, 8);
    // The teacher.
    await exec(sql`insert into users (role, username, email, password_hash, first_name, last_name)
      values ('PROFESSOR', ${`bench-${tag}-prof`}, ${`bench-${tag}@bench.invalid`}, '!', 'Bench', 'Prof')`);
    await exec(
      sql`insert into professors (user_id) select id from users where username = ${`bench-${tag}-prof`}`,
    );
    const prof = (
      (await exec(sql`select p.id, p.user_id from professors p join users u on u.id = p.user_id
        where u.username = ${`bench-${tag}-prof`}`)) as unknown as { rows: { id: string; user_id: string }[] }
    ).rows[0];
    // Classes, students, links.
    await exec(sql`insert into schoolclasses (name, level, subject_id, planet)
      select 'Bench ' || g, 5, (select id from subjects where code = ${SUBJECTS[0]}), 'nebula' from generate_series(1, ${CLASSES}) g`);
    await exec(sql`insert into professors_schoolclasses (professor_id, schoolclass_id, subject_id)
      select ${prof.id}::uuid, c.id, s.id from schoolclasses c, subjects s
      where c.name like 'Bench %' and s.code in (${sql.join(
        SUBJECTS.map((x) => sql`${x}`),
        sql`, `,
      )})`);
    await exec(sql`insert into users (role, username, password_hash, first_name, last_name)
      select 'STUDENT', ${`bench-${tag}-s-`} || g, '!', 'Élève', 'N' || g from generate_series(1, ${CLASSES * STUDENTS}) g`);
    await exec(sql`insert into students (user_id, xp, level) select id, (random() * 2000)::int, 1 + (random() * 20)::int
      from users where username like ${`bench-${tag}-s-%`}`);
    await exec(sql`insert into students_schoolclasses (student_id, schoolclass_id)
      select st.id, c.id from students st join users u on u.id = st.user_id
      join schoolclasses c on c.name = 'Bench ' || (1 + (substring(u.username from '[0-9]+$')::int - 1) % ${CLASSES})
      where u.username like ${`bench-${tag}-s-%`}`);
    // Raids: RAIDS per subject, QUESTIONS questions of 4 answers (the right one first).
    await exec(sql`insert into chapters (professor_id, name, level, subject_id)
      select ${prof.id}::uuid, 'Bench ' || code, 5, id from subjects where code in (${sql.join(
        SUBJECTS.map((x) => sql`${x}`),
        sql`, `,
      )})`);
    await exec(sql`insert into raids (professor_id, chapter_id, title, created_at)
      select ${prof.id}::uuid, ch.id, ch.name || ' raid ' || g, now() - (random() * interval '360 days')
      from chapters ch, generate_series(1, ${RAIDS}) g where ch.professor_id = ${prof.id}::uuid`);
    await exec(sql`insert into questions (raid_id, position, text)
      select r.id, g, 'Question ' || g || ' of ' || r.title from raids r, generate_series(0, ${QUESTIONS - 1}) g
      where r.professor_id = ${prof.id}::uuid`);
    await exec(sql`insert into answers (question_id, position, text, is_correct)
      select q.id, g, 'Answer ' || g, g = 0 from questions q join raids r on r.id = q.raid_id, generate_series(0, 3) g
      where r.professor_id = ${prof.id}::uuid`);
    // Plays over the last 365 days: per class and subject, half the class's live raids and homework.
    // Each play keeps what it asked (migration 0007): the raid's title and its questions' snapshot.
    await exec(sql`insert into raid_plays (id, raid_id, professor_id, schoolclass_id, subject_id, kind, started_at, ended_at, result, raid_title, questions)
      select gen_random_uuid(), r.id, ${prof.id}::uuid, ps.schoolclass_id, ps.subject_id,
        case when g <= ${LIVE_PER_CLASS / 2} then 'live' else 'homework' end,
        t, t + interval '20 minutes',
        case when g <= ${LIVE_PER_CLASS / 2} then (case when random() < 0.6 then 'VICTORY' else 'DEFEAT' end) end,
        r.title, (select jsonb_agg(jsonb_build_object('questionId', q.id, 'text', q.text, 'equationMode', q.equation_mode,
          'answers', (select jsonb_agg(jsonb_build_object('answerId', a.id, 'text', a.text, 'isCorrect', a.is_correct)
            order by a.position) from answers a where a.question_id = q.id)) order by q.position)
          from questions q where q.raid_id = r.id)
      from professors_schoolclasses ps
      cross join generate_series(1, ${(LIVE_PER_CLASS + HOMEWORK_PER_CLASS) / 2}) g
      cross join lateral (select now() - (random() * interval '364 days') as t) tt
      cross join lateral (select r.id, r.title from raids r join chapters ch on ch.id = r.chapter_id
        where ch.subject_id = ps.subject_id and r.professor_id = ${prof.id}::uuid
        order by r.title offset ((g * 7 + 3) % ${RAIDS}) limit 1) r
      where ps.professor_id = ${prof.id}::uuid`);
    await exec(sql`insert into homework_raids (id, name, raid_id, schoolclass_id, professor_id, subject_id, is_on_going, created_at)
      select p.id, 'Bench homework', p.raid_id, p.schoolclass_id, p.professor_id, p.subject_id, false, p.started_at
      from raid_plays p where p.kind = 'homework'`);
    await exec(sql`update raid_plays set homework_raid_id = id, ended_at = null where kind = 'homework'`);
    // Every answer: each student of the class to each question (a homework skipped by 1 in 10).
    // random() in the select list: drawn for each row.
    await exec(sql`insert into student_answers (play_id, question_id, student_id, answer_ids, correct, time_ms, answered_at)
      select x.pid, x.qid, x.sid,
        array[case when x.r1 < 0.7 then qa.ids[1] else qa.ids[2 + (x.r2 * 3)::int % 3] end], x.r1 < 0.7,
        (1500 + x.r2 * 25000)::int, x.started_at + x.position * interval '1 minute'
      from (
        select p.id as pid, q.id as qid, ss.student_id as sid, p.kind, p.started_at, q.position,
          random() as r1, random() as r2, random() as r3
        from raid_plays p
        join students_schoolclasses ss on ss.schoolclass_id = p.schoolclass_id
        join questions q on q.raid_id = p.raid_id
      ) x
      join lateral (select array_agg(a.id order by a.position) ids from answers a where a.question_id = x.qid) qa on true
      where x.kind = 'live' or x.r3 > 0.1
      order by x.started_at, x.pid`);
    await exec(sql`insert into homework_completions (homework_raid_id, student_id, score, total, completed_at)
      select a.play_id, a.student_id, count(*) filter (where a.correct), ${QUESTIONS}, max(a.answered_at)
      from student_answers a join raid_plays p on p.id = a.play_id where p.kind = 'homework'
      group by a.play_id, a.student_id`);
    // The students' XP curves ("My stats", GET /analytics/me): one XP_GAIN per student and play
    // they answered, as the raid's end and the homework's finish write it, and a few manual ones.
    await exec(sql`insert into game_events (type, professor_id, schoolclass_id, subject_id, student_id, payload, created_at)
      select 'XP_GAIN', p.professor_id, p.schoolclass_id, p.subject_id, a.student_id,
        jsonb_build_object('source', p.kind, 'playId', p.id, 'amount', 10 * count(*) filter (where a.correct),
          'xp', 0, 'level', 1),
        p.started_at + interval '20 minutes'
      from student_answers a join raid_plays p on p.id = a.play_id
      group by p.id, a.student_id`);
    await exec(sql`insert into game_events (type, professor_id, schoolclass_id, subject_id, student_id, payload, created_at)
      select 'XP_GAIN', ${prof.id}::uuid, ss.schoolclass_id, ps.subject_id, ss.student_id,
        jsonb_build_object('source', 'manual', 'amount', 20, 'reason', 'Bench', 'xp', 0, 'level', 1),
        now() - random() * interval '364 days'
      from students_schoolclasses ss join professors_schoolclasses ps on ps.schoolclass_id = ss.schoolclass_id
        and ps.professor_id = ${prof.id}::uuid, generate_series(1, 5) g`);
    // The teacher's personal history and the students' phrases.
    await exec(sql`insert into session_logs (user_id, created_at)
      select ${prof.user_id}::uuid, now() - random() * interval '364 days' from generate_series(1, 400)`);
    await exec(sql`insert into session_logs (user_id, created_at)
      select st.user_id, now() - random() * interval '364 days' from students st, generate_series(1, 60)
      where st.id in (select student_id from students_schoolclasses ss join schoolclasses c on c.id = ss.schoolclass_id where c.name like 'Bench %')`);
    await exec(sql`insert into game_events (type, professor_id, schoolclass_id, subject_id, created_at)
      select case when g % 5 = 0 then 'CODEX_DISPLAYED' when g % 5 = 1 then 'RAID_STARTED' else 'SUMMON' end,
        ${prof.id}::uuid, ps.schoolclass_id, ps.subject_id, now() - random() * interval '364 days'
      from professors_schoolclasses ps, generate_series(1, 400) g where ps.professor_id = ${prof.id}::uuid`);
    await exec(sql`insert into codex (text, status, subject_id, professor_id, schoolclass_id, student_id, created_at)
      select 'Phrase ' || g || ' ' || ps.subject_id || ' ' || ss.student_id, g % 4, ps.subject_id, ${prof.id}::uuid, ss.schoolclass_id, ss.student_id,
        now() - random() * interval '364 days'
      from professors_schoolclasses ps join students_schoolclasses ss on ss.schoolclass_id = ps.schoolclass_id,
        generate_series(1, 4) g where ps.professor_id = ${prof.id}::uuid`);
    // A year of inserts: autovacuum has long set the visibility map (index-only scans).
    await exec(sql`vacuum analyze`);
    const count = async (table: string) =>
      (
        (await exec(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    const seeded = {
      answers: await count('student_answers'),
      plays: await count('raid_plays'),
      students: await count('students'),
      gameEvents: await count('game_events'),
      xpEvents: (
        (await exec(sql`select count(*)::int as n from game_events where type = 'XP_GAIN'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n,
      sessionLogs: await count('session_logs'),
      seedSeconds: round((performance.now() - t0) / 1000),
    };
    log('seeded', seeded);

    // The server, in process; the per-user read budget is lifted: the bench measures the queries.
    const app = await buildApp({ config, database, game: false, logger: false });
    await app.ready();
    (app.deps as unknown as { limiter: { hit: () => Promise<void> } }).limiter = { hit: async () => {} };
    const signer = makeTokenSigner(config.AUTH_SECRET);
    const professor = signer.issue({
      sub: prof.user_id,
      role: 'PROFESSOR',
      studentId: null,
      professorId: prof.id,
      isAdmin: false,
      sid: randomUUID(),
    });
    const links = (
      (await exec(
        sql`select schoolclass_id, subject_id from professors_schoolclasses where professor_id = ${prof.id}::uuid`,
      )) as unknown as {
        rows: { schoolclass_id: string; subject_id: string }[];
      }
    ).rows;
    const playIds = (
      (await exec(
        sql`select id from raid_plays where professor_id = ${prof.id}::uuid order by random() limit 300`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    const kids = (
      (await exec(sql`select st.id, st.user_id from students st join students_schoolclasses ss on ss.student_id = st.id
        join schoolclasses c on c.id = ss.schoolclass_id where c.name like 'Bench %' order by st.id`)) as unknown as {
        rows: { id: string; user_id: string }[];
      }
    ).rows;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const year = `period=custom&from=${day(new Date(Date.now() - 364 * 86_400_000))}&to=${day(new Date())}`;
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
    const calls: {
      name: string;
      budgetP99?: number;
      req: (i: number) => InjectOptions;
    }[] = [
      {
        name: 'GET /analytics/personal (year)',
        budgetP99: 100,
        req: () => ({
          method: 'GET',
          url: `/api/analytics/personal?${year}`,
          headers: { authorization: `Bearer ${professor}` },
        }),
      },
      {
        name: 'GET /analytics/schoolclasses (year)',
        req: () => ({
          method: 'GET',
          url: `/api/analytics/schoolclasses?${year}`,
          headers: { authorization: `Bearer ${professor}` },
        }),
      },
      {
        name: 'GET /analytics/schoolclasses/:c/:s (year)',
        budgetP99: 150,
        req: (i) => {
          const l = pick(links, i);
          return {
            method: 'GET',
            url: `/api/analytics/schoolclasses/${l.schoolclass_id}/${l.subject_id}?${year}`,
            headers: { authorization: `Bearer ${professor}` },
          };
        },
      },
      {
        name: 'GET /analytics/schoolclasses/:c/:s/plays (year)',
        req: (i) => {
          const l = pick(links, i);
          return {
            method: 'GET',
            url: `/api/analytics/schoolclasses/${l.schoolclass_id}/${l.subject_id}/plays?${year}`,
            headers: { authorization: `Bearer ${professor}` },
          };
        },
      },
      {
        name: 'GET /analytics/plays/:id (report)',
        budgetP99: 150,
        req: (i) => ({
          method: 'GET',
          url: `/api/analytics/plays/${pick(playIds, i)}`,
          headers: { authorization: `Bearer ${professor}` },
        }),
      },
      {
        name: 'GET /analytics/me (year)',
        req: (i) => {
          const k = pick(kids, i * 7);
          const token = signer.issue({
            sub: k.user_id,
            role: 'STUDENT',
            studentId: k.id,
            professorId: null,
            isAdmin: false,
            sid: randomUUID(),
          });
          return {
            method: 'GET',
            url: `/api/analytics/me?${year}`,
            headers: { authorization: `Bearer ${token}` },
          };
        },
      },
      {
        name: 'POST /session-logs/amount/users/batch (30 users, year)',
        req: (i) => ({
          method: 'POST',
          url: '/api/session-logs/amount/users/batch',
          headers: { authorization: `Bearer ${professor}` },
          payload: {
            userIds: Array.from({ length: 30 }, (_, j) => pick(kids, i * 30 + j).user_id),
            period: 'year',
          },
        }),
      },
    ];
    const results: Record<
      string,
      { p50: number; p99: number; max: number; budgetP99?: number; ok: boolean }
    > = {};
    for (const c of calls) {
      for (let i = 0; i < 20; i++) await app.inject(c.req(i));
      const ms: number[] = [];
      for (let i = 0; i < o.calls; i++) {
        const start = performance.now();
        const res = await app.inject(c.req(i));
        ms.push(performance.now() - start);
        if (res.statusCode >= 300) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const p99 = round(pct(ms, 99));
      results[c.name] = {
        p50: round(pct(ms, 50)),
        p99,
        max: round(Math.max(...ms)),
        budgetP99: c.budgetP99,
        ok: c.budgetP99 === undefined || p99 < c.budgetP99,
      };
      log(c.name, results[c.name]);
    }
    await app.close();
    console.log(JSON.stringify({ bench: 'analytics', seeded, calls: o.calls, results }));
  } finally {
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB) log('kept database', process.env.DATABASE_URL);
    else await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
