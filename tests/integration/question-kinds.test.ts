// Every kind of question (issue 23) through the raid routes, the shared library and homework practice:
// kinds, settings and explanations are saved and returned; a pupil's typed answer is judged on the
// server only; right answers and explanations leave the server only once the pupil answered.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkAnswers, professors, studentAnswers } from '../../server/db/schema.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { KIND_QUESTIONS, kindsRaid } from './helpers/game.js';

let ctx: TestContext;
let prof: StoredUser;
let target: { schoolclassId: string; subjectId: string };
let raidId: string;
const db = () => ctx.database.db;

type Method = 'GET' | 'POST' | 'PUT';
const req = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });

interface RaidQ {
  id: string;
  kind: string;
  text: string;
  answers: { id: string; text: string; isCorrect: boolean }[];
  number: object | null;
  textAnswer: object | null;
  poll: object | null;
  explanation: string | null;
}
let raidQs: RaidQ[];
const byKind = (kind: string) => raidQs.find((q) => q.kind === kind) as RaidQ;

beforeAll(async () => {
  ctx = await createTestContext();
  prof = await signin(ctx.app, DEMO.admin);
  const targets = (
    await req('GET', `/api/homeworkRaids/professors/${prof.professorId}/targets`, prof.accessToken)
  ).json() as { schoolclassId: string; schoolclassName: string; subjectId: string }[];
  const t = targets.find((x) => x.schoolclassName === '5e B');
  if (!t) throw new Error('5e B is not a target');
  target = { schoolclassId: t.schoolclassId, subjectId: t.subjectId };
  raidId = await kindsRaid(ctx.app, prof.accessToken, target.subjectId, 'Un peu de tout', { shared: true });
  raidQs = (await req('GET', `/api/raids/${raidId}`, prof.accessToken)).json().questions;
});
afterAll(async () => {
  await ctx.close();
});

describe('raid routes', () => {
  it('save and return each kind with its settings and explanation', async () => {
    expect(raidQs.map((q) => q.kind)).toEqual(['choice', 'number', 'text', 'order', 'poll']);
    expect(byKind('number')).toMatchObject({
      number: { value: 3.14, tolerance: 0.01, toleranceMode: 'absolute', unit: null },
      textAnswer: null,
      poll: null,
      answers: [],
      explanation: 'π ≈ 3,14159…',
    });
    expect(byKind('text').textAnswer).toEqual(KIND_QUESTIONS[2].textAnswer);
    // An order's items are stored in their right order, none of them "right".
    expect(byKind('order').answers.map((a) => [a.text, a.isCorrect])).toEqual([
      ['1492', false],
      ['1515', false],
      ['1789', false],
      ['1815', false],
    ]);
    expect(byKind('poll')).toMatchObject({ poll: { pollMode: 'text' }, explanation: null, answers: [] });
    expect(byKind('choice').explanation).toBe('On compte : 2, puis 3, 4, 5.');
  });

  it('an update keeps the questions, changes a setting; a question missing its kind’s settings is refused', async () => {
    const body = (questions: object[]) => ({ title: 'Un peu de tout', shared: true, questions });
    const edited = raidQs.map((q) =>
      q.kind === 'number'
        ? { ...q, number: { value: 3.14, tolerance: 0.05, toleranceMode: 'relative', unit: 'cm' } }
        : q,
    );
    const res = await req('PUT', `/api/raids/${raidId}`, prof.accessToken, body(edited));
    expect(res.statusCode).toBe(200);
    const after = res.json().questions as RaidQ[];
    expect(after.map((q) => q.id)).toEqual(raidQs.map((q) => q.id));
    expect(after[1].number).toEqual({ value: 3.14, tolerance: 0.05, toleranceMode: 'relative', unit: 'cm' });
    // Back as it was, for the other tests.
    expect((await req('PUT', `/api/raids/${raidId}`, prof.accessToken, body(raidQs))).statusCode).toBe(200);

    const bad = await req(
      'PUT',
      `/api/raids/${raidId}`,
      prof.accessToken,
      body([...raidQs.slice(0, 1), { kind: 'number', text: 'Sans valeur ?' }]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('RAIDS.ERRORS.NUMBER_VALUE_REQUIRED');
    const shortOrder = await req(
      'PUT',
      `/api/raids/${raidId}`,
      prof.accessToken,
      body([
        {
          kind: 'order',
          text: 'Deux items ?',
          answers: [
            { text: 'a', isCorrect: false },
            { text: 'b', isCorrect: false },
          ],
        },
      ]),
    );
    expect(shortOrder.statusCode).toBe(400);
    expect(shortOrder.body).toContain('RAIDS.ERRORS.ORDER_ITEMS_MIN');
    // The kinds' limits answer the editor's translated messages, pointed at their field.
    const negative = await req(
      'PUT',
      `/api/raids/${raidId}`,
      prof.accessToken,
      body([{ kind: 'number', text: 'Tolérance ?', number: { value: 1, tolerance: -1 } }]),
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      message: 'RAIDS.ERRORS.TOLERANCE_INVALID',
      field: 'questions.0.number.tolerance',
    });
    const longWord = await req(
      'PUT',
      `/api/raids/${raidId}`,
      prof.accessToken,
      body([{ kind: 'text', text: 'Mot ?', textAnswer: { accepted: ['a'.repeat(81)] } }]),
    );
    expect(longWord.statusCode).toBe(400);
    expect(longWord.json()).toMatchObject({
      message: 'RAIDS.ERRORS.ACCEPTED_TOO_LONG',
      field: 'questions.0.textAnswer.accepted.0',
    });
  });

  it('the shared library shows and copies the kinds, settings and explanations', async () => {
    await db()
      .update(professors)
      .set({ shareRaids: true })
      .where(eq(professors.id, prof.professorId as string));
    const sciences = await signin(ctx.app, DEMO.sciences);
    const detail = await req('GET', `/api/library/raids/${raidId}`, sciences.accessToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().questions.map((q: RaidQ) => q.kind)).toEqual([
      'choice',
      'number',
      'text',
      'order',
      'poll',
    ]);
    const chapter = await req('POST', '/api/chapters', sciences.accessToken, {
      name: 'Copies de kinds',
      level: 5,
      subjectId: target.subjectId,
    });
    const copy = await req('POST', `/api/library/raids/${raidId}/copy`, sciences.accessToken, {
      chapterId: chapter.json().id,
    });
    expect(copy.statusCode).toBe(201);
    const copied = (await req('GET', `/api/raids/${copy.json().raidId}`, sciences.accessToken)).json()
      .questions as RaidQ[];
    const strip = (q: RaidQ) => ({
      kind: q.kind,
      text: q.text,
      number: q.number,
      textAnswer: q.textAnswer,
      poll: q.poll,
      explanation: q.explanation,
      answers: q.answers.map((a) => [a.text, a.isCorrect]),
    });
    expect(copied.map(strip)).toEqual(raidQs.map(strip));
  });
});

describe('homework of every kind', () => {
  let homeworkId: string;
  const base = (studentId: string) => `/api/students/${studentId}/homework/${homeworkId}`;
  async function pupil(n: number) {
    const u = await signin(ctx.app, {
      login: `eleve${String(n).padStart(2, '0')}`,
      password: DEMO.student.password,
    });
    return { token: u.accessToken, studentId: u.studentId as string };
  }

  beforeAll(async () => {
    const sent = await req('POST', '/api/homeworkRaids', prof.accessToken, {
      raidId,
      name: 'Un peu de tout',
      targets: [target],
    });
    expect(sent.statusCode).toBe(201);
    const list = (
      await req('GET', `/api/homeworkRaids/professors/${prof.professorId}`, prof.accessToken)
    ).json();
    homeworkId = (list as { id: string; name: string }[]).find((h) => h.name === 'Un peu de tout')
      ?.id as string;
    expect(homeworkId).toBeTruthy();
  });

  it('serves each kind without its right answers: no value, no accepted text, an order shuffled, no explanation', async () => {
    const s = await pupil(3);
    const res = await req('GET', base(s.studentId), s.token);
    expect(res.statusCode).toBe(200);
    const play = res.json();
    expect(play.questions.map((q: { kind: string }) => q.kind)).toEqual([
      'choice',
      'number',
      'text',
      'order',
      'poll',
    ]);
    expect(res.body).not.toMatch(
      /isCorrect|correctAnswerIds|correctOrder|Ajaccio|3\.14|explanation|accepted/,
    );
    const order = play.questions[3];
    expect(order.answers.map((a: { id: string }) => a.id)).not.toEqual(
      byKind('order').answers.map((a) => a.id),
    );
    expect(play.questions[1]).toMatchObject({ kind: 'number', unit: null });
    expect(play.questions[4]).toMatchObject({ kind: 'poll', pollMode: 'text' });
  });

  it('judges each kind on the server, stores what was typed, and shows the explanation after answering', async () => {
    const s = await pupil(4);
    const answer = (questionId: string, body: object) =>
      req('POST', `${base(s.studentId)}/answer`, s.token, { questionId, ...body });
    // A number that is not one is refused and not counted: the pupil may type again.
    const junk = await answer(byKind('number').id, { value: 'trois' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ message: 'GAME.ERRORS.ANSWER_NOT_A_NUMBER', field: 'value' });
    // A verdict sent by the phone is not even read.
    const wrongShape = await answer(byKind('number').id, { answerIds: [byKind('choice').answers[0].id] });
    expect(wrongShape.statusCode).toBe(400);

    const number = await answer(byKind('number').id, { value: ' 3,15 ' });
    expect(number.statusCode).toBe(200);
    expect(number.json()).toMatchObject({
      correct: true,
      verdict: 'right',
      credit: 1,
      number: { value: 3.14, tolerance: 0.01 },
      explanation: 'π ≈ 3,14159…',
    });
    const text = await answer(byKind('text').id, { value: 'ajacio' });
    expect(text.json()).toMatchObject({ correct: true, accepted: ['Ajaccio'] });
    const items = byKind('order').answers.map((a) => a.id);
    const order = await answer(byKind('order').id, { order: [items[1], items[0], items[2], items[3]] });
    expect(order.json()).toMatchObject({ correct: false, verdict: 'wrong', correctOrder: items });
    const poll = await answer(byKind('poll').id, { value: 'les fractions' });
    expect(poll.json()).toMatchObject({ verdict: 'none', credit: 0, correct: false });
    const choice = await answer(byKind('choice').id, { answerIds: [byKind('choice').answers[0].id] });
    expect(choice.json()).toMatchObject({
      correct: true,
      correctAnswerIds: [byKind('choice').answers[0].id],
    });

    const stored = await db()
      .select({
        questionId: homeworkAnswers.questionId,
        value: homeworkAnswers.value,
        answerIds: homeworkAnswers.answerIds,
      })
      .from(homeworkAnswers)
      .where(and(eq(homeworkAnswers.homeworkRaidId, homeworkId), eq(homeworkAnswers.studentId, s.studentId)));
    const storedFor = (kind: string) => stored.find((x) => x.questionId === byKind(kind).id);
    expect(storedFor('number')).toMatchObject({ value: '3,15', answerIds: [] });
    expect(storedFor('text')?.value).toBe('ajacio');
    expect(storedFor('order')?.answerIds).toEqual([items[1], items[0], items[2], items[3]]);
    const analytics = await db()
      .select({ value: studentAnswers.value })
      .from(studentAnswers)
      .where(
        and(eq(studentAnswers.studentId, s.studentId), eq(studentAnswers.questionId, byKind('text').id)),
      );
    expect(analytics).toEqual([{ value: 'ajacio' }]);

    // A reload resumes with the verdicts, the right answers and the explanations.
    const reload = (await req('GET', base(s.studentId), s.token)).json();
    expect(reload.questions[1].given).toMatchObject({
      value: '3,15',
      verdict: 'right',
      explanation: 'π ≈ 3,14159…',
    });
    expect(reload.questions[3].given).toMatchObject({ verdict: 'wrong', correctOrder: items });
    expect(reload.questions[4].given).toMatchObject({ verdict: 'none', value: 'les fractions' });

    // Choice, number and text right, the order wrong, the poll answered: 4 of 5 (a poll never lowers a score).
    const finish = await req('POST', `${base(s.studentId)}/finish`, s.token);
    expect(finish.statusCode).toBe(200);
    expect(finish.json()).toMatchObject({ score: 4, total: 5 });
  });

  it('refuses an empty or too long typed answer, and a pupil of another class', async () => {
    const s = await pupil(5);
    const url = `${base(s.studentId)}/answer`;
    const empty = await req('POST', url, s.token, { questionId: byKind('text').id, value: '   ' });
    expect(empty.json()).toMatchObject({ message: 'GAME.ERRORS.ANSWER_EMPTY' });
    const long = await req('POST', url, s.token, { questionId: byKind('text').id, value: 'a'.repeat(81) });
    expect(long.statusCode).toBe(400);
    const both = await req('POST', url, s.token, {
      questionId: byKind('text').id,
      value: 'a',
      answerIds: [byKind('choice').answers[0].id],
    });
    expect(both.statusCode).toBe(400);
    expect((await req('GET', base(s.studentId), s.token)).json().homework.answeredCount).toBe(0);

    const other = await signin(ctx.app, DEMO.studentOfOtherClass);
    const otherUrl = `/api/students/${other.studentId}/homework/${homeworkId}`;
    expect((await req('GET', otherUrl, other.accessToken)).statusCode).toBe(404);
    const tried = await req('POST', `${otherUrl}/answer`, other.accessToken, {
      questionId: byKind('text').id,
      value: 'Ajaccio',
    });
    expect(tried.statusCode).toBe(404);
    // …nor through another pupil's address.
    expect(
      (await req('POST', url, other.accessToken, { questionId: byKind('text').id, value: 'Ajaccio' }))
        .statusCode,
    ).toBe(404);
  });
});
