import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import {
  record,
  renderApp,
  signIn,
  storedUser,
  stubFetch,
  studentRecord,
  studentUser,
} from '../../app/test-app';
import i18n from '../../i18n';

const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const ROUTES: AppRoute[] = [
  { name: 'login', path: '/login', access: 'public', load: page('login') },
  { name: 'gar-helper', path: '/gar-helper', access: 'all', load: page('gar-helper') },
  { name: 'select', path: '/prof/select', access: 'PROFESSOR', load: page('select') },
  { name: 'student', path: '/student', access: 'STUDENT', load: page('student') },
];
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const CHANGELOG = {
  'GET /api/changelog': {
    body: [
      { file: '21-11-2026-14-30.txt', date: '2026-11-21T14:30:00.000Z' },
      { file: '01-09-2026.txt', date: '2026-09-01T00:00:00.000Z' },
    ],
  },
  'GET /assets/changelog/21-11-2026-14-30.txt': {
    text: '---PROFESSOR GENERAL---\nCodex\n- a\nDevoirs\n- b\n---STUDENT GENERAL---\nBoutique\n- c\n',
  },
  'GET /assets/changelog/01-09-2026.txt': {
    text: '---PROFESSOR GENERAL---\nBienvenue\n- d\n---STUDENT GENERAL---\nBienvenue\n- e\n',
  },
};

const footerLinks = () =>
  within(screen.getByRole('contentinfo'))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('Footer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives visitors the legal notice and the privacy policy', async () => {
    stubFetch({});
    renderApp('/login', ROUTES);
    await screen.findByRole('heading', { name: 'login' });
    expect(footerLinks()).toEqual(['/legal-notice', '/privacy-policy']);
  });

  it('gives teachers both guides, updates, legal notice, privacy policy and terms, with unread updates counted', async () => {
    stubFetch({
      ...CHANGELOG,
      // Read on 1 October: the two entries of 21 November are new.
      'GET /api/users/u-prof': { body: record({ lastChangelogViewedAt: '2026-10-01T00:00:00.000Z' }) },
    });
    signIn(storedUser());
    renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    expect(footerLinks()).toEqual([
      '/guide/professor',
      '/guide/student',
      '/changelog',
      '/legal-notice',
      '/privacy-policy',
      '/gcu',
    ]);
    const badge = await screen.findByTestId('changelog-badge');
    expect(badge.textContent).toContain('2');
    expect(within(badge).getByText(t('LAYOUT.FOOTER.UNREAD', { count: 2 }))).toBeTruthy();
  });

  it('gives students updates, legal notice and privacy policy; never read = every entry is new', async () => {
    stubFetch({
      ...CHANGELOG,
      'GET /api/users/u-stu': { body: studentRecord({ lastChangelogViewedAt: null }) },
    });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    await screen.findByRole('heading', { name: 'student' });
    expect(footerLinks()).toEqual(['/changelog', '/legal-notice', '/privacy-policy']);
    await waitFor(() => expect(screen.getByTestId('changelog-badge').textContent).toContain('2'));
  });

  it('shows no badge when everything was read, or when the changelog cannot be fetched', async () => {
    stubFetch({
      ...CHANGELOG,
      'GET /api/users/u-prof': { body: record({ lastChangelogViewedAt: '2026-11-22T00:00:00.000Z' }) },
    });
    signIn(storedUser());
    const first = renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('changelog-badge')).toBeNull();
    first.unmount();

    stubFetch({ 'GET /api/changelog': { status: 500 }, 'GET /api/users/u-prof': { body: record() } });
    renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('changelog-badge')).toBeNull();
  });

  it('is hidden on the GAR helper page', async () => {
    stubFetch({});
    renderApp('/gar-helper', ROUTES);
    await screen.findByRole('heading', { name: 'gar-helper' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
