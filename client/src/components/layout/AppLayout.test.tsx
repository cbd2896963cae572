import { screen } from '@testing-library/react';
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
  {
    name: 'student-raid',
    path: '/student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId',
    access: 'STUDENT',
    load: page('homework'),
  },
  {
    name: 'student-live',
    path: '/student/live/:schoolclassId/:subjectId',
    access: 'STUDENT',
    chrome: false,
    load: page('live'),
  },
  { name: 'skin-shop', path: '/student/skin-shop', access: 'STUDENT', load: page('shop') },
  { name: 'edit-codex', path: '/student/edit-codex', access: 'STUDENT', load: page('codex') },
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

  // On a phone a floating button covered the right of answer D (and the shop's "Continue"): on pages
  // with answer buttons it ends the page instead, in the flow, so no scroll position puts it over one.
  it.each([
    ['/student/raid/h1/p1/s1/r1/c1', 'homework', false],
    ['/student/live/c1/s1', 'live', true],
    ['/student/skin-shop', 'shop', false],
    ['/student/edit-codex', 'codex', false],
  ])('puts the bug report in the flow, after the page, on %s', async (url, title, game) => {
    stubFetch({ 'GET /api/users/u-stu': { body: studentRecord() }, 'GET /api/changelog': { body: [] } });
    signIn(studentUser());
    renderApp(url, ROUTES);
    const heading = await screen.findByRole('heading', { name: title });
    const links = screen.getAllByRole('link', { name: i18n.t('LAYOUT.BUG_REPORT_LABEL') });
    expect(links).toHaveLength(1);
    const link = links[0];
    expect(link.className).toContain('bug-report--flow');
    expect(link.className.includes('bug-report--game')).toBe(game);
    expect(link.parentElement).toBe(document.getElementById('main'));
    expect(heading.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('fromRoutePath')).toBe(url);
  });

  it('keeps the bug report floating elsewhere', async () => {
    stubFetch({});
    renderApp('/legal-notice', ROUTES);
    await screen.findByRole('heading', { name: 'legal' });
    expect(bugLink().className).not.toContain('bug-report--flow');
    expect(bugLink().closest('main')).toBeNull();
  });

  it('does not offer a bug report on the bug-report form itself', async () => {
    stubFetch({});
    renderApp('/ticket', ROUTES);
    await screen.findByRole('heading', { name: 'ticket' });
    expect(screen.queryByRole('link', { name: i18n.t('LAYOUT.BUG_REPORT_LABEL') })).toBeNull();
  });
});
