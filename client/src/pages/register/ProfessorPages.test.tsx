import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, tx, where } from '../../test-utils/page';
import ActivationPage from './ActivationPage';
import ProfessorAvatarInfoPage from './ProfessorAvatarInfoPage';
import RequestSentPage from './RequestSentPage';

afterEach(() => vi.unstubAllGlobals());
const PATH = '/register/professor/success';

describe('ActivationPage', () => {
  it('spends the token once, even under StrictMode, and says the request awaits approval', async () => {
    const calls = mockApi([{ method: 'PUT', path: '/auth/activate', body: { status: 'PENDING_APPROVAL' } }]);
    renderPage(
      <StrictMode>
        <ActivationPage />
      </StrictMode>,
      PATH,
      `${PATH}?token=abcdefghijkl`,
    );
    expect(await screen.findByText(tx('REGISTER.ACTIVATION.PENDING_TEXT'))).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: 'abcdefghijkl' });
  });

  it('says an active account can sign in', async () => {
    mockApi([{ method: 'PUT', path: '/auth/activate', body: { status: 'ACTIVE' } }]);
    renderPage(<ActivationPage />, PATH, `${PATH}?token=abcdefghijkl`);
    expect(await screen.findByText(tx('REGISTER.ACTIVATION.ACTIVE_TITLE'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('REGISTER.GO_TO_LOGIN') }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('explains an expired or used link', async () => {
    mockApi([
      { method: 'PUT', path: '/auth/activate', status: 400, body: { message: 'USERS.INVALID_LINK' } },
    ]);
    renderPage(<ActivationPage />, PATH, `${PATH}?token=abcdefghijkl`);
    expect(await screen.findByText(tx('REGISTER.ACTIVATION.INVALID_TEXT'))).toBeTruthy();
  });

  it('explains a link without token and calls nothing', () => {
    const calls = mockApi([]);
    renderPage(<ActivationPage />, PATH);
    expect(screen.getByText(tx('REGISTER.ACTIVATION.MISSING_TEXT'))).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('other teacher registration pages', () => {
  it('the request-sent page explains the next steps and links to login', () => {
    renderPage(<RequestSentPage />, '/register/professor/requestSent');
    expect(screen.getByText(tx('REGISTER.REQUEST_SENT.STEP_LINK'))).toBeTruthy();
    expect(screen.getByText(tx('REGISTER.REQUEST_SENT.STEP_APPROVAL'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('REGISTER.GO_TO_LOGIN') }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('the professor avatar page redirects to login', async () => {
    renderPage(<ProfessorAvatarInfoPage />, '/register/professor/avatar');
    await waitFor(() => expect(where()).toBe('/login'));
  });
});
