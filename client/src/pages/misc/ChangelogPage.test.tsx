import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { record, renderApp, signIn, storedUser, stubFetch } from '../../app/test-app';
import i18n, { loadAllTexts, setLanguage } from '../../i18n';

const ROUTES: AppRoute[] = [
  {
    name: 'changelog',
    path: '/changelog',
    access: 'PROFESSOR_OR_STUDENT',
    load: () => import('./ChangelogPage'),
  },
];

const FILES = {
  'GET /api/changelog': {
    body: [
      { file: '21-11-2026-14-30.txt', date: '2026-11-21T13:30:00.000Z' },
      { file: '01-09-2026.txt', date: '2026-08-31T22:00:00.000Z' },
    ],
  },
  'GET /assets/changelog/01-09-2026.txt': {
    text: '---PROFESSOR GENERAL---\nBienvenue\n- Créez vos classes\n---PROFESSOR GAR---\nConnexion ENT\n- Par le Médiacentre\n---PROFESSOR NON-GAR---\nInscription\n- Par e-mail\n',
  },
  'GET /assets/changelog/21-11-2026-14-30.txt': {
    text: '---PROFESSOR GENERAL---\nCodex\n- Approuvez les phrases\n',
  },
};

describe('ChangelogPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the entries for the role, newest first, dated dd/MM/yyyy HH:mm, and marks them read', async () => {
    const calls = stubFetch({
      ...FILES,
      'GET /api/users/u-prof': { body: record({ lastChangelogViewedAt: '2026-10-01T00:00:00.000Z' }) },
      'PUT /api/users/u-prof/changelog': { body: { lastChangelogViewedAt: '2026-11-22T10:00:00.000Z' } },
    });
    signIn(storedUser());
    renderApp('/changelog', ROUTES);
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('CHANGELOG.TITLE') })).toBeTruthy();
    const entries = screen.getAllByRole('listitem').filter((li) => li.classList.contains('changelog__entry'));
    expect(entries.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Codex',
      'Bienvenue',
      'Inscription',
    ]);
    expect(entries[0].textContent).toContain('21/11/2026 14:30');
    // Only the entry newer than the last visit is flagged new.
    expect(within(entries[0]).queryByText(i18n.t('CHANGELOG.NEW'))).not.toBeNull();
    expect(within(entries[1]).queryByText(i18n.t('CHANGELOG.NEW'))).toBeNull();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/users/u-prof/changelog')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('changelog-badge')).toBeNull());
  });

  it('gives school sign-on users the GAR sections', async () => {
    stubFetch({
      ...FILES,
      'GET /api/users/u-prof': { body: record({ isGar: true }) },
      'PUT /api/users/u-prof/changelog': { body: { lastChangelogViewedAt: '2026-11-22T10:00:00.000Z' } },
    });
    signIn(storedUser({ isGar: true, ticket: 'T' }));
    renderApp('/changelog', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Connexion ENT' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Inscription' })).toBeNull();
  });

  it("reads a translated file in the reader's language, and labels a French fallback in it", async () => {
    await loadAllTexts();
    await setLanguage('en');
    try {
      stubFetch({
        'GET /api/changelog': {
          body: [
            { file: '21-11-2026-14-30.txt', date: '2026-11-21T13:30:00.000Z', translations: ['en'] },
            { file: '01-09-2026.txt', date: '2026-08-31T22:00:00.000Z', translations: [] },
          ],
        },
        'GET /assets/changelog/21-11-2026-14-30.en.txt': {
          text: '---PROFESSOR GENERAL---\nCodex in English\n- Approve the phrases\n',
        },
        'GET /assets/changelog/21-11-2026-14-30.txt': FILES['GET /assets/changelog/21-11-2026-14-30.txt'],
        'GET /assets/changelog/01-09-2026.txt': FILES['GET /assets/changelog/01-09-2026.txt'],
        'GET /api/users/u-prof': { body: record() },
        'PUT /api/users/u-prof/changelog': { body: { lastChangelogViewedAt: '2026-11-22T10:00:00.000Z' } },
      });
      signIn(storedUser());
      renderApp('/changelog', ROUTES);
      const english = await screen.findByRole('heading', { level: 2, name: 'Codex in English' });
      const first = english.closest('li') as HTMLElement;
      expect(within(first).queryByText('(in French)')).toBeNull();
      const french = screen.getByRole('heading', { level: 2, name: 'Bienvenue' });
      expect(french.getAttribute('lang')).toBe('fr');
      expect(within(french.closest('li') as HTMLElement).getByText('(in French)')).toBeTruthy();
    } finally {
      await setLanguage('fr');
    }
  });

  it('says so when nothing can be fetched', async () => {
    stubFetch({ 'GET /api/changelog': { status: 500 }, 'GET /api/users/u-prof': { body: record() } });
    signIn(storedUser());
    renderApp('/changelog', ROUTES);
    expect(await screen.findByTestId('changelog-empty')).toBeTruthy();
  });
});
