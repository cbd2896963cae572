// Text typed by one user and shown to others (issue 10): a class name, a student's name and a codex
// phrase are stored NFC, without bidi overrides or zero-width characters, so "ab\u202ecd" reads
// "abcd" on every screen (it read "abdc"); a broken character (lone surrogate) is a translated 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Phrase, StudentProfessor } from '../../shared/codex.js';
import { ERR } from '../../shared/errors.js';
import type { RaidDto } from '../../shared/schemas/raid.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let student: StoredUser; // eleve10, 5e B (prof-demo, maths)
let mathsId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const req = (method: Method, url: string, who?: StoredUser, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? bearer(who.accessToken) : {} });

/** Right-to-left override, zero-width joiner, and an "e" followed by a combining acute accent. */
const HOSTILE = 'ab\u202ecd x\u200dy e\u0301';
const CLEAN = 'abcd xy \u00e9';
const LONE_SURROGATE = 'ab\ud800cd';

beforeAll(async () => {
  ctx = await createTestContext();
  [prof, student] = await Promise.all([
    signin(ctx.app, DEMO.admin),
    signin(ctx.app, { login: 'eleve10', password: DEMO.student.password }),
  ]);
  const teaching = (
    await req('GET', `/api/professors/students/${student.studentId}`, student)
  ).json() as StudentProfessor[];
  mathsId = teaching[0]?.teaching[0]?.subjectId as string;
});
afterAll(async () => {
  await ctx.close();
});

async function newClass(name: string) {
  return req('POST', '/api/schoolclasses', prof, { name, level: 4, subjectId: mathsId, planet: 'xaih' });
}

describe('text typed by users is stored clean', () => {
  it('a class name with a bidi override, a zero-width joiner and a decomposed accent is stored "abcd xy é"', async () => {
    const res = await newClass(HOSTILE);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    const stored = (await req('GET', `/api/schoolclasses/${id}`, prof)).json() as { name: string };
    expect(stored.name).toBe(CLEAN);
    expect(stored.name.normalize('NFC')).toBe(stored.name);
  });

  it("a student's first and last names typed at sign-up are stored clean, as the teacher's class list shows them", async () => {
    const c = (await newClass('Noms')).json() as { id: string };
    const { code } = (
      await req('PATCH', '/api/professors/generate-code', prof, { schoolclassId: c.id })
    ).json() as { code: string };
    const res = await req('POST', '/api/auth/code-signup', undefined, {
      code,
      firstName: HOSTILE,
      lastName: 'Pe\u0301rrin\u200b\u2067',
      username: 'nina-clean',
      password: 'Trousse-Rouge-9!',
    });
    expect(res.statusCode).toBe(201);
    const list = (await req('GET', `/api/students/users/schoolclasses/${c.id}`, prof)).json() as {
      firstName: string;
      lastName: string;
      username: string;
    }[];
    expect(list.map((s) => [s.firstName, s.lastName])).toEqual([[CLEAN, 'P\u00e9rrin']]);
  });

  it("a codex phrase is stored clean, as the teacher's moderation list shows it", async () => {
    const text = `Le codex dit ${HOSTILE}`;
    const res = await req('POST', '/api/codex', student, {
      professorId: prof.professorId,
      subjectId: mathsId,
      schoolclassId: (
        (
          await req('GET', `/api/professors/students/${student.studentId}`, student)
        ).json() as StudentProfessor[]
      )[0]?.teaching[0]?.schoolclassId,
      text,
    });
    expect(res.statusCode).toBe(201);
    const mine = (await req('GET', `/api/codex/professors/${prof.professorId}`, prof)).json() as Phrase[];
    expect(mine.map((c) => c.text)).toContain(`Le codex dit ${CLEAN}`);
    expect(mine.map((c) => c.text)).not.toContain(text);
  });

  it('a chapter name and a raid title are cleaned like names; questions and answers lose bidi controls only', async () => {
    const chapter = await req('POST', '/api/chapters', prof, { name: HOSTILE, level: 5, subjectId: mathsId });
    expect(chapter.statusCode).toBe(201);
    const { id } = chapter.json() as { id: string; name: string };
    expect((chapter.json() as { name: string }).name).toBe(CLEAN);
    const res = await req('POST', `/api/chapters/${id}/raids`, prof, {
      title: `Raid ${HOSTILE}`,
      questions: [
        {
          // An override that would show "? 3 = x" reversed on the board; the joiner is content and stays.
          text: 'Combien vaut \u202e$$x$$ si x = 3 ?\u202c a\u200db',
          equationMode: true,
          answers: [
            { text: '\u2066$$9$$\u2069 cafe\u0301', isCorrect: true },
            { text: '6', isCorrect: false },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const raid = res.json() as RaidDto;
    expect(raid.title).toBe(`Raid ${CLEAN}`);
    expect(raid.questions[0]?.text).toBe('Combien vaut $$x$$ si x = 3 ? a\u200db');
    expect(raid.questions[0]?.answers.map((a) => a.text)).toEqual(['$$9$$ caf\u00e9', '6']);
  });

  it('a lone surrogate in a class name, a name or a codex phrase is a 400 with the translated key, nothing stored', async () => {
    const before = ((await req('GET', '/api/schoolclasses', prof)).json() as unknown[]).length;
    const cls = await newClass(LONE_SURROGATE);
    expect(cls.statusCode).toBe(400);
    expect(cls.json()).toMatchObject({ message: ERR.INVALID_CHARACTERS });
    expect(((await req('GET', '/api/schoolclasses', prof)).json() as unknown[]).length).toBe(before);

    const c = (await newClass('Surrogates')).json() as { id: string };
    const { code } = (
      await req('PATCH', '/api/professors/generate-code', prof, { schoolclassId: c.id })
    ).json() as { code: string };
    const signup = await req('POST', '/api/auth/code-signup', undefined, {
      code,
      firstName: 'Nina',
      lastName: LONE_SURROGATE,
      username: 'nina-surrogate',
      password: 'Trousse-Rouge-9!',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toMatchObject({ message: ERR.INVALID_CHARACTERS });

    const codex = await req('POST', '/api/codex', student, {
      professorId: prof.professorId,
      subjectId: mathsId,
      schoolclassId: c.id,
      text: `x ${LONE_SURROGATE}`,
    });
    expect(codex.statusCode).toBe(400);
    expect(codex.json()).toMatchObject({ message: ERR.INVALID_CHARACTERS });
  });

  it('length limits count the cleaned text: a 50-letter class name padded with invisibles fits, one of invisibles only is required', async () => {
    const padded = await newClass('a\u200b'.repeat(50));
    expect(padded.statusCode).toBe(201);
    expect((padded.json() as { name: string }).name).toBe('a'.repeat(50));
    const empty = await newClass('\u200b\u202e\u2066');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: ERR.REQUIRED });
  });
});
