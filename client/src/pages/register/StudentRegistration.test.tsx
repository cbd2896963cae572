import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvatarDto } from '../../../../shared/types';
import { getStoredUser, saveStoredUser } from '../../app/auth-store';
import {
  fieldError,
  mockApi,
  renderPage,
  storedUserFixture,
  tx,
  where,
  whereState,
} from '../../test-utils/page';
import StudentAvatarPage from './StudentAvatarPage';
import StudentCodePage from './StudentCodePage';
import StudentIdentifierPage from './StudentIdentifierPage';
import StudentPasswordPage from './StudentPasswordPage';
import { readDraft, saveDraft } from './student-draft';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const avatar = (n: number): AvatarDto => ({
  id: `b0000000-0000-4000-8000-00000000000${n}`,
  baseAvatarId: null,
  planet: 'nebula',
  avatarType: 'student',
  race: 'fairy',
  avatarClass: 'mage',
  gender: 'female',
  skinId: null,
  userType: 'student',
  image: `/assets/avatars/eleves/body/a${n}.webp`,
  head: `/assets/avatars/eleves/head/a${n}.webp`,
});
const AVATARS = [avatar(1), avatar(2), avatar(3)];
const CLASS = { status: 'VALID', schoolclassId: 'c1', name: '5e B', planet: 'nebula' };
const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('StudentCodePage', () => {
  it('refuses an empty code with the required-field key', async () => {
    const calls = mockApi([]);
    renderPage(<StudentCodePage />, '/register/student/code');
    await userEvent.setup().click(screen.getByRole('button', { name: tx('REGISTER.STUDENT.VALIDATE') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('GENERIC_FORM.ERRORS.REQUIRED_FIELD'));
    expect(calls).toHaveLength(0);
  });

  it('an unknown code shows the invalid-code error on the input', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/professorsSchoolclasses?code=999999',
        status: 404,
        body: { message: 'VALIDATION.INVALID_CODE' },
      },
    ]);
    renderPage(<StudentCodePage />, '/register/student/code');
    await userEvent.setup().click(boxes()[0]);
    await userEvent.setup().paste('999999');
    expect((await screen.findByRole('alert')).textContent).toBe(tx('VALIDATION.INVALID_CODE'));
    expect(boxes()[0].getAttribute('aria-invalid')).toBe('true');
    expect(where()).toBe('/register/student/code');
  });

  it('a full code submits by itself and carries the code to step 1 with the class name', async () => {
    const calls = mockApi([{ method: 'GET', path: '/professorsSchoolclasses?code=123456', body: CLASS }]);
    renderPage(<StudentCodePage />, '/register/student/code');
    const user = userEvent.setup();
    await user.click(boxes()[0]);
    await user.keyboard('123456');
    await waitFor(() => expect(where()).toBe('/register/student/avatar?code=123456'));
    expect(calls).toHaveLength(1);
    expect(readDraft()).toEqual({ code: '123456', className: '5e B', planet: 'nebula' });
  });

  it('shows an error passed by a later step', () => {
    mockApi([]);
    renderPage(<StudentCodePage />, '/register/student/code', '/register/student/code', {
      error: 'VALIDATION.INVALID_CODE',
    });
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.INVALID_CODE'));
  });
});

describe('StudentAvatarPage', () => {
  it('step 1/3: shows the class, requires a pick, then carries code and avatar to step 2', async () => {
    saveDraft({ code: '123456', className: '5e B' });
    mockApi([{ method: 'GET', path: '/avatars?userType=student&starter=true', body: AVATARS }]);
    renderPage(<StudentAvatarPage />, '/register/student/avatar', '/register/student/avatar?code=123456');
    expect(screen.getByText('1/3')).toBeTruthy();
    expect(screen.getByText(tx('REGISTER.STUDENT.JOINING', { name: '5e B' }))).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('REGISTER.STUDENT.AVATAR_REQUIRED'));
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 2 }) }));
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
    expect(where()).toBe('/register/student/identifier?code=123456');
    expect(readDraft().avatarId).toBe(AVATARS[1].id);
  });

  it('looks the class name up when the draft does not have it', async () => {
    mockApi([
      { method: 'GET', path: '/avatars?userType=student&starter=true', body: AVATARS },
      { method: 'GET', path: '/professorsSchoolclasses?code=654321', body: CLASS },
    ]);
    renderPage(<StudentAvatarPage />, '/register/student/avatar', '/register/student/avatar?code=654321');
    expect(await screen.findByText(tx('REGISTER.STUDENT.JOINING', { name: '5e B' }))).toBeTruthy();
    expect(readDraft()).toEqual({ code: '654321', className: '5e B', planet: 'nebula' });
  });

  it('a signed-in student without avatar saves the pick and goes home', async () => {
    const stored = storedUserFixture();
    saveStoredUser(stored);
    const calls = mockApi([
      { method: 'GET', path: '/avatars?userType=student&starter=true', body: AVATARS },
      { method: 'PUT', path: `/users/${stored.id}`, body: {} },
    ]);
    renderPage(<StudentAvatarPage />, '/register/student/avatar', `/register/student/avatar?id=${stored.id}`);
    expect(screen.queryByText('1/3')).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 3 }) }));
    await user.click(screen.getByRole('button', { name: tx('REGISTER.STUDENT.AVATAR_SAVE') }));
    await waitFor(() => expect(where()).toBe('/student'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ avatarId: AVATARS[2].id });
    expect(getStoredUser()?.avatarId).toBe(AVATARS[2].id);
  });
});

describe('StudentIdentifierPage', () => {
  const label = (k: string) => screen.getByLabelText(tx(`REGISTER.STUDENT.${k}`));
  async function fill(username = 'lea-m') {
    const user = userEvent.setup();
    renderPage(
      <StudentIdentifierPage />,
      '/register/student/identifier',
      '/register/student/identifier?code=123456',
    );
    await user.type(label('FIRST_NAME'), 'Léa');
    await user.type(label('LAST_NAME'), 'Martin');
    await user.type(label('USERNAME'), username);
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
  }

  it('step 2/3: validates names and username format first', async () => {
    const calls = mockApi([]);
    const user = userEvent.setup();
    renderPage(
      <StudentIdentifierPage />,
      '/register/student/identifier',
      '/register/student/identifier?code=123456',
    );
    expect(screen.getByText('2/3')).toBeTruthy();
    await user.type(label('FIRST_NAME'), 'L');
    await user.type(label('USERNAME'), 'léa');
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
    expect(fieldError(label('FIRST_NAME'))).toBe(tx('VALIDATION.NAME_TOO_SHORT'));
    expect(fieldError(label('LAST_NAME'))).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(label('USERNAME'))).toBe(tx('VALIDATION.INVALID_USERNAME'));
    expect(calls).toHaveLength(0);
  });

  it('a taken username is reported on submit', async () => {
    mockApi([{ method: 'GET', path: '/auth/check-username/lea-m', body: { available: false } }]);
    await fill();
    await waitFor(() => expect(fieldError(label('USERNAME'))).toBe(tx('VALIDATION.USERNAME_TAKEN')));
  });

  it('a failed check shows the check-error message', async () => {
    mockApi([{ method: 'GET', path: '/auth/check-username/lea-m', status: 500, body: {} }]);
    await fill();
    await waitFor(() =>
      expect(fieldError(label('USERNAME'))).toBe(tx('VALIDATION.AVAILABILITY_CHECK_FAILED')),
    );
  });

  it('carries the code to step 3 and keeps the names in the draft', async () => {
    saveDraft({ code: '123456', avatarId: AVATARS[0].id });
    mockApi([{ method: 'GET', path: '/auth/check-username/lea-m', body: { available: true } }]);
    await fill();
    await waitFor(() => expect(where()).toBe('/register/student/password?code=123456'));
    expect(readDraft()).toEqual({
      code: '123456',
      avatarId: AVATARS[0].id,
      firstName: 'Léa',
      lastName: 'Martin',
      username: 'lea-m',
    });
  });

  it('a reload keeps what was typed', () => {
    saveDraft({ code: '123456', firstName: 'Léa', lastName: 'Martin', username: 'lea-m' });
    mockApi([]);
    renderPage(
      <StudentIdentifierPage />,
      '/register/student/identifier',
      '/register/student/identifier?code=123456',
    );
    expect((label('USERNAME') as HTMLInputElement).value).toBe('lea-m');
  });

  it('shows a username error sent back by step 3', () => {
    mockApi([]);
    renderPage(
      <StudentIdentifierPage />,
      '/register/student/identifier',
      '/register/student/identifier?code=123456',
      { errors: { username: 'VALIDATION.USERNAME_TAKEN' } },
    );
    expect(fieldError(label('USERNAME'))).toBe(tx('VALIDATION.USERNAME_TAKEN'));
  });
});

describe('StudentPasswordPage', () => {
  const label = (k: string) => screen.getByLabelText(tx(`REGISTER.STUDENT.${k}`));
  const draft = {
    code: '123456',
    className: '5e B',
    avatarId: AVATARS[0].id,
    firstName: 'Léa',
    lastName: 'Martin',
    username: 'lea-m',
  };
  async function create(password = 'Dragon-42', confirmation = password) {
    const user = userEvent.setup();
    renderPage(
      <StudentPasswordPage />,
      '/register/student/password',
      '/register/student/password?code=123456',
    );
    await user.type(label('PASSWORD'), password);
    await user.type(label('CONFIRMATION'), confirmation);
    await user.click(screen.getByRole('button', { name: tx('REGISTER.STUDENT.SUBMIT') }));
  }
  beforeEach(() => saveDraft(draft));

  it('step 3/3: checks the password rules and the confirmation', async () => {
    const calls = mockApi([]);
    await create('dragons', 'dragon');
    expect(screen.getByText('3/3')).toBeTruthy();
    expect(fieldError(label('PASSWORD'))).toBe(tx('VALIDATION.PASSWORD_TOO_SHORT'));
    expect(fieldError(label('CONFIRMATION'))).toBe(tx('VALIDATION.PASSWORD_MISMATCH'));
    expect(calls).toHaveLength(0);
  });

  it('creates the account with the code and the draft, signs in and goes home', async () => {
    const stored = storedUserFixture();
    const calls = mockApi([{ method: 'POST', path: '/auth/code-signup', status: 201, body: stored }]);
    await create();
    await waitFor(() => expect(where()).toBe('/student'));
    expect(calls[0].body).toEqual({
      code: '123456',
      firstName: 'Léa',
      lastName: 'Martin',
      username: 'lea-m',
      password: 'Dragon-42',
      avatarId: AVATARS[0].id,
    });
    expect(getStoredUser()).toEqual(stored);
    expect(sessionStorage.getItem('studentRegistration')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      tx('REGISTER.STUDENT.WELCOME_CLASS', { name: '5e B' }),
    );
  });

  it('never writes the password into the draft', async () => {
    mockApi([{ method: 'POST', path: '/auth/code-signup', status: 500, body: {} }]);
    await create();
    await screen.findByRole('alert');
    expect(sessionStorage.getItem('studentRegistration')).not.toContain('Dragon-42');
    saveDraft({ password: 'x' } as never);
    expect(sessionStorage.getItem('studentRegistration')).not.toContain('password');
  });

  it('a taken username sends back to step 2 with the error', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/auth/code-signup',
        status: 409,
        body: { message: 'VALIDATION.USERNAME_TAKEN', field: 'username' },
      },
    ]);
    await create();
    await waitFor(() => expect(where()).toBe('/register/student/identifier?code=123456'));
    expect(whereState()).toEqual({ errors: { username: 'VALIDATION.USERNAME_TAKEN' } });
  });

  it('an invalid code sends back to the code step with the error', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/auth/code-signup',
        status: 404,
        body: { message: 'VALIDATION.INVALID_CODE', field: 'code' },
      },
    ]);
    await create();
    await waitFor(() => expect(where()).toBe('/register/student/code'));
    expect(whereState()).toEqual({ error: 'VALIDATION.INVALID_CODE' });
  });

  it('a weak password is shown on the password field', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/auth/code-signup',
        status: 400,
        body: { message: 'VALIDATION.PASSWORD_TOO_WEAK', field: 'password' },
      },
    ]);
    await create('password1');
    await waitFor(() => expect(fieldError(label('PASSWORD'))).toBe(tx('VALIDATION.PASSWORD_TOO_WEAK')));
    expect(where()).toBe('/register/student/password?code=123456');
  });

  it('back returns to step 2 with the code', async () => {
    mockApi([]);
    renderPage(
      <StudentPasswordPage />,
      '/register/student/password',
      '/register/student/password?code=123456',
    );
    fireEvent.click(screen.getByRole('button', { name: tx('REGISTER.BACK') }));
    expect(where()).toBe('/register/student/identifier?code=123456');
  });
});
