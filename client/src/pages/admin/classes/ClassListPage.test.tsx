import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveStoredUser } from '../../../app/auth-store';
import { SessionProvider } from '../../../app/session';
import { mockApi, renderPage, storedUserFixture, tx } from '../../../test-utils/page';
import ClassListPage from './ClassListPage';

const professor = (isGar: boolean) =>
  storedUserFixture({
    role: 'PROFESSOR',
    isGar,
    studentId: null,
    professorId: '33333333-3333-4333-8333-333333333333',
  });

const render = () =>
  renderPage(
    <SessionProvider>
      <ClassListPage />
    </SessionProvider>,
    '/prof/administration/classlist',
  );

const DIVISION_CLASS = {
  id: '44444444-4444-4444-8444-444444444444',
  name: '5EME B',
  level: 5,
  planet: 'nebula',
  subjectId: '22222222-2222-4222-8222-222222222222',
  subjectCode: 'MATHS',
  code: null,
  codeExpiresAt: null,
  division: { provider: 'GAR', code: '5B' },
  studentCount: 0,
  createdAt: '2026-09-03T08:00:00.000Z',
  updatedAt: '2026-09-03T08:00:00.000Z',
};

describe('ClassListPage (item 15: a GAR teacher is not told to generate a code)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('with no class yet, tells a GAR teacher that pupils come through the ENT, with no code', async () => {
    saveStoredUser(professor(true));
    mockApi([
      { method: 'GET', path: '/schoolclasses', body: [] },
      { method: 'GET', path: '/sso/divisions', body: [] },
      { method: 'GET', path: '/subjects', body: [] },
      { method: 'GET', path: '/users/11111111-1111-4111-8111-111111111111', body: {} },
    ]);
    render();
    await screen.findByRole('heading', { name: tx('CLASSES.LIST.EMPTY_TITLE') });
    expect(screen.getByText(tx('CLASSES.LIST.EMPTY_GAR_STEP_2'))).toBeTruthy();
    expect(screen.queryByText(tx('CLASSES.LIST.EMPTY_STEP_2'))).toBeNull();
  });

  it('an empty class made from a division says its pupils come through the ENT, not "no code in progress"', async () => {
    saveStoredUser(professor(true));
    mockApi([
      { method: 'GET', path: '/schoolclasses', body: [DIVISION_CLASS] },
      { method: 'GET', path: '/sso/divisions', body: [] },
      { method: 'GET', path: '/subjects', body: [] },
      { method: 'GET', path: '/users/11111111-1111-4111-8111-111111111111', body: {} },
    ]);
    render();
    expect(await screen.findByText(tx('CLASSES.LIST.DIVISION_NO_CODE'))).toBeTruthy();
    expect(screen.queryByText(tx('CLASSES.LIST.NO_CODE'))).toBeNull();
  });

  it('a teacher without the GAR is still told to generate a code', async () => {
    saveStoredUser(professor(false));
    mockApi([
      { method: 'GET', path: '/schoolclasses', body: [] },
      { method: 'GET', path: '/users/11111111-1111-4111-8111-111111111111', body: {} },
    ]);
    render();
    expect(await screen.findByText(tx('CLASSES.LIST.EMPTY_STEP_2'))).toBeTruthy();
  });
});
