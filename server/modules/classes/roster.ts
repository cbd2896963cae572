// Pupils' accounts from a class list (issue 21): a teacher of a school without the GAR uploads the
// list her school's software exports (Pronote: "Nom;Prénom;Classe" or one "Élève" column "NOM Prénom",
// in UTF-8 or Windows-1252, `;` or `,` between fields), checks the line-by-line report, then creates
// the accounts: a username and a password by the usual rules, each pupil in the class. The CSV is
// read with the question import's reader (question-import/csv.ts: RFC 4180, bounded rows, linear).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { NAME_MIN, USERNAME_MAX } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { nameSchema } from '../../../shared/schemas/account.js';
import type { Db } from '../../db/client.js';
import { schoolclasses, students, studentsSchoolclasses, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { passwordColumns } from '../../lib/passwords.js';
import { decodeText, detectDelimiter, parseCsv } from '../question-import/csv.js';
import { generateStudentPassword } from './generated-password.js';

/** A class list is small: 256 KB and 200 pupils at most. */
export const ROSTER_FILE_MAX_BYTES = 256 * 1024;
export const ROSTER_ROWS_MAX = 200;

const tooManyPupils = () => badRequest(ERR.ROSTER_TOO_MANY_LINES, { params: { max: ROSTER_ROWS_MAX } });

export interface RosterLine {
  line: number;
  firstName: string;
  lastName: string;
  /** The class the file names for this pupil, when it has a class column. */
  className: string | null;
  status: 'new' | 'refused';
  /** Why the line is refused (an error key) and its parameters. */
  key?: string;
  params?: Record<string, string>;
}

/** Lower case, no accents, no spaces or punctuation: "Prénom" → "prenom", "5e B" → "5eb". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
/** A class name as schools write it in different tools: "5e B", "5EME B", "5B", "5ème-B" → "5b". */
export const classKey = (s: string) => fold(s).replace(/^(\d+)(?:ieme|eme|e)/, '$1');

const HEADERS: Record<string, 'last' | 'first' | 'class' | 'full'> = {
  nom: 'last',
  nomdefamille: 'last',
  nomdusage: 'last',
  lastname: 'last',
  surname: 'last',
  cognome: 'last',
  casata: 'last',
  prenom: 'first',
  prenoms: 'first',
  firstname: 'first',
  nome: 'first',
  classe: 'class',
  division: 'class',
  class: 'class',
  classa: 'class',
  eleve: 'full',
  eleves: 'full',
  nomprenom: 'full',
  student: 'full',
  pupil: 'full',
};

/** "DUPONT-MARTIN Jean Pierre" (Pronote's "Élève" column): the words in capitals are the last name. */
function splitFull(full: string): { lastName: string; firstName: string } {
  const words = full.trim().split(/\s+/);
  let i = 0;
  while (i < words.length - 1 && words[i] === words[i].toLocaleUpperCase('fr') && /\p{L}/u.test(words[i]))
    i++;
  if (i === 0) i = 1;
  return { lastName: words.slice(0, i).join(' '), firstName: words.slice(i).join(' ') };
}

/** "DUPONT" → "Dupont", "LE GALL" → "Le Gall"; a name already in mixed case is kept. */
function nameCase(s: string): string {
  if (s !== s.toLocaleUpperCase('fr')) return s;
  return s
    .toLocaleLowerCase('fr')
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toLocaleUpperCase('fr'));
}

/**
 * The file's lines as pupils: each kept or refused with its reason. Refused: a line without a first
 * or a last name (or one too short), a pupil of another class when the file lists several, the same
 * pupil twice in the file, a pupil already in the class (importing the same list twice adds nobody).
 */
export function readRoster(
  data: Uint8Array,
  target: { className: string; existing: { firstName: string; lastName: string }[] },
): RosterLine[] {
  if (data.length === 0) throw badRequest(ERR.IMPORT_FILE_EMPTY, { field: 'file' });
  const text = decodeText(data);
  let rows: ReturnType<typeof parseCsv>;
  try {
    // A header and ROSTER_ROWS_MAX pupils; past that, parsing stops at once.
    rows = parseCsv(text, detectDelimiter(text), ROSTER_ROWS_MAX + 1);
  } catch {
    throw tooManyPupils();
  }
  if (!rows.length) throw badRequest(ERR.IMPORT_FILE_EMPTY, { field: 'file' });
  // A header names the columns; without one, the columns are last name, first name, class.
  const head = rows[0].cells.map((c) => HEADERS[fold(c)]);
  const hasHeader = head.some((h) => h === 'last' || h === 'first' || h === 'full');
  const col = (kind: 'last' | 'first' | 'class' | 'full') => (hasHeader ? head.indexOf(kind) : -1);
  const cols = hasHeader
    ? { last: col('last'), first: col('first'), cls: col('class'), full: col('full') }
    : { last: 0, first: 1, cls: 2, full: -1 };
  if (hasHeader && cols.full < 0 && (cols.last < 0 || cols.first < 0))
    throw badRequest(ERR.ROSTER_NO_NAMES, { field: 'file' });
  const body = hasHeader ? rows.slice(1) : rows;
  if (body.length > ROSTER_ROWS_MAX) throw tooManyPupils();

  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  const parsed = body.map((r) => {
    let lastName = cell(r.cells, cols.last);
    let firstName = cell(r.cells, cols.first);
    if (cols.full >= 0 && (!lastName || !firstName))
      ({ lastName, firstName } = splitFull(cell(r.cells, cols.full)));
    const className = cols.cls >= 0 ? cell(r.cells, cols.cls) || null : null;
    return { line: r.line, lastName: nameCase(lastName), firstName: nameCase(firstName), className };
  });
  // A list of one class is taken whole, whatever its class is called there; a list of several keeps
  // the lines of this class only.
  const classes = new Set(parsed.map((p) => (p.className ? classKey(p.className) : '')).filter(Boolean));
  const targetKey = classKey(target.className);
  const seen = new Set<string>();
  const inClass = new Set(target.existing.map((e) => `${fold(e.lastName)}|${fold(e.firstName)}`));
  return parsed.map((p): RosterLine => {
    const refuse = (key: string, params?: Record<string, string>): RosterLine => ({
      ...p,
      status: 'refused',
      key,
      ...(params ? { params } : {}),
    });
    for (const [field, value] of [
      ['lastName', p.lastName],
      ['firstName', p.firstName],
    ] as const) {
      const ok = nameSchema.safeParse(value);
      if (!ok.success)
        return refuse(
          value
            ? value.length < NAME_MIN
              ? ERR.ROSTER_NAME_TOO_SHORT
              : ERR.ROSTER_NAME_INVALID
            : ERR.ROSTER_NAME_MISSING,
          { field: field === 'lastName' ? 'LAST_NAME' : 'FIRST_NAME' },
        );
    }
    if (classes.size > 1 && p.className && classKey(p.className) !== targetKey)
      return refuse(ERR.ROSTER_OTHER_CLASS, { className: p.className });
    const who = `${fold(p.lastName)}|${fold(p.firstName)}`;
    if (inClass.has(who)) return refuse(ERR.ROSTER_ALREADY_IN_CLASS);
    if (seen.has(who)) return refuse(ERR.ROSTER_DUPLICATE);
    seen.add(who);
    return {
      ...p,
      firstName: nameSchema.parse(p.firstName),
      lastName: nameSchema.parse(p.lastName),
      status: 'new',
    };
  });
}

/** A username by the username rules (letters, digits, hyphens; 3 to 30): `jean-dupont`, then `jean-dupont2`. */
export function baseUsername(firstName: string, lastName: string): string {
  const part = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  let base = `${part(firstName)}-${part(lastName)}`.replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (base.length < 3) base = `eleve-${base}`.replace(/-$/, '');
  return base.slice(0, USERNAME_MAX - 3).replace(/-+$/, '');
}

/** Free usernames for these bases: the base, else the base and the first free number from 2. */
async function freeUsernames(db: Db, bases: string[]): Promise<string[]> {
  const unique = [...new Set(bases)];
  const taken = new Set(
    (
      await db
        .select({ u: users.username })
        .from(users)
        .where(inArray(sql`regexp_replace(lower(${users.username}), '[0-9]+$', '')`, unique))
    ).map((r) => r.u.toLowerCase()),
  );
  return bases.map((b) => {
    let name = b;
    for (let n = 2; taken.has(name); n++) name = `${b}${n}`;
    taken.add(name);
    return name;
  });
}

export interface CreatedPupil {
  studentId: string;
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

/**
 * Creates the accounts of the lines kept, in one transaction, in the class. Each password is a
 * teacher-generated one (generated-password.ts): hashed for sign-in and kept encrypted for the
 * class's teachers (SPEC: a teacher sees a pupil's generated password until the pupil changes it).
 * The answer is the only time the passwords leave the server in a batch; nothing here is logged.
 */
export async function createRoster(
  deps: Deps,
  schoolclassId: string,
  lines: RosterLine[],
): Promise<CreatedPupil[]> {
  const kept = lines.filter((l) => l.status === 'new');
  if (!kept.length) return [];
  const usernames = await freeUsernames(
    deps.db,
    kept.map((l) => baseUsername(l.firstName, l.lastName)),
  );
  const prepared = await Promise.all(
    kept.map(async (l, i) => {
      const password = generateStudentPassword([usernames[i], l.firstName, l.lastName]);
      return {
        ...l,
        username: usernames[i],
        password,
        ...(await passwordColumns(deps.config.AUTH_SECRET, password)),
      };
    }),
  );
  return deps.db.transaction(async (tx) => {
    const made = await tx
      .insert(users)
      .values(
        prepared.map((p) => ({
          role: 'STUDENT' as const,
          username: p.username,
          email: null,
          passwordHash: p.passwordHash,
          passwordCheck: p.passwordCheck,
          firstName: p.firstName,
          lastName: p.lastName,
          status: 'ACTIVE' as const,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const byName = new Map(made.map((m) => [m.username, m.id]));
    const studs = await tx
      .insert(students)
      .values(
        prepared.map((p) => ({
          userId: byName.get(p.username) as string,
          generatedPasswordEnc: deps.cipher.encrypt(p.password),
          passwordChangedByStudent: false,
        })),
      )
      .returning({ id: students.id, userId: students.userId });
    const studentOf = new Map(studs.map((s) => [s.userId, s.id]));
    await tx.insert(studentsSchoolclasses).values(studs.map((s) => ({ studentId: s.id, schoolclassId })));
    return prepared.map((p) => {
      const userId = byName.get(p.username) as string;
      return {
        studentId: studentOf.get(userId) as string,
        userId,
        firstName: p.firstName,
        lastName: p.lastName,
        username: p.username,
        password: p.password,
      };
    });
  });
}

/** The class's name and its pupils' names, for the report. */
export async function rosterTarget(db: Db, schoolclassId: string) {
  const [c] = await db
    .select({ name: schoolclasses.name })
    .from(schoolclasses)
    .where(eq(schoolclasses.id, schoolclassId));
  const existing = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(studentsSchoolclasses)
    .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(studentsSchoolclasses.schoolclassId, schoolclassId), inArray(users.role, ['STUDENT'])));
  return {
    className: c?.name ?? '',
    existing: existing.map((e) => ({ firstName: e.firstName ?? '', lastName: e.lastName ?? '' })),
  };
}
