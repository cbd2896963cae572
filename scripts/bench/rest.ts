// npm run bench -- --rest [--rate 500] [--seconds 20] [--classes 50] [--students 30] [--url URL]
// The REST reads behind the class pages and the student home, at a constant arrival rate (open loop:
// a slow answer does not slow the load down), from teachers and students of many classes, so the
// server does its real authorization and database work. DESIGN budget: p99 < 25 ms at 500 req/s
// with PostgreSQL. The last line printed is one JSON object with the figures.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import { freshDatabase, log, pct, round, rssMb, startServer } from './common.js';
import { prepareBench, professorToken, studentToken } from './prepare.js';

export interface RestOptions {
  rate: number;
  seconds: number;
  classes: number;
  students: number;
  url?: string;
}

interface Call {
  route: string;
  url: string;
  token: string;
  professor: boolean;
}

const WARMUP_SECONDS = 3;

export async function runRest(o: RestOptions) {
  const dropDatabase = o.url ? async () => {} : await freshDatabase();
  const config = loadConfig();
  const signer = makeTokenSigner(config.AUTH_SECRET);
  let url = o.url;
  let server: ChildProcess | null = null;
  const dataDir = url ? null : mkdtempSync(path.join(os.tmpdir(), 'cr-bench-rest-'));
  log(`preparing ${o.classes} classes of ${o.students} students`);
  const classes = await prepareBench(
    { databaseUrl: config.DATABASE_URL, pgliteDir: dataDir ? path.join(dataDir, 'pglite') : undefined },
    o.classes,
    o.students,
    1,
  );
  let cleanup = async () => {};
  if (!url) ({ url, server, cleanup } = await startServer(dataDir as string));

  // What a teacher's class page and a student's home page read, for every teacher and student.
  const calls: Call[] = [];
  for (const c of classes) {
    const professor = professorToken(signer, c);
    calls.push(
      { route: 'GET /schoolclasses', url: '/api/schoolclasses', token: professor, professor: true },
      {
        route: 'GET /schoolclasses/:id',
        url: `/api/schoolclasses/${c.schoolclassId}`,
        token: professor,
        professor: true,
      },
      {
        route: 'GET /students/users/schoolclasses/:id',
        url: `/api/students/users/schoolclasses/${c.schoolclassId}`,
        token: professor,
        professor: true,
      },
      {
        route: 'GET /professorsSchoolclasses/schoolclass/:id',
        url: `/api/professorsSchoolclasses/schoolclass/${c.schoolclassId}`,
        token: professor,
        professor: true,
      },
    );
    for (const s of c.students) {
      const token = studentToken(signer, s);
      calls.push(
        { route: 'GET /users/:id', url: `/api/users/${s.userId}`, token, professor: false },
        { route: 'GET /students/:id', url: `/api/students/${s.studentId}`, token, professor: false },
        { route: 'GET /game/rooms/live', url: '/api/game/rooms/live', token, professor: false },
        {
          route: 'GET /homeworkRaids/count/:id',
          url: `/api/homeworkRaids/count/${s.studentId}`,
          token,
          professor: false,
        },
      );
    }
  }
  // Half the requests from teachers' pages, half from students' homes, whatever their numbers.
  const byRole = {
    professor: calls.filter((c) => c.professor),
    student: calls.filter((c) => !c.professor),
  };
  let drawn = 0;
  const pick = (): Call => {
    const pool = drawn++ % 2 === 0 ? byRole.professor : byRole.student;
    return pool[Math.floor(Math.random() * pool.length)] as Call;
  };

  const latencies = new Map<string, number[]>();
  let sent = 0;
  let done = 0;
  let errors = 0;
  const errorStatuses: Record<string, number> = {};
  let peakRss = 0;
  const fire = (record: boolean) => {
    const call = pick();
    const t0 = performance.now();
    if (record) sent++;
    fetch(`${url}${call.url}`, { headers: { authorization: `Bearer ${call.token}` } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!record) return;
        done++;
        if (!res.ok) {
          errors++;
          errorStatuses[res.status] = (errorStatuses[res.status] ?? 0) + 1;
          return;
        }
        const xs = latencies.get(call.route) ?? [];
        xs.push(performance.now() - t0);
        latencies.set(call.route, xs);
      })
      .catch(() => {
        if (!record) return;
        done++;
        errors++;
        errorStatuses.network = (errorStatuses.network ?? 0) + 1;
      });
  };

  // Open loop: every 5 ms, as many requests as the rate asks for since the start.
  log(
    `${calls.length} distinct reads; ${o.rate} req/s for ${WARMUP_SECONDS} s of warm-up, then ${o.seconds} s`,
  );
  for (const [record, seconds] of [
    [false, WARMUP_SECONDS],
    [true, o.seconds],
  ] as const) {
    const start = performance.now();
    let fired = 0;
    while (performance.now() - start < seconds * 1000) {
      const due = Math.floor(((performance.now() - start) / 1000) * o.rate);
      for (; fired < due; fired++) fire(record);
      if (server?.pid) peakRss = Math.max(peakRss, rssMb(server.pid));
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  for (let i = 0; i < 200 && done < sent; i++) await new Promise((r) => setTimeout(r, 50));
  const all = [...latencies.values()].flat();
  const perRoute = Object.fromEntries(
    [...latencies.entries()].map(([route, xs]) => [route, { n: xs.length, p99_ms: round(pct(xs, 99)) }]),
  );
  server?.kill('SIGTERM');
  await cleanup().catch((err) => log('could not delete the run’s Redis keys', err));
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase().catch((err) => log('could not drop the run’s database', err));
  if (dataDir) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  const result = {
    mode: 'rest',
    classes: o.classes,
    students_per_class: o.students,
    rate_target: o.rate,
    rate_achieved: round(sent / o.seconds),
    requests: sent,
    completed: done,
    errors,
    error_statuses: errorStatuses,
    p50_ms: round(pct(all, 50)),
    p99_ms: round(pct(all, 99)),
    max_ms: round(Math.max(0, ...all)),
    per_route: perRoute,
    server_rss_mb: server ? peakRss : null,
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
  };
  console.log(JSON.stringify(result));
  setTimeout(() => process.exit(0), 1500);
}
