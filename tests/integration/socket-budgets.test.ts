// One student cannot freeze a live room: socket events have budgets (server/game/budgets.ts), and a
// power is spent once however many activations arrive together. Real socket.io clients, on the memory
// store or (REDIS_URL) on Redis.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../server/db/schema.js';
import type { Ack, RaidView, RoomSnapshot } from '../../shared/game/contract.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { type Client, connect, connectAs, listen, send } from './helpers/game.js';

let ctx: TestContext;
let url: string;
let professor: Client;
let key: { schoolclassId: string; subjectId: string };
const sockets: Client[] = [];

/** Waits for a lasting state, polling; fails with `what` after `timeoutMs`. */
async function until(what: string, check: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function student(login: string) {
  const { socket, user } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
  sockets.push(socket);
  return { socket, user };
}

async function more(token: string) {
  const s = await connect(url, token);
  sockets.push(s);
  return s;
}

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '120' });
  url = await listen(ctx.app);
  const prof = await signin(ctx.app, DEMO.admin);
  const me = (
    await ctx.app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
  ).json();
  const cls = me.professor.schoolclasses[0];
  key = { schoolclassId: cls.id, subjectId: cls.subjectId };
  professor = await connect(url, prof.accessToken);
  const opened = await send(professor, 'room:open', key);
  if (!opened.ok) throw new Error(opened.message);
});

afterAll(async () => {
  for (const s of [professor, ...sockets]) s?.disconnect();
  await ctx.close();
});

describe('a student flooding the room', () => {
  it('gets refusals then is disconnected, while the other phones answer and the board plays on', async () => {
    const raids = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/game/raids?subjectId=${key.subjectId}`,
        headers: bearer((await signin(ctx.app, DEMO.admin)).accessToken),
      })
    ).json();
    const raidId = raids
      .flatMap((c: { raids: { id: string; title: string }[] }) => c.raids)
      .find((r: { title: string }) => r.title === 'Les fractions').id;

    const others = await Promise.all(
      [
        'eleve02',
        'eleve03',
        'eleve04',
        'eleve05',
        'eleve06',
        'eleve07',
        'eleve08',
        'eleve09',
        'eleve10',
        'eleve11',
      ].map((login) => student(login)),
    );
    for (const o of others) expect((await send(o.socket, 'room:join', key)).ok).toBe(true);
    const flooder = await student('eleve12');
    const flood = [
      flooder.socket,
      ...(await Promise.all([1, 2, 3].map(() => more(flooder.user.accessToken)))),
    ];
    for (const s of flood) expect((await send(s, 'room:join', key)).ok).toBe(true);

    // The teacher reveals: the flooding student, still shown connected, never answers.
    expect(
      await send(professor, 'raid:start', {
        raidId,
        settings: {
          questionSeconds: null,
          endWhenAllAnswered: false,
          askEveryQuestion: false,
          scoring: 'accuracy',
        },
      }),
    ).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const sync = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const question = (sync.snapshot.activity as RaidView).question;
    if (!question) throw new Error('no question');

    // The other phones' ack times before the flood: what the machine itself takes (a loaded CI).
    const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1];
    const quiet: number[] = [];
    await Promise.all(
      others.map(async (o) => {
        for (let i = 0; i < 6; i++) {
          const sentAt = performance.now();
          expect((await send(o.socket, 'room:sync', {})).ok).toBe(true);
          quiet.push(performance.now() - sentAt);
        }
      }),
    );

    // Four sockets of one student send syncs as fast as they can: 20 in flight on each (as the
    // bench's flooder does from a process of its own; here every packet is also encoded and its ack
    // read in the test's own process, which 2,000 at once would measure instead of the server).
    const PER_SOCKET = 500;
    const IN_FLIGHT = 20;
    const messages: string[] = [];
    const acks = flood.map(() => 0);
    const reasons: string[] = [];
    flood.forEach((s, i) => {
      s.once('disconnect', (reason) => reasons.push(reason));
      let sent = 0;
      const pump = () => {
        while (s.connected && sent < PER_SOCKET && sent - acks[i] < IN_FLIGHT) {
          sent++;
          // biome-ignore lint/suspicious/noExplicitAny: a raw flood, as an attacker's script sends it
          (s as any).emit('room:sync', {}, (a: Ack) => {
            acks[i]++;
            messages.push(a.ok ? 'ok' : a.message);
            pump();
          });
        }
      };
      pump();
    });

    // Meanwhile the class answers, and each phone syncs five times: every send timed to its ack.
    const ackMs: number[] = [];
    const timed = async <T>(acked: Promise<T>) => {
      const sentAt = performance.now();
      const ack = await acked;
      ackMs.push(performance.now() - sentAt);
      return ack;
    };
    const answered = await Promise.all(
      others.map((o) =>
        timed(
          send<{ status: string }>(o.socket, 'answer:submit', {
            questionId: question.id,
            answerIds: [question.answers[0].id],
            clientId: `budget-${o.user.studentId}`,
          }),
        ),
      ),
    );
    expect(answered).toEqual(others.map(() => ({ ok: true, status: 'counted' })));
    const synced = await Promise.all(
      others.map(async (o) => {
        const oks: boolean[] = [];
        for (let i = 0; i < 5; i++) oks.push((await timed(send(o.socket, 'room:sync', {}))).ok);
        return oks.every(Boolean);
      }),
    );
    expect(synced).toEqual(others.map(() => true));
    // The issue's bound: the flood adds less than 100 ms to the other phones' ack p99.
    expect(ackMs).toHaveLength(60);
    expect(p99(ackMs) - p99(quiet)).toBeLessThan(100);
    expect(professor.connected).toBe(true);

    // Each flooding socket ends: every sync answered, or closed by the server.
    await until('the flood ends', () => flood.every((s, i) => !s.connected || acks[i] === PER_SOCKET));
    expect(messages).toContain('GAME.RATE_LIMITED');
    expect(flood.map((s) => s.connected)).toEqual([false, false, false, false]);
    expect(reasons).toEqual(flood.map(() => 'io server disconnect'));
    // Far fewer syncs were served than sent.
    expect(messages.filter((m) => m === 'ok').length).toBeLessThan(100);

    // The board stayed connected, received who answered, and still commands the room.
    expect(professor.connected).toBe(true);
    const seen = new Set<string>();
    await until('the board sees every answer', () => {
      for (const { patch } of professor.patches)
        if (patch.type === 'answered' && patch.questionId === question.id)
          for (const id of patch.studentIds) seen.add(id);
      return others.every((o) => seen.has(o.user.studentId as string));
    });
    const after = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!after.ok) throw new Error(after.message);
    expect((after.snapshot.activity as RaidView).answeredStudentIds.sort()).toEqual(
      others.map((o) => o.user.studentId).sort(),
    );
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: true });
    // Every other phone is still connected.
    expect(others.every((o) => o.socket.connected)).toBe(true);
  });

  it('closes the oldest socket of a student who opens a sixth one', async () => {
    const first = await student('eleve13');
    const rest: Client[] = [];
    for (let i = 0; i < 5; i++) rest.push(await more(first.user.accessToken));
    await until('the oldest socket is closed', () => !first.socket.connected);
    expect(rest.every((s) => s.connected)).toBe(true);
  });

  it('refuses a student who reconnects in a loop, with a clear error', async () => {
    const { accessToken } = await signin(ctx.app, { login: 'eleve14', password: DEMO.student.password });
    let refusal: string | null = null;
    for (let i = 0; i < 40 && !refusal; i++) {
      try {
        const s = await connect(url, accessToken);
        s.disconnect();
      } catch (err) {
        refusal = (err as Error).message;
      }
    }
    expect(refusal).toBe('GAME.RATE_LIMITED');
  });
});

describe('a power activated many times at once', () => {
  const powerXp = async (studentId: string) =>
    (
      await ctx.database.db
        .select({ powerXp: students.powerXp })
        .from(students)
        .where(eq(students.id, studentId))
    )[0].powerXp;

  it('is spent once when one phone sends ten activations together', async () => {
    const { socket, user } = await student('eleve20');
    await ctx.database.db
      .update(students)
      .set({ powerXp: 9 })
      .where(eq(students.id, user.studentId as string));
    expect((await send(socket, 'room:join', key)).ok).toBe(true);
    const acks = await Promise.all(Array.from({ length: 10 }, () => send(socket, 'power:activate', {})));
    expect(acks.filter((a) => a.ok)).toHaveLength(1);
    expect(acks.filter((a) => !a.ok)).toEqual(
      Array.from({ length: 9 }, () => ({ ok: false, message: 'GAME.POWER_ALREADY_ACTIVE' })),
    );
    expect(await powerXp(user.studentId as string)).toBe(6);
  });

  it('is spent once when two sockets of the same student send five each', async () => {
    const a = await student('eleve21');
    const b = await more(a.user.accessToken);
    await ctx.database.db
      .update(students)
      .set({ powerXp: 9 })
      .where(eq(students.id, a.user.studentId as string));
    expect((await send(a.socket, 'room:join', key)).ok).toBe(true);
    expect((await send(b, 'room:join', key)).ok).toBe(true);
    const acks = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? b : a.socket, 'power:activate', {})),
    );
    expect(acks.filter((x) => x.ok)).toHaveLength(1);
    expect(acks.filter((x) => !x.ok).map((x) => (x.ok ? '' : x.message))).toEqual(
      Array.from({ length: 9 }, () => 'GAME.POWER_ALREADY_ACTIVE'),
    );
    expect(await powerXp(a.user.studentId as string)).toBe(6);
    const sync = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    expect(sync.snapshot.roster.find((r) => r.studentId === a.user.studentId)).toMatchObject({
      powerActive: true,
      powerXp: 6,
    });
  });
});
