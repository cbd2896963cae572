// POST /api/questions/import: a teacher's CSV or XLSX file read into questions and a line-by-line
// report; files that cannot be read are refused as a whole. Nothing is stored.
import diagnostics_channel from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildXlsx } from '../../scripts/templates/question-templates.js';
import { ERR } from '../../shared/errors.js';
import type { ImportResult } from '../../shared/question-import.js';
import { unclosedTagXlsx, zipBombXlsx } from '../fixtures/import/hostile.js';
import { KAHOOT_HEADER, kahootXlsx } from '../fixtures/import/kahoot.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'tests/fixtures/import', name));
const HEADER = 'Question;Équation;Réponse 1;Correcte 1;Réponse 2;Correcte 2;Réponse 3;Correcte 3';

let ctx: TestContext;
let professor: string;
beforeAll(async () => {
  ctx = await createTestContext();
  professor = (await signin(ctx.app, DEMO.admin)).accessToken;
});
afterAll(async () => {
  await ctx.close();
});

interface Upload {
  file?: { name: string; data: Buffer | Uint8Array; type?: string };
  existing?: string;
  token?: string | null;
}

const boundary = '----crimport';

function multipartBody({ file, existing }: Upload): Buffer {
  const parts: Buffer[] = [];
  if (existing !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="existingQuestions"\r\n\r\n${existing}\r\n`,
      ),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function upload({ token = professor, ...input }: Upload) {
  const payload = multipartBody(input);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/questions/import',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? bearer(token) : {}),
    },
  });
}

/** The kind fields of a plain choice question (issue 23). */
const CHOICE = { kind: 'choice', number: null, textAnswer: null, poll: null, explanation: null } as const;

const csv = (text: string, name = 'questions.csv') => ({ file: { name, data: Buffer.from(text, 'utf8') } });

describe('POST /api/questions/import', () => {
  it('imports a French Excel CSV (Windows-1252, ;) and reports its two bad lines', async () => {
    const res = await upload({
      file: { name: 'questions.csv', data: fixture('questions-two-bad-lines.csv') },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportResult;
    expect(body.questions.map((q) => q.text)).toEqual([
      'Quelle est la capitale de la France ?',
      'Combien de côtés a un hexagone ?',
      'Quel est le résultat de 12 ÷ 4 ?',
      'Qui a écrit « Les Misérables » ?',
      'Combien font $$2^3$$ ?',
    ]);
    expect(body.questions[3].answers).toEqual([
      { text: 'Victor Hugo', isCorrect: true },
      { text: 'Zola; Émile', isCorrect: false },
    ]);
    expect(body.questions[4].equationMode).toBe(true);
    expect(body.report.filter((l) => l.status === 'refused')).toEqual([
      { line: 5, status: 'refused', question: '', errors: [{ key: ERR.IMPORT_QUESTION_REQUIRED }] },
      {
        line: 6,
        status: 'refused',
        question: 'Quel animal est un mammifère ?',
        errors: [{ key: ERR.CORRECT_ANSWER_REQUIRED }],
      },
    ]);
    expect(body.report.map((l) => l.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('imports the downloadable XLSX template', async () => {
    const res = await upload({
      file: {
        name: 'modele.xlsx',
        data: readFileSync(path.join(ROOT, 'assets/templates/questions-template.xlsx')),
      },
    });
    expect(res.statusCode).toBe(200);
    // One example of each kind of question (issue 23).
    const body = res.json() as ImportResult;
    expect(body.report.map((l) => l.status)).toEqual(Array(7).fill('imported'));
    expect(body.questions.map((q) => q.kind)).toEqual([
      'choice',
      'choice',
      'choice',
      'number',
      'text',
      'order',
      'poll',
    ]);
  });

  it('refuses lines repeating a question of the raid or an earlier line', async () => {
    const res = await upload({
      ...csv(`${HEADER}\nCapitale ?;;Paris;x;Lyon;\ncapitale  ?;;Paris;x;Lyon;\nDéjà posée;;a;x;b;\n`),
      existing: JSON.stringify(['DEJA POSÉE']),
    });
    const body = res.json() as ImportResult;
    expect(body.questions.map((q) => q.text)).toEqual(['Capitale ?']);
    expect(body.report.slice(1).map((l) => l.errors)).toEqual([
      [{ key: ERR.DUPLICATE_QUESTION, params: { line: 2 } }],
      [{ key: ERR.DUPLICATE_QUESTION }],
    ]);
  });

  it('names every reason a line is refused', async () => {
    const lines = [
      ';;a;x;b;',
      `${'q'.repeat(201)};;a;x;b;`,
      'One answer;;a;x;;',
      'No correct;;a;;b;',
      'Gap;;a;x;;;c;',
      `Long answer;;${'a'.repeat(121)};x;b;`,
      'Bad mark;;a;peut-être;b;',
    ];
    const res = await upload(csv(`${HEADER}\n${lines.join('\n')}\n`));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportResult;
    expect(body.questions).toEqual([]);
    expect(body.report.map((l) => l.errors?.[0])).toEqual([
      { key: ERR.IMPORT_QUESTION_REQUIRED },
      { key: ERR.QUESTION_TOO_LONG, params: { max: 200 } },
      { key: ERR.ANSWERS_MIN, params: { min: 2 } },
      { key: ERR.CORRECT_ANSWER_REQUIRED },
      { key: ERR.ANSWER_REQUIRED, params: { answer: 2 } },
      { key: ERR.ANSWER_TOO_LONG, params: { max: 120, answer: 1 } },
      { key: ERR.IMPORT_BAD_MARK, params: { column: 'Correcte 1', value: 'peut-être' } },
    ]);
  });

  it('refuses the lines past the raid room of 200 questions', async () => {
    const existing = JSON.stringify(Array.from({ length: 199 }, (_, i) => `Question ${i}`));
    const body = (
      await upload({ ...csv(`${HEADER}\nA;;a;x;b;\nB;;a;x;b;\n`), existing })
    ).json() as ImportResult;
    expect(body.questions).toHaveLength(1);
    expect(body.report[1].errors).toEqual([{ key: ERR.TOO_MANY_QUESTIONS, params: { max: 200 } }]);
    // A form already past the maximum (not saved yet): every line is refused, the request is not.
    const over = JSON.stringify(Array.from({ length: 250 }, (_, i) => `Question ${i}`));
    const full = (await upload({ ...csv(`${HEADER}\nA;;a;x;b;\n`), existing: over })).json() as ImportResult;
    expect(full.questions).toEqual([]);
    expect(full.report[0].errors).toEqual([{ key: ERR.TOO_MANY_QUESTIONS, params: { max: 200 } }]);
  });

  it('refuses a whole file that cannot be read, with one reason', async () => {
    const cases: [Upload, number, string, unknown?][] = [
      [{ file: { name: 'questions.pdf', data: Buffer.from('%PDF-1.4') } }, 400, ERR.IMPORT_FILE_TYPE],
      [
        { file: { name: 'questions.xls', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) } },
        400,
        ERR.IMPORT_FILE_TYPE,
      ],
      [
        { file: { name: 'questions.csv', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) } },
        400,
        ERR.IMPORT_FILE_TYPE,
      ],
      [
        { file: { name: 'questions.xlsx', data: zipSync({ 'hello.txt': strToU8('hi') }) } },
        400,
        ERR.IMPORT_UNREADABLE,
      ],
      [{ file: { name: 'questions.csv', data: Buffer.alloc(0) } }, 400, ERR.IMPORT_FILE_EMPTY],
      // Issue 23: a Moodle XML file with a DTD, or nested past any real one, is refused as a whole.
      [
        { file: { name: 'quiz.xml', data: Buffer.from('<!DOCTYPE quiz [<!ENTITY a "b">]><quiz/>') } },
        400,
        ERR.IMPORT_UNREADABLE,
      ],
      [
        { file: { name: 'quiz.xml', data: Buffer.from(`<quiz>${'<a>'.repeat(100_000)}`) } },
        400,
        ERR.IMPORT_UNREADABLE,
      ],
      [{ file: { name: 'quiz.gift', data: Buffer.from('// only a comment\n') } }, 400, ERR.IMPORT_FILE_EMPTY],
      [{}, 400, ERR.IMPORT_FILE_EMPTY],
      [csv(`${HEADER}\n`), 400, ERR.IMPORT_FILE_EMPTY],
      [csv('Combien ?;4;x;5;\n'), 400, ERR.IMPORT_NO_HEADER],
      [csv('Question;Réponse 1;Remarque\nQ;a;b\n'), 400, ERR.IMPORT_UNKNOWN_COLUMN, { column: 'Remarque' }],
      [csv('Question;Réponse 1;Answer 1\nQ;a;b\n'), 400, ERR.IMPORT_DUPLICATE_COLUMN, { column: 'Answer 1' }],
      [
        {
          file: {
            name: 'q.xlsx',
            data: buildXlsx([
              ['Question', 'Réponse 1'],
              ...Array.from({ length: 201 }, (_, i) => [`Q${i}`, 'a']),
            ]),
          },
        },
        400,
        ERR.IMPORT_TOO_MANY_LINES,
        { max: 200 },
      ],
      [
        { file: { name: 'big.csv', data: Buffer.alloc(2 * 1024 * 1024 + 1, 'a') } },
        413,
        ERR.IMPORT_FILE_TOO_LARGE,
        { maxMb: 2 },
      ],
    ];
    for (const [input, status, message, params] of cases) {
      const res = await upload(input);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status,
        body: params ? { message, params } : expect.objectContaining({ message }),
      });
      expect(res.json()).not.toHaveProperty('questions');
    }
  });

  it('refuses a request that is not a file upload, and a broken list of existing questions', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/questions/import',
      payload: { questions: [] },
      headers: bearer(professor),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(ERR.INVALID_BODY);
    for (const existing of ['not json', '{"a":1}', JSON.stringify(Array(1001).fill('q'))]) {
      const res = await upload({ ...csv(`${HEADER}\nQ;;a;x;b;\n`), existing });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ERR.INVALID_BODY);
    }
  });

  it('is for teachers only: anonymous 401, student 403', async () => {
    const file = csv(`${HEADER}\nQ;;a;x;b;\n`);
    const anonymous = await upload({ ...file, token: null });
    expect(anonymous.statusCode).toBe(401);
    const student = await signin(ctx.app, DEMO.student);
    const asStudent = await upload({ ...file, token: student.accessToken });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json()).toEqual({ message: ERR.FORBIDDEN });
  });
});

describe('Kahoot spreadsheets', () => {
  it("imports Kahoot's quiz template (title rows, numbered rows, correct answers as numbers) with a line-by-line report", async () => {
    const res = await upload({ file: { name: 'KahootQuizTemplate.xlsx', data: kahootXlsx() } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportResult;
    expect(body.questions).toEqual([
      {
        ...CHOICE,
        text: 'Quelle est la capitale de la France ?',
        equationMode: false,
        answers: [
          { text: 'Lyon', isCorrect: false },
          { text: 'Paris', isCorrect: true },
          { text: 'Marseille', isCorrect: false },
          { text: 'Nice', isCorrect: false },
        ],
      },
      {
        ...CHOICE,
        text: 'Quels nombres sont pairs ?',
        equationMode: false,
        answers: [
          { text: '2', isCorrect: true },
          { text: '3', isCorrect: false },
          { text: '4', isCorrect: true },
          { text: '5', isCorrect: false },
        ],
      },
      {
        ...CHOICE,
        text: 'Vrai ou faux : 1 > 2 & 2 < 3',
        equationMode: false,
        answers: [
          { text: 'Vrai', isCorrect: false },
          { text: 'Faux', isCorrect: true },
        ],
      },
    ]);
    // Lines as the spreadsheet numbers them (the header is on row 8); the empty numbered rows are
    // not lines of the quiz.
    expect(body.report.map((l) => [l.line, l.status, l.errors])).toEqual([
      [9, 'imported', undefined],
      [10, 'imported', undefined],
      [11, 'imported', undefined],
      [12, 'refused', [{ key: ERR.CORRECT_ANSWER_REQUIRED }]],
      [
        13,
        'refused',
        [
          { key: ERR.IMPORT_BAD_CORRECT, params: { column: KAHOOT_HEADER[7], value: '5', max: 4 } },
          { key: ERR.CORRECT_ANSWER_REQUIRED },
        ],
      ],
      [
        14,
        'refused',
        [{ key: ERR.ANSWER_REQUIRED, params: { answer: 3 } }, { key: ERR.CORRECT_ANSWER_REQUIRED }],
      ],
    ]);
  });

  it('imports a Kahoot sheet saved as CSV, with its header on the first row', async () => {
    const res = await upload(
      csv(
        'Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 characters,Time limit (sec),Correct answer(s)\nCombien font 2 + 2 ?,4,5,20,1\n',
        'kahoot.csv',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportResult).questions).toEqual([
      {
        ...CHOICE,
        text: 'Combien font 2 + 2 ?',
        equationMode: false,
        answers: [
          { text: '4', isCorrect: true },
          { text: '5', isCorrect: false },
        ],
      },
    ]);
  });
});

describe('hostile files', () => {
  // Before issue 10, the first froze every request of every user for seconds (a regular expression
  // searched each tag's end from its start); the second inflated a worksheet declaring 100 bytes to
  // its real size, on the event loop.
  let bomb: Uint8Array | undefined;
  const zipBomb = () => {
    bomb ??= zipBombXlsx(32);
    return bomb;
  };
  const hostile: [string, () => Uint8Array][] = [
    ['a workbook whose tags are never closed', () => unclosedTagXlsx()],
    ['a worksheet declaring 100 bytes that inflates to 32 MB', zipBomb],
  ];
  for (const [what, build] of hostile) {
    it(`answers another request while it reads ${what}, then refuses it with a translated 400`, async () => {
      let other: Promise<{ statusCode: number }> | undefined;
      let otherMs = Number.POSITIVE_INFINITY;
      const sendOther = () => {
        const sentAt = performance.now();
        other ??= ctx.app
          .inject({ method: 'GET', url: '/api/schoolclasses', headers: bearer(professor) })
          .then((res) => {
            otherMs = performance.now() - sentAt;
            return res;
          });
      };
      // Both threads started, as on a listening server (the tests' inject does not warm them).
      await Promise.all([upload(csv(`${HEADER}\nA ?;;a;x;b;\n`)), upload(csv(`${HEADER}\nB ?;;a;x;b;\n`))]);
      // The same request without an upload in flight: what the machine itself takes (a loaded CI).
      const baselineAt = performance.now();
      await ctx.app.inject({ method: 'GET', url: '/api/schoolclasses', headers: bearer(professor) });
      const baselineMs = performance.now() - baselineAt;
      // The other request leaves as the file starts being read: it must not wait for the file.
      const started = diagnostics_channel.channel('classe-raid:question-import:started');
      started.subscribe(sendOther);
      try {
        const data = build();
        const sentAt = performance.now();
        let uploadMs = Number.POSITIVE_INFINITY;
        const res = await upload({ file: { name: 'quiz.xlsx', data } }).then((r) => {
          uploadMs = performance.now() - sentAt;
          return r;
        });
        // It left while the file was being read. Which of the two is answered first is a race (a
        // broken workbook may be refused before PostgreSQL answers), so only the delay is checked.
        expect(other, 'sent while the file was being read').toBeDefined();
        expect((await other)?.statusCode).toBe(200);
        // The bounds: no other request waits 100 ms more because of the file; its 400 comes
        // within 2 s.
        expect(otherMs - baselineMs).toBeLessThan(100);
        expect(uploadMs).toBeLessThanOrEqual(2000);
        expect({ status: res.statusCode, body: res.json() }).toEqual({
          status: 400,
          body: { message: ERR.IMPORT_UNREADABLE },
        });
      } finally {
        started.unsubscribe(sendOther);
      }
    });
  }

  it('lets one teacher have two files read at a time: a third sent at once is refused with 429', async () => {
    const sent = await Promise.all(
      [1, 2, 3].map(() => upload({ file: { name: 'quiz.xlsx', data: zipBomb() } })),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([400, 400, 429]);
    expect(sent.find((r) => r.statusCode === 429)?.json()).toMatchObject({ message: ERR.TOO_MANY_REQUESTS });
  });

  it('reads the next file as before once a hostile one was refused', async () => {
    await upload({ file: { name: 'quiz.xlsx', data: zipBomb() } });
    const res = await upload(csv(`${HEADER}\nCapitale ?;;Paris;x;Lyon;\n`));
    expect(res.statusCode).toBe(200);
    expect((res.json() as ImportResult).questions.map((q) => q.text)).toEqual(['Capitale ?']);
  });
});

describe('templates', () => {
  it('serves the CSV and XLSX templates with their content types', async () => {
    const csvRes = await ctx.app.inject({ method: 'GET', url: '/assets/templates/questions-template.csv' });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toMatch(/^text\/csv/);
    expect(csvRes.body).toContain('Question;Équation;Type;Réponse 1;Correcte 1');
    const xlsx = await ctx.app.inject({ method: 'GET', url: '/assets/templates/questions-template.xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
