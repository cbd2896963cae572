import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { record, renderApp, signIn, storedUser, stubFetch } from '../../app/test-app';
import i18n from '../../i18n';

const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const ROUTES: AppRoute[] = [
  { name: 'legal-notice', path: '/legal-notice', access: 'all', load: page('legal') },
  { name: 'ticket-form', path: '/ticket', access: 'all', load: page('ticket') },
  { name: 'register-form', path: '/register/form', access: 'public', chrome: false, load: page('register') },
  {
    name: 'game',
    path: '/prof/game/:schoolclassId/:subjectId',
    access: 'PROFESSOR',
    chrome: false,
    load: page('game'),
  },
];
const bugLink = () => screen.getByRole('link', { name: i18n.t('LAYOUT.BUG_REPORT_LABEL') });

describe('AppLayout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the top bar, footer and a bug-report link to the ticket form in a new tab', async () => {
    stubFetch({});
    renderApp('/legal-notice?x=1', ROUTES);
    await screen.findByRole('heading', { name: 'legal' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    const link = bugLink();
    expect(link.getAttribute('target')).toBe('_blank');
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/ticket');
    expect(url.searchParams.get('fromRouteName')).toBe('legal-notice');
    expect(url.searchParams.get('fromRoutePath')).toBe('/legal-notice');
    expect(link.className).not.toContain('bug-report--game');
  });

  it('hides top bar, footer and padding on routes without chrome, but keeps the bug report', async () => {
    stubFetch({});
    renderApp('/register/form', ROUTES);
    await screen.findByRole('heading', { name: 'register' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('main').className).toContain('app__main--bare');
    expect(bugLink()).toBeTruthy();
  });

  it('styles the bug report differently on game pages', async () => {
    stubFetch({ 'GET /api/users/u-prof': { body: record() }, 'GET /api/changelog': { body: [] } });
    signIn(storedUser());
    renderApp('/prof/game/c1/s1', ROUTES);
    await screen.findByRole('heading', { name: 'game' });
    expect(bugLink().className).toContain('bug-report--game');
    expect(new URL(bugLink().getAttribute('href') ?? '', 'http://x').searchParams.get('fromRoutePath')).toBe(
      '/prof/game/c1/s1',
    );
  });

  it('does not offer a bug report on the bug-report form itself', async () => {
    stubFetch({});
    renderApp('/ticket', ROUTES);
    await screen.findByRole('heading', { name: 'ticket' });
    expect(screen.queryByRole('link', { name: i18n.t('LAYOUT.BUG_REPORT_LABEL') })).toBeNull();
  });
});
