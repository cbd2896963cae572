// Issue 23: pupils' words on the projector are safe. What the class typed (a text, a word poll)
// reaches the board only once its teacher asks, rude words never (the codex's filter, on the server:
// no websocket frame the board receives carries one), names only when asked, the words the question
// accepts marked by the server. The projected report (`words=safe`) holds rude words back the same way,
// and with names hidden (`names=hidden`) the server sends no pupil's name at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaidView, RoomSnapshot } from '../../shared/game/contract.js';
import type { RaidPlayList, RaidReport } from '../../shared/schemas/analytics.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { type Client, connect, connectAs, demoLesson, listen, patchMatching, send } from './helpers/game.js';

let ctx: TestContext;
let url: string;
let board: Client;
let profToken: string;
let key: { schoolclassId: string; subjectId: string };
const phones: { socket: Client; studentId: string }[] = [];
const others: Client[] = [];
/** Every frame the board's websocket received, as sent (patches, snapshots, acknowledgements). */
const frames: string[] = [];

const RUDE = /connard|putain|merde/i;
const TYPED = {
  text: ['Ajaccio', 'ajacio', 'connard', 'Bastia'],
  poll: ['les fractions', 'Les Fractions', 'putain', 'Pythagore'],
};

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listen(ctx.app);
  const prof = await signin(ctx.app, DEMO.admin);
  profToken = prof.accessToken;
  ({ key } = await demoLesson(ctx.app, prof));
  board = await connect(url, prof.accessToken);
  board.io.engine.on('packet', (p: { data?: unknown }) => {
    if (typeof p.data === 'string') frames.push(p.data);
  });
  const open = await send<{ snapshot: RoomSnapshot }>(board, 'room:open', key);
  if (!open.ok) throw new Error(open.message);
  for (const login of ['eleve01', 'eleve02', 'eleve03', 'eleve04']) {
    const { socket, user } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
    const joined = await send(socket, 'room:join', key);
    if (!joined.ok) throw new Error(joined.message);
    phones.push({ socket, studentId: user.studentId as string });
  }
});

afterAll(async () => {
  for (const s of [board, ...others, ...phones.map((p) => p.socket)]) s?.disconnect();
  await ctx.close();
});

async function wordsRaid(): Promise<string> {
  const call = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api${path}`, headers: bearer(profToken), payload });
  const chapter = await call('/chapters', { name: 'Mots (chapitre)', level: 5, subjectId: key.subjectId });
  if (chapter.statusCode !== 201) throw new Error(chapter.body);
  const raid = await call(`/chapters/${chapter.json().id}/raids`, {
    title: 'Des mots au tableau',
    shared: false,
    questions: [
      {
        kind: 'text',
        text: 'Capitale de la Corse ?',
        textAnswer: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: true },
      },
      { kind: 'poll', text: 'Quel sujet revoir ?', poll: { pollMode: 'text' } },
    ],
  });
  if (raid.statusCode !== 201) throw new Error(raid.body);
  return raid.json().id as string;
}

/** The board's raid once a patch of the current activity matches. */
async function boardRaid(pred: (r: RaidView) => boolean): Promise<RaidView> {
  const found = await patchMatching(
    board,
    (p) => p.type === 'activity' && p.activity?.kind === 'raid' && pred(p.activity),
  );
  return (found.patch as { activity: RaidView }).activity;
}

async function typeAnswers(values: string[]) {
  const q = (
    (await send<{ snapshot: RoomSnapshot }>(phones[0].socket, 'room:sync', {})) as { snapshot: RoomSnapshot }
  ).snapshot.activity as RaidView;
  for (const [i, value] of values.entries())
    expect(
      await send(phones[i].socket, 'answer:submit', {
        questionId: q.question?.id,
        value,
        clientId: `typed-${i}-${q.index}`,
      }),
    ).toEqual({ ok: true, status: 'counted' });
  return q.question?.id as string;
}

describe("the class's typed words on the board (issue 23)", () => {
  it('reach it only when its teacher asks, rude ones never, names only when asked, accepted ones marked', async () => {
    const raidId = await wordsRaid();
    const settings = {
      questionSeconds: null,
      endWhenAllAnswered: false,
      askEveryQuestion: true,
      scoring: 'accuracy',
    };
    expect(await send(board, 'raid:start', { raidId, settings })).toEqual({ ok: true });
    expect(await send(board, 'raid:begin', {})).toEqual({ ok: true });

    // 1. A text question.
    const textId = await typeAnswers(TYPED.text);
    expect(await send(board, 'raid:reveal', {})).toEqual({ ok: true });
    const revealed = await boardRaid((r) => r.question?.id === textId && r.phase === 'revealed');
    expect(revealed.reveal?.typed).toBeUndefined();
    expect(revealed.reveal?.typedCount).toBe(4);
    // Revealed, nothing typed has reached the board yet.
    for (const word of ['ajacio', 'Bastia', 'connard']) expect(frames.join('\n')).not.toContain(word);

    // Only the teacher who owns the room may show them: not a pupil, not another teacher.
    expect(await send(phones[0].socket, 'raid:show-typed', { names: false })).toEqual({
      ok: false,
      message: 'ERRORS.FORBIDDEN',
    });
    const other = (await connectAs(ctx.app, url, DEMO.sciences)).socket;
    others.push(other);
    expect(await send(other, 'room:open', key)).toEqual({ ok: false, message: 'ERRORS.FORBIDDEN' });
    expect(await send(other, 'raid:show-typed', { names: true })).toMatchObject({ ok: false });
    expect(await send(board, 'raid:show-typed', { names: 'yes' })).toMatchObject({ ok: false });
    expect(frames.join('\n')).not.toContain('Bastia');

    expect(await send(board, 'raid:show-typed', { names: false })).toEqual({ ok: true });
    const shown = await boardRaid((r) => r.question?.id === textId && !!r.reveal?.typed);
    // Judged by the server with the question's options: "ajacio" is one typo away.
    expect(shown.reveal?.typed).toEqual({
      groups: [
        { text: 'Ajaccio', count: 1, accepted: true },
        { text: 'ajacio', count: 1, accepted: true },
        { text: 'Bastia', count: 1 },
      ],
      hidden: 1,
      names: false,
    });

    expect(await send(board, 'raid:show-typed', { names: true })).toEqual({ ok: true });
    const named = await boardRaid((r) => r.question?.id === textId && r.reveal?.typed?.names === true);
    expect(named.reveal?.typed?.groups).toEqual([
      { text: 'Ajaccio', count: 1, accepted: true, studentIds: [phones[0].studentId] },
      { text: 'ajacio', count: 1, accepted: true, studentIds: [phones[1].studentId] },
      { text: 'Bastia', count: 1, studentIds: [phones[3].studentId] },
    ]);
    // Who typed the rude word is never said either.
    expect(JSON.stringify(named.reveal?.typed)).not.toContain(phones[2].studentId);

    // 2. A word poll: no word is right, none is marked.
    expect(await send(board, 'raid:next', {})).toEqual({ ok: true });
    const pollId = await typeAnswers(TYPED.poll);
    expect(await send(board, 'raid:reveal', {})).toEqual({ ok: true });
    await boardRaid((r) => r.question?.id === pollId && r.phase === 'revealed');
    expect(frames.join('\n')).not.toContain('Pythagore');
    expect(await send(board, 'raid:show-typed', { names: false })).toEqual({ ok: true });
    const poll = await boardRaid((r) => r.question?.id === pollId && !!r.reveal?.typed);
    expect(poll.reveal?.typed).toEqual({
      groups: [
        { text: expect.stringMatching(/^les fractions$/i), count: 2 },
        { text: 'Pythagore', count: 1 },
      ],
      hidden: 1,
      names: false,
    });

    // A full snapshot (a board back from sleep) carries the same, no more.
    const sync = await send<{ snapshot: RoomSnapshot }>(board, 'room:sync', {});
    if (!sync.ok) throw new Error(sync.message);
    const synced = sync.snapshot.activity as RaidView;
    expect(synced.reveal?.typed).toEqual(poll.reveal?.typed);

    expect(await send(board, 'raid:end', {})).toEqual({ ok: true });
    await boardRaid((r) => r.phase === 'ended');
    // No frame the board ever received carried a rude word.
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.join('\n')).not.toMatch(RUDE);
  });

  it('the projected report (words=safe) shows the typed words, the rude ones held back and counted', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/plays?period=week&kind=live`,
      headers: bearer(profToken),
    });
    const play = (list.json() as RaidPlayList).plays.find((p) => p.raidTitle === 'Des mots au tableau');
    if (!play) throw new Error('the play is not listed');
    const read = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/analytics/plays/${play.id}${query}`,
        headers: bearer(profToken),
      });

    const safe = await read('?words=safe');
    expect(safe.statusCode).toBe(200);
    expect(safe.body).not.toMatch(RUDE);
    const report = safe.json() as RaidReport;
    const [text, poll] = report.questions;
    expect(text).toMatchObject({ filtered: 1, wrongValues: [{ value: 'Bastia', count: 1 }] });
    expect(poll).toMatchObject({
      filtered: 1,
      pollValues: [
        { value: expect.stringMatching(/^les fractions$/i), count: 2 },
        { value: 'Pythagore', count: 1 },
      ],
    });
    const rude = report.students.find((s) => s.studentId === phones[2].studentId);
    expect(rude?.answers.map((a) => ({ value: a.value, filtered: a.filtered }))).toEqual([
      { value: null, filtered: true },
      { value: null, filtered: true },
    ]);
    const fine = report.students.find((s) => s.studentId === phones[3].studentId);
    expect(fine?.answers.map((a) => a.value)).toEqual(['Bastia', 'Pythagore']);

    // At the teacher's desk the report is whole (the teacher judges every answer).
    const whole = await read('');
    expect(whole.body).toContain('connard');
    expect(whole.body).not.toContain('"filtered"');
    // A bad value is refused with a translated error.
    const bad = await read('?words=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ERRORS.INVALID_BODY');
  });

  it('the report projected with names hidden (names=hidden) carries no pupil’s name; the desk’s still does', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/analytics/schoolclasses/${key.schoolclassId}/${key.subjectId}/plays?period=week&kind=live`,
      headers: bearer(profToken),
    });
    const play = (list.json() as RaidPlayList).plays.find((p) => p.raidTitle === 'Des mots au tableau');
    if (!play) throw new Error('the play is not listed');
    const read = (query: string, headers: Record<string, string> = bearer(profToken)) =>
      ctx.app.inject({ method: 'GET', url: `/api/analytics/plays/${play.id}${query}`, headers });

    // At the desk: every pupil of the class by name (those who played and those who did not).
    const desk = await read('');
    expect(desk.statusCode).toBe(200);
    const pupils = (desk.json() as RaidReport).students;
    const names = pupils.flatMap((s) => [s.firstName, s.lastName, s.username]).filter(Boolean) as string[];
    expect(names.length).toBe(3 * pupils.length);
    for (const name of names) expect(desk.body).toContain(name);

    const projected = await read('?words=safe&names=hidden');
    expect(projected.statusCode).toBe(200);
    // No name of the class in the answer, in any field; and no rude word either.
    for (const name of names) expect(projected.body, name).not.toContain(name);
    expect(projected.body).not.toMatch(/"(firstName|lastName|username)"/);
    expect(projected.body).not.toMatch(RUDE);
    // Otherwise the same report as projected with names shown: same pupils, answers and figures.
    const shown = (await read('?words=safe')).json() as RaidReport;
    const hidden = projected.json() as RaidReport;
    const byId = (r: RaidReport) =>
      r.students
        .map(({ firstName, lastName, username, ...s }) => s)
        .sort((a, b) => a.studentId.localeCompare(b.studentId));
    expect(byId(hidden)).toEqual(byId(shown));
    expect(hidden.questions).toEqual(shown.questions);
    // Names hidden holds rude words back even without `words=safe`.
    const alone = await read('?names=hidden');
    expect(alone.body).not.toMatch(RUDE);
    expect(alone.body).not.toMatch(/"(firstName|lastName|username)"/);

    // Who may read it is unchanged: nobody signed in, a pupil, another teacher are refused.
    expect((await read('?names=hidden', {})).statusCode).toBe(401);
    const pupil = await signin(ctx.app, { login: 'eleve05', password: DEMO.student.password });
    expect((await read('?names=hidden', bearer(pupil.accessToken))).statusCode).toBe(403);
    const other = await signin(ctx.app, DEMO.sciences);
    const refused = await read('?names=hidden', bearer(other.accessToken));
    expect(refused.statusCode).toBe(404);
    for (const name of names) expect(refused.body).not.toContain(name);
    // A bad value is refused with a translated error.
    const bad = await read('?names=nobody');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ERRORS.INVALID_BODY');
  });
});
