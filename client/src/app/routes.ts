// Every route of SPEC point 2, with its name (sent with bug reports), access rule and page.
// `chrome: false` hides the top bar, footer and padding (game and registration routes).
// The table itself is in every first load (the phones' too), so it holds no import of a page: each
// route names its page as 'group/key', and the group's loaders (pages-public, pages-professor,
// pages-student) are a small lazy chunk of their own. A phone never downloads the teacher's table.
import type { ComponentType } from 'react';
import type { Access } from './guards';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;
export type PageGroup = 'public' | 'professor' | 'student';
export type PageRef = `${PageGroup}/${string}`;

export interface AppRoute {
  name: string;
  path: string;
  access: Access;
  chrome?: boolean;
  /** Extra rule checked before the page renders. */
  special?: 'registration-step' | 'request-sent' | 'admin';
  load: () => Promise<PageModule>;
}

type RouteSpec = Omit<AppRoute, 'load'> & { page: PageRef };

/** The loaders of one group: a lazy chunk, imported once on the first page of that group. */
export const pageGroups: Record<PageGroup, () => Promise<{ PAGES: Record<string, PageLoader> }>> = {
  public: () => import('./pages-public'),
  professor: () => import('./pages-professor'),
  student: () => import('./pages-student'),
};

const loaders = new Map<PageRef, PageLoader>();
/** One loader per page, so routes sharing a page (the six game routes) share one lazy component. */
function loaderOf(ref: PageRef): PageLoader {
  let load = loaders.get(ref);
  if (!load) {
    const [group, key] = ref.split('/') as [PageGroup, string];
    load = () =>
      pageGroups[group]().then(({ PAGES }) => {
        const page = PAGES[key];
        if (!page) throw new Error(`no page ${ref}`);
        return page();
      });
    loaders.set(ref, load);
  }
  return load;
}

const SPECS: RouteSpec[] = [
  {
    name: 'login',
    path: '/login',
    access: 'public',
    page: 'public/login',
  },
  {
    name: 'sign-up',
    path: '/sign-up',
    access: 'public',
    page: 'public/sign-up',
  },
  {
    name: 'error',
    path: '/error',
    access: 'public',
    page: 'public/error',
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    access: 'public',
    page: 'public/forgot-password',
  },
  {
    name: 'forgot-password-student',
    path: '/forgot-password/student',
    access: 'public',
    page: 'public/forgot-password-student',
  },
  {
    name: 'forgot-password-professor',
    path: '/forgot-password/professor/:token?',
    access: 'public',
    page: 'public/forgot-password-professor',
  },
  {
    name: 'user-disabled',
    path: '/user-disabled',
    access: 'public',
    page: 'public/user-disabled',
  },
  {
    name: 'register-form',
    path: '/register/form',
    access: 'public',
    chrome: false,
    page: 'public/register-form',
  },
  {
    name: 'register-request-sent',
    path: '/register/professor/requestSent',
    access: 'public',
    chrome: false,
    special: 'request-sent',
    page: 'public/register-request-sent',
  },
  {
    name: 'register-professor-avatar',
    path: '/register/professor/avatar',
    access: 'public',
    chrome: false,
    page: 'public/register-professor-avatar',
  },
  {
    name: 'register-welcome',
    path: '/register/professor/success',
    access: 'public',
    chrome: false,
    page: 'public/register-welcome',
  },
  {
    name: 'register-code',
    path: '/register/student/code',
    access: 'public',
    chrome: false,
    page: 'public/register-code',
  },
  {
    name: 'register-identifier',
    path: '/register/student/identifier',
    access: 'public',
    chrome: false,
    special: 'registration-step',
    page: 'public/register-identifier',
  },
  {
    name: 'register-password',
    path: '/register/student/password',
    access: 'public',
    chrome: false,
    special: 'registration-step',
    page: 'public/register-password',
  },
  {
    name: 'settings',
    path: '/settings/:professorId',
    access: 'public',
    page: 'public/settings',
  },
  {
    name: 'register-character',
    path: '/register/student/avatar',
    access: 'all',
    chrome: false,
    special: 'registration-step',
    page: 'public/register-character',
  },
  {
    name: 'ticket-form',
    path: '/ticket',
    access: 'all',
    page: 'public/ticket-form',
  },
  { name: 'gar', path: '/gar', access: 'all', chrome: false, page: 'public/gar' },
  {
    name: 'gar-helper',
    path: '/gar-helper',
    access: 'all',
    page: 'public/gar-helper',
  },
  {
    name: 'legal-notice',
    path: '/legal-notice',
    access: 'all',
    page: 'public/legal-notice',
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    access: 'all',
    page: 'public/privacy-policy',
  },
  {
    name: 'gcu',
    path: '/gcu',
    access: 'all',
    page: 'public/gcu',
  },
  {
    name: 'guide-professor',
    path: '/guide/professor',
    access: 'all',
    page: 'public/guide-professor',
  },
  {
    name: 'guide-student',
    path: '/guide/student',
    access: 'all',
    page: 'public/guide-student',
  },
  {
    name: 'changelog',
    path: '/changelog',
    access: 'PROFESSOR_OR_STUDENT',
    page: 'public/changelog',
  },
  {
    name: 'gar-signup',
    path: '/gar-signup',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/gar-signup',
  },
  {
    name: 'users-validation',
    path: '/users-validation',
    access: 'PROFESSOR',
    special: 'admin',
    page: 'professor/users-validation',
  },
  {
    name: 'admin-tickets',
    path: '/admin/tickets',
    access: 'PROFESSOR',
    special: 'admin',
    page: 'professor/admin-tickets',
  },
  {
    name: 'school',
    path: '/school',
    access: 'SCHOOL',
    page: 'professor/school',
  },
  {
    name: 'sign-out-school',
    path: '/sign-out-school',
    access: 'SCHOOL',
    page: 'professor/sign-out-professor',
  },
  {
    name: 'sign-out-professor',
    path: '/sign-out-professor',
    access: 'PROFESSOR',
    page: 'professor/sign-out-professor',
  },
  {
    name: 'select',
    path: '/prof/select',
    access: 'PROFESSOR',
    page: 'professor/select',
  },
  {
    name: 'game',
    path: '/prof/game/:schoolclassId/:subjectId',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'select-fight',
    path: '/prof/game/:schoolclassId/:subjectId/select-raid',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'game-raid',
    path: '/prof/game/:schoolclassId/:subjectId/:raidId/raid',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'game-random-summon',
    path: '/prof/game/:schoolclassId/:subjectId/random-summon',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'game-random-pick',
    path: '/prof/game/:schoolclassId/:subjectId/random-pick',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'game-punchline',
    path: '/prof/game/:schoolclassId/:subjectId/codex',
    access: 'PROFESSOR',
    chrome: false,
    page: 'professor/game',
  },
  {
    name: 'administration',
    path: '/prof/administration',
    access: 'PROFESSOR',
    page: 'professor/administration',
  },
  {
    name: 'classlist',
    path: '/prof/administration/classlist',
    access: 'PROFESSOR',
    page: 'professor/classlist',
  },
  {
    name: 'class-import',
    path: '/prof/administration/class/:id/import',
    access: 'PROFESSOR',
    page: 'professor/class-import',
  },
  {
    name: 'class',
    path: '/prof/administration/class/:id?',
    access: 'PROFESSOR',
    page: 'professor/class',
  },
  {
    name: 'chapters',
    path: '/prof/administration/chapters',
    access: 'PROFESSOR',
    page: 'professor/chapters',
  },
  {
    name: 'raids',
    path: '/prof/administration/chapters/:chapterId/raids',
    access: 'PROFESSOR',
    page: 'professor/raids',
  },
  {
    name: 'raid-create',
    path: '/prof/administration/chapters/:chapterId/raids/create',
    access: 'PROFESSOR',
    page: 'professor/raid-create',
  },
  {
    name: 'raid-edit',
    path: '/prof/administration/chapters/:chapterId/raids/:raidId',
    access: 'PROFESSOR',
    page: 'professor/raid-edit',
  },
  {
    name: 'codex-moderation',
    path: '/prof/administration/codex',
    access: 'PROFESSOR',
    page: 'professor/codex-moderation',
  },
  {
    name: 'library',
    path: '/prof/administration/library',
    access: 'PROFESSOR',
    page: 'professor/library',
  },
  {
    name: 'homework',
    path: '/prof/administration/homework',
    access: 'PROFESSOR',
    page: 'professor/homework',
  },
  { name: 'analytics', path: '/prof/analytics', access: 'PROFESSOR', page: 'professor/analytics-personal' },
  {
    name: 'analytics-personal',
    path: '/prof/analytics/personal',
    access: 'PROFESSOR',
    page: 'professor/analytics-personal',
  },
  {
    name: 'analytics-schoolclasses',
    path: '/prof/analytics/schoolclasses',
    access: 'PROFESSOR',
    page: 'professor/analytics-schoolclasses',
  },
  {
    name: 'analytics-schoolclass',
    path: '/prof/analytics/schoolclasses/:schoolclassId/:subjectId',
    access: 'PROFESSOR',
    page: 'professor/analytics-schoolclass',
  },
  {
    name: 'analytics-pupil',
    path: '/prof/analytics/students/:studentId',
    access: 'PROFESSOR',
    page: 'professor/analytics-pupil',
  },
  {
    name: 'analytics-report',
    path: '/prof/analytics/report/:playId',
    access: 'PROFESSOR',
    page: 'professor/analytics-report',
  },
  {
    name: 'account',
    path: '/prof/account',
    access: 'PROFESSOR',
    page: 'professor/account',
  },
  {
    name: 'account-information',
    path: '/prof/account/information',
    access: 'PROFESSOR',
    page: 'professor/account-information',
  },
  {
    name: 'account-avatar',
    path: '/prof/account/avatar',
    access: 'PROFESSOR',
    page: 'professor/account-avatar',
  },
  {
    name: 'account-password',
    path: '/prof/account/password',
    access: 'PROFESSOR',
    page: 'professor/account-password',
  },
  {
    name: 'account-settings',
    path: '/prof/account/settings',
    access: 'PROFESSOR',
    page: 'professor/account-settings',
  },
  {
    name: 'sign-out-student',
    path: '/sign-out-student',
    access: 'STUDENT',
    page: 'student/sign-out-student',
  },
  {
    name: 'student-update-account',
    path: '/student-update-account',
    access: 'STUDENT',
    page: 'student/student-update-account',
  },
  {
    name: 'student',
    path: '/student',
    access: 'STUDENT',
    page: 'student/student',
  },
  {
    name: 'student-live',
    path: '/student/live/:schoolclassId/:subjectId',
    access: 'STUDENT',
    chrome: false,
    page: 'student/student-live',
  },
  {
    name: 'student-account',
    path: '/student/account',
    access: 'STUDENT',
    page: 'student/student-account',
  },
  {
    name: 'student-account-identifier',
    path: '/student/account/identifier',
    access: 'STUDENT',
    page: 'student/student-account-identifier',
  },
  {
    name: 'student-account-password',
    path: '/student/account/password',
    access: 'STUDENT',
    page: 'student/student-account-password',
  },
  {
    name: 'student-account-join',
    path: '/student/account/join-class',
    access: 'STUDENT',
    page: 'student/student-account-join',
  },
  {
    name: 'avatar-selection',
    path: '/student/avatar-selection',
    access: 'STUDENT',
    page: 'student/avatar-selection',
  },
  {
    name: 'edit-codex',
    path: '/student/edit-codex',
    access: 'STUDENT',
    page: 'student/edit-codex',
  },
  {
    name: 'raid-list',
    path: '/student/raid-list',
    access: 'STUDENT',
    page: 'student/raid-list',
  },
  {
    name: 'student-stats',
    path: '/student/stats',
    access: 'STUDENT',
    page: 'student/student-stats',
  },
  {
    name: 'skin-shop',
    path: '/student/skin-shop',
    access: 'STUDENT',
    page: 'student/skin-shop',
  },
  {
    name: 'student-raid',
    path: '/student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId',
    access: 'STUDENT',
    page: 'student/student-raid',
  },
];

export const ROUTES: AppRoute[] = SPECS.map(({ page, ...route }) => ({ ...route, load: loaderOf(page) }));
/** The page each route names, for the test that checks every one exists. */
export const ROUTE_PAGES: ReadonlyMap<string, PageRef> = new Map(SPECS.map((r) => [r.name, r.page]));
