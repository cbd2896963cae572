// Every navigation rule of SPEC point 2, one by one.
import { describe, expect, it, vi } from 'vitest';
import type { StoredUser } from '../../../shared/types';
import {
  afterLogin,
  type GuardInput,
  guard,
  HOME,
  homeOf,
  registrationStepGuard,
  requestSentGuard,
} from './guards';

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  accessToken: 'a',
  refreshToken: 'r',
  role: 'PROFESSOR',
  isGar: false,
  id: 'u1',
  studentId: null,
  professorId: 'p1',
  avatarId: 'av1',
  ticket: null,
  ...over,
});
const professor = (over: Partial<StoredUser> = {}) => user(over);
const student = (over: Partial<StoredUser> = {}) =>
  user({ role: 'STUDENT', id: 's1', studentId: 'st1', professorId: null, ...over });
const school = () => user({ role: 'SCHOOL', professorId: null });

const check = (input: Partial<GuardInput> & Pick<GuardInput, 'access' | 'path'>) =>
  guard({ user: null, query: new URLSearchParams(), ...input });
const allow = { kind: 'allow' };
const to = (path: string, logout = false) => ({ kind: 'redirect', to: path, logout });

describe('guard: students and e-mail (see the comment in guards.ts)', () => {
  it('sends a non-SSO student whose account carries an e-mail to student-update-account', () => {
    expect(check({ access: 'STUDENT', path: '/student', user: student(), email: 'kid@example.org' })).toEqual(
      to('/student-update-account'),
    );
  });
  it('lets them through when a ticket is in the query', () => {
    const query = new URLSearchParams({ ticket: 't' });
    expect(
      check({ access: 'STUDENT', path: '/student', user: student(), email: 'kid@example.org', query }),
    ).toEqual(allow);
  });
  it('does not apply to SSO students, students without e-mail, or before the record is known', () => {
    const gar = student({ isGar: true, ticket: 't' });
    expect(check({ access: 'STUDENT', path: '/student', user: gar, email: 'kid@example.org' })).toEqual(
      allow,
    );
    expect(check({ access: 'STUDENT', path: '/student', user: student(), email: null })).toEqual(allow);
    expect(check({ access: 'STUDENT', path: '/student', user: student() })).toEqual(allow);
  });
  it('does not apply on the update page itself, public pages and pages open to all', () => {
    const s = student();
    expect(check({ access: 'STUDENT', path: '/student-update-account', user: s, email: 'a@b.fr' })).toEqual(
      allow,
    );
    expect(check({ access: 'all', path: '/ticket', user: s, email: 'a@b.fr' })).toEqual(allow);
    expect(check({ access: 'public', path: '/login', user: s, email: 'a@b.fr' })).toEqual(to('/student'));
  });
  it('blocks the update page for SSO students and students without e-mail', () => {
    const path = '/student-update-account';
    expect(check({ access: 'STUDENT', path, user: student(), email: null })).toEqual(to('/student'));
    const gar = student({ isGar: true, ticket: 't' });
    expect(check({ access: 'STUDENT', path, user: gar, email: 'a@b.fr' })).toEqual(to('/student'));
  });
});

describe('guard: school sign-on (SSO) accounts', () => {
  it('logs out an SSO user whose stored account has no ticket and sends them to the GAR helper', () => {
    expect(check({ access: 'PROFESSOR', path: '/prof/select', user: professor({ isGar: true }) })).toEqual(
      to('/gar-helper', true),
    );
    expect(check({ access: 'all', path: '/ticket', user: student({ isGar: true }) })).toEqual(
      to('/gar-helper', true),
    );
  });
  it('lets an SSO user with a ticket through', () => {
    expect(
      check({ access: 'PROFESSOR', path: '/prof/select', user: professor({ isGar: true, ticket: 't' }) }),
    ).toEqual(allow);
  });
  it('leaves /gar alone so a new ticket can be exchanged', () => {
    expect(check({ access: 'all', path: '/gar', user: professor({ isGar: true }) })).toEqual(allow);
  });
});

describe('guard: access kinds', () => {
  it('always allows a route open to all', () => {
    for (const u of [null, professor(), student(), school()]) {
      expect(check({ access: 'all', path: '/legal-notice', user: u })).toEqual(allow);
    }
  });
  it('allows public routes when logged out', () => {
    expect(check({ access: 'public', path: '/login' })).toEqual(allow);
  });
  it('sends a logged-in user from a public route to their home', () => {
    expect(check({ access: 'public', path: '/login', user: professor() })).toEqual(to('/prof/select'));
    expect(check({ access: 'public', path: '/register/form', user: student() })).toEqual(to('/student'));
  });
  it('sends a school’s management (SCHOOL) from the public pages to its school page, and lets it in there', () => {
    expect(check({ access: 'public', path: '/login', user: school() })).toEqual(to('/school'));
    expect(check({ access: 'SCHOOL', path: '/school', user: school() })).toEqual(allow);
    expect(check({ access: 'SCHOOL', path: '/school', user: professor() })).toEqual(to('/prof/select'));
    expect(check({ access: 'SCHOOL', path: '/school', user: student() })).toEqual(to('/student'));
    expect(check({ access: 'SCHOOL', path: '/school' })).toEqual(to('/login'));
  });
  it('lets a matching role through a role route', () => {
    expect(check({ access: 'PROFESSOR', path: '/prof/select', user: professor() })).toEqual(allow);
    expect(check({ access: 'STUDENT', path: '/student', user: student() })).toEqual(allow);
  });
  it('sends another role to its home and a visitor to login', () => {
    expect(check({ access: 'PROFESSOR', path: '/prof/select', user: student() })).toEqual(to('/student'));
    expect(check({ access: 'STUDENT', path: '/student', user: professor() })).toEqual(to('/prof/select'));
    expect(check({ access: 'STUDENT', path: '/student', user: school() })).toEqual(to('/school'));
    expect(check({ access: 'PROFESSOR', path: '/users-validation', user: school() })).toEqual(to('/school'));
    expect(check({ access: 'PROFESSOR', path: '/prof/select' })).toEqual(to('/login'));
    expect(check({ access: 'STUDENT', path: '/student' })).toEqual(to('/login'));
  });
  it('opens PROFESSOR_OR_STUDENT routes (changelog) to those two roles only', () => {
    expect(check({ access: 'PROFESSOR_OR_STUDENT', path: '/changelog', user: professor() })).toEqual(allow);
    expect(check({ access: 'PROFESSOR_OR_STUDENT', path: '/changelog', user: student() })).toEqual(allow);
    expect(check({ access: 'PROFESSOR_OR_STUDENT', path: '/changelog', user: school() })).toEqual(
      to('/school'),
    );
    expect(check({ access: 'PROFESSOR_OR_STUDENT', path: '/changelog' })).toEqual(to('/login'));
  });
});

describe('guard: a class QR code opened while signed in', () => {
  const path = '/register/student/code';
  const query = new URLSearchParams({ code: '123456' });
  it('sends a signed-in student to join-class with the code', () => {
    expect(check({ access: 'public', path, user: student(), query })).toEqual(
      to('/student/account/join-class?code=123456'),
    );
    expect(check({ access: 'public', path, user: student({ avatarId: null }), query })).toEqual(
      to('/student/account/join-class?code=123456'),
    );
  });
  it('keeps the code as typed in the address (the join page reports an invalid one)', () => {
    const odd = new URLSearchParams({ code: '12 a&b' });
    expect(check({ access: 'public', path, user: student(), query: odd })).toEqual(
      to('/student/account/join-class?code=12+a%26b'),
    );
  });
  it('sends a teacher, a school sign-on student, or a student without code home as before', () => {
    expect(check({ access: 'public', path, user: professor(), query })).toEqual(to('/prof/select'));
    const gar = student({ isGar: true, ticket: 't' });
    expect(check({ access: 'public', path, user: gar, query })).toEqual(to('/student'));
    expect(check({ access: 'public', path, user: student() })).toEqual(to('/student'));
    expect(check({ access: 'public', path: '/login', user: student(), query })).toEqual(to('/student'));
  });
  it('lets a visitor through to the registration flow', () => {
    expect(check({ access: 'public', path, query })).toEqual(allow);
  });
});

describe('homes', () => {
  it('are /prof/select for teachers, /student for students, /school for a school’s management, login otherwise', () => {
    expect(HOME.PROFESSOR).toBe('/prof/select');
    expect(HOME.STUDENT).toBe('/student');
    expect(homeOf(school())).toBe('/school');
    expect(homeOf(null)).toBe('/login');
  });
});

describe('afterLogin', () => {
  it('sends a teacher without avatar to gar-signup, with one to select', () => {
    expect(afterLogin(professor({ avatarId: null }))).toBe('/gar-signup');
    expect(afterLogin(professor())).toBe('/prof/select');
  });
  it('sends a student without avatar to register-avatar with the id param and the ticket query', () => {
    const url = new URL(afterLogin(student({ avatarId: null, ticket: 'TCK' })), 'http://x');
    expect(url.pathname).toBe('/register/student/avatar');
    expect(url.searchParams.get('id')).toBe('s1');
    expect(url.searchParams.get('ticket')).toBe('TCK');
    expect(afterLogin(student({ avatarId: null }))).toBe('/register/student/avatar?id=s1');
  });
  it('sends a student with an avatar to the student home', () => {
    expect(afterLogin(student())).toBe('/student');
  });
  it('sends a school’s management to its school page', () => {
    expect(afterLogin(school())).toBe('/school');
  });
});

describe('registrationStepGuard', () => {
  const run = (over: Partial<Parameters<typeof registrationStepGuard>[0]> = {}) => {
    const remember = vi.fn();
    const resolve = vi.fn(async (code: string) => (code === '123456' ? 'class-1' : null));
    const result = registrationStepGuard({
      query: new URLSearchParams(),
      fromPath: null,
      user: null,
      resolve,
      remember,
      ...over,
    });
    return { result, remember, resolve };
  };

  it('allows a step with a valid class code and remembers the class', async () => {
    const { result, remember } = run({ query: new URLSearchParams({ code: '123456' }) });
    expect(await result).toEqual(allow);
    expect(remember).toHaveBeenCalledWith('class-1');
  });
  it('sends a missing code to login', async () => {
    expect(await run().result).toEqual(to('/login'));
  });
  it('sends an unknown code to login without remembering anything', async () => {
    const { result, remember } = run({ query: new URLSearchParams({ code: '000000' }) });
    expect(await result).toEqual(to('/login'));
    expect(remember).not.toHaveBeenCalled();
  });
  it('sends a code whose check fails (network) to login', async () => {
    const { result } = run({
      query: new URLSearchParams({ code: '123456' }),
      resolve: async () => {
        throw new Error('offline');
      },
    });
    expect(await result).toEqual(to('/login'));
  });
  it('needs no code when a ticket is in the query', async () => {
    const { result, resolve } = run({ query: new URLSearchParams({ ticket: 't' }) });
    expect(await result).toEqual(allow);
    expect(resolve).not.toHaveBeenCalled();
  });
  it('needs no code when coming from another registration step', async () => {
    for (const fromPath of [
      '/register/student/avatar',
      '/register/student/identifier',
      '/register/student/password',
    ]) {
      expect(await run({ fromPath }).result).toEqual(allow);
    }
    expect(await run({ fromPath: '/login' }).result).toEqual(to('/login'));
  });
  it('needs no code for a signed-in student choosing their avatar after login', async () => {
    expect(await run({ user: student({ avatarId: null }) }).result).toEqual(allow);
  });
});

describe('requestSentGuard', () => {
  it('is reachable only from the register form', () => {
    expect(requestSentGuard('/register/form')).toEqual(allow);
    expect(requestSentGuard(null)).toEqual(to('/login'));
    expect(requestSentGuard('/login')).toEqual(to('/login'));
  });
});
