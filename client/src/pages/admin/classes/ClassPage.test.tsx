import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ClassProfessorDto,
  ClassStudentDto,
  SchoolclassDto,
} from '../../../../../shared/schemas/schoolclass';
import { formatDateTime } from '../../../lib/dates';
import { fieldError, mockApi, renderPage, tx, where } from '../../../test-utils/page';
import AdministrationPage from './AdministrationPage';
import ClassListPage from './ClassListPage';
import ClassPage from './ClassPage';

afterEach(() => vi.unstubAllGlobals());

const ID = 'c0000000-0000-4000-8000-000000000001';
const OTHER = 'c0000000-0000-4000-8000-000000000002';

/** A link of the app's to another class's page, in the same router as the class page. */
function GoToOther() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(`/prof/administration/class/${OTHER}`)}>
      other class
    </button>
  );
}
const MATHS = 'a0000000-0000-4000-8000-000000000001';
const PHYSICS = 'a0000000-0000-4000-8000-000000000002';
const SUBJECTS = [
  { id: MATHS, code: 'MATHEMATICS', name: 'Mathematics', group: 'MAIN' },
  { id: PHYSICS, code: 'PHYSICS_CHEMISTRY', name: 'Physics-Chemistry', group: 'MAIN' },
];
const schoolclass = (over: Partial<SchoolclassDto> = {}): SchoolclassDto => ({
  id: ID,
  name: '4e C',
  level: 4,
  planet: 'preia',
  subjectId: MATHS,
  subjectCode: 'MATHEMATICS',
  code: null,
  codeExpiresAt: null,
  division: null,
  studentCount: 3,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
  ...over,
});
const student = (n: number, over: Partial<ClassStudentDto> = {}): ClassStudentDto => ({
  studentId: `s0000000-0000-4000-8000-00000000000${n}`,
  userId: `u0000000-0000-4000-8000-00000000000${n}`,
  firstName: `Prénom${n}`,
  lastName: `Nom${n}`,
  username: `eleve${n}`,
  isGar: false,
  level: 1,
  levelProgression: 0,
  xp: 0,
  coin: 0,
  powerXp: 0,
  password: null,
  passwordChangedByStudent: true,
  joinedAt: '2026-09-02T08:00:00.000Z',
  ...over,
});
const STUDENTS = [
  student(2, { lastName: 'Bernard', firstName: 'Zoé', username: 'zoe-b' }),
  student(1, {
    lastName: 'Alami',
    firstName: 'Yanis',
    username: 'yanis-a',
    password: 'Tigre-Nuage-42!',
    passwordChangedByStudent: false,
  }),
  student(3, { lastName: 'Colin', firstName: 'Adam', username: 'adam-c' }),
];
const ME: ClassProfessorDto = {
  id: 'l1',
  professorId: 'p1',
  schoolclassId: ID,
  subjectId: MATHS,
  subjectCode: 'MATHEMATICS',
  civility: null,
  firstName: 'Claire',
  lastName: 'Fontaine',
  isMe: true,
};

function classApi(
  over: { students?: ClassStudentDto[]; cls?: SchoolclassDto; extra?: Parameters<typeof mockApi>[0] } = {},
) {
  return mockApi([
    ...(over.extra ?? []),
    { method: 'GET', path: '/subjects', body: SUBJECTS },
    { method: 'GET', path: `/schoolclasses/${ID}`, body: over.cls ?? schoolclass() },
    { method: 'GET', path: `/students/users/schoolclasses/${ID}`, body: over.students ?? STUDENTS },
    { method: 'GET', path: `/professorsSchoolclasses/schoolclass/${ID}`, body: [ME] },
  ]);
}
/** The dark modules of a QR code as "row,col" (sorted), from the qrcode package's matrix. */
function qrModules(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark: string[] = [];
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark.push(`${r},${c}`);
  return dark.sort();
}
/** The dark modules drawn by an SVG of the qrcode package (runs of `M x y`, `m dx dy`, `h n`), margin removed. */
function svgModules(svg: string): string[] {
  const path = /<path stroke="[^"]*" d="([^"]*)"/.exec(svg);
  if (!path) throw new Error('not a qrcode SVG');
  const dark: string[] = [];
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of path[1].matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === 'M') [x, y] = [Number(a), Number(b)];
    else if (cmd === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i++) dark.push(`${Math.floor(y)},${x + i}`);
      x += Number(a);
    }
  }
  // The top-left finder pattern's corner is dark: it gives the quiet zone (margin) to remove.
  const cells = dark.map((k) => k.split(',').map(Number));
  const margin = Math.min(...cells.map(([r]) => r), ...cells.map(([, c]) => c));
  return cells.map(([r, c]) => `${r - margin},${c - margin}`).sort();
}
const openClass = () =>
  renderPage(<ClassPage />, '/prof/administration/class/:id?', `/prof/administration/class/${ID}`);
const lastNames = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

describe('AdministrationPage', () => {
  it('links to the five administration areas', () => {
    renderPage(<AdministrationPage />, '/prof/administration');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/prof/administration/classlist',
      '/prof/administration/chapters',
      '/prof/administration/codex',
      '/prof/administration/library',
      '/prof/administration/homework',
    ]);
    expect(screen.getByRole('link', { name: new RegExp(tx('CLASSES.HUB.CLASSES')) })).toBeTruthy();
  });
});

describe('ClassListPage', () => {
  it('shows each class with its level, subject, students and live code', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/schoolclasses',
        body: [
          schoolclass({ code: '123456', codeExpiresAt: '2026-10-01T08:00:00.000Z' }),
          schoolclass({ id: 'x', name: '6e A', level: 6, studentCount: 1 }),
        ],
      },
    ]);
    renderPage(<ClassListPage />, '/prof/administration/classlist');
    const tiles = await screen.findAllByTestId('class-tile');
    expect(tiles).toHaveLength(2);
    const first = within(tiles[0]);
    expect(first.getByRole('heading', { name: '4e C' })).toBeTruthy();
    expect(first.getByText(`${tx('LEVELS.4')} · ${tx('SUBJECTS.MATHEMATICS')}`)).toBeTruthy();
    expect(first.getByText(tx('CLASSES.LIST.STUDENTS', { count: 3 }))).toBeTruthy();
    expect(
      first.getByText(
        tx('CLASSES.LIST.CODE', { code: '123456', date: formatDateTime('2026-10-01T08:00:00.000Z') }),
      ),
    ).toBeTruthy();
    expect(within(tiles[1]).getByText(tx('CLASSES.LIST.NO_CODE'))).toBeTruthy();
    expect(within(tiles[1]).getByText(tx('CLASSES.LIST.STUDENTS', { count: 1 }))).toBeTruthy();
  });

  it('explains the first steps when there is no class yet', async () => {
    mockApi([{ method: 'GET', path: '/schoolclasses', body: [] }]);
    renderPage(<ClassListPage />, '/prof/administration/classlist');
    await screen.findByText(tx('CLASSES.LIST.EMPTY_TITLE'));
    expect(screen.getByText(tx('CLASSES.LIST.EMPTY_STEP_2'))).toBeTruthy();
    const links = screen.getAllByRole('link', { name: tx('CLASSES.LIST.NEW') });
    expect(links.every((a) => a.getAttribute('href') === '/prof/administration/class')).toBe(true);
  });
});

describe('ClassPage: create', () => {
  it('refuses an empty form field by field, then creates the class and opens it', async () => {
    const calls = mockApi([
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      { method: 'POST', path: '/schoolclasses', status: 201, body: schoolclass() },
      ...[{ method: 'GET', path: `/schoolclasses/${ID}`, body: schoolclass() }],
      { method: 'GET', path: `/students/users/schoolclasses/${ID}`, body: [] },
      { method: 'GET', path: `/professorsSchoolclasses/schoolclass/${ID}`, body: [ME] },
    ]);
    renderPage(<ClassPage />, '/prof/administration/class/:id?', '/prof/administration/class');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.FORM.CREATE') }));
    const name = screen.getByLabelText(tx('CLASSES.FORM.NAME'));
    expect(fieldError(name)).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(screen.getByLabelText(tx('CLASSES.FORM.LEVEL')))).toBe(
      tx('CLASSES.ERRORS.LEVEL_REQUIRED'),
    );
    expect(fieldError(screen.getByLabelText(tx('CLASSES.FORM.SUBJECT')))).toBe(
      tx('CLASSES.ERRORS.SUBJECT_REQUIRED'),
    );
    expect(screen.getByText(tx('CLASSES.ERRORS.WORLD_REQUIRED'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: tx('CLASSES.FORM.CREATE') }));
    expect(fieldError(name)).toBe(tx('CLASSES.ERRORS.NAME_TOO_LONG'));
    await user.clear(name);
    await user.type(name, '4e C');
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.FORM.LEVEL')), '4');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: tx('SUBJECTS.MATHEMATICS') }).length).toBe(1),
    );
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.FORM.SUBJECT')), MATHS);
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('WORLDS.preia')) }));
    await user.click(screen.getByRole('button', { name: tx('CLASSES.FORM.CREATE') }));
    await waitFor(() => expect(where()).toBe(`/prof/administration/class/${ID}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '4e C',
      level: 4,
      subjectId: MATHS,
      planet: 'preia',
    });
  });

  it('shows "Class creation error" from the server', async () => {
    mockApi([
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      {
        method: 'POST',
        path: '/schoolclasses',
        status: 400,
        body: { message: 'CLASSES.ERRORS.CREATE_FAILED', field: 'subjectId' },
      },
    ]);
    renderPage(<ClassPage />, '/prof/administration/class/:id?', '/prof/administration/class');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(tx('CLASSES.FORM.NAME')), '4e C');
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.FORM.LEVEL')), '-1');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: tx('SUBJECTS.MATHEMATICS') }).length).toBe(1),
    );
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.FORM.SUBJECT')), MATHS);
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('WORLDS.nebula')) }));
    await user.click(screen.getByRole('button', { name: tx('CLASSES.FORM.CREATE') }));
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('CLASSES.FORM.SUBJECT')))).toBe(
        tx('CLASSES.ERRORS.CREATE_FAILED'),
      ),
    );
    expect(tx('CLASSES.ERRORS.CREATE_FAILED')).toBe('Erreur lors de la création de la classe');
  });
});

describe('ClassPage: edit, delete, leave', () => {
  it('edits the class and shows the new name and world', async () => {
    const calls = classApi({
      extra: [
        {
          method: 'PUT',
          path: `/schoolclasses/${ID}`,
          body: schoolclass({ name: '4e C bis', planet: 'nefer', level: -1 }),
        },
      ],
    });
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.EDIT') }));
    const name = screen.getByLabelText(tx('CLASSES.FORM.NAME'));
    expect((name as HTMLInputElement).value).toBe('4e C');
    await user.clear(name);
    await user.type(name, '4e C bis');
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.FORM.LEVEL')), '-1');
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('WORLDS.nefer')) }));
    await user.click(screen.getByRole('button', { name: tx('CLASSES.FORM.SAVE') }));
    await screen.findByRole('heading', { name: '4e C bis', level: 1 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '4e C bis',
      level: -1,
      subjectId: MATHS,
      planet: 'nefer',
    });
    expect(screen.queryByLabelText(tx('CLASSES.FORM.NAME'))).toBeNull();
  });

  it('deletes a class of one teacher after a confirmation, back to the list', async () => {
    const calls = classApi({ extra: [{ method: 'DELETE', path: `/schoolclasses/${ID}`, status: 204 }] });
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.DELETE') }));
    expect(screen.getByText(tx('CLASSES.CONFIRM_DELETE', { name: '4e C' }))).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: tx('CLASSES.DELETE') }));
    await waitFor(() => expect(where()).toBe('/prof/administration/classlist'));
  });

  it('a shared class is left, not deleted', async () => {
    const colleague: ClassProfessorDto = {
      ...ME,
      id: 'l2',
      professorId: 'p2',
      firstName: 'Marc',
      lastName: 'Rossi',
      isMe: false,
    };
    mockApi([
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      { method: 'GET', path: `/schoolclasses/${ID}`, body: schoolclass() },
      { method: 'GET', path: `/students/users/schoolclasses/${ID}`, body: [] },
      { method: 'GET', path: `/professorsSchoolclasses/schoolclass/${ID}`, body: [ME, colleague] },
    ]);
    openClass();
    await screen.findByRole('heading', { name: tx('CLASSES.LEAVE_TITLE') });
    expect(screen.getByText(tx('CLASSES.LEAVE_TEXT'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: tx('CLASSES.DELETE') })).toBeNull();
    expect(screen.getByText(tx('CLASSES.STUDENTS.EMPTY'))).toBeTruthy();
  });
});

describe('ClassPage: students', () => {
  it('sorts by last name, first name or username; the password column is not sortable', async () => {
    classApi();
    openClass();
    await screen.findByRole('table');
    expect(lastNames()).toEqual(['Alami', 'Bernard', 'Colin']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tx('CLASSES.STUDENTS.LAST_NAME') }));
    expect(lastNames()).toEqual(['Colin', 'Bernard', 'Alami']);
    await user.click(screen.getByRole('button', { name: tx('CLASSES.STUDENTS.FIRST_NAME') }));
    expect(lastNames()).toEqual(['Colin', 'Alami', 'Bernard']); // Adam, Yanis, Zoé
    await user.click(screen.getByRole('button', { name: tx('CLASSES.STUDENTS.USERNAME') }));
    expect(lastNames()).toEqual(['Colin', 'Alami', 'Bernard']); // adam-c, yanis-a, zoe-b
    const passwordHeader = screen.getByRole('columnheader', {
      name: new RegExp(tx('CLASSES.STUDENTS.PASSWORD')),
    });
    expect(passwordHeader.getAttribute('aria-sort')).toBeNull();
    expect(
      within(passwordHeader).queryByRole('button', { name: tx('CLASSES.STUDENTS.PASSWORD') }),
    ).toBeNull();
  });

  it('shows the generated password, or says the student chose their own; the tooltip explains', async () => {
    classApi();
    openClass();
    const alami = (await screen.findByRole('rowheader', { name: 'Alami' })).closest('tr') as HTMLElement;
    expect(within(alami).getByText('Tigre-Nuage-42!')).toBeTruthy();
    const bernard = screen.getByRole('rowheader', { name: 'Bernard' }).closest('tr') as HTMLElement;
    expect(within(bernard).getByText(tx('CLASSES.STUDENTS.PASSWORD_OWN'))).toBeTruthy();
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: tx('CLASSES.STUDENTS.PASSWORD_TIP_LABEL') }));
    expect(screen.getByRole('tooltip').textContent).toBe(tx('CLASSES.STUDENTS.PASSWORD_TIP'));
  });

  it('prints the list', async () => {
    classApi();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.STUDENTS.PRINT') }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('generates a new password after a confirmation and shows it', async () => {
    const s = STUDENTS[0];
    const calls = classApi({
      extra: [
        {
          method: 'PUT',
          path: `/users/${s.userId}/password`,
          body: { userId: s.userId, studentId: s.studentId, password: 'Lune-Verte-77!' },
        },
      ],
    });
    openClass();
    const row = (await screen.findByRole('rowheader', { name: 'Bernard' })).closest('tr') as HTMLElement;
    const user = userEvent.setup();
    await user.click(
      within(row).getByRole('button', {
        name: tx('CLASSES.STUDENTS.NEW_PASSWORD_FOR', { name: 'Zoé Bernard' }),
      }),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(row).getByRole('button', { name: tx('CLASSES.STUDENTS.CONFIRM_PASSWORD_YES') }));
    await within(row).findByText('Lune-Verte-77!');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      `/api/users/${s.userId}/password`,
    ]);
    expect(screen.getByText(tx('CLASSES.STUDENTS.PASSWORD_DONE', { name: 'Zoé Bernard' }))).toBeTruthy();
  });

  it('removes a student only after a confirmation; cancel keeps them', async () => {
    const s = STUDENTS[2];
    const calls = classApi({
      extra: [{ method: 'DELETE', path: `/schoolclasses/${ID}/students/${s.studentId}`, status: 204 }],
    });
    openClass();
    const row = (await screen.findByRole('rowheader', { name: 'Colin' })).closest('tr') as HTMLElement;
    const user = userEvent.setup();
    const remove = () =>
      within(row).getByRole('button', { name: tx('CLASSES.STUDENTS.REMOVE_FROM', { name: 'Adam Colin' }) });
    await user.click(remove());
    expect(within(row).getByText(tx('CLASSES.STUDENTS.CONFIRM_REMOVE', { name: 'Adam Colin' }))).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: tx('CLASSES.CANCEL') }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(remove());
    await user.click(within(row).getByRole('button', { name: tx('CLASSES.STUDENTS.CONFIRM_REMOVE_YES') }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Colin' })).toBeNull());
    expect(lastNames()).toEqual(['Alami', 'Bernard']);
  });

  it('says so when the class is not the teacher’s', async () => {
    mockApi([{ method: 'GET', path: '/subjects', body: SUBJECTS }]);
    openClass();
    await screen.findByText(tx('CLASSES.NOT_FOUND'));
  });
});

describe('ClassPage: registration code', () => {
  it('offers no code for a class made from a school division: its pupils come in through the ENT', async () => {
    classApi({ cls: schoolclass({ division: { provider: 'gar', code: '4EME C' } }) });
    openClass();
    await screen.findByText(tx('CLASSES.CODE.DIVISION'));
    expect(screen.queryByRole('button', { name: tx('CLASSES.CODE.GENERATE') })).toBeNull();
    expect(screen.queryByRole('button', { name: tx('CLASSES.CODE.SHOW') })).toBeNull();
  });

  it('an empty class made from a division says its pupils arrive through the ENT, not with a code', async () => {
    classApi({ cls: schoolclass({ division: { provider: 'gar', code: '4EME C' } }), students: [] });
    openClass();
    await screen.findByText(tx('CLASSES.STUDENTS.EMPTY_DIVISION'));
    expect(screen.queryByText(tx('CLASSES.STUDENTS.EMPTY'))).toBeNull();
  });

  it('generates a code and shows the digits, the QR code and the join address', async () => {
    const calls = classApi({
      extra: [
        {
          method: 'PATCH',
          path: '/professors/generate-code',
          body: { schoolclassId: ID, code: '482913', codeExpiresAt: '2026-10-02T08:00:00.000Z' },
        },
      ],
    });
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.CODE.GENERATE') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('class-code').textContent).toBe('482913');
    // Without the server's reachable address (no answer here), this page's origin.
    await waitFor(() =>
      expect(within(dialog).getByTestId('join-url').textContent).toBe(
        `${window.location.origin}/register/student/code?code=482913`,
      ),
    );
    const qr = await within(dialog).findByRole('img', { name: tx('CLASSES.CODE.QR_ALT') });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(
      within(dialog).getByText(
        tx('CLASSES.CODE.VALID_UNTIL', { date: formatDateTime('2026-10-02T08:00:00.000Z') }),
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ schoolclassId: ID });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(tx('CLASSES.CODE.CURRENT', { code: '482913' }))).toBeTruthy();
    // Focus comes back to the page's code button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: tx('CLASSES.CODE.SHOW') }));
  });

  it('draws a QR code that encodes exactly the join address', async () => {
    const draw = vi.spyOn(QRCode, 'toString');
    classApi({ cls: schoolclass({ code: '111222', codeExpiresAt: '2026-10-02T08:00:00.000Z' }) });
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.CODE.SHOW') }));
    const dialog = await screen.findByRole('dialog');
    const address = `${window.location.origin}/register/student/code?code=111222`;
    const qr = await within(dialog).findByRole('img', { name: tx('CLASSES.CODE.QR_ALT') });
    // The text handed to the QR encoder...
    expect(draw).toHaveBeenCalled();
    expect(draw.mock.calls.map((c) => c[0])).toEqual([address]);
    // ...and the drawn modules, read back from the SVG, are those of that exact address.
    const svg = decodeURIComponent(
      (qr.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
    );
    const drawn = svgModules(svg);
    expect(drawn).toEqual(qrModules(address));
    expect(drawn).not.toEqual(qrModules(`${window.location.origin}/register/student/code?code=111223`));
    expect(drawn).not.toEqual(qrModules(`${window.location.origin}/register/student/code`));
    draw.mockRestore();
  });

  it('revokes the code after a confirmation', async () => {
    const calls = classApi({
      cls: schoolclass({ code: '111222', codeExpiresAt: '2026-10-02T08:00:00.000Z' }),
      extra: [
        {
          method: 'PATCH',
          path: '/professors/revoke-code',
          body: { schoolclassId: ID, code: null, codeExpiresAt: null },
        },
      ],
    });
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.CODE.SHOW') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: tx('CLASSES.CODE.REVOKE') }));
    expect(within(dialog).getByText(tx('CLASSES.CODE.CONFIRM_REVOKE'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: tx('CLASSES.CODE.REVOKE') }));
    await within(dialog).findByText(tx('CLASSES.CODE.NONE'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual([
      '/api/professors/revoke-code',
    ]);
    expect(within(dialog).queryByTestId('class-qr')).toBeNull();
  });
});

describe('ClassPage: teachers', () => {
  it('shares the class with a colleague and shows the server’s refusal', async () => {
    const added: ClassProfessorDto = {
      ...ME,
      id: 'l2',
      professorId: 'p2',
      firstName: 'Marc',
      lastName: 'Rossi',
      subjectId: PHYSICS,
      subjectCode: 'PHYSICS_CHEMISTRY',
      isMe: false,
    };
    let attempt = 0;
    // One stub with both answers: the first POST is refused, the second accepted.
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input).replace(/^\/api/, '');
        const method = init?.method ?? 'GET';
        const reply = (status: number, body: unknown) => ({
          ok: status < 400,
          status,
          json: async () => body,
        });
        if (method === 'POST') {
          posts.push(JSON.parse(String(init?.body)));
          attempt += 1;
          return attempt === 1
            ? reply(404, { message: 'CLASSES.ERRORS.COLLEAGUE_NOT_FOUND' })
            : reply(201, added);
        }
        if (url === '/subjects') return reply(200, SUBJECTS);
        if (url === `/schoolclasses/${ID}`) return reply(200, schoolclass());
        if (url === `/students/users/schoolclasses/${ID}`) return reply(200, STUDENTS);
        if (url === `/professorsSchoolclasses/schoolclass/${ID}`) return reply(200, [ME]);
        return reply(404, { message: 'ERRORS.NOT_FOUND' });
      }),
    );
    openClass();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CLASSES.PROFESSORS.ADD') }));
    const login = screen.getByLabelText(tx('CLASSES.PROFESSORS.LOGIN'));
    await user.type(login, 'inconnu');
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.PROFESSORS.SUBJECT')), PHYSICS);
    await user.click(screen.getByRole('button', { name: tx('CLASSES.PROFESSORS.SHARE') }));
    await waitFor(() => expect(fieldError(login)).toBe(tx('CLASSES.ERRORS.COLLEAGUE_NOT_FOUND')));
    await user.clear(login);
    await user.type(login, 'marc.rossi@college.fr');
    await user.click(screen.getByRole('button', { name: tx('CLASSES.PROFESSORS.SHARE') }));
    await screen.findByText('Marc Rossi');
    expect(posts).toEqual([
      { schoolclassId: ID, login: 'inconnu', subjectId: PHYSICS },
      { schoolclassId: ID, login: 'marc.rossi@college.fr', subjectId: PHYSICS },
    ]);
  });
});

describe('ClassPage: switching classes', () => {
  it('a quick switch to another class never shows the first class’s data, and drops its late answers', async () => {
    const calls = classApi({
      extra: [
        { method: 'GET', path: `/schoolclasses/${OTHER}`, body: schoolclass({ id: OTHER, name: '3e B' }) },
        {
          method: 'GET',
          path: `/students/users/schoolclasses/${OTHER}`,
          body: [student(4, { lastName: 'Durand', firstName: 'Léa' })],
        },
        { method: 'GET', path: `/professorsSchoolclasses/schoolclass/${OTHER}`, body: [ME] },
      ],
    });
    // The first class's answers arrive late, after the second class's.
    const answer = globalThis.fetch;
    let release!: () => void;
    const late = new Promise<void>((r) => {
      release = r;
    });
    const firstSignals: AbortSignal[] = [];
    let lateReads = 0;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (!String(input).endsWith(ID)) return answer(input, init);
      if (init?.signal) firstSignals.push(init.signal);
      await late;
      const res = await answer(input, init);
      return { ...res, json: () => res.json().finally(() => lateReads++) };
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <ClassPage />
        <GoToOther />
      </>,
      '/prof/administration/class/:id?',
      `/prof/administration/class/${ID}`,
    );
    await waitFor(() => expect(firstSignals).toHaveLength(3));
    expect(screen.getByRole('status').textContent).toBe(tx('CLASSES.LOADING'));
    await user.click(screen.getByRole('button', { name: 'other class' }));
    expect(await screen.findByRole('heading', { name: '3e B', level: 1 })).toBeTruthy();
    // The first class's calls are cancelled; their answers, when they come, are not shown.
    expect(firstSignals.every((s) => s.aborted)).toBe(true);
    release();
    await waitFor(() => expect(lateReads).toBe(3));
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('3e B');
    expect(lastNames()).toEqual(['Durand']);
    expect(screen.queryByText('4e C')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith(OTHER))).toHaveLength(3);
  });
});
