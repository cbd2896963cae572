// What a real lesson showed on the phones and the board: names in summons and picks, the codex's
// author switch and phrases approved mid-lesson, levels after a raid, the lesson's XP on the phone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, codex, raidSettings, students } from '../../server/db/schema.js';
import type {
  CodexView,
  PhoneState,
  PickView,
  RaidView,
  RoomSnapshot,
  SummonView,
} from '../../shared/game/contract.js';
import { roomId } from '../../shared/game/contract.js';
import type { RaidPlayList, RaidReport } from '../../shared/schemas/analytics.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import {
  type Client,
  connect,
  connectAs,
  demoLesson,
  kindsRaid,
  listen,
  multiAnswerRaid,
  patchMatching,
  send,
} from './helpers/game.js';

let ctx: TestContext;
let url: string;
let professor: Client;
let profToken: string;
let key: { schoolclassId: string; subjectId: string };
let raidId: string;
const phones: { socket: Client; studentId: string; label: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ QUESTION_SECONDS: '30' });
  url = await listen(ctx.app);
  const prof = await signin(ctx.app, DEMO.admin);
  profToken = prof.accessToken;
  ({ key, raidId } = await demoLesson(ctx.app, prof));
  professor = await connect(url, prof.accessToken);
  const open = await send<{ snapshot: RoomSnapshot }>(professor, 'room:open', key);
  if (!open.ok) throw new Error(open.message);
  for (const login of ['eleve07', 'eleve08', 'eleve09']) {
    const { socket, user } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
    const joined = await send(socket, 'room:join', key);
    if (!joined.ok) throw new Error(joined.message);
    const r = open.snapshot.roster.find((x) => x.studentId === user.studentId);
    if (!r) throw new Error('not in the roster');
    phones.push({ socket, studentId: r.studentId, label: `${r.firstName} ${r.lastInitial}.` });
  }
});

afterAll(async () => {
  for (const s of [professor, ...phones.map((p) => p.socket)]) s?.disconnect();
  await ctx.close();
});

/** The board's view, read from the service (the socket's event budget is for real boards). */
const boardActivity = async () => {
  const game = ctx.app.game;
  if (!game) throw new Error('no game');
  return (await game.service.sync(roomId(key))).snapshot.activity;
};

const phoneSync = async (p: Client) => {
  const ack = await send<{ snapshot: RoomSnapshot; phone: PhoneState }>(p, 'room:sync', {});
  if (!ack.ok) throw new Error(ack.message);
  return ack;
};

describe('the address phones reach', () => {
  it('is given to teachers for QR codes: PUBLIC_URL here, never asked by a pupil', async () => {
    const asked = await ctx.app.inject({
      method: 'GET',
      url: '/api/game/address',
      headers: bearer(profToken),
    });
    expect(asked.json()).toEqual({ url: 'http://localhost:3000' });
    const pupil = await signin(ctx.app, DEMO.student);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/game/address',
      headers: bearer(pupil.accessToken),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the phones during a summon and a pick', () => {
  it('name the student called and the teammates (first name and initial), not "?"', async () => {
    expect(await send(professor, 'summon:draw', {})).toEqual({ ok: true });
    const [a] = phones;
    const summon = (await phoneSync(a.socket)).snapshot.activity as SummonView;
    const drawn = phones.find((p) => p.studentId === summon.drawn);
    expect(drawn).toBeDefined();
    expect(summon.names?.[summon.drawn as string]).toBe(drawn?.label);

    expect(await send(professor, 'pick:draw', { mode: 'order' })).toEqual({ ok: true });
    const pick = (await phoneSync(a.socket)).snapshot.activity as PickView;
    expect(pick.groups[0]).toHaveLength(3);
    for (const p of phones) expect(pick.names?.[p.studentId]).toBe(p.label);
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: true });
  });
});

describe('the codex', () => {
  it('gives the board the author whatever the switch said (it applies at once there), never the phones', async () => {
    expect(await send(professor, 'codex:next', { showAuthor: false })).toEqual({ ok: true });
    const board = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!board.ok) throw new Error(board.message);
    expect((board.snapshot.activity as CodexView).phrase?.author).toMatch(/^\S+ [A-Z]\.$/);
    const onPhone = (await phoneSync(phones[0].socket)).snapshot.activity as CodexView;
    expect(onPhone.phrase?.id).toBe((board.snapshot.activity as CodexView).phrase?.id);
    expect(onPhone.phrase?.author).toBeNull();
  });

  it('shows a phrase approved during the lesson without leaving the codex', async () => {
    const [pending] = await ctx.database.db
      .select()
      .from(codex)
      .where(and(eq(codex.schoolclassId, key.schoolclassId), eq(codex.status, 0)));
    expect(pending).toBeDefined();
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/codex/${pending.id}`,
      headers: bearer(profToken),
      payload: { status: 1 },
    });
    expect(approved.statusCode).toBe(200);
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      expect(await send(professor, 'codex:next', { showAuthor: true })).toEqual({ ok: true });
      const sync = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
      if (!sync.ok) throw new Error(sync.message);
      const phrase = (sync.snapshot.activity as CodexView).phrase;
      if (!phrase) break;
      seen.push(phrase.id);
    }
    expect(seen).toContain(pending.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: true });
  });
});

describe('the codex screen', () => {
  it('learns of a phrase approved in another tab at once, after "no more phrases" too', async () => {
    for (let i = 0; i < 50; i++) {
      expect(await send(professor, 'codex:next', { showAuthor: true })).toEqual({ ok: true });
      if (!((await boardActivity()) as CodexView).phrase) break;
    }
    const [written] = await ctx.database.db
      .insert(codex)
      .values({
        text: 'Une fraction est un quotient.',
        subjectId: key.subjectId,
        schoolclassId: key.schoolclassId,
        professorId: (await signin(ctx.app, DEMO.admin)).professorId as string,
        studentId: phones[0].studentId,
      })
      .returning();
    professor.patches.length = 0;
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/codex/${written.id}`,
      headers: bearer(profToken),
      payload: { status: 1 },
    });
    expect(approved.statusCode).toBe(200);
    // No codex:next sent: the board is told there is one more to show.
    const told = await patchMatching(
      professor,
      (p) => p.type === 'activity' && p.activity?.kind === 'codex' && p.activity.left === 1,
    );
    expect((told.patch as { activity: CodexView }).activity.phrase).toBeNull();
    expect(await send(professor, 'codex:next', { showAuthor: true })).toEqual({ ok: true });
    expect(((await boardActivity()) as CodexView).phrase?.id).toBe(written.id);
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: true });
  });
});

describe('after a raid', () => {
  it('the board gets the new levels and each phone the XP of the whole lesson', async () => {
    const before = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!before.ok) throw new Error(before.message);
    const lessonXp = async () =>
      Object.fromEntries(
        await Promise.all(phones.map(async (p) => [p.studentId, (await phoneSync(p.socket)).phone.lessonXp])),
      );
    const start = await lessonXp();
    const gained: Record<string, number> = {};
    for (let round = 0; round < 2; round++) {
      expect(await send(professor, 'raid:start', { raidId })).toEqual({ ok: true });
      expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
      const q = ((await phoneSync(phones[0].socket)).snapshot.activity as RaidView).question;
      if (!q) throw new Error('no question');
      for (const p of phones) {
        const ack = await send(p.socket, 'answer:submit', {
          questionId: q.id,
          answerIds: [q.answers[0].id],
          clientId: `${p.studentId}-${round}`,
        });
        expect(ack.ok).toBe(true);
      }
      expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
      const ended = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
      if (!ended.ok) throw new Error(ended.message);
      const gains = (ended.snapshot.activity as RaidView).result?.gains ?? {};
      for (const p of phones)
        gained[p.studentId] = (gained[p.studentId] ?? 0) + (gains[p.studentId]?.xp ?? 0);
      // The phone's end screen still shows this raid's gain alone.
      const mine = (await phoneSync(phones[0].socket)).phone;
      expect(mine.xpGained).toBe(gains[phones[0].studentId]?.xp);
    }
    const end = await lessonXp();
    for (const p of phones) {
      expect(gained[p.studentId]).toBeGreaterThan(0);
      expect(end[p.studentId]).toBe((start[p.studentId] ?? 0) + gained[p.studentId]);
    }
    // The board's roster follows the levels stored after the rewards, without a reload.
    const levels = await patchMatching(professor, (x) => x.type === 'levels');
    const after = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!after.ok) throw new Error(after.message);
    const patch = levels.patch as { type: 'levels'; levels: Record<string, number> };
    for (const p of phones) {
      expect(patch.levels[p.studentId]).toBe(
        after.snapshot.roster.find((r) => r.studentId === p.studentId)?.level,
      );
    }
  });
});

describe('a question with several right answers (issue 21, item 13)', () => {
  /** One play of the √25-and-5 question: phone 0 ticks √25 only, 1 both, 2 √25 and 25 (wrong). */
  let plays = 0;
  async function play(multiScoring: 'all' | 'partial') {
    plays += 1;
    const title = `Racines ${multiScoring} ${plays}`;
    const multiId = await multiAnswerRaid(ctx.app, profToken, key.subjectId, title);
    const settings = {
      questionSeconds: null,
      endWhenAllAnswered: false,
      askEveryQuestion: false,
      scoring: 'accuracy' as const,
      multiScoring,
    };
    expect(await send(professor, 'raid:start', { raidId: multiId, settings })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const board = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!board.ok) throw new Error(board.message);
    // The board and the phones say how many answers to tick.
    expect((board.snapshot.activity as RaidView).question).toMatchObject({ multiple: true, toPick: 2 });
    const q = ((await phoneSync(phones[0].socket)).snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    expect(q.toPick).toBe(2);
    const id = (text: string) => q.answers.find((a) => a.text === text)?.id as string;
    const picks = [['√25'], ['√25', '5'], ['√25', '25']];
    for (const [i, p] of phones.entries()) {
      const ack = await send(p.socket, 'answer:submit', {
        questionId: q.id,
        answerIds: picks[i].map(id),
        clientId: `multi-${multiScoring}-${i}`,
      });
      expect(ack).toEqual({ ok: true, status: 'counted' });
    }
    expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: true });
    const revealed = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!revealed.ok) throw new Error(revealed.message);
    const results = await Promise.all(phones.map(async (p) => (await phoneSync(p.socket)).phone.lastResult));
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
    const ended = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
    if (!ended.ok) throw new Error(ended.message);
    return {
      id,
      reveal: (revealed.snapshot.activity as RaidView).reveal,
      results,
      gains: (ended.snapshot.activity as RaidView).result?.gains ?? {},
    };
  }

  it('all or nothing (the default): √25 alone is partly right, says 5 was missing, and earns nothing', async () => {
    const r = await play('all');
    expect(r.results[0]).toMatchObject({
      correct: false,
      verdict: 'partial',
      credit: 0,
      missedIds: [r.id('5')],
    });
    expect(r.results[1]).toMatchObject({ correct: true, verdict: 'right', credit: 1, missedIds: [] });
    expect(r.results[2]).toMatchObject({ verdict: 'wrong', credit: 0, missedIds: [r.id('5')] });
    expect(r.reveal?.rightShare).toBeCloseTo(1 / 3);
    // 10 XP a right answer, +5 for the defeat.
    expect(phones.map((p) => r.gains[p.studentId]?.xp)).toEqual([5, 15, 5]);
  });

  it('partial credit: √25 alone deals half a right answer’s damage and earns half its XP; the choice is kept', async () => {
    const all = await play('all');
    const partial = await play('partial');
    expect(partial.results[0]).toMatchObject({ verdict: 'partial', credit: 0.5 });
    // A right and a wrong ticked cancel out.
    expect(partial.results[2]).toMatchObject({ verdict: 'wrong', credit: 0 });
    expect(partial.reveal?.rightShare).toBeCloseTo(1.5 / 3);
    expect(partial.reveal?.damage).toBeGreaterThan(all.reveal?.damage ?? 0);
    expect(phones.map((p) => partial.gains[p.studentId]?.xp)).toEqual([10, 15, 5]);
    const [kept] = await ctx.database.db
      .select()
      .from(raidSettings)
      .where(eq(raidSettings.schoolclassId, key.schoolclassId));
    expect(kept.settings).toMatchObject({ multiScoring: 'partial' });
  });

  it('the report tells partly right from wrong and names the right answer most often left out', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/plays?period=week&kind=live`,
      headers: bearer(profToken),
    });
    expect(list.statusCode).toBe(200);
    const last = (list.json() as RaidPlayList).plays.find((p) => p.raidTitle.startsWith('Racines partial'));
    if (!last) throw new Error('the play is not listed');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/plays/${last.id}`,
      headers: bearer(profToken),
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as RaidReport;
    const q = report.questions[0];
    expect(q).toMatchObject({ answered: 3, correct: 1, partial: 1 });
    expect(q.mostChosenWrong).toMatchObject({ text: '25', chosenBy: 1 });
    expect(q.mostMissed).toMatchObject({ text: '5', missedBy: 2 });
    const first = report.students.find((s) => s.studentId === phones[0].studentId);
    expect(first).toMatchObject({ correct: 0, partial: 1 });
    expect(first?.answers[0]).toMatchObject({ correct: false, verdict: 'partial' });
  });
});

describe('a level gained during a raid', () => {
  it('is on the board’s result and on the phone of that pupil only', async () => {
    // A board of its own: the earlier tests spent this socket's budget of teacher commands.
    professor.disconnect();
    professor = await connect(url, profToken);
    expect(await send(professor, 'room:open', key)).toMatchObject({ ok: true });
    const [up, same] = phones;
    const [row] = await ctx.database.db
      .update(students)
      .set({ levelProgression: 99 })
      .where(eq(students.id, up.studentId))
      .returning({ level: students.level });
    for (const p of phones.slice(1))
      await ctx.database.db.update(students).set({ levelProgression: 0 }).where(eq(students.id, p.studentId));
    // Settings of its own (an earlier test kept others for this class): the raid reveals once all answered.
    const settings = {
      questionSeconds: null,
      endWhenAllAnswered: true,
      askEveryQuestion: false,
      scoring: 'accuracy' as const,
      multiScoring: 'all' as const,
    };
    expect(await send(professor, 'raid:start', { raidId, settings })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const q = ((await phoneSync(up.socket)).snapshot.activity as RaidView).question;
    if (!q) throw new Error('no question');
    // All answer right (the question is then revealed): all earn XP, one of them crosses a level.
    const right = await ctx.database.db
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.questionId, q.id), eq(answers.isCorrect, true)));
    for (const p of phones) {
      const ack = await send(p.socket, 'answer:submit', {
        questionId: q.id,
        answerIds: right.map((a) => a.id),
        clientId: `${p.studentId}-level`,
      });
      expect(ack.ok).toBe(true);
    }
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
    const result = ((await boardActivity()) as RaidView).result;
    expect(result?.levelUps).toEqual({ [up.studentId]: row.level + 1 });
    expect((await phoneSync(up.socket)).phone.levelUp).toBe(row.level + 1);
    expect((await phoneSync(same.socket)).phone.levelUp).toBeUndefined();
    // Phones never see the others' levels.
    expect(((await phoneSync(same.socket)).snapshot.activity as RaidView).result?.levelUps).toEqual({});
    expect(await send(professor, 'activity:close', {})).toEqual({ ok: true });
  });
});

describe('summons at the next lesson', () => {
  // Drawn through the service: the test draws faster than a board's event budget allows.
  const draw = async () => {
    const game = ctx.app.game;
    if (!game) throw new Error('no game');
    const professorId = (await signin(ctx.app, DEMO.admin)).professorId as string;
    await game.service.summonDraw({ professorId }, roomId(key));
    return (await boardActivity()) as SummonView;
  };

  it('start from a full pool after Quit, and never call the same pupil twice in a row', async () => {
    // A board of its own: the earlier tests spent this socket's budget of teacher commands.
    professor.disconnect();
    professor = await connect(url, profToken);
    expect(await send(professor, 'room:open', key)).toMatchObject({ ok: true });
    // Two of the three present pupils are called, then the lesson ends.
    await draw();
    await draw();
    expect(await send(professor, 'room:close', {})).toEqual({ ok: true });
    const opened = await send(professor, 'room:open', key);
    expect(opened).toMatchObject({ ok: true });
    for (const p of phones) expect((await send(p.socket, 'room:join', key)).ok).toBe(true);
    // A new lesson: everybody is in the pool again.
    const first = await draw();
    expect(first.poolLeft).toBe(phones.length - 1);
    const called = [first.drawn];
    for (let i = 0; i < 3 * phones.length; i++) called.push((await draw()).drawn);
    expect(new Set(called.slice(0, phones.length)).size).toBe(phones.length);
    for (let i = 1; i < called.length; i++) expect(called[i]).not.toBe(called[i - 1]);
  });
});

describe('every kind of question live (issue 23)', () => {
  it('judges typed answers on the server, hides right answers and typed words until asked, polls never hurt', async () => {
    // A board and phones of their own: the earlier tests spent these sockets' budgets of commands.
    professor.disconnect();
    professor = await connect(url, profToken);
    expect(await send(professor, 'room:open', key)).toMatchObject({ ok: true });
    for (const [i, login] of ['eleve07', 'eleve08', 'eleve09'].entries()) {
      phones[i].socket.disconnect();
      const { socket } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
      expect(await send(socket, 'room:join', key)).toMatchObject({ ok: true });
      phones[i].socket = socket;
    }
    const kindsId = await kindsRaid(ctx.app, profToken, key.subjectId, 'Un peu de tout en direct');
    const settings = {
      questionSeconds: null,
      endWhenAllAnswered: false,
      askEveryQuestion: true,
      scoring: 'accuracy' as const,
    };
    expect(await send(professor, 'raid:start', { raidId: kindsId, settings })).toEqual({ ok: true });
    expect(await send(professor, 'raid:begin', {})).toEqual({ ok: true });
    const boardView = async () => {
      const b = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync', {});
      if (!b.ok) throw new Error(b.message);
      return b;
    };
    const question = async () => {
      const q = ((await phoneSync(phones[0].socket)).snapshot.activity as RaidView).question;
      if (!q) throw new Error('no question');
      return q;
    };
    const submit = (i: number, body: object) =>
      send(phones[i].socket, 'answer:submit', {
        ...body,
        clientId: `kinds-${Math.random().toString(36).slice(2)}`,
      });
    /**
     * The verdict each phone is sent at the reveal of a typed question, without asking: a phone on
     * the reveal screen does not sync, and a typed answer is judged on the server only.
     */
    const pushedResults = (questionId: string) =>
      Promise.all(
        phones.map(
          (p) =>
            new Promise<PhoneState['lastResult']>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error('no verdict pushed to the phone')), 5_000);
              const on = (s: PhoneState) => {
                if (s.lastResult?.questionId !== questionId) return;
                clearTimeout(timer);
                p.socket.off('phone:state', on);
                resolve(s.lastResult);
              };
              p.socket.on('phone:state', on);
            }),
        ),
      );
    const revealAndNext = async (typedId?: string) => {
      const pushed = typedId ? pushedResults(typedId) : null;
      expect(await send(professor, 'raid:reveal', {})).toEqual({ ok: true });
      const revealed = (await boardView()).snapshot.activity as RaidView;
      const results = await Promise.all(
        phones.map(async (p) => (await phoneSync(p.socket)).phone.lastResult),
      );
      if (pushed) expect(await pushed).toEqual(results);
      return { revealed, results };
    };

    // 1. choice, as before.
    let q = await question();
    expect(q.kind).toBeUndefined();
    const five = q.answers.find((a) => a.text === '5')?.id as string;
    for (const i of [0, 1, 2])
      expect(await submit(i, { questionId: q.id, answerIds: [five] })).toMatchObject({ ok: true });
    let r = await revealAndNext();
    expect(r.revealed.reveal?.explanation).toBe('On compte : 2, puis 3, 4, 5.');
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: true });

    // 2. number: no value before the reveal; junk refused; read the French way.
    q = await question();
    expect(q).toMatchObject({ kind: 'number', unit: null });
    const board = await boardView();
    expect(JSON.stringify(board.snapshot)).not.toMatch(/3\.14|tolerance|explanation/);
    expect(await submit(0, { questionId: q.id, value: 'pi' })).toEqual({
      ok: false,
      message: 'GAME.ERRORS.ANSWER_NOT_A_NUMBER',
    });
    expect(await submit(0, { questionId: q.id, answerIds: [five] })).toMatchObject({ ok: false });
    expect(await submit(0, { questionId: q.id, value: '3,14' })).toEqual({ ok: true, status: 'counted' });
    expect(await submit(1, { questionId: q.id, value: '3.2' })).toEqual({ ok: true, status: 'counted' });
    expect(await submit(2, { questionId: q.id, value: ' 3,14 ' })).toEqual({ ok: true, status: 'counted' });
    r = await revealAndNext(q.id);
    expect(r.results.map((x) => x?.verdict)).toEqual(['right', 'wrong', 'right']);
    expect(r.revealed.reveal).toMatchObject({
      number: { value: 3.14 },
      values: [
        { value: '3.14', count: 2 },
        { value: '3.2', count: 1 },
      ],
      explanation: 'π ≈ 3,14159…',
    });
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: true });

    // 3. text: accepted answers never sent before the reveal; one typo forgiven; words on the board only when asked.
    q = await question();
    expect(JSON.stringify((await boardView()).snapshot)).not.toContain('Ajaccio');
    await submit(0, { questionId: q.id, value: 'ajacio' });
    await submit(1, { questionId: q.id, value: 'Bastia' });
    await submit(2, { questionId: q.id, value: 'merde' });
    r = await revealAndNext(q.id);
    expect(r.results.map((x) => x?.verdict)).toEqual(['right', 'wrong', 'wrong']);
    expect(r.revealed.reveal?.typed).toBeUndefined();
    expect(r.revealed.reveal?.typedCount).toBe(3);
    expect(await send(professor, 'raid:show-typed', { names: false })).toEqual({ ok: true });
    const shown = (await boardView()).snapshot.activity as RaidView;
    expect(shown.reveal?.typed).toEqual({
      groups: [
        // One typo from "Ajaccio": accepted by the question's rules, and marked so on the board.
        { text: 'ajacio', count: 1, accepted: true },
        { text: 'Bastia', count: 1 },
      ],
      hidden: 1,
      names: false,
    });
    // Phones never get the class's words.
    expect(JSON.stringify((await phoneSync(phones[1].socket)).snapshot)).not.toContain('ajacio');
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: true });

    // 4. order: items never shown in the right order; right only when the whole order is.
    q = await question();
    expect(q.kind).toBe('order');
    const right = ['1492', '1515', '1789', '1815'].map(
      (t) => q.answers.find((a) => a.text === t)?.id as string,
    );
    expect(q.answers.map((a) => a.id)).not.toEqual(right);
    await submit(0, { questionId: q.id, order: right });
    await submit(1, { questionId: q.id, order: [right[1], right[0], right[2], right[3]] });
    expect(await submit(2, { questionId: q.id, order: right.slice(0, 3) })).toMatchObject({ ok: false });
    r = await revealAndNext();
    expect(r.results.slice(0, 2).map((x) => x?.verdict)).toEqual(['right', 'wrong']);
    expect(r.revealed.reveal?.correctOrder).toEqual(right);
    expect(await send(professor, 'raid:next', {})).toEqual({ ok: true });

    // 5. poll: no damage, no turn lost, participation XP.
    q = await question();
    const before = (await boardView()).snapshot.activity as RaidView;
    for (const i of [0, 1, 2]) await submit(i, { questionId: q.id, value: 'les fractions' });
    r = await revealAndNext();
    expect(r.revealed.reveal).toMatchObject({ damage: 0, poll: true });
    expect(r.revealed.boss.hp).toBe(before.boss.hp);
    expect(r.revealed.turns.left).toBe(before.turns.left);
    expect(r.results.map((x) => x?.verdict)).toEqual(['none', 'none', 'none']);
    expect(await send(professor, 'raid:end', {})).toEqual({ ok: true });
  });
});
