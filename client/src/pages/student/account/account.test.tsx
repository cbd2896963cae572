import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes';
import {
  type Reply,
  type Routes,
  renderApp,
  signIn,
  stubFetch,
  studentRecord,
  studentUser,
} from '../../../app/test-app';
import { tx } from '../../../test-utils/page';

const page = (name: string, path: string, load: AppRoute['load']): AppRoute => ({
  name,
  path,
  access: 'STUDENT',
  load,
});
const ROUTES: AppRoute[] = [
  page('student', '/student', () => import('../StudentHomePage')),
  page('student-account', '/student/account', () => import('./OptionsPage')),
  page('student-account-identifier', '/student/account/identifier', () => import('./IdentifierPage')),
  page('student-account-password', '/student/account/password', () => import('./PasswordPage')),
  page('student-account-join', '/student/account/join-class', () => import('./JoinClassPage')),
  page('sign-out-student', '/sign-out-student', async () => ({ default: () => <h1>signed-out</h1> })),
  {
    name: 'register-code',
    path: '/register/student/code',
    access: 'public',
    load: async () => ({ default: () => <h1>register-code</h1> }),
  },
];

function open(url: string, extra: Routes = {}, isGar = false) {
  const calls = stubFetch({
    'GET /api/users/u-stu': { body: studentRecord({ isGar }) },
    'GET /api/changelog': { body: [] },
    'GET /api/game/rooms/live': { body: [] },
    ...extra,
  });
  signIn(studentUser({ isGar, ticket: isGar ? 't' : null }));
  const view = renderApp(url, ROUTES);
  return { calls, ...view };
}
const dialog = () => screen.findByRole('dialog');

describe('Options (/student/account)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads my data (spreadsheet zip or JSON) under the name the server gives', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:mine');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const file = (name: string, type: string): Reply => ({
      text: 'PK',
      headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
    });
    const { calls } = open('/student/account', {
      'GET /api/students/st1/my-data?format=csv': file('donnees-eleve-2026-11-27.zip', 'application/zip'),
      'GET /api/students/st1/my-data?format=json': file('donnees-eleve-2026-11-27.json', 'application/json'),
    });
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: tx('MY_DATA.TITLE') })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(d).getByRole('button', { name: tx('MY_DATA.DOWNLOAD_CSV') }));
    await waitFor(() => expect(saved).toEqual(['donnees-eleve-2026-11-27.zip']));
    await user.click(within(d).getByRole('button', { name: tx('MY_DATA.DOWNLOAD_JSON') }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('donnees-eleve-2026-11-27.json');
    expect(calls.filter((c) => c.url.includes('my-data')).map((c) => c.url)).toEqual([
      '/api/students/st1/my-data?format=csv',
      '/api/students/st1/my-data?format=json',
    ]);
    click.mockRestore();
    vi.restoreAllMocks();
  });

  it('says so when my data cannot be downloaded (too many downloads)', async () => {
    open('/student/account', {
      'GET /api/students/st1/my-data?format=csv': {
        status: 429,
        body: { message: 'ERRORS.TOO_MANY_REQUESTS' },
      },
    });
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: tx('MY_DATA.DOWNLOAD_CSV') }));
    expect(await screen.findByText(tx('ERRORS.TOO_MANY_REQUESTS'))).toBeTruthy();
  });

  it('shows identifier, password and join-class links, Disconnect and the student documents', async () => {
    open('/student/account');
    const d = await dialog();
    expect(within(d).getByRole('heading', { level: 1, name: tx('STUDENT.OPTIONS.TITLE') })).toBeTruthy();
    const hrefs = within(d)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/student/account/identifier',
        '/student/account/password',
        '/student/account/join-class',
        '/guide/student',
        '/legal-notice',
        '/privacy-policy',
        '/changelog',
      ]),
    );
    expect(within(d).getByRole('button', { name: tx('STUDENT.OPTIONS.DISCONNECT') })).toBeTruthy();
  });

  it('hides identifier, password and join class from a school sign-on student', async () => {
    open('/student/account', {}, true);
    const d = await dialog();
    expect(within(d).getByText(tx('STUDENT.OPTIONS.GAR_NOTE'))).toBeTruthy();
    expect(within(d).queryByRole('link', { name: tx('STUDENT.OPTIONS.IDENTIFIER') })).toBeNull();
    expect(within(d).queryByRole('link', { name: tx('STUDENT.OPTIONS.PASSWORD') })).toBeNull();
    expect(within(d).queryByRole('link', { name: tx('STUDENT.OPTIONS.JOIN_CLASS') })).toBeNull();
    expect(within(d).getByRole('button', { name: tx('STUDENT.OPTIONS.DISCONNECT') })).toBeTruthy();
  });

  it('sends a school sign-on student from identifier, password or join-class back to Options', async () => {
    for (const path of [
      '/student/account/identifier',
      '/student/account/password',
      '/student/account/join-class',
    ]) {
      const { router, unmount } = open(path, {}, true);
      await waitFor(() => expect(router.state.location.pathname).toBe('/student/account'));
      expect(await screen.findByText(tx('STUDENT.OPTIONS.GAR_NOTE'))).toBeTruthy();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('shows the unread count of the release notes on the changelog link', async () => {
    open('/student/account', {
      'GET /api/changelog': { body: [{ file: '21-11-2026.txt', date: '2026-11-21T00:00:00.000Z' }] },
      'GET /assets/changelog/21-11-2026.txt': {
        text: '---STUDENT GENERAL---\nBoutique\n- a\nCodex\n- b\nRaids\n- c\n',
      },
    });
    const badge = await screen.findByTestId('options-changelog-badge');
    expect(badge.textContent).toContain('3');
    expect(within(badge).getByText(tx('STUDENT.OPTIONS.UNREAD', { count: 3 }))).toBeTruthy();
  });

  it('Disconnect removes the session marker and goes to the sign-out route', async () => {
    open('/student/account');
    localStorage.setItem('sessionActive', JSON.stringify({ userId: 'u-stu', until: Date.now() + 1000 }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: tx('STUDENT.OPTIONS.DISCONNECT') }));
    expect(await screen.findByRole('heading', { name: 'signed-out' })).toBeTruthy();
    expect(localStorage.getItem('sessionActive')).toBeNull();
  });

  it('shows over the home: a click outside the card returns home, a click on the bug-report button does not', async () => {
    const { router } = open('/student/account/identifier');
    // Inside the modal card's layer, where a tap reaches it (the page's own is inert behind it).
    const bug = within(await dialog()).getByRole('link', { name: tx('LAYOUT.BUG_REPORT_LABEL') });
    fireEvent.click(bug);
    expect(router.state.location.pathname).toBe('/student/account/identifier');
    fireEvent.click(within(await dialog()).getByLabelText(tx('STUDENT.IDENTIFIER.LAST_NAME')));
    expect(router.state.location.pathname).toBe('/student/account/identifier');
    fireEvent.click(screen.getByTestId('sheet-backdrop'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
  });
  it('is a modal opened from the top bar: the focus goes in, wraps, Escape closes and it goes back to the Options link', async () => {
    const { router } = open('/student');
    const user = userEvent.setup();
    const opener = await screen.findByRole('link', { name: tx('LAYOUT.MENU.OPTIONS') });
    await user.click(opener);
    const d = await dialog();
    expect(d.tagName).toBe('DIALOG');
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(within(d).getByRole('heading', { level: 1 }).textContent).toBe(tx('STUDENT.OPTIONS.TITLE'));
    // A card to read: the card itself takes the focus (no phone keyboard pops up).
    expect(document.activeElement).toBe(d);
    const close = within(d).getByRole('link', { name: tx('STUDENT.SHEET.CLOSE') });
    const bug = within(d).getByRole('link', { name: tx('LAYOUT.BUG_REPORT_LABEL') });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(bug);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(bug);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a sub-page of the code boxes puts the focus on the first box', async () => {
    open('/student/account/join-class');
    const d = await dialog();
    await waitFor(() => expect(document.activeElement).toBe(within(d).getAllByRole('textbox')[0]));
  });
});

describe('Identifier (/student/account/identifier)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Save disabled until something changed, then saves and returns to Options', async () => {
    const { calls, router } = open('/student/account/identifier', {
      'PUT /api/users/u-stu': { body: studentRecord({ username: 'leo-martin' }) },
    });
    const d = await dialog();
    const save = within(d).getByRole('button', { name: tx('STUDENT.IDENTIFIER.SAVE') });
    expect((within(d).getByLabelText(tx('STUDENT.IDENTIFIER.USERNAME')) as HTMLInputElement).value).toBe(
      'leo-m',
    );
    expect(save.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    const username = within(d).getByLabelText(tx('STUDENT.IDENTIFIER.USERNAME'));
    await user.clear(username);
    await user.type(username, 'leo-m');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(username, 'artin');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/account'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Léo',
      lastName: 'Martin',
      userName: 'leo-martin',
    });
    expect(await screen.findByText(tx('STUDENT.IDENTIFIER.SAVED'))).toBeTruthy();
  });

  it('shows "Identifiant déjà utilisé" on a refusal that is not a validation error', async () => {
    open('/student/account/identifier', {
      'PUT /api/users/u-stu': {
        status: 409,
        body: { message: 'VALIDATION.USERNAME_TAKEN', field: 'userName' },
      },
    });
    const d = await dialog();
    const user = userEvent.setup();
    await user.type(within(d).getByLabelText(tx('STUDENT.IDENTIFIER.USERNAME')), 'x');
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.IDENTIFIER.SAVE') }));
    expect((await within(d).findByRole('alert')).textContent).toBe('Identifiant déjà utilisé');
  });

  it('shows a validation error on its field, before and after the server', async () => {
    const { calls } = open('/student/account/identifier', {
      'PUT /api/users/u-stu': {
        status: 400,
        body: { message: 'VALIDATION.NAME_TOO_SHORT', field: 'lastName' },
      },
    });
    const d = await dialog();
    const user = userEvent.setup();
    await user.clear(within(d).getByLabelText(tx('STUDENT.IDENTIFIER.FIRST_NAME')));
    await user.type(within(d).getByLabelText(tx('STUDENT.IDENTIFIER.FIRST_NAME')), 'L');
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.IDENTIFIER.SAVE') }));
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.NAME_TOO_SHORT'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(d).getByLabelText(tx('STUDENT.IDENTIFIER.FIRST_NAME')), 'ou');
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.IDENTIFIER.SAVE') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const alert = await within(d).findByRole('alert');
    expect(alert.textContent).toBe(tx('VALIDATION.NAME_TOO_SHORT'));
    expect(within(d).getByLabelText(tx('STUDENT.IDENTIFIER.LAST_NAME')).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});

describe('Password (/student/account/password)', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function fill(d: HTMLElement, current: string, next: string, confirmation = next) {
    const user = userEvent.setup();
    await user.type(within(d).getByLabelText(tx('STUDENT.PASSWORD.CURRENT')), current);
    await user.type(within(d).getByLabelText(tx('STUDENT.PASSWORD.NEW')), next);
    await user.type(within(d).getByLabelText(tx('STUDENT.PASSWORD.CONFIRMATION')), confirmation);
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.PASSWORD.VALIDATE') }));
  }

  const CHECK = 'POST /api/users/check-password';
  const currentField = (d: HTMLElement) => within(d).getByLabelText(tx('STUDENT.PASSWORD.CURRENT'));

  it('checks the current password first and shows a wrong one on that field, before the new rules', async () => {
    const { calls } = open('/student/account/password', { [CHECK]: { body: { isPasswordCorrect: false } } });
    const d = await dialog();
    // The new password breaks the rules too: only the current one is reported.
    await fill(d, 'wrong-one-1', 'short', 'other');
    expect((await within(d).findByRole('alert')).textContent).toBe(
      tx('VALIDATION.CURRENT_PASSWORD_INCORRECT'),
    );
    expect(within(d).getAllByRole('alert')).toHaveLength(1);
    expect(currentField(d).getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.url === '/api/users/check-password')?.body).toEqual({
      password: 'wrong-one-1',
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows "could not check" on the current password when the check fails (server error or network)', async () => {
    let fail: () => Reply = () => ({ status: 500, body: { message: 'ERRORS.GENERIC' } });
    const { calls } = open('/student/account/password', { [CHECK]: () => fail() });
    const d = await dialog();
    await fill(d, 'Cartable-Bleu-7!', 'Trottinette-Rouge-42!');
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.PASSWORD_CHECK_FAILED'));
    expect(currentField(d).getAttribute('aria-invalid')).toBe('true');
    fail = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = userEvent.setup();
    await user.type(currentField(d), '8');
    await waitFor(() => expect(within(d).queryByRole('alert')).toBeNull());
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.PASSWORD.VALIDATE') }));
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.PASSWORD_CHECK_FAILED'));
    expect(calls.filter((c) => c.url === '/api/users/check-password')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('requires the current password without calling the server', async () => {
    const { calls } = open('/student/account/password');
    const d = await dialog();
    const user = userEvent.setup();
    await user.click(within(d).getByRole('button', { name: tx('STUDENT.PASSWORD.VALIDATE') }));
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.REQUIRED'));
    expect(currentField(d).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.startsWith('/api/users/check-password') || c.method === 'PUT')).toBe(
      false,
    );
  });

  it('then checks the new password rules and the confirmation before changing it', async () => {
    const { calls } = open('/student/account/password', { [CHECK]: { body: { isPasswordCorrect: true } } });
    const d = await dialog();
    await fill(d, 'Cartable-Bleu-7!', 'Trottinette-Rouge-42!', 'Trottinette-Rouge-43!');
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.PASSWORD_MISMATCH'));
    expect(currentField(d).getAttribute('aria-invalid')).not.toBe('true');
    expect(calls.some((c) => c.url === '/api/users/check-password')).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a refusal of the change on its field (the server checks the current password again)', async () => {
    open('/student/account/password', {
      [CHECK]: { body: { isPasswordCorrect: true } },
      'PUT /api/students/st1/password': {
        status: 400,
        body: { message: 'VALIDATION.CURRENT_PASSWORD_INCORRECT', field: 'currentPassword' },
      },
    });
    const d = await dialog();
    await fill(d, 'Cartable-Bleu-7!', 'Trottinette-Rouge-42!');
    expect((await within(d).findByRole('alert')).textContent).toBe(
      tx('VALIDATION.CURRENT_PASSWORD_INCORRECT'),
    );
    expect(currentField(d).getAttribute('aria-invalid')).toBe('true');
  });

  it('changes it, keeps this device signed in with the new session and returns to Options', async () => {
    const { calls, router } = open('/student/account/password', {
      [CHECK]: { body: { isPasswordCorrect: true } },
      'PUT /api/students/st1/password': {
        body: studentUser({ accessToken: 'new-a', refreshToken: 'new-r' }),
      },
    });
    const d = await dialog();
    await fill(d, 'Cartable-Bleu-7!', 'Trottinette-Rouge-42!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/account'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      currentPassword: 'Cartable-Bleu-7!',
      newPassword: 'Trottinette-Rouge-42!',
    });
    expect(JSON.parse(localStorage.getItem('user') as string)).toMatchObject({
      accessToken: 'new-a',
      refreshToken: 'new-r',
    });
    expect(await screen.findByText(tx('STUDENT.PASSWORD.CHANGED'))).toBeTruthy();
  });
});

describe('Join class (/student/account/join-class)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const typeCode = async (d: HTMLElement, code: string) => {
    const user = userEvent.setup();
    await user.click(within(d).getAllByRole('textbox')[0]);
    await user.keyboard(code);
  };

  it('refuses an empty code with the required-field message', async () => {
    const { calls } = open('/student/account/join-class');
    const d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: tx('STUDENT.ACCOUNT_FORM.VALIDATE') }));
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('GENERIC_FORM.ERRORS.REQUIRED_FIELD'));
    expect(calls.some((c) => c.url === '/api/students/join')).toBe(false);
  });

  it('sends the code once all six boxes are filled, then shows the class joined and goes home', async () => {
    const { calls, router } = open('/student/account/join-class', {
      'POST /api/students/join': { body: { name: '2nde A', schoolclassId: 'c2' } },
    });
    await typeCode(await dialog(), '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
    expect(calls.find((c) => c.url === '/api/students/join')?.body).toEqual({
      code: '123456',
      studentId: 'st1',
    });
    expect(await screen.findByText(tx('STUDENT.ACCOUNT_FORM.JOINED', { name: '2nde A' }))).toBeTruthy();
  });

  it('"Schoolclass already joined." shows the already-joined message; any other failure the invalid code', async () => {
    let reply = { status: 409, body: { message: 'Schoolclass already joined.' } };
    open('/student/account/join-class', { 'POST /api/students/join': () => reply });
    const d = await dialog();
    await typeCode(d, '123456');
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('STUDENT.ACCOUNT_FORM.ALREADY_JOINED'));
    reply = { status: 500, body: { message: 'ERRORS.GENERIC' } };
    fireEvent.click(within(d).getByRole('button', { name: tx('STUDENT.ACCOUNT_FORM.VALIDATE') }));
    await waitFor(() => expect(within(d).getByRole('alert').textContent).toBe(tx('VALIDATION.INVALID_CODE')));
  });

  it('a class QR code opened while signed in lands here, fills the boxes and sends the code', async () => {
    const { calls, router } = open('/register/student/code?code=123456', {
      'POST /api/students/join': { status: 409, body: { message: 'Schoolclass already joined.' } },
    });
    const d = await dialog();
    expect(router.state.location.pathname).toBe('/student/account/join-class');
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('STUDENT.ACCOUNT_FORM.ALREADY_JOINED'));
    expect(
      within(d)
        .getAllByRole('textbox')
        .map((b) => (b as HTMLInputElement).value)
        .join(''),
    ).toBe('123456');
    expect(calls.filter((c) => c.url === '/api/students/join').map((c) => c.body)).toEqual([
      { code: '123456', studentId: 'st1' },
    ]);
  });

  it('joins the class of a QR code opened while signed in', async () => {
    const { router } = open('/register/student/code?code=654321', {
      'POST /api/students/join': { body: { name: '2nde A', schoolclassId: 'c2' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
    expect(await screen.findByText(tx('STUDENT.ACCOUNT_FORM.JOINED', { name: '2nde A' }))).toBeTruthy();
  });

  it('shows a malformed code from the address as invalid without calling the server', async () => {
    const { calls } = open('/student/account/join-class?code=12ab');
    const d = await dialog();
    expect((await within(d).findByRole('alert')).textContent).toBe(tx('VALIDATION.INVALID_CODE'));
    expect(calls.some((c) => c.url === '/api/students/join')).toBe(false);
  });

  it('opens a tooltip telling where the code comes from', async () => {
    open('/student/account/join-class');
    const d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: tx('STUDENT.ACCOUNT_FORM.HELP') }));
    expect(within(d).getByRole('tooltip').textContent).toBe(tx('STUDENT.ACCOUNT_FORM.TOOLTIP'));
  });
});
