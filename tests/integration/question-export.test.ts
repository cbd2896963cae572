// GET /api/raids/:raidId/export/:format (issue 23): a raid of every kind of question exported as
// Moodle XML, GIFT and our XLSX template, then imported through POST /api/questions/import unchanged;
// only the raid's owner may export it. Pictures travel in Moodle XML (a raid with images exported,
// imported into a new raid, the same bytes); GIFT and the template say how many they leave out. A
// picture carried in the HTML (`data:`) is imported too; one linked from another site is never fetched.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, questions } from '../../server/db/schema.js';
import { ERR } from '../../shared/errors.js';
import type { ImportResult } from '../../shared/question-import.js';
import { EVERY_KIND } from '../fixtures/import/every-kind.js';
import { png } from '../helpers/images.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let professor: string;
let raidId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  professor = (await signin(ctx.app, DEMO.admin)).accessToken;
  const chapters = (
    await ctx.app.inject({ method: 'GET', url: '/api/chapters', headers: bearer(professor) })
  ).json() as { id: string }[];
  // The raid is saved through the form's route, then each question given its kind in the database
  // (what the raid form's save of the kinds writes).
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/chapters/${chapters[0].id}/raids`,
    headers: bearer(professor),
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
function upload(name: string, data: Buffer, url = '/api/questions/import', field = 'file') {
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(professor) },
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
        headers: bearer(professor),
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
      (await get('/api/raids/00000000-0000-4000-8000-000000000000/export/xlsx', professor)).statusCode,
    ).toBe(404);
    const badFormat = await get(`/api/raids/${raidId}/export/pdf`, professor);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(ERR.INVALID_BODY);
  });
});

describe('raid export with pictures', () => {
  const picture = png(640, 480, 3000);
  const figure = png(200, 100, 1000);
  let pictureRaid: string;
  let chapterId: string;

  beforeAll(async () => {
    const stored: string[] = [];
    for (const data of [picture, figure]) {
      const res = await upload('image.png', data, '/api/raids/images', 'image');
      expect(res.statusCode).toBe(201);
      stored.push(res.json().imagePath);
    }
    chapterId = (
      (await ctx.app.inject({ method: 'GET', url: '/api/chapters', headers: bearer(professor) })).json() as {
        id: string;
      }[]
    )[0].id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/chapters/${chapterId}/raids`,
      headers: bearer(professor),
      payload: {
        title: 'Raid « images » exporté',
        questions: [
          {
            text: 'Quel est ce triangle ?',
            imagePath: stored[0],
            answers: [
              { text: 'Rectangle', isCorrect: true },
              { text: 'Équilatéral', isCorrect: false },
            ],
            explanation: 'Il a un angle droit.',
            explanationImagePath: stored[1],
          },
          {
            text: 'Sans image ?',
            answers: [
              { text: 'Oui', isCorrect: true },
              { text: 'Non', isCorrect: false },
            ],
          },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    pictureRaid = created.json().id;
  });

  const exportOf = (format: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/raids/${pictureRaid}/export/${format}`,
      headers: bearer(professor),
    });
  const served = async (name: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/uploads/questions/${name}` })).rawPayload;

  it('exports the pictures in Moodle XML; imported into a new raid, they are the same bytes', async () => {
    const res = await exportOf('moodle');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-images-left-out']).toBe('0');
    expect(res.body).toContain('@@PLUGINFILE@@/');
    const back = await upload('raid.xml', res.rawPayload);
    expect(back.statusCode).toBe(200);
    const body = back.json() as ImportResult;
    expect(body.report.map((l) => [l.status, l.errors])).toEqual([
      ['imported', undefined],
      ['imported', undefined],
    ]);
    const [withImages, without] = body.questions;
    expect(withImages).toMatchObject({ text: 'Quel est ce triangle ?', explanation: 'Il a un angle droit.' });
    expect(without.imagePath).toBeUndefined();
    // Stored as an upload is: the form saves a new raid with them, and the board shows the same bytes.
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/chapters/${chapterId}/raids`,
      headers: bearer(professor),
      payload: { title: 'Raid « images » importé', questions: body.questions },
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json().questions[0] as { imagePath: string; explanationImagePath: string };
    expect(await served(saved.imagePath)).toEqual(picture);
    expect(await served(saved.explanationImagePath)).toEqual(figure);
  });

  it('says how many pictures GIFT and the sheet template leave out', async () => {
    for (const format of ['gift', 'xlsx']) {
      const res = await exportOf(format);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-images-left-out']).toBe('2');
    }
  });

  it('refuses a hostile picture with a line of the report and imports the question without it', async () => {
    const bomb = png(100_000, 100_000);
    const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><questiontext format="html"><text><![CDATA[<p>Bombe ?</p><img src="@@PLUGINFILE@@/b.png">]]></text><file name="b.png" encoding="base64">${bomb.toString('base64')}</file></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    const res = await upload('bombe.xml', Buffer.from(xml));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportResult;
    expect(body.questions[0].imagePath).toBeUndefined();
    expect(body.report[0]).toMatchObject({
      status: 'imported',
      errors: [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'b.png' } }],
    });
  });

  it('imports a picture carried in the HTML (data: URL) as an embedded one; one linked from a site is never fetched, and the report says so', async () => {
    // A site the file links pictures from: it must receive no request.
    const asked: string[] = [];
    const site = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end(png(2, 2));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    try {
      const picture = png(300, 200, 500);
      const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><questiontext format="html"><text><![CDATA[<p>Quelle figure ?</p><img src="data:image/png;base64,${picture.toString('base64')}" alt="">]]></text></questiontext><generalfeedback format="html"><text><![CDATA[<p>Voyez la carte.</p><img src="http://127.0.0.1:${port}/carte.png">]]></text></generalfeedback><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
      const res = await upload('figure.xml', Buffer.from(xml));
      expect(res.statusCode).toBe(200);
      const body = res.json() as ImportResult;
      expect(body.report).toEqual([
        {
          line: 1,
          status: 'imported',
          question: 'Quelle figure ?',
          errors: [{ key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host: `127.0.0.1:${port}` } }],
        },
      ]);
      expect(body.questions[0]).toMatchObject({ text: 'Quelle figure ?', explanation: 'Voyez la carte.' });
      expect(body.questions[0].explanationImagePath).toBeUndefined();
      expect(await served(body.questions[0].imagePath as string)).toEqual(picture);
      expect(asked).toEqual([]);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('answers a Moodle XML file full of huge base64 within 2 s, and refuses one past 20 MB (413)', async () => {
    // Near 19 MB: one picture past 10 MB, then base64 that is no picture at all.
    const junk = Buffer.alloc(3.5 * 1024 * 1024, 0x17).toString('base64');
    const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><questiontext format="html"><text>Lourd ?</text><file name="big.png" encoding="base64">${png(10, 10, 10.5 * 1024 * 1024).toString('base64')}</file></questiontext><generalfeedback><text>x</text><file name="j.png" encoding="base64">${junk}</file></generalfeedback><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    expect(xml.length).toBeGreaterThan(18 * 1024 * 1024);
    expect(xml.length).toBeLessThan(20 * 1024 * 1024);
    const at = performance.now();
    const res = await upload('lourd.xml', Buffer.from(xml));
    expect(performance.now() - at).toBeLessThan(2000);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportResult).report[0]).toMatchObject({
      status: 'imported',
      errors: [
        { key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'big.png' } },
        { key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'j.png' } },
      ],
    });
    const over = await upload('trop.xml', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 413,
      body: { message: ERR.IMPORT_FILE_TOO_LARGE, params: { maxMb: 20 } },
    });
    // The other formats keep their 2 MB.
    const csv = await upload('trop.csv', Buffer.alloc(3 * 1024 * 1024, 0x41));
    expect(csv.statusCode).toBe(413);
    expect(csv.json().params).toEqual({ maxMb: 2 });
  });
});
