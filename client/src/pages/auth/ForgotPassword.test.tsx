import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldError, mockApi, renderPage, tx, where } from '../../test-utils/page';
import ForgotPasswordPage from './ForgotPasswordPage';
import ForgotPasswordProfessorPage from './ForgotPasswordProfessorPage';
import ForgotPasswordStudentPage from './ForgotPasswordStudentPage';
import SignUpChoicePage from './SignUpChoicePage';

afterEach(() => vi.unstubAllGlobals());
const PATTERN = '/forgot-password/professor/:token?';

describe('profile choices', () => {
  it('sign-up sends a teacher to the form and a student to the class code', () => {
    renderPage(<SignUpChoicePage />, '/sign-up');
    expect(screen.getByRole('heading', { name: tx('SIGNUP.TITLE') })).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(tx('PROFILE.PROFESSOR')) }).getAttribute('href')).toBe(
      '/register/form',
    );
    expect(screen.getByRole('link', { name: new RegExp(tx('PROFILE.STUDENT')) }).getAttribute('href')).toBe(
      '/register/student/code',
    );
  });

  it('forgot password offers the teacher and the student ways', () => {
    renderPage(<ForgotPasswordPage />, '/forgot-password');
    expect(screen.getByRole('link', { name: new RegExp(tx('PROFILE.PROFESSOR')) }).getAttribute('href')).toBe(
      '/forgot-password/professor',
    );
    expect(screen.getByRole('link', { name: new RegExp(tx('PROFILE.STUDENT')) }).getAttribute('href')).toBe(
      '/forgot-password/student',
    );
  });

  it('a student is told to ask the teacher', () => {
    renderPage(<ForgotPasswordStudentPage />, '/forgot-password/student');
    expect(screen.getByText(tx('FORGOT.STUDENT_TEXT'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('FORGOT.BACK_TO_LOGIN') }).getAttribute('href')).toBe(
      '/login',
    );
  });
});

describe('ForgotPasswordProfessorPage, asking for a link', () => {
  async function ask(email: string) {
    const user = userEvent.setup();
    renderPage(<ForgotPasswordProfessorPage />, PATTERN, '/forgot-password/professor');
    const input = screen.getByLabelText(tx('FORGOT.EMAIL_LABEL'));
    await user.type(input, email);
    await user.click(screen.getByRole('button', { name: tx('FORGOT.SEND') }));
    return input;
  }

  it('checks the e-mail format before calling the server', async () => {
    const calls = mockApi([]);
    const input = await ask('not-an-email');
    expect(fieldError(input)).toBe(tx('VALIDATION.INVALID_EMAIL'));
    expect(calls).toHaveLength(0);
  });

  it('says no account is associated with an unknown e-mail', async () => {
    mockApi([
      {
        method: 'GET',
        path: /^\/users\/forgot-password\//,
        status: 404,
        body: { message: 'USERS.EMAIL_NOT_FOUND' },
      },
    ]);
    const input = await ask('nobody@example.fr');
    await waitFor(() => expect(fieldError(input)).toBe(tx('USERS.EMAIL_NOT_FOUND')));
  });

  it('confirms that the link was sent', async () => {
    const calls = mockApi([{ method: 'GET', path: /^\/users\/forgot-password\//, body: { sent: true } }]);
    await ask('Prof@Example.fr');
    expect(await screen.findByText(tx('FORGOT.SENT_TEXT', { email: 'prof@example.fr' }))).toBeTruthy();
    expect(calls[0].url).toBe('/api/users/forgot-password/prof%40example.fr');
  });
});

describe('ForgotPasswordProfessorPage, with a token', () => {
  async function reset(password: string, confirmation = password) {
    const user = userEvent.setup();
    renderPage(<ForgotPasswordProfessorPage />, PATTERN, '/forgot-password/professor/tok-123');
    await user.type(screen.getByLabelText(tx('FORGOT.NEW_PASSWORD')), password);
    await user.type(screen.getByLabelText(tx('FORGOT.CONFIRMATION')), confirmation);
    await user.click(screen.getByRole('button', { name: tx('FORGOT.RESET_SUBMIT') }));
  }

  it('applies the password rules and the confirmation', async () => {
    const calls = mockApi([]);
    await reset('short', 'other');
    expect(fieldError(screen.getByLabelText(tx('FORGOT.NEW_PASSWORD')))).toBe(
      tx('VALIDATION.PASSWORD_TOO_SHORT'),
    );
    expect(fieldError(screen.getByLabelText(tx('FORGOT.CONFIRMATION')))).toBe(
      tx('VALIDATION.PASSWORD_MISMATCH'),
    );
    expect(calls).toHaveLength(0);
  });

  it('saves the new password and returns to login with a success message', async () => {
    const calls = mockApi([{ method: 'PUT', path: '/users/reset-password/tok-123', body: { ok: true } }]);
    await reset('Nouveau-mot2passe');
    await waitFor(() => expect(where()).toBe('/login'));
    expect(calls[0].body).toEqual({ newPassword: 'Nouveau-mot2passe' });
    expect(screen.getByRole('status').textContent).toBe(tx('FORGOT.RESET_SUCCESS'));
  });

  it('shows a weak password on the field', async () => {
    mockApi([
      {
        method: 'PUT',
        path: '/users/reset-password/tok-123',
        status: 400,
        body: { message: 'VALIDATION.PASSWORD_TOO_WEAK' },
      },
    ]);
    await reset('password1');
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('FORGOT.NEW_PASSWORD')))).toBe(
        tx('VALIDATION.PASSWORD_TOO_WEAK'),
      ),
    );
  });

  it('explains an expired or used link and offers to ask again', async () => {
    mockApi([
      {
        method: 'PUT',
        path: '/users/reset-password/tok-123',
        status: 400,
        body: { message: 'USERS.INVALID_LINK' },
      },
    ]);
    await reset('Nouveau-mot2passe');
    expect(await screen.findByText(tx('FORGOT.INVALID_LINK_TEXT'))).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: tx('FORGOT.ASK_AGAIN') }));
    expect(where()).toBe('/forgot-password/professor');
    expect(screen.getByLabelText(tx('FORGOT.EMAIL_LABEL'))).toBeTruthy();
  });
});
