// Every route of SPEC point 2, with its name (sent with bug reports), access rule and page.
// `chrome: false` hides the top bar, footer and padding (game and registration routes).
import type { ComponentType } from 'react';
import { type Area, loadTexts } from '../i18n';
import type { Access } from './guards';

export interface AppRoute {
  name: string;
  path: string;
  access: Access;
  chrome?: boolean;
  /** Extra rule checked before the page renders. */
  special?: 'registration-step' | 'request-sent' | 'admin';
  load: () => Promise<{ default: ComponentType }>;
}

type Load = AppRoute['load'];
/** A page and the strings of the areas it shows arrive together: no raw key flashes on screen. */
const withTexts =
  (areas: Area[], load: Load): Load =>
  () =>
    Promise.all([load(), loadTexts(areas)]).then(([page]) => page);

const notAvailable = () => import('../pages/misc/NotAvailablePage');
/** The six /prof/game/... routes share one page: the projector (Pixi and KaTeX load only there). */
const gamePage = withTexts(['game'], () => import('../game/projector/GamePage'));

export const ROUTES: AppRoute[] = [
  // Public
  {
    name: 'login',
    path: '/login',
    access: 'public',
    load: withTexts(['register'], () => import('../pages/auth/LoginPage')),
  },
  {
    name: 'sign-up',
    path: '/sign-up',
    access: 'public',
    load: withTexts(['register'], () => import('../pages/auth/SignUpChoicePage')),
  },
  {
    name: 'error',
    path: '/error',
    access: 'public',
    load: withTexts(['misc'], () => import('../pages/misc/ErrorPage')),
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    access: 'public',
    load: withTexts(['register'], () => import('../pages/auth/ForgotPasswordPage')),
  },
  {
    name: 'forgot-password-student',
    path: '/forgot-password/student',
    access: 'public',
    load: withTexts(['register'], () => import('../pages/auth/ForgotPasswordStudentPage')),
  },
  {
    name: 'forgot-password-professor',
    path: '/forgot-password/professor/:token?',
    access: 'public',
    load: withTexts(['register'], () => import('../pages/auth/ForgotPasswordProfessorPage')),
  },
  {
    name: 'user-disabled',
    path: '/user-disabled',
    access: 'public',
    load: withTexts(['misc'], () => import('../pages/misc/UserDisabledPage')),
  },
  {
    name: 'register-form',
    path: '/register/form',
    access: 'public',
    chrome: false,
    load: withTexts(['register', 'subjects'], () => import('../pages/register/TeacherRegisterPage')),
  },
  {
    name: 'register-request-sent',
    path: '/register/professor/requestSent',
    access: 'public',
    chrome: false,
    special: 'request-sent',
    load: withTexts(['register'], () => import('../pages/register/RequestSentPage')),
  },
  {
    name: 'register-professor-avatar',
    path: '/register/professor/avatar',
    access: 'public',
    chrome: false,
    load: withTexts(['register'], () => import('../pages/register/ProfessorAvatarInfoPage')),
  },
  {
    name: 'register-welcome',
    path: '/register/professor/success',
    access: 'public',
    chrome: false,
    load: withTexts(['register'], () => import('../pages/register/ActivationPage')),
  },
  {
    name: 'register-code',
    path: '/register/student/code',
    access: 'public',
    chrome: false,
    load: withTexts(['register'], () => import('../pages/register/StudentCodePage')),
  },
  {
    name: 'register-identifier',
    path: '/register/student/identifier',
    access: 'public',
    chrome: false,
    special: 'registration-step',
    load: withTexts(['register'], () => import('../pages/register/StudentIdentifierPage')),
  },
  {
    name: 'register-password',
    path: '/register/student/password',
    access: 'public',
    chrome: false,
    special: 'registration-step',
    load: withTexts(['register'], () => import('../pages/register/StudentPasswordPage')),
  },
  {
    name: 'settings',
    path: '/settings/:professorId',
    access: 'public',
    load: withTexts(['library'], () => import('../pages/professor/account/SettingsLinkPage')),
  },
  // Open to any role
  {
    name: 'register-character',
    path: '/register/student/avatar',
    access: 'all',
    chrome: false,
    special: 'registration-step',
    load: withTexts(['register'], () => import('../pages/register/StudentAvatarPage')),
  },
  {
    name: 'ticket-form',
    path: '/ticket',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/TicketPage')),
  },
  { name: 'gar', path: '/gar', access: 'all', load: notAvailable },
  {
    name: 'gar-helper',
    path: '/gar-helper',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/GarHelperPage')),
  },
  {
    name: 'legal-notice',
    path: '/legal-notice',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/LegalNoticePage')),
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/PrivacyPolicyPage')),
  },
  {
    name: 'gcu',
    path: '/gcu',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/TermsPage')),
  },
  {
    name: 'guide-professor',
    path: '/guide/professor',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/ProfessorGuidePage')),
  },
  {
    name: 'guide-student',
    path: '/guide/student',
    access: 'all',
    load: withTexts(['misc'], () => import('../pages/misc/StudentGuidePage')),
  },
  {
    name: 'changelog',
    path: '/changelog',
    access: 'PROFESSOR_OR_STUDENT',
    load: withTexts(['misc'], () => import('../pages/misc/ChangelogPage')),
  },
  // Professor
  {
    name: 'gar-signup',
    path: '/gar-signup',
    access: 'PROFESSOR',
    chrome: false,
    load: withTexts(['register'], () => import('../pages/professor/TeacherOnboardingPage')),
  },
  {
    name: 'users-validation',
    path: '/users-validation',
    access: 'PROFESSOR',
    special: 'admin',
    load: withTexts(['register', 'subjects'], () => import('../pages/professor/UsersValidationPage')),
  },
  {
    name: 'sign-out-professor',
    path: '/sign-out-professor',
    access: 'PROFESSOR',
    load: withTexts(['register'], () => import('../pages/auth/SignOutPage')),
  },
  {
    name: 'select',
    path: '/prof/select',
    access: 'PROFESSOR',
    load: withTexts(['home', 'subjects'], () => import('../pages/professor/ProfessorHomePage')),
  },
  {
    name: 'game',
    path: '/prof/game/:schoolclassId/:subjectId',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'select-fight',
    path: '/prof/game/:schoolclassId/:subjectId/select-raid',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'game-raid',
    path: '/prof/game/:schoolclassId/:subjectId/:raidId/raid',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'game-random-summon',
    path: '/prof/game/:schoolclassId/:subjectId/random-summon',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'game-random-pick',
    path: '/prof/game/:schoolclassId/:subjectId/random-pick',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'game-punchline',
    path: '/prof/game/:schoolclassId/:subjectId/codex',
    access: 'PROFESSOR',
    chrome: false,
    load: gamePage,
  },
  {
    name: 'administration',
    path: '/prof/administration',
    access: 'PROFESSOR',
    load: withTexts(['classes'], () => import('../pages/admin/classes/AdministrationPage')),
  },
  {
    name: 'classlist',
    path: '/prof/administration/classlist',
    access: 'PROFESSOR',
    load: withTexts(['classes', 'subjects'], () => import('../pages/admin/classes/ClassListPage')),
  },
  {
    name: 'class',
    path: '/prof/administration/class/:id?',
    access: 'PROFESSOR',
    load: withTexts(['classes', 'subjects'], () => import('../pages/admin/classes/ClassPage')),
  },
  {
    name: 'chapters',
    path: '/prof/administration/chapters',
    access: 'PROFESSOR',
    load: withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/ChaptersPage')),
  },
  {
    name: 'raids',
    path: '/prof/administration/chapters/:chapterId/raids',
    access: 'PROFESSOR',
    load: withTexts(['raids', 'library', 'subjects'], () => import('../pages/admin/raids/RaidListPage')),
  },
  {
    name: 'raid-create',
    path: '/prof/administration/chapters/:chapterId/raids/create',
    access: 'PROFESSOR',
    load: withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/RaidEditPage')),
  },
  {
    name: 'raid-edit',
    path: '/prof/administration/chapters/:chapterId/raids/:raidId',
    access: 'PROFESSOR',
    load: withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/RaidEditPage')),
  },
  {
    name: 'codex-moderation',
    path: '/prof/administration/codex',
    access: 'PROFESSOR',
    load: withTexts(['codex', 'subjects'], () => import('../pages/admin/codex/CodexModerationPage')),
  },
  {
    name: 'library',
    path: '/prof/administration/library',
    access: 'PROFESSOR',
    load: withTexts(['library', 'raids', 'subjects'], () => import('../pages/admin/library/LibraryPage')),
  },
  {
    name: 'homework',
    path: '/prof/administration/homework',
    access: 'PROFESSOR',
    load: withTexts(['library', 'raids', 'subjects'], () => import('../pages/admin/homework/HomeworkPage')),
  },
  { name: 'analytics', path: '/prof/analytics', access: 'PROFESSOR', load: notAvailable },
  { name: 'analytics-personal', path: '/prof/analytics/personal', access: 'PROFESSOR', load: notAvailable },
  {
    name: 'analytics-schoolclasses',
    path: '/prof/analytics/schoolclasses',
    access: 'PROFESSOR',
    load: notAvailable,
  },
  {
    name: 'analytics-schoolclass',
    path: '/prof/analytics/schoolclasses/:schoolclassId/:subjectId',
    access: 'PROFESSOR',
    load: notAvailable,
  },
  {
    name: 'account',
    path: '/prof/account',
    access: 'PROFESSOR',
    load: withTexts(['library'], () => import('../pages/professor/account/AccountPage')),
  },
  {
    name: 'account-information',
    path: '/prof/account/information',
    access: 'PROFESSOR',
    load: withTexts(
      ['library', 'subjects', 'register'],
      () => import('../pages/professor/account/AccountInformationPage'),
    ),
  },
  {
    name: 'account-avatar',
    path: '/prof/account/avatar',
    access: 'PROFESSOR',
    load: withTexts(['library', 'register'], () => import('../pages/professor/account/AccountAvatarPage')),
  },
  {
    name: 'account-settings',
    path: '/prof/account/settings',
    access: 'PROFESSOR',
    load: withTexts(['library', 'register'], () => import('../pages/professor/account/AccountSettingsPage')),
  },
  // Student
  {
    name: 'sign-out-student',
    path: '/sign-out-student',
    access: 'STUDENT',
    load: withTexts(['register'], () => import('../pages/auth/SignOutPage')),
  },
  {
    name: 'student-update-account',
    path: '/student-update-account',
    access: 'STUDENT',
    load: withTexts(['student'], () => import('../pages/student/account/UpdateAccountPage')),
  },
  {
    name: 'student',
    path: '/student',
    access: 'STUDENT',
    load: withTexts(['home'], () => import('../pages/student/StudentHomePage')),
  },
  {
    name: 'student-live',
    path: '/student/live/:schoolclassId/:subjectId',
    access: 'STUDENT',
    chrome: false,
    load: withTexts(['phone'], () => import('../game/phone/LivePage')),
  },
  {
    name: 'student-account',
    path: '/student/account',
    access: 'STUDENT',
    load: withTexts(['student', 'home'], () => import('../pages/student/account/OptionsPage')),
  },
  {
    name: 'student-account-identifier',
    path: '/student/account/identifier',
    access: 'STUDENT',
    load: withTexts(['student', 'home'], () => import('../pages/student/account/IdentifierPage')),
  },
  {
    name: 'student-account-password',
    path: '/student/account/password',
    access: 'STUDENT',
    load: withTexts(['student', 'register', 'home'], () => import('../pages/student/account/PasswordPage')),
  },
  {
    name: 'student-account-join',
    path: '/student/account/join-class',
    access: 'STUDENT',
    load: withTexts(['student', 'home'], () => import('../pages/student/account/JoinClassPage')),
  },
  {
    name: 'avatar-selection',
    path: '/student/avatar-selection',
    access: 'STUDENT',
    load: withTexts(['avatars'], () => import('../pages/student/avatars/AvatarSelectionPage')),
  },
  {
    name: 'edit-codex',
    path: '/student/edit-codex',
    access: 'STUDENT',
    load: withTexts(['codex', 'subjects'], () => import('../pages/student/codex/EditCodexPage')),
  },
  {
    name: 'raid-list',
    path: '/student/raid-list',
    access: 'STUDENT',
    load: withTexts(['student', 'subjects'], () => import('../pages/student/homework/RaidListPage')),
  },
  {
    name: 'skin-shop',
    path: '/student/skin-shop',
    access: 'STUDENT',
    load: withTexts(['avatars'], () => import('../pages/student/shop/SkinShopPage')),
  },
  {
    name: 'student-raid',
    path: '/student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId',
    access: 'STUDENT',
    load: withTexts(['student', 'phone'], () => import('../pages/student/homework/HomeworkRaidPage')),
  },
];
