// The navigation guard of SPEC point 2 as pure functions, so every rule has a unit test.
import type { Role } from '../../../shared/constants';
import type { StoredUser } from '../../../shared/types';

export type Access = 'public' | 'all' | 'PROFESSOR' | 'STUDENT' | 'SCHOOL' | 'PROFESSOR_OR_STUDENT';

export interface GuardInput {
  access: Access;
  path: string;
  user: StoredUser | null;
  /** The fetched user record's e-mail, when known (students). */
  email?: string | null;
  query: URLSearchParams;
}
export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string; logout?: boolean };

export const HOME: Record<Role, string> = {
  PROFESSOR: '/prof/select',
  STUDENT: '/student',
  SCHOOL: '/school',
};
export const homeOf = (user: StoredUser | null) => (user ? HOME[user.role] : '/login');

const allow: GuardResult = { kind: 'allow' };
const go = (to: string, logout = false): GuardResult => ({ kind: 'redirect', to, logout });

export const STUDENT_UPDATE_ACCOUNT = '/student-update-account';
export const GAR_HELPER = '/gar-helper';
/** Where a school sign-on ticket is exchanged: a fresh ticket in the query replaces the stored account. */
const GAR_ENTRY = '/gar';
/** The class-code page the teacher's QR code opens, and the signed-in student's join-class page. */
export const REGISTER_CODE = '/register/student/code';
export const JOIN_CLASS = '/student/account/join-class';

export function guard({ access, path, user, email, query }: GuardInput): GuardResult {
  const ticket = query.get('ticket');
  const isStudent = user?.role === 'STUDENT';
  // A student account that still carries an e-mail is completed on student-update-account first
  // (see docs/decisions.md: the spec's two e-mail rules for this page are reconciled there).
  if (
    !ticket &&
    isStudent &&
    !user.isGar &&
    email &&
    path !== STUDENT_UPDATE_ACCOUNT &&
    access !== 'all' &&
    access !== 'public'
  ) {
    return go(STUDENT_UPDATE_ACCOUNT);
  }
  if (user?.isGar && !user.ticket && path !== GAR_ENTRY) return go(GAR_HELPER, true);
  if (access === 'all') return allow;
  // A signed-in student who scans a class's QR code joins that class instead of losing the code
  // (a school sign-on student cannot change class: home as on any public page).
  const code = query.get('code');
  if (access === 'public' && path === REGISTER_CODE && code && isStudent && !user.isGar) {
    return go(`${JOIN_CLASS}?${new URLSearchParams({ code })}`);
  }
  // A role with no home of its own would stay on the public pages instead of looping on /login.
  if (access === 'public') return user && HOME[user.role] !== '/login' ? go(homeOf(user)) : allow;
  if (!user) return go('/login');
  // The update page is for accounts that have an e-mail and no school sign-on (email undefined = not known yet).
  if (path === STUDENT_UPDATE_ACCOUNT && isStudent && (user.isGar || email === null || email === '')) {
    return go(homeOf(user));
  }
  if (access === 'PROFESSOR_OR_STUDENT') {
    return user.role === 'PROFESSOR' || user.role === 'STUDENT' ? allow : go(homeOf(user));
  }
  return user.role === access ? allow : go(homeOf(user));
}

/** Where a user lands after login (SPEC point 2). */
export function afterLogin(user: StoredUser): string {
  if (user.role === 'PROFESSOR') return user.avatarId ? '/prof/select' : '/gar-signup';
  if (user.role === 'STUDENT') {
    if (user.avatarId) return '/student';
    const q = new URLSearchParams({ id: user.id });
    if (user.ticket) q.set('ticket', user.ticket);
    return `/register/student/avatar?${q}`;
  }
  // A school's management (head, deputy) signed in through the GAR or its ENT.
  if (user.role === 'SCHOOL') return HOME.SCHOOL;
  return '/login';
}

export const REGISTRATION_STEPS = [
  '/register/student/avatar',
  '/register/student/identifier',
  '/register/student/password',
] as const;

/**
 * Student registration steps need a valid class code in the query, unless a ticket is present or the
 * user comes from another registration step. `resolve` checks the code (null when it does not resolve).
 */
export async function registrationStepGuard(input: {
  query: URLSearchParams;
  fromPath: string | null;
  user: StoredUser | null;
  resolve: (code: string) => Promise<string | null>;
  remember: (schoolclassId: string) => void;
}): Promise<GuardResult> {
  if (input.query.get('ticket')) return allow;
  // A signed-in student without avatar chooses one here (after-login rule); no code is needed.
  if (input.user?.role === 'STUDENT') return allow;
  if (input.fromPath && (REGISTRATION_STEPS as readonly string[]).includes(input.fromPath)) return allow;
  const code = input.query.get('code');
  if (!code) return go('/login');
  const schoolclassId = await input.resolve(code).catch(() => null);
  if (!schoolclassId) return go('/login');
  input.remember(schoolclassId);
  return allow;
}

/** /register/professor/requestSent is only reachable from the register form. */
export function requestSentGuard(fromPath: string | null): GuardResult {
  return fromPath === '/register/form' ? allow : go('/login');
}
