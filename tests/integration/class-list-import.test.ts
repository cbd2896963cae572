// Pupils' accounts from a class list (issue 21): the CSV a school's software exports (Pronote in
// Windows-1252 with `;`, or UTF-8 with `,`), a preview then the accounts, a translated report of the
// lines refused, duplicates, a bounded file, the passwords in the answer only (never in the log), and
// the class's teachers only.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../../server/db/schema.js';
import { ROSTER_FILE_MAX_BYTES, ROSTER_ROWS_MAX } from '../../server/modules/classes/roster.js';
import { ERR } from '../../shared/errors.js';
import type { RosterResult } from '../../shared/schemas/schoolclass.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let prof: StoredUser;
let other: StoredUser;
let classId: string;
let maths: string;
const logLines: string[] = [];

/** Windows-1252 bytes of a text (the characters of French names). */
function cp1252(text: string): Buffer {
  return Buffer.from([...text].map((c) => (c === '’' ? 0x92 : c.charCodeAt(0) & 0xff)));
}

function upload(user: StoredUser | null, id: string, data: Buffer, create: boolean) {
  const boundary = '----crroster';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="create"\r\n\r\n${create}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="liste.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/schoolclasses/${id}/students/import`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(user ? bearer(user.accessToken) : {}),
    },
  });
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestContext({}, undefined, { level: 'info', stream });
  const subjects = (await ctx.app.inject({ method: 'GET', url: '/api/subjects' })).json() as {
    id: string;
    code: string;
  }[];
  maths = subjects.find((x) => x.code === 'MATHEMATICS')?.id as string;
  prof = await signin(ctx.app, DEMO.admin);
  other = await signin(ctx.app, DEMO.sciences);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/schoolclasses',
    headers: bearer(prof.accessToken),
    payload: { name: '4e C', level: 4, subjectId: maths, planet: 'nebula' },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`class: ${res.statusCode} ${res.body}`);
  classId = (res.json() as { id: string }).id;
});
afterAll(async () => {
  await ctx?.close();
});

// Pronote's export of a whole level, as French Excel saves it: Windows-1252, `;`, one "Élève" column.
const PRONOTE = cp1252(
  'Élève;Né(e) le;Classe\r\n' +
    'DUPONT Léa;03/02/2012;4E C\r\n' +
    'LE GALL Noël;11/09/2012;4e C\r\n' +
    'MARTIN-ROUSSEAU Chloé;01/01/2012;4EME C\r\n' +
    'BERNARD Zoé;05/05/2012;4E A\r\n' +
    'DUPONT Léa;03/02/2012;4E C\r\n' +
    ';;4E C\r\n',
);

describe('a class list from the school software', () => {
  it('previews the lines: kept, or refused with a translated reason, and creates nothing', async () => {
    const res = await upload(prof, classId, PRONOTE, false);
    expect(res.statusCode).toBe(200);
    const body = res.json() as RosterResult;
    expect(body.created).toBe(false);
    expect(body.pupils).toEqual([]);
    expect(body.lines.map((l) => [l.line, l.lastName, l.firstName, l.status, l.key ?? null])).toEqual([
      [2, 'Dupont', 'Léa', 'new', null],
      [3, 'Le Gall', 'Noël', 'new', null],
      [4, 'Martin-Rousseau', 'Chloé', 'new', null],
      [5, 'Bernard', 'Zoé', 'refused', ERR.ROSTER_OTHER_CLASS],
      [6, 'Dupont', 'Léa', 'refused', ERR.ROSTER_DUPLICATE],
      [7, '', '', 'refused', ERR.ROSTER_NAME_MISSING],
    ]);
    expect(body.lines[3].params).toEqual({ className: '4E A' });
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'lea-dupont'))).toEqual([]);
  });

  it('creates the accounts: usernames by the rules, passwords that sign in, shown once and never logged', async () => {
    logLines.length = 0;
    const res = await upload(prof, classId, PRONOTE, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as RosterResult;
    expect(body.created).toBe(true);
    expect(body.pupils.map((p) => p.username)).toEqual([
      'lea-dupont',
      'noel-le-gall',
      'chloe-martin-rousseau',
    ]);
    for (const p of body.pupils) {
      expect(p.username).toMatch(/^[a-z0-9-]{3,30}$/);
      const signedIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { login: p.username, password: p.password },
      });
      expect(signedIn.statusCode).toBe(200);
    }
    const log = logLines.join('');
    expect(log).toContain('pupils imported from a class list');
    for (const p of body.pupils) {
      expect(log).not.toContain(p.password);
      expect(log).not.toContain(p.lastName);
    }
    // The class's page lists them, with the password the teacher reads until the pupil changes it.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/students/users/schoolclasses/${classId}`,
      headers: bearer(prof.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { username: string; password: string | null }[];
    expect(rows.find((r) => r.username === 'lea-dupont')?.password).toBe(body.pupils[0].password);
    const [u] = await ctx.database.db.select().from(users).where(eq(users.username, 'lea-dupont'));
    const [s] = await ctx.database.db.select().from(students).where(eq(students.userId, u.id));
    expect(s.passwordChangedByStudent).toBe(false);
    expect(u.passwordHash).not.toContain(body.pupils[0].password);
  });

  it('imports the same list again: nobody twice; a namesake elsewhere gets the next free username', async () => {
    const again = (await upload(prof, classId, PRONOTE, true)).json() as RosterResult;
    expect(again.pupils).toEqual([]);
    // The three pupils, and the line that named one of them twice.
    expect(again.lines.filter((l) => l.key === ERR.ROSTER_ALREADY_IN_CLASS).map((l) => l.line)).toEqual([
      2, 3, 4, 6,
    ]);
    // UTF-8 with a BOM and `,`, columns named, another class of the same teacher.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/schoolclasses',
      headers: bearer(prof.accessToken),
      payload: { name: '3e A', level: 3, subjectId: maths, planet: 'nebula' },
    });
    const second = (res.json() as { id: string }).id;
    const csv = Buffer.from('\uFEFFNom,Prénom\r\nDupont,Léa\r\n"O\'Neil, Jr",Sam\r\nX,Y\r\n', 'utf8');
    const made = (await upload(prof, second, csv, true)).json() as RosterResult;
    expect(made.pupils.map((p) => p.username)).toEqual(['lea-dupont2', 'sam-o-neil-jr']);
    expect(made.lines[2]).toMatchObject({ status: 'refused', key: ERR.ROSTER_NAME_TOO_SHORT });
  });

  it('refuses a file too large, too long, without names, or empty, with a translated key', async () => {
    const big = await upload(prof, classId, Buffer.alloc(ROSTER_FILE_MAX_BYTES + 10, 0x41), false);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: ERR.ROSTER_FILE_TOO_LARGE });
    const long = Buffer.from(
      `Nom;Prénom\n${Array.from({ length: ROSTER_ROWS_MAX + 1 }, (_, i) => `Nom${i};Eleve`).join('\n')}`,
    );
    expect((await upload(prof, classId, long, false)).json()).toMatchObject({
      message: ERR.ROSTER_TOO_MANY_LINES,
    });
    const noNames = Buffer.from('Nom;Date\nDupont;2012\n');
    expect((await upload(prof, classId, noNames, false)).json()).toMatchObject({
      message: ERR.ROSTER_NO_NAMES,
    });
    const empty = await upload(prof, classId, Buffer.alloc(0), false);
    expect(empty.statusCode).toBe(400);
  });

  it("is refused for another teacher's class (404), to pupils (403) and without a token (401)", async () => {
    expect((await upload(other, classId, PRONOTE, true)).statusCode).toBe(404);
    const pupil = await signin(ctx.app, DEMO.student);
    expect((await upload(pupil, classId, PRONOTE, true)).statusCode).toBe(403);
    expect((await upload(null, classId, PRONOTE, true)).statusCode).toBe(401);
  });
});
