// GET /api/raids/:raidId/export/:format (issue 23): a raid of every kind of question exported as
// Moodle XML, GIFT and our XLSX template, then imported through POST /api/questions/import unchanged;
// only the raid's owner may export it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, questions } from '../../server/db/schema.js';
import { ERR } from '../../shared/errors.js';
import type { ImportResult } from '../../shared/question-import.js';
import { EVERY_KIND } from '../fixtures/import/every-kind.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let teacher: string;
let raidId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  teacher = (await signin(ctx.app, DEMO.admin)).accessToken;
  const chapters = (
    await ctx.app.inject({ method: 'GET', url: '/api/chapters', headers: bearer(teacher) })
  ).json() as { id: string }[];
  // The raid is saved through the form's route, then each question given its kind in the database
  // (what the raid form's save of the kinds writes).
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/chapters/${chapters[0].id}/raids`,
    headers: bearer(teacher),
    payload: {
      title: 'Raid « export » de toutes les sortes',
      shared: false,
      questions: EVERY_KIND.map((q) => ({
        text: q.text,
        answers: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: false },
        ],
      })),
    },
  });
  expect(created.statusCode).toBe(201);
  raidId = created.json().id;
  const db = ctx.database.db;
  const stored = created.json().questions as { id: string }[];
  for (const [i, q] of EVERY_KIND.entries()) {
    const id = stored[i].id;
    await db.delete(answers).where(eq(answers.questionId, id));
    await db
      .update(questions)
      .set({
        kind: q.kind,
        equationMode: q.equationMode,
        settings: q.number ?? q.textAnswer ?? q.poll,
        explanation: q.explanation,
      })
      .where(eq(questions.id, id));
    if (q.answers.length)
      await db.insert(answers).values(
        q.answers.map((a, position) => ({
          questionId: id,
          position,
          text: a.text,
          isCorrect: a.isCorrect,
        })),
      );
  }
});
afterAll(async () => {
  await ctx.close();
});

const boundary = '----crexport';
function upload(name: string, data: Buffer) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/questions/import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(teacher) },
  });
}

describe('raid export', () => {
  const formats: [string, string, RegExp][] = [
    ['moodle', 'xml', /^application\/xml/],
    ['gift', 'gift.txt', /^text\/plain/],
    ['xlsx', 'xlsx', /spreadsheetml/],
  ];
  for (const [format, ext, type] of formats)
    it(`exports every kind as ${format} and the import reads it back unchanged`, async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/raids/${raidId}/export/${format}`,
        headers: bearer(teacher),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['content-disposition']).toContain(
        `filename="Raid-export-de-toutes-les-sortes.${ext}"`,
      );
      const back = await upload(`raid.${ext}`, res.rawPayload);
      expect(back.statusCode).toBe(200);
      const body = back.json() as ImportResult;
      expect(body.report.every((l) => l.status === 'imported')).toBe(true);
      expect(body.questions).toEqual(EVERY_KIND);
    });

  it("refuses another teacher's raid (404), a student (403), an unknown raid and format", async () => {
    const other = (await signin(ctx.app, DEMO.sciences)).accessToken;
    const student = (await signin(ctx.app, DEMO.student)).accessToken;
    const get = (url: string, token: string) =>
      ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    const asOther = await get(`/api/raids/${raidId}/export/gift`, other);
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body).not.toContain('Capitale');
    expect((await get(`/api/raids/${raidId}/export/moodle`, student)).statusCode).toBe(403);
    expect(
      (await get('/api/raids/00000000-0000-4000-8000-000000000000/export/xlsx', teacher)).statusCode,
    ).toBe(404);
    const badFormat = await get(`/api/raids/${raidId}/export/pdf`, teacher);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(ERR.INVALID_BODY);
  });
});
