import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes';
import { renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../../app/test-app';
import { tx } from '../../../test-utils/page';

const ROUTES: AppRoute[] = [
  {
    name: 'student',
    path: '/student',
    access: 'STUDENT',
    load: async () => ({ default: () => <h1>home</h1> }),
  },
  {
    name: 'student-update-account',
    path: '/student-update-account',
    access: 'STUDENT',
    load: () => import('./UpdateAccountPage'),
  },
];

describe('UpdateAccountPage (/student-update-account)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function open(put: { status?: number; body?: unknown }) {
    let email: string | null = 'legacy@example.org';
    const calls = stubFetch({
      'GET /api/users/u-stu': () => ({ body: studentRecord({ email }) }),
      'GET /api/changelog': { body: [] },
      'PUT /api/students/st1/account': () => {
        if (!put.status) email = null;
        return put;
      },
    });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    return calls;
  }

  it('is where an account with an e-mail lands; confirming removes the address and goes home', async () => {
    const calls = open({ body: { ok: true } });
    expect(await screen.findByRole('heading', { name: tx('STUDENT.UPDATE_ACCOUNT.TITLE') })).toBeTruthy();
    expect((screen.getByLabelText(tx('STUDENT.IDENTIFIER.USERNAME')) as HTMLInputElement).value).toBe(
      'leo-m',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tx('STUDENT.UPDATE_ACCOUNT.SUBMIT') }));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Léo',
      lastName: 'Martin',
      userName: 'leo-m',
    });
    expect(await screen.findByText(tx('STUDENT.UPDATE_ACCOUNT.DONE'))).toBeTruthy();
  });

  it('shows a taken username on its field and stays', async () => {
    open({ status: 409, body: { message: 'VALIDATION.USERNAME_TAKEN', field: 'userName' } });
    await screen.findByRole('heading', { name: tx('STUDENT.UPDATE_ACCOUNT.TITLE') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tx('STUDENT.UPDATE_ACCOUNT.SUBMIT') }));
    await waitFor(() =>
      expect(screen.getByLabelText(tx('STUDENT.IDENTIFIER.USERNAME')).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.USERNAME_TAKEN'));
  });
});
