import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  { name: 'legal-notice', path: '/legal-notice', access: 'all', load: page('legal') },
  { name: 'select', path: '/prof/select', access: 'PROFESSOR', load: page('select') },
  { name: 'classlist', path: '/prof/administration/classlist', access: 'PROFESSOR', load: page('classlist') },
  { name: 'student', path: '/student', access: 'STUDENT', load: page('student') },
];
const t = (k: string) => i18n.t(k);

function professorApi(over = {}) {
  return stubFetch({ 'GET /api/users/u-prof': { body: record(over) }, 'GET /api/changelog': { body: [] } });
}
const mainNav = () => screen.getByRole('navigation', { name: t('LAYOUT.MAIN_NAV') });

describe('TopBar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows only the logo, linking to login, when signed out', async () => {
    stubFetch({});
    renderApp('/login', ROUTES);
    await screen.findByRole('heading', { name: 'login' });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation')).toBeNull();
    expect(within(banner).getAllByRole('link')).toHaveLength(1);
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/login');
  });

  it("gives a teacher Play, Administration, Analyze and My account with the spec's items", async () => {
    professorApi();
    signIn(storedUser());
    renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    const nav = mainNav();
    expect(
      within(nav)
        .getByRole('link', { name: t('LAYOUT.MENU.PLAY') })
        .getAttribute('href'),
    ).toBe('/prof/select');
    const groups = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(groups).toEqual([
      t('LAYOUT.MENU.ADMINISTRATION'),
      t('LAYOUT.MENU.ANALYZE'),
      t('LAYOUT.MENU.MY_ACCOUNT'),
    ]);

    const items = (group: string) => {
      fireEvent.click(within(nav).getByRole('button', { name: group }));
      const list = within(nav).getByRole('button', { name: group }).nextElementSibling as HTMLElement;
      return within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
    };
    expect(items(t('LAYOUT.MENU.ADMINISTRATION'))).toEqual([
      [t('LAYOUT.MENU.CLASSES'), '/prof/administration/classlist'],
      [t('LAYOUT.MENU.RAIDS'), '/prof/administration/chapters'],
      [t('LAYOUT.MENU.HOMEWORK'), '/prof/administration/homework'],
      [t('LAYOUT.MENU.LIBRARY'), '/prof/administration/library'],
      [t('LAYOUT.MENU.CODEX'), '/prof/administration/codex'],
    ]);
    expect(items(t('LAYOUT.MENU.ANALYZE'))).toEqual([
      [t('LAYOUT.MENU.MY_STATS'), '/prof/analytics/personal'],
      [t('LAYOUT.MENU.CLASS_STATS'), '/prof/analytics/schoolclasses'],
    ]);
    expect(items(t('LAYOUT.MENU.MY_ACCOUNT'))).toEqual([
      [t('LAYOUT.MENU.INFORMATION'), '/prof/account/information'],
      [t('LAYOUT.MENU.PASSWORD'), '/prof/account/password'],
      [t('LAYOUT.MENU.CHARACTER'), '/prof/account/avatar'],
      [t('LAYOUT.MENU.SETTINGS'), '/prof/account/settings'],
      [t('LAYOUT.MENU.LOGOUT'), '/sign-out-professor'],
    ]);
  });

  it('gives a school sign-on teacher no "My information" nor "My password", and a logout back to the ENT; admins get approvals', async () => {
    professorApi({ isGar: true, isAdmin: true });
    signIn(storedUser({ isGar: true, ticket: 'T' }));
    renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    const nav = mainNav();
    fireEvent.click(within(nav).getByRole('button', { name: t('LAYOUT.MENU.MY_ACCOUNT') }));
    expect(within(nav).queryByRole('link', { name: t('LAYOUT.MENU.INFORMATION') })).toBeNull();
    expect(within(nav).queryByRole('link', { name: t('LAYOUT.MENU.PASSWORD') })).toBeNull();
    expect(
      within(nav)
        .getByRole('link', { name: t('LAYOUT.MENU.LOGOUT_GAR') })
        .getAttribute('href'),
    ).toBe('/sign-out-professor');
    fireEvent.click(within(nav).getByRole('button', { name: t('LAYOUT.MENU.ADMINISTRATION') }));
    expect(
      within(nav)
        .getByRole('link', { name: t('LAYOUT.MENU.USERS_VALIDATION') })
        .getAttribute('href'),
    ).toBe('/users-validation');
  });

  it('counts the student’s new avatars on the Avatars link, and not on the avatar page', async () => {
    const calls = stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/changelog': { body: [] },
      'GET /api/usersAvatars/getAmountOfNewAvatars/u-stu': { body: { amount: 2 } },
    });
    signIn(studentUser());
    const { router } = renderApp('/student', ROUTES);
    const badge = await within(mainNav()).findByTestId('new-avatars-badge');
    expect(badge.closest('a')?.getAttribute('href')).toBe('/student/avatar-selection');
    expect(within(badge).getByText(i18n.t('LAYOUT.MENU.NEW_AVATARS', { count: 2 }))).toBeTruthy();
    const counted = () => calls.filter((c) => c.url.includes('getAmountOfNewAvatars')).length;
    const before = counted();
    await act(() => router.navigate('/student/avatar-selection'));
    await waitFor(() => expect(screen.queryByTestId('new-avatars-badge')).toBeNull());
    // The avatar page marks them seen itself: the bar does not ask there.
    expect(counted()).toBe(before);
  });

  it('gives a student Shop, Avatars, Home, Raids and Codex, and an Options link', async () => {
    stubFetch({ 'GET /api/users/u-stu': { body: studentRecord() }, 'GET /api/changelog': { body: [] } });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    await screen.findByRole('heading', { name: 'student' });
    const links = within(mainNav())
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      [t('LAYOUT.MENU.SHOP'), '/student/skin-shop'],
      [t('LAYOUT.MENU.AVATARS'), '/student/avatar-selection'],
      [t('LAYOUT.MENU.HOME'), '/student'],
      [t('LAYOUT.MENU.STUDENT_RAIDS'), '/student/raid-list'],
      [t('LAYOUT.MENU.STUDENT_CODEX'), '/student/edit-codex'],
    ]);
    // The same five destinations in the phone tab bar.
    expect(
      within(screen.getByRole('navigation', { name: t('LAYOUT.MAIN_NAV_MOBILE') })).getAllByRole('link'),
    ).toHaveLength(5);
    expect(screen.getByRole('link', { name: t('LAYOUT.MENU.OPTIONS') }).getAttribute('href')).toBe(
      '/student/account',
    );
  });

  it('gives a student a My stats link next to Options, outside the five tabs', async () => {
    stubFetch({ 'GET /api/users/u-stu': { body: studentRecord() }, 'GET /api/changelog': { body: [] } });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    await screen.findByRole('heading', { name: 'student' });
    expect(screen.getByRole('link', { name: t('LAYOUT.MENU.STUDENT_STATS') }).getAttribute('href')).toBe(
      '/student/stats',
    );
  });

  describe('dropdown menus', () => {
    it('open with ArrowDown on the focused first link, move with arrows and close with Escape', async () => {
      const user = userEvent.setup();
      professorApi();
      signIn(storedUser());
      renderApp('/prof/select', ROUTES);
      await screen.findByRole('heading', { name: 'select' });
      const button = within(mainNav()).getByRole('button', { name: t('LAYOUT.MENU.ADMINISTRATION') });
      expect(button.getAttribute('aria-expanded')).toBe('false');
      button.focus();
      await user.keyboard('{ArrowDown}');
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement?.textContent).toBe(t('LAYOUT.MENU.CLASSES'));
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement?.textContent).toBe(t('LAYOUT.MENU.RAIDS'));
      await user.keyboard('{ArrowUp}{ArrowUp}');
      expect(document.activeElement?.textContent).toBe(t('LAYOUT.MENU.CODEX'));
      await user.keyboard('{Escape}');
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(button);
    });

    it('toggle with Enter, close on a tap outside and when a link is followed', async () => {
      const user = userEvent.setup();
      professorApi();
      signIn(storedUser());
      const { router } = renderApp('/prof/select', ROUTES);
      await screen.findByRole('heading', { name: 'select' });
      const button = within(mainNav()).getByRole('button', { name: t('LAYOUT.MENU.ADMINISTRATION') });
      button.focus();
      await user.keyboard('{Enter}');
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await user.pointer({ keys: '[TouchA]', target: screen.getByRole('heading', { name: 'select' }) });
      expect(button.getAttribute('aria-expanded')).toBe('false');

      await user.click(button);
      await user.click(within(mainNav()).getByRole('link', { name: t('LAYOUT.MENU.CLASSES') }));
      expect(await screen.findByRole('heading', { name: 'classlist' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/prof/administration/classlist');
      expect(button.getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('folds the teacher menus into a hamburger panel (shown below 600 px)', async () => {
    const user = userEvent.setup();
    professorApi();
    signIn(storedUser());
    renderApp('/prof/select', ROUTES);
    await screen.findByRole('heading', { name: 'select' });
    const burger = screen.getByRole('button', { name: t('LAYOUT.OPEN_MENU') });
    expect(screen.queryByRole('navigation', { name: t('LAYOUT.MAIN_NAV_MOBILE') })).toBeNull();
    await user.click(burger);
    const panel = screen.getByRole('navigation', { name: t('LAYOUT.MAIN_NAV_MOBILE') });
    expect(within(panel).getByRole('link', { name: t('LAYOUT.MENU.LOGOUT') })).toBeTruthy();
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches the language', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderApp('/legal-notice', ROUTES);
    await screen.findByRole('heading', { name: 'legal' });
    await user.selectOptions(screen.getByRole('combobox', { name: t('LAYOUT.LANGUAGE') }), 'en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
  });
});
