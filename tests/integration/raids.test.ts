// Chapters, raids and question images: success, every error message, and who may touch what.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../server/db/schema.js';
import { ORPHAN_IMAGE_AGE_MS, sweepOrphanImages } from '../../server/modules/raids/service.js';
import { IMAGE_MAX_BYTES } from '../../shared/constants.js';
import { ERR } from '../../shared/errors.js';
import type { ChapterDto, RaidDto, RaidSummaryDto } from '../../shared/schemas/raid.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: string;
let other: string;
let student: string;
let mathsId: string;
let physicsId: string;
let demoChapterId: string;
let otherChapterId: string;
let otherRaidId: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201cb2e0c0e0000000049454e44ae426082',
    'hex',
  ),
]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, payload, headers: token ? bearer(token) : {} });

function multipart(buf: Buffer, field = 'image', filename = 'q.png') {
  const b = 'raidboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
const upload = (token: string | undefined, buf: Buffer, field?: string) => {
  const m = multipart(buf, field);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/raids/images',
    payload: m.payload,
    headers: { ...m.headers, ...(token ? bearer(token) : {}) },
  });
};

const q = (text: string, over: object = {}) => ({
  text,
  equationMode: false,
  imagePath: null as string | null,
  answers: [
    { text: 'Oui', isCorrect: true },
    { text: 'Non', isCorrect: false },
  ],
  ...over,
});
const raidBody = (title: string, over: object = {}) => ({
  title,
  shared: false,
  questions: [q('Première question ?'), q('Deuxième question ?')],
  ...over,
});

async function newChapter(token: string, name: string, subjectId = mathsId) {
  const res = await call('POST', '/chapters', token, { name, level: 5, subjectId });
  expect(res.statusCode).toBe(201);
  return res.json() as ChapterDto;
}

beforeAll(async () => {
  ctx = await createTestContext();
  prof = (await signin(ctx.app, DEMO.admin)).accessToken;
  other = (await signin(ctx.app, DEMO.sciences)).accessToken;
  student = (await signin(ctx.app, DEMO.student)).accessToken;
  const subjects = (await call('GET', '/subjects')).json() as { id: string; code: string }[];
  mathsId = subjects.find((s) => s.code === 'MATHEMATICS')?.id as string;
  physicsId = subjects.find((s) => s.code === 'PHYSICS_CHEMISTRY')?.id as string;
  demoChapterId = ((await call('GET', '/chapters', prof)).json() as ChapterDto[])[0].id;
  const otherChapters = (await call('GET', '/chapters', other)).json() as ChapterDto[];
  otherChapterId = otherChapters[0].id;
  otherRaidId = (
    (await call('GET', `/chapters/${otherChapterId}/raids`, other)).json() as RaidSummaryDto[]
  )[0].id;
});
afterAll(async () => {
  await ctx.close();
});

describe('chapters', () => {
  it('lists only the caller’s chapters with level, subject, raid count and updated date', async () => {
    const res = await call('GET', '/chapters', prof);
    expect(res.statusCode).toBe(200);
    const list = res.json() as ChapterDto[];
    expect(list.map((c) => c.name)).toEqual(['Fractions et puissances']);
    expect(list[0]).toMatchObject({ level: 5, subjectCode: 'MATHEMATICS', raidCount: 2 });
    expect(Number.isNaN(Date.parse(list[0].updatedAt))).toBe(false);
    const theirs = (await call('GET', '/chapters', other)).json() as ChapterDto[];
    expect(theirs.map((c) => c.name)).toEqual(['Mouvement et interactions']);
  });

  it('creates, reads and renames a chapter', async () => {
    const c = await newChapter(prof, '  Géométrie  ');
    expect(c).toMatchObject({ name: 'Géométrie', level: 5, subjectId: mathsId, raidCount: 0 });
    expect((await call('GET', `/chapters/${c.id}`, prof)).json()).toMatchObject({ name: 'Géométrie' });
    const put = await call('PUT', `/chapters/${c.id}`, prof, {
      name: 'Géométrie plane',
      level: 4,
      subjectId: physicsId,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Géométrie plane', level: 4, subjectCode: 'PHYSICS_CHEMISTRY' });
    const unknown = await call('PUT', `/chapters/${c.id}`, prof, {
      name: 'Géométrie plane',
      level: 4,
      subjectId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json()).toEqual({ message: ERR.CHAPTER_SUBJECT_REQUIRED, field: 'subjectId' });
    // The same name (whatever its case) is refused: "Chapter name already used".
    const dup = await call('POST', '/chapters', prof, {
      name: 'GÉOMÉTRIE PLANE',
      level: 5,
      subjectId: mathsId,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: ERR.CHAPTER_NAME_TAKEN, field: 'name' });
    const other2 = await newChapter(prof, 'Statistiques');
    const renameDup = await call('PUT', `/chapters/${other2.id}`, prof, {
      name: 'géométrie plane',
      level: 5,
      subjectId: mathsId,
    });
    expect(renameDup.json()).toEqual({ message: ERR.CHAPTER_NAME_TAKEN, field: 'name' });
    // Another teacher may use the same name.
    await newChapter(other, 'Géométrie plane', physicsId);
  });

  it('refuses a missing or too long name, a missing level or subject, and an unknown subject', async () => {
    const bad = async (body: object, message: string, field: string) => {
      const res = await call('POST', '/chapters', prof, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, field });
    };
    await bad({ name: ' ', level: 5, subjectId: mathsId }, ERR.REQUIRED, 'name');
    await bad({ name: 'x'.repeat(51), level: 5, subjectId: mathsId }, ERR.CHAPTER_NAME_TOO_LONG, 'name');
    await bad({ name: 'A', subjectId: mathsId }, ERR.LEVEL_REQUIRED, 'level');
    await bad({ name: 'A', level: 9, subjectId: mathsId }, ERR.LEVEL_REQUIRED, 'level');
    await bad({ name: 'A', level: 5 }, ERR.CHAPTER_SUBJECT_REQUIRED, 'subjectId');
    // "Chapter creation error": the subject does not exist (any more).
    await bad(
      { name: 'A', level: 5, subjectId: '00000000-0000-4000-8000-000000000000' },
      ERR.CHAPTER_CREATE_FAILED,
      'subjectId',
    );
    expect(((await call('GET', '/chapters', prof)).json() as ChapterDto[]).some((c) => c.name === 'A')).toBe(
      false,
    );
    expect(
      (await call('POST', '/chapters', prof, { name: 'x'.repeat(50), level: -1, subjectId: mathsId }))
        .statusCode,
    ).toBe(201);
  });

  it('deletes a chapter with its raids and their images', async () => {
    const c = await newChapter(prof, 'À supprimer');
    const { imagePath } = (await upload(prof, PNG)).json() as { imagePath: string };
    const raid = await call(
      'POST',
      `/chapters/${c.id}/raids`,
      prof,
      raidBody('Raid à supprimer', { questions: [q('Q1 ?', { imagePath }), q('Q2 ?')] }),
    );
    expect(raid.statusCode).toBe(201);
    const file = path.join(ctx.dataDir, 'uploads', 'questions', imagePath);
    expect(existsSync(file)).toBe(true);
    expect((await call('DELETE', `/chapters/${c.id}`, prof)).statusCode).toBe(204);
    expect((await call('GET', `/chapters/${c.id}`, prof)).statusCode).toBe(404);
    expect((await call('GET', `/raids/${(raid.json() as RaidDto).id}`, prof)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
  });
});

describe('raids', () => {
  it('lists a chapter’s raids with question count, sharing and date', async () => {
    const res = await call('GET', `/chapters/${demoChapterId}/raids`, prof);
    expect(res.statusCode).toBe(200);
    const list = res.json() as RaidSummaryDto[];
    expect(list.map((r) => r.title).sort()).toEqual(['Les fractions', 'Puissances et Pythagore']);
    expect(list.every((r) => r.questionCount > 0 && r.chapterId === demoChapterId)).toBe(true);
  });

  it('creates a raid with ordered questions, formulas and an image, then reads it back', async () => {
    const c = await newChapter(prof, 'Algèbre');
    const up = await upload(prof, PNG);
    expect(up.statusCode).toBe(201);
    const { imagePath } = up.json() as { imagePath: string };
    expect(imagePath).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/questions/${imagePath}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const body = raidBody('Équations', {
      shared: true,
      questions: [
        q('Combien vaut $$x^2$$ si $$x=3$$ ?', {
          equationMode: true,
          imagePath,
          answers: [
            { text: '$$6$$', isCorrect: false },
            { text: '$$9$$', isCorrect: true },
            { text: '$$\\frac{1}{0$$', isCorrect: false },
          ],
        }),
        q('Deuxième ?'),
      ],
    });
    const res = await call('POST', `/chapters/${c.id}/raids`, prof, body);
    expect(res.statusCode).toBe(201);
    const raid = res.json() as RaidDto;
    expect(raid).toMatchObject({ title: 'Équations', shared: true, chapterId: c.id, isHomework: false });
    expect(raid.questions.map((x) => x.text)).toEqual(['Combien vaut $$x^2$$ si $$x=3$$ ?', 'Deuxième ?']);
    expect(raid.questions[0]).toMatchObject({ equationMode: true, imagePath });
    expect(raid.questions[0].answers.map((a) => [a.text, a.isCorrect])).toEqual([
      ['$$6$$', false],
      ['$$9$$', true],
      ['$$\\frac{1}{0$$', false],
    ]);
    expect((await call('GET', `/raids/${raid.id}`, prof)).json()).toEqual(raid);
    const chapters = (await call('GET', '/chapters', prof)).json() as ChapterDto[];
    expect(chapters.find((x) => x.id === c.id)?.raidCount).toBe(1);

    // The live game reads it with dense positions.
    const game = await call('GET', `/game/raids?subjectId=${mathsId}`, prof);
    expect(JSON.stringify(game.json())).toContain('Équations');
  });

  it('updates a raid: reorders, replaces the image (old file removed) and drops a question', async () => {
    const c = await newChapter(prof, 'Réordonner');
    const a = ((await upload(prof, PNG)).json() as { imagePath: string }).imagePath;
    const b = ((await upload(prof, PNG)).json() as { imagePath: string }).imagePath;
    const created = (
      await call(
        'POST',
        `/chapters/${c.id}/raids`,
        prof,
        raidBody('Ordre', { questions: [q('Un ?', { imagePath: a }), q('Deux ?'), q('Trois ?')] }),
      )
    ).json() as RaidDto;
    const res = await call(
      'PUT',
      `/raids/${created.id}`,
      prof,
      raidBody('Ordre renommé', { questions: [q('Trois ?'), q('Un ?', { imagePath: b })] }),
    );
    expect(res.statusCode).toBe(200);
    const raid = res.json() as RaidDto;
    expect(raid.title).toBe('Ordre renommé');
    expect(raid.questions.map((x) => [x.text, x.imagePath])).toEqual([
      ['Trois ?', null],
      ['Un ?', b],
    ]);
    const dir = path.join(ctx.dataDir, 'uploads', 'questions');
    expect(existsSync(path.join(dir, a))).toBe(false);
    expect(existsSync(path.join(dir, b))).toBe(true);
    // Positions stay dense from 0 (the live game orders by them).
    const rows = await ctx.database.db
      .select({ position: questions.position })
      .from(questions)
      .where(eq(questions.raidId, raid.id))
      .orderBy(asc(questions.position));
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    // Deleting the raid removes its image.
    expect((await call('DELETE', `/raids/${raid.id}`, prof)).statusCode).toBe(204);
    expect((await call('GET', `/raids/${raid.id}`, prof)).statusCode).toBe(404);
    expect(existsSync(path.join(dir, b))).toBe(false);
  });

  it('keeps the questions sent with their id (homework answers refer to them), even when texts swap', async () => {
    const c = await newChapter(prof, 'Identités');
    const created = (
      await call(
        'POST',
        `/chapters/${c.id}/raids`,
        prof,
        raidBody('Identités', { questions: [q('A ?'), q('B ?'), q('C ?')] }),
      )
    ).json() as RaidDto;
    const [a, b, cq] = created.questions;
    const res = await call(
      'PUT',
      `/raids/${created.id}`,
      prof,
      raidBody('Identités', {
        questions: [
          { ...q('B ?'), id: a.id },
          { ...q('A ?'), id: b.id },
          q('Nouvelle ?'),
          // An id that is not one of this raid's questions is a new question.
          { ...q('Étrangère ?'), id: '00000000-0000-4000-8000-000000000000' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const raid = res.json() as RaidDto;
    expect(raid.questions.map((x) => x.text)).toEqual(['B ?', 'A ?', 'Nouvelle ?', 'Étrangère ?']);
    expect(raid.questions[0].id).toBe(a.id);
    expect(raid.questions[1].id).toBe(b.id);
    expect(raid.questions.map((x) => x.id)).not.toContain(cq.id);
    expect(raid.questions[3].id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(raid.questions.every((x) => x.answers.length === 2)).toBe(true);
  });

  it('refuses a title already used (any chapter, any case): "Raid title already used"', async () => {
    const res = await call('POST', `/chapters/${demoChapterId}/raids`, prof, raidBody('les FRACTIONS'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ERR.RAID_TITLE_TAKEN, field: 'title' });
    const c = await newChapter(prof, 'Titres');
    const mine = (
      await call('POST', `/chapters/${c.id}/raids`, prof, raidBody('Titre libre'))
    ).json() as RaidDto;
    const put = await call('PUT', `/raids/${mine.id}`, prof, raidBody('Les fractions'));
    expect(put.json()).toEqual({ message: ERR.RAID_TITLE_TAKEN, field: 'title' });
    // Keeping its own title is fine; another teacher may use the same title.
    expect((await call('PUT', `/raids/${mine.id}`, prof, raidBody('TITRE LIBRE'))).statusCode).toBe(200);
    expect(
      (await call('POST', `/chapters/${otherChapterId}/raids`, other, raidBody('Les fractions'))).statusCode,
    ).toBe(201);
  });

  it('points each invalid field with its message and stores nothing', async () => {
    const c = await newChapter(prof, 'Erreurs');
    const url = `/chapters/${c.id}/raids`;
    const cases: [object, string, string][] = [
      [raidBody(''), ERR.REQUIRED, 'title'],
      [raidBody('t'.repeat(76)), ERR.RAID_TITLE_TOO_LONG, 'title'],
      [raidBody('T', { questions: [] }), ERR.QUESTIONS_REQUIRED, 'questions'],
      [raidBody('T', { questions: [q('A ?'), q('')] }), ERR.REQUIRED, 'questions.1.text'],
      [
        raidBody('T', { questions: [q('A ?'), q('x'.repeat(201))] }),
        ERR.QUESTION_TOO_LONG,
        'questions.1.text',
      ],
      [
        raidBody('T', { questions: [q('A ?', { answers: [{ text: 'Seule', isCorrect: true }] })] }),
        ERR.ANSWERS_MIN,
        'questions.0.answers',
      ],
      [
        raidBody('T', {
          questions: [
            q('A ?'),
            q('B ?', {
              answers: [
                { text: 'Oui', isCorrect: true },
                { text: ' ', isCorrect: false },
              ],
            }),
          ],
        }),
        ERR.ANSWER_REQUIRED,
        'questions.1.answers.1.text',
      ],
      [
        raidBody('T', {
          questions: [
            q('A ?', {
              answers: [
                { text: 'Oui', isCorrect: false },
                { text: 'Non', isCorrect: false },
              ],
            }),
          ],
        }),
        ERR.CORRECT_ANSWER_REQUIRED,
        'questions.0.answers',
      ],
      [
        raidBody('T', { questions: [q('Même question ?'), q('B ?'), q('même  QUESTION ?')] }),
        ERR.DUPLICATE_QUESTION,
        'questions.2.text',
      ],
      [
        raidBody('T', { questions: Array.from({ length: 201 }, (_, i) => q(`Q${i} ?`)) }),
        ERR.TOO_MANY_QUESTIONS,
        'questions',
      ],
      [
        raidBody('T', { questions: [q('A ?', { imagePath: '../secret.png' })] }),
        ERR.IMAGE_NOT_FOUND,
        'questions.0.imagePath',
      ],
      [
        raidBody('T', { questions: [q('A ?', { imagePath: '11111111-1111-4111-8111-111111111111.png' })] }),
        ERR.IMAGE_NOT_FOUND,
        'questions.0.imagePath',
      ],
    ];
    for (const [body, message, field] of cases) {
      const res = await call('POST', url, prof, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    expect((await call('GET', url, prof)).json()).toEqual([]);
  });

  it('keeps the stored raid untouched when an update fails', async () => {
    const c = await newChapter(prof, 'Intact');
    const raid = (await call('POST', `/chapters/${c.id}/raids`, prof, raidBody('Intact'))).json() as RaidDto;
    const bad = await call(
      'PUT',
      `/raids/${raid.id}`,
      prof,
      raidBody('Intact', { questions: [q('Une ?'), q('une ?')] }),
    );
    expect(bad.json()).toEqual({ message: ERR.DUPLICATE_QUESTION, field: 'questions.1.text' });
    const taken = await call(
      'PUT',
      `/raids/${raid.id}`,
      prof,
      raidBody('Les fractions', { questions: [q('Autre ?')] }),
    );
    expect(taken.statusCode).toBe(409);
    expect((await call('GET', `/raids/${raid.id}`, prof)).json()).toEqual(raid);
  });
});

describe('question images', () => {
  it('accepts a JPEG and refuses another type, no file, and a file over 10 MB: "Image too large"', async () => {
    // SOI, a JFIF segment, a 16 x 16 frame header, end of image.
    const jpg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc00011080010001003012200021101031101ffd9',
      'hex',
    );
    const ok = await upload(prof, jpg);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().imagePath).toMatch(/\.jpg$/);
    const gif = await upload(prof, Buffer.from('GIF89a-not-an-image'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ message: ERR.IMAGE_TYPE });
    const none = await upload(prof, PNG, 'other');
    expect(none.json()).toEqual({ message: ERR.REQUIRED, field: 'image' });
    const big = await upload(prof, Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: ERR.IMAGE_TOO_LARGE });
    const json = await call('POST', '/raids/images', prof, { image: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('sweeps images of raids never saved once a day old, never one a question uses', async () => {
    const c = await newChapter(prof, 'Images orphelines');
    const kept = ((await upload(prof, PNG)).json() as { imagePath: string }).imagePath;
    const orphan = ((await upload(prof, PNG)).json() as { imagePath: string }).imagePath;
    const saved = await call(
      'POST',
      `/chapters/${c.id}/raids`,
      prof,
      raidBody('Raid avec image', { questions: [q('Q1 ?', { imagePath: kept }), q('Q2 ?')] }),
    );
    expect(saved.statusCode).toBe(201);
    const dir = path.join(ctx.dataDir, 'uploads', 'questions');
    const { db } = ctx.app.deps;
    // A fresh upload survives: its teacher may still be filling in the form.
    expect(await sweepOrphanImages(db, path.join(ctx.dataDir, 'uploads'))).not.toContain(orphan);
    expect(existsSync(path.join(dir, orphan))).toBe(true);
    const dayLater = Date.now() + ORPHAN_IMAGE_AGE_MS + 60_000;
    const removed = await sweepOrphanImages(db, path.join(ctx.dataDir, 'uploads'), undefined, dayLater);
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(kept);
    expect(existsSync(path.join(dir, orphan))).toBe(false);
    expect(existsSync(path.join(dir, kept))).toBe(true);
    const image = await ctx.app.inject({ method: 'GET', url: `/uploads/questions/${kept}` });
    expect(image.statusCode).toBe(200);
  });

  it('is refused to a student and to anonymous callers', async () => {
    expect((await upload(undefined, PNG)).statusCode).toBe(401);
    expect((await upload(student, PNG)).statusCode).toBe(403);
  });
});

describe('authorisation on every route', () => {
  it('answers 401 anonymous, 403 to a student and 404 to another teacher', async () => {
    const mineRaid = (
      (await call('GET', `/chapters/${demoChapterId}/raids`, prof)).json() as RaidSummaryDto[]
    )[0];
    const body = raidBody('Intrus');
    const routes: [Method, string, object?][] = [
      ['GET', `/chapters/${demoChapterId}`],
      ['PUT', `/chapters/${demoChapterId}`, { name: 'Volé', level: 5, subjectId: mathsId }],
      ['DELETE', `/chapters/${demoChapterId}`],
      ['GET', `/chapters/${demoChapterId}/raids`],
      ['POST', `/chapters/${demoChapterId}/raids`, body],
      ['GET', `/raids/${mineRaid.id}`],
      ['PUT', `/raids/${mineRaid.id}`, body],
      ['DELETE', `/raids/${mineRaid.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(
        401,
      );
      expect((await call(method, url, student, payload)).statusCode, `${method} ${url} student`).toBe(403);
      const res = await call(method, url, other, payload);
      expect(res.statusCode, `${method} ${url} other teacher`).toBe(404);
      expect(res.json()).toEqual({ message: ERR.NOT_FOUND });
    }
    for (const [method, url] of [
      ['GET', '/chapters'],
      ['POST', '/chapters'],
    ] as [Method, string][]) {
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, student, { name: 'X', level: 5, subjectId: mathsId })).statusCode).toBe(
        403,
      );
    }
    // Nothing was changed by the intruders, and nothing of theirs shows in the lists.
    const chapter = (await call('GET', `/chapters/${demoChapterId}`, prof)).json() as ChapterDto;
    expect(chapter.name).toBe('Fractions et puissances');
    expect((await call('GET', `/raids/${mineRaid.id}`, prof)).json().title).toBe(mineRaid.title);
    const mine = JSON.stringify((await call('GET', '/chapters', prof)).json());
    expect(mine).not.toContain(otherChapterId);
    expect(mine).not.toContain('Mouvement');
    expect((await call('GET', `/raids/${otherRaidId}`, prof)).statusCode).toBe(404);
    expect((await call('GET', `/chapters/${otherChapterId}/raids`, prof)).statusCode).toBe(404);
  });

  it('answers 404 for a raid that does not exist and 400 for a broken id', async () => {
    expect((await call('GET', '/raids/00000000-0000-4000-8000-000000000000', prof)).statusCode).toBe(404);
    expect((await call('GET', '/chapters/not-an-id', prof)).statusCode).toBe(400);
  });
});

describe('the Shared badge of the raid list', () => {
  it('is off while the teacher has chosen not to share her raids, and back when she shares again', async () => {
    const me = await signin(ctx.app, DEMO.admin);
    const c = await newChapter(me.accessToken, 'Partage du badge');
    const made = await call(
      'POST',
      `/chapters/${c.id}/raids`,
      me.accessToken,
      raidBody('Partagé ?', { shared: true }),
    );
    expect(made.statusCode).toBe(201);
    const listed = async () =>
      ((await call('GET', `/chapters/${c.id}/raids`, me.accessToken)).json() as RaidSummaryDto[]).find(
        (r) => r.title === 'Partagé ?',
      )?.shared;
    const share = (shareRaids: boolean) =>
      call('PUT', `/professors/${me.professorId}`, me.accessToken, { shareRaids });
    expect((await share(true)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await share(false)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await share(true)).statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });
});
