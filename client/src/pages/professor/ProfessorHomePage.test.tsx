import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORLDS } from '../../../../shared/worlds';
import type { AppRoute } from '../../app/routes';
import { record, renderApp, signIn, storedUser, stubFetch } from '../../app/test-app';
import i18n from '../../i18n';

const ROUTES: AppRoute[] = [
  { name: 'select', path: '/prof/select', access: 'PROFESSOR', load: () => import('./ProfessorHomePage') },
];
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const schoolclasses = [
  {
    id: 'c1',
    name: '5e B',
    level: 5,
    planet: 'xaih' as const,
    subjectId: 's-math',
    subjectCode: 'MATHEMATICS',
  },
  {
    id: 'c2',
    name: 'Terminale S2',
    level: 0,
    planet: 'nefer' as const,
    subjectId: 's-pc',
    subjectCode: 'PHYSICS_CHEMISTRY',
  },
];

function open(over: Parameters<typeof record>[0] = {}) {
  stubFetch({ 'GET /api/users/u-prof': { body: record(over) }, 'GET /api/changelog': { body: [] } });
  signIn(storedUser());
  renderApp('/prof/select', ROUTES);
}

describe('ProfessorHomePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('greets the teacher with their character', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: t('PROF_HOME.HELLO', { name: 'Marie Curie' }) }),
    ).toBeTruthy();
    expect(screen.getByAltText(t('PROF_HOME.AVATAR_ALT')).getAttribute('src')).toBe(
      '/assets/avatars/prof/body/x.webp',
    );
  });

  it("lists each class in its world's colour and icon, with level, subject and a Play button", async () => {
    open({ professor: { id: 'p1', civility: 'MME', powerMode: true, shareRaids: false, schoolclasses } });
    const cards = await screen.findAllByTestId('class-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(within(first).getByRole('heading', { name: '5e B' })).toBeTruthy();
    expect(first.textContent).toContain('5e');
    expect(first.textContent).toContain('Mathématiques');
    expect(first.style.getPropertyValue('--world-color')).toBe(WORLDS.xaih.color);
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/assets/worlds/xaih-icon.webp');
    expect(
      within(first)
        .getByRole('link', { name: t('PROF_HOME.PLAY_WITH', { name: '5e B' }) })
        .getAttribute('href'),
    ).toBe('/prof/game/c1/s-math');
    expect(second.textContent).toContain('Terminale');
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/assets/worlds/nefer-icon.webp');
    expect(
      within(second)
        .getByRole('link', { name: /Terminale S2/ })
        .getAttribute('href'),
    ).toBe('/prof/game/c2/s-pc');
  });

  it('explains how to create a class when there is none', async () => {
    open();
    const empty = await screen.findByTestId('prof-home-empty');
    expect(empty.textContent).toContain('Administration > Classes');
    expect(
      within(empty)
        .getByRole('link', { name: t('PROF_HOME.CREATE_CLASS') })
        .getAttribute('href'),
    ).toBe('/prof/administration/classlist');
  });

  it('offers account approvals to admin teachers only', async () => {
    open();
    await screen.findByTestId('prof-home-empty');
    expect(screen.queryByRole('link', { name: /Valider les comptes/ })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    open({ isAdmin: true });
    expect((await screen.findByRole('link', { name: /Valider les comptes/ })).getAttribute('href')).toBe(
      '/users-validation',
    );
  });
});
