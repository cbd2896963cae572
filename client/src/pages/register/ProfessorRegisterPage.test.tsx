import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubjectDto } from '../../../../shared/types';
import i18n, { setLanguage } from '../../i18n';
import { fieldError, type Handler, mockApi, renderPage, tx, where } from '../../test-utils/page';
import ProfessorRegisterPage from './ProfessorRegisterPage';

afterEach(() => vi.unstubAllGlobals());

const SUBJECTS: SubjectDto[] = [
  { id: 'a0000000-0000-4000-8000-000000000001', code: 'MATHEMATICS', name: 'Mathematics', group: 'MAIN' },
  { id: 'a0000000-0000-4000-8000-000000000002', code: 'ENGLISH', name: 'English', group: 'MODERN_LANGUAGES' },
  { id: 'a0000000-0000-4000-8000-000000000003', code: 'LATIN', name: 'Latin', group: 'ANCIENT_LANGUAGES' },
  { id: 'a0000000-0000-4000-8000-000000000004', code: 'OTHER', name: 'Other', group: 'OTHER' },
];
const base: Handler[] = [
  { method: 'GET', path: '/subjects', body: SUBJECTS },
  { method: 'GET', path: '/users/check/email?email=marie.curie%40college.fr', body: { emailExists: false } },
  { method: 'GET', path: '/auth/check-username/mcurie', body: { available: true } },
  { method: 'POST', path: '/auth/signup', status: 201, body: { id: 'new' } },
];
const label = (k: string) => screen.getByLabelText(tx(`REGISTER.PROFESSOR.${k}`));
const next = () => screen.getByRole('button', { name: tx('REGISTER.NEXT') });

async function fillPersonal(user: ReturnType<typeof userEvent.setup>, over: Record<string, string> = {}) {
  const values: Record<string, string> = {
    FIRST_NAME: 'Marie',
    LAST_NAME: 'Curie',
    EMAIL: 'Marie.Curie@college.fr',
    PHONE: '06 12 34 56 78',
    SCHOOL: 'Collège Jean Moulin',
    CITY: 'Lyon',
    DEPARTMENT: 'Rhône',
    ...over,
  };
  for (const [k, v] of Object.entries(values)) {
    await user.clear(label(k));
    if (v) await user.type(label(k), v);
  }
}

async function toPasswordStep(handlers: Handler[] = base) {
  const calls = mockApi(handlers);
  const user = userEvent.setup();
  renderPage(<ProfessorRegisterPage />, '/register/form');
  await fillPersonal(user);
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: tx('SUBJECTS.MATHEMATICS') }));
  await user.click(screen.getByRole('button', { name: tx('SUBJECTS.LATIN') }));
  await user.click(next());
  await user.type(await screen.findByLabelText(tx('REGISTER.PROFESSOR.USERNAME')), 'mcurie');
  await user.type(label('PASSWORD'), 'Radium-1898!');
  await user.type(label('CONFIRMATION'), 'Radium-1898!');
  return { user, calls };
}
const submit = () => screen.getByRole('button', { name: tx('REGISTER.PROFESSOR.SUBMIT') });
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

describe('TeacherRegisterPage', () => {
  it('offers the language selector of the other public pages, and switches the form', async () => {
    mockApi(base);
    renderPage(<ProfessorRegisterPage />, '/register/form');
    const select = screen.getByRole('combobox', { name: tx('LAYOUT.LANGUAGE') });
    await userEvent.setup().selectOptions(select, 'en');
    try {
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
          i18n.t('REGISTER.PROFESSOR.TITLE', { lng: 'en' }),
        ),
      );
      expect(i18n.t('REGISTER.PROFESSOR.TITLE', { lng: 'en' })).not.toBe(
        i18n.t('REGISTER.PROFESSOR.TITLE', { lng: 'fr' }),
      );
    } finally {
      await setLanguage('fr');
    }
  });

  it('shows a stepper on the personal information step', () => {
    mockApi(base);
    renderPage(<ProfessorRegisterPage />, '/register/form');
    expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.PERSONAL'));
    expect(screen.getByText(tx('REGISTER.STEP', { current: 1, total: 3 }))).toBeTruthy();
  });

  it('step 1: shows the first error of each field and stays', async () => {
    const calls = mockApi(base);
    const user = userEvent.setup();
    renderPage(<ProfessorRegisterPage />, '/register/form');
    await fillPersonal(user, { FIRST_NAME: 'M', LAST_NAME: '', EMAIL: 'marie@', PHONE: '12345', CITY: '' });
    await user.click(next());
    expect(fieldError(label('FIRST_NAME'))).toBe(tx('VALIDATION.NAME_TOO_SHORT'));
    expect(fieldError(label('LAST_NAME'))).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(label('EMAIL'))).toBe(tx('VALIDATION.INVALID_EMAIL'));
    expect(fieldError(label('PHONE'))).toBe(tx('VALIDATION.PHONE_INVALID'));
    expect(fieldError(label('CITY'))).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(label('SCHOOL'))).toBeNull();
    expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.PERSONAL'));
    expect(calls.some((c) => c.url.includes('/users/check/email'))).toBe(false);
  });

  it('step 1: a valid form checks the e-mail once and goes to the subjects', async () => {
    const calls = mockApi(base);
    const user = userEvent.setup();
    renderPage(<ProfessorRegisterPage />, '/register/form');
    await fillPersonal(user);
    await user.click(next());
    expect(
      await screen.findByRole('heading', { name: tx('REGISTER.PROFESSOR.STEPS.SUBJECTS') }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/users/check/email'))).toHaveLength(1);
  });

  it('step 1: a used e-mail is reported on blur', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/users/check/email?email=marie.curie%40college.fr',
        body: { emailExists: true },
      },
      ...base,
    ]);
    const user = userEvent.setup();
    renderPage(<ProfessorRegisterPage />, '/register/form');
    await user.type(label('EMAIL'), 'marie.curie@college.fr');
    await user.tab();
    await waitFor(() => expect(fieldError(label('EMAIL'))).toBe(tx('VALIDATION.EMAIL_TAKEN')));
  });

  it('step 1: a failed availability check blocks with the check-error message', async () => {
    mockApi([
      { method: 'GET', path: '/users/check/email?email=marie.curie%40college.fr', status: 500, body: {} },
      ...base,
    ]);
    const user = userEvent.setup();
    renderPage(<ProfessorRegisterPage />, '/register/form');
    await fillPersonal(user);
    await user.click(next());
    await waitFor(() => expect(fieldError(label('EMAIL'))).toBe(tx('VALIDATION.AVAILABILITY_CHECK_FAILED')));
    expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.PERSONAL'));
  });

  it('step 2: shows the four groups and requires one subject', async () => {
    mockApi(base);
    const user = userEvent.setup();
    renderPage(<ProfessorRegisterPage />, '/register/form');
    await fillPersonal(user);
    await user.click(next());
    for (const g of ['MAIN', 'MODERN_LANGUAGES', 'ANCIENT_LANGUAGES', 'OTHER'])
      expect(await screen.findByRole('group', { name: tx(`REGISTER.PROFESSOR.GROUPS.${g}`) })).toBeTruthy();
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.SUBJECT_REQUIRED'));
    const maths = screen.getByRole('button', { name: tx('SUBJECTS.MATHEMATICS') });
    await user.click(maths);
    expect(maths.getAttribute('aria-pressed')).toBe('true');
    await user.click(next());
    expect(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME'))).toBeTruthy();
  });

  it('back and next keep the values entered', async () => {
    await toPasswordStep();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: tx('REGISTER.BACK') }));
    expect(screen.getByRole('button', { name: tx('SUBJECTS.LATIN') }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: tx('REGISTER.BACK') }));
    expect((label('SCHOOL') as HTMLInputElement).value).toBe('Collège Jean Moulin');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: tx('REGISTER.NEXT') }));
    expect((screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')) as HTMLInputElement).value).toBe(
      'mcurie',
    );
  });

  it('step 3: password rules, confirmation and username format', async () => {
    const { user, calls } = await toPasswordStep();
    await user.clear(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')));
    await user.type(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')), 'mé');
    await user.clear(label('PASSWORD'));
    await user.type(label('PASSWORD'), 'abcdefghij');
    await user.click(submit());
    expect(fieldError(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')))).toBe(
      tx('VALIDATION.INVALID_USERNAME'),
    );
    expect(fieldError(label('PASSWORD'))).toBe(tx('VALIDATION.PASSWORD_NEEDS_SYMBOL_OR_DIGIT'));
    expect(fieldError(label('CONFIRMATION'))).toBe(tx('VALIDATION.PASSWORD_MISMATCH'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('step 3: a 31-character username is told the length limit, not "taken"', async () => {
    const { user, calls } = await toPasswordStep();
    await user.clear(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')));
    await user.type(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')), 'a'.repeat(31));
    await user.click(submit());
    expect(fieldError(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')))).toBe(
      tx('VALIDATION.USERNAME_TOO_LONG'),
    );
    expect(tx('VALIDATION.USERNAME_TOO_LONG')).toContain('30');
    expect(calls.some((c) => c.url.includes('check-username') || c.method === 'POST')).toBe(false);
  });

  it('step 3: a taken username is reported on submit', async () => {
    const { user, calls } = await toPasswordStep([
      { method: 'GET', path: '/auth/check-username/mcurie', body: { available: false } },
      ...base,
    ]);
    expect(calls.some((c) => c.url.includes('check-username'))).toBe(false);
    await user.click(submit());
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')))).toBe(
        tx('VALIDATION.USERNAME_TAKEN'),
      ),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('step 3: a failed username check shows the check-error message', async () => {
    const { user } = await toPasswordStep([
      { method: 'GET', path: '/auth/check-username/mcurie', status: 503, body: {} },
      ...base,
    ]);
    await user.click(submit());
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('REGISTER.PROFESSOR.USERNAME')))).toBe(
        tx('VALIDATION.AVAILABILITY_CHECK_FAILED'),
      ),
    );
  });

  it('sends the registration with the language and goes to the request-sent page', async () => {
    const { user, calls } = await toPasswordStep();
    await user.click(submit());
    await waitFor(() => expect(where()).toBe('/register/professor/requestSent'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/auth/signup');
    expect(post?.body).toEqual({
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie.curie@college.fr',
      phone: '0612345678',
      city: 'Lyon',
      department: 'Rhône',
      school: 'Collège Jean Moulin',
      subjectIds: [SUBJECTS[0].id, SUBJECTS[2].id],
      username: 'mcurie',
      password: 'Radium-1898!',
      language: 'fr',
    });
  });

  it('a server error on the e-mail goes back to step 1 with the error on that field', async () => {
    const { user } = await toPasswordStep([
      {
        method: 'POST',
        path: '/auth/signup',
        status: 409,
        body: { message: 'VALIDATION.EMAIL_TAKEN', field: 'email' },
      },
      ...base,
    ]);
    await user.click(submit());
    await waitFor(() => expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.PERSONAL')));
    expect(fieldError(label('EMAIL'))).toBe(tx('VALIDATION.EMAIL_TAKEN'));
    expect((label('EMAIL') as HTMLInputElement).value).toBe('Marie.Curie@college.fr');
    await user.click(next());
    await waitFor(() => expect(fieldError(label('EMAIL'))).toBe(tx('VALIDATION.EMAIL_TAKEN')));
    expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.PERSONAL'));
  });

  it('a weak password from the server stays on step 3, on the password', async () => {
    const { user } = await toPasswordStep([
      {
        method: 'POST',
        path: '/auth/signup',
        status: 400,
        body: { message: 'VALIDATION.PASSWORD_TOO_WEAK', field: 'password' },
      },
      ...base,
    ]);
    await user.click(submit());
    await waitFor(() => expect(fieldError(label('PASSWORD'))).toBe(tx('VALIDATION.PASSWORD_TOO_WEAK')));
    expect(where()).toBe('/register/form');
  });

  it('a subject error from the server goes back to step 2', async () => {
    const { user } = await toPasswordStep([
      {
        method: 'POST',
        path: '/auth/signup',
        status: 400,
        body: { message: 'VALIDATION.SUBJECT_REQUIRED', field: 'subjectIds' },
      },
      ...base,
    ]);
    await user.click(submit());
    await waitFor(() => expect(currentStep()).toContain(tx('REGISTER.PROFESSOR.STEPS.SUBJECTS')));
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.SUBJECT_REQUIRED'));
  });
});
