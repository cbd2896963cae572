import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, saveStoredUser } from '../../app/auth-store';
import { mockApi, renderPage, storedUserFixture, tx, where } from '../../test-utils/page';
import ProfessorOnboardingPage from './ProfessorOnboardingPage';

afterEach(() => vi.unstubAllGlobals());

const PROF = storedUserFixture({
  role: 'PROFESSOR',
  studentId: null,
  professorId: 'p0000000-0000-4000-8000-000000000001',
});
const AVATARS = [1, 2].map((n) => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  baseAvatarId: null,
  planet: 'preia',
  avatarType: 'professor',
  race: 'human',
  avatarClass: 'mentor',
  gender: 'male',
  skinId: null,
  userType: 'professor',
  image: `/assets/avatars/prof/body/p${n}.webp`,
  head: `/assets/avatars/prof/head/p${n}.webp`,
}));
const MATHS = 's0000000-0000-4000-8000-000000000001';
const ENGLISH = 's0000000-0000-4000-8000-000000000002';
const SUBJECTS = [
  { id: MATHS, code: 'MATHEMATICS', name: 'Mathematics', group: 'MAIN', position: 1 },
  { id: ENGLISH, code: 'ENGLISH', name: 'English', group: 'MODERN_LANGUAGES', position: 2 },
];
const handlers = [
  { method: 'GET', path: '/avatars?userType=professor', body: AVATARS },
  { method: 'GET', path: '/subjects', body: SUBJECTS },
  // What the GAR sent (P_MAT): mathematics.
  { method: 'GET', path: '/sso/subjects', body: { subjectIds: [MATHS], source: 'school' } },
  {
    method: 'PUT',
    path: `/professors/${PROF.professorId}`,
    body: { id: PROF.professorId, powerMode: false, shareRaids: true },
  },
  { method: 'PUT', path: `/users/${PROF.id}`, body: {} },
];
const next = () => screen.getByRole('button', { name: tx('REGISTER.NEXT') });

describe('TeacherOnboardingPage', () => {
  it('walks character, subjects (prefilled from the GAR), power mode and sharing, saves them and opens the professor home', async () => {
    saveStoredUser(PROF);
    const calls = mockApi(handlers);
    const user = userEvent.setup();
    renderPage(<ProfessorOnboardingPage />, '/gar-signup');
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(tx('ONBOARDING.CHARACTER_REQUIRED'));
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 2 }) }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: tx('ONBOARDING.SUBJECTS_TITLE') })).toBeTruthy();
    expect(screen.getByText(tx('ONBOARDING.SUBJECTS_TEXT'))).toBeTruthy();
    const maths = screen.getByRole('button', { name: new RegExp(tx('SUBJECTS.MATHEMATICS')) });
    expect(maths.getAttribute('aria-pressed')).toBe('true');
    // None chosen: refused with its message; English added.
    await user.click(maths);
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.SUBJECT_REQUIRED'));
    await user.click(screen.getByRole('button', { name: new RegExp(tx('SUBJECTS.ENGLISH')) }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: tx('ONBOARDING.POWERS_TITLE') })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_ON')) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_OFF')) }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: tx('ONBOARDING.SHARING_TITLE') })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.SHARE_ON')) }));
    await user.click(screen.getByRole('button', { name: tx('ONBOARDING.FINISH') }));
    await waitFor(() => expect(where()).toBe('/prof/select'));
    expect(calls.find((c) => c.url === `/api/professors/${PROF.professorId}`)?.body).toEqual({
      powerMode: false,
      shareRaids: true,
      subjectIds: [ENGLISH],
    });
    expect(calls.find((c) => c.url === `/api/users/${PROF.id}`)?.body).toEqual({ avatarId: AVATARS[1].id });
    expect(getStoredUser()?.avatarId).toBe(AVATARS[1].id);
  });

  it('back keeps the choices and a failed save stays on the page with the error', async () => {
    saveStoredUser(PROF);
    mockApi([
      {
        method: 'PUT',
        path: `/professors/${PROF.professorId}`,
        status: 500,
        body: { message: 'ERRORS.GENERIC' },
      },
      ...handlers,
    ]);
    const user = userEvent.setup();
    renderPage(<ProfessorOnboardingPage />, '/gar-signup');
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: tx('REGISTER.BACK') }));
    expect(
      (screen.getByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(next());
    await screen.findByRole('button', { name: new RegExp(tx('SUBJECTS.MATHEMATICS')), pressed: true });
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: tx('ONBOARDING.FINISH') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.GENERIC'));
    expect(where()).toBe('/gar-signup');
    expect(getStoredUser()?.avatarId).toBeNull();
  });

  it('a teacher who chose subjects at sign-up is told they are hers, not the school’s', async () => {
    saveStoredUser(PROF);
    mockApi([
      { method: 'GET', path: '/sso/subjects', body: { subjectIds: [MATHS], source: 'record' } },
      ...handlers,
    ]);
    const user = userEvent.setup();
    renderPage(<ProfessorOnboardingPage />, '/gar-signup');
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) }));
    await user.click(next());
    await screen.findByText(tx('ONBOARDING.SUBJECTS_TEXT_RECORD'));
    expect(screen.queryByText(tx('ONBOARDING.SUBJECTS_TEXT'))).toBeNull();
  });
});
