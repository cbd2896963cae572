import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../app/test-app';
import i18n from '../../i18n';

const ROUTES: AppRoute[] = [
  { name: 'student', path: '/student', access: 'STUDENT', load: () => import('./StudentHomePage') },
];
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

function open(over: Parameters<typeof studentRecord>[0] = {}, toDo?: number) {
  stubFetch({
    'GET /api/users/u-stu': { body: studentRecord(over) },
    'GET /api/changelog': { body: [] },
    ...(toDo === undefined ? {} : { 'GET /api/homeworkRaids/count/st1': { body: { count: toDo } } }),
  });
  signIn(studentUser());
  renderApp('/student', ROUTES);
}

describe('StudentHomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the avatar, name, level with its progress bar, coins, XP and power XP', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Léo Martin' })).toBeTruthy();
    expect(screen.getByAltText(t('STUDENT_HOME.AVATAR_ALT')).getAttribute('src')).toBe(
      '/assets/avatars/prof/body/x.webp',
    );
    expect(screen.getByText(t('STUDENT_HOME.LEVEL', { level: 4 }))).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: t('STUDENT_HOME.PROGRESS_LABEL') });
    expect(bar.getAttribute('aria-valuenow')).toBe('65');
    const stats = screen.getByRole('list', { name: t('STUDENT_HOME.STATS') });
    expect(within(stats).getByText('120')).toBeTruthy();
    expect(within(stats).getByText('340')).toBeTruthy();
    expect(within(stats).getByText('7')).toBeTruthy();
  });

  it('reads the level and XP again when shown: a lesson just played counts without a reload', async () => {
    const before = studentRecord();
    const student = before.student as NonNullable<typeof before.student>;
    let reads = 0;
    stubFetch({
      'GET /api/users/u-stu': () => {
        reads += 1;
        // The app's first read, then the one the home asks for after the lesson.
        return {
          body:
            reads === 1
              ? before
              : studentRecord({ student: { ...student, xp: 510, level: 6, levelProgression: 10 } }),
        };
      },
      'GET /api/changelog': { body: [] },
    });
    signIn(studentUser());
    renderApp('/student', ROUTES);
    expect(await screen.findByText(t('STUDENT_HOME.LEVEL', { level: 6 }))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: t('STUDENT_HOME.STATS') })).getByText('510')).toBeTruthy();
  });

  it('lists the classes and opens Raids, Codex, Avatars and Shop from big tiles', async () => {
    open();
    expect(await screen.findByText('5e B')).toBeTruthy();
    const tiles = within(screen.getByRole('navigation', { name: t('STUDENT_HOME.TILES') })).getAllByRole(
      'link',
    );
    expect(tiles.map((a) => a.getAttribute('href'))).toEqual([
      '/student/raid-list',
      '/student/edit-codex',
      '/student/avatar-selection',
      '/student/skin-shop',
    ]);
    expect(screen.getByRole('link', { name: t('STUDENT_HOME.SIGN_OUT') }).getAttribute('href')).toBe(
      '/sign-out-student',
    );
  });

  it('keeps the progress bar within 0-100 % and explains an empty class list', async () => {
    open({
      student: {
        id: 'st1',
        coin: 0,
        xp: 0,
        level: 1,
        levelProgression: 140,
        powerXp: 0,
        activeProfessorsCount: 0,
        schoolclasses: [],
      },
    });
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(t('STUDENT_HOME.NO_CLASS'))).toBeTruthy();
  });

  it('counts the homework left to do on the Raids tile, and none when all is done', async () => {
    open({}, 2);
    expect((await screen.findByTestId('raids-to-do')).textContent).toBe(
      t('STUDENT_HOME.TILE_RAIDS_TODO', { count: 2 }),
    );
    expect(screen.getByTestId('raids-to-do').closest('a')?.getAttribute('href')).toBe('/student/raid-list');
  });

  it('shows no homework badge when nothing is left to do', async () => {
    open({}, 0);
    await screen.findByRole('heading', { level: 1, name: 'Léo Martin' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('raids-to-do')).toBeNull();
  });

  it('links "join a class" to the join-class page', async () => {
    open();
    expect(
      (await screen.findByRole('link', { name: t('STUDENT_HOME.JOIN_CLASS') })).getAttribute('href'),
    ).toBe('/student/account/join-class');
  });
});
