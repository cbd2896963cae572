// Loaders of the teachers' pages (see routes.ts): a lazy chunk of its own.
import type { PageLoader } from './routes';
import { withTexts } from './with-texts';

export const PAGES: Record<string, PageLoader> = {
  'gar-signup': withTexts(
    ['register', 'subjects'],
    () => import('../pages/professor/ProfessorOnboardingPage'),
  ),
  'users-validation': withTexts(
    ['register', 'subjects'],
    () => import('../pages/professor/UsersValidationPage'),
  ),
  'admin-tickets': withTexts(['misc'], () => import('../pages/admin/tickets/TicketsPage')),
  school: withTexts(['home', 'subjects'], () => import('../pages/school/SchoolHomePage')),
  'sign-out-professor': withTexts(['register'], () => import('../pages/auth/SignOutPage')),
  select: withTexts(['home', 'subjects'], () => import('../pages/professor/ProfessorHomePage')),
  game: withTexts(['game'], () => import('../game/projector/GamePage')),
  administration: withTexts(['classes'], () => import('../pages/admin/classes/AdministrationPage')),
  classlist: withTexts(['classes', 'subjects'], () => import('../pages/admin/classes/ClassListPage')),
  'class-import': withTexts(['classes'], () => import('../pages/admin/classes/ImportPupilsPage')),
  class: withTexts(['classes', 'subjects'], () => import('../pages/admin/classes/ClassPage')),
  chapters: withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/ChaptersPage')),
  raids: withTexts(['raids', 'library', 'subjects'], () => import('../pages/admin/raids/RaidListPage')),
  'raid-create': withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/RaidEditPage')),
  'raid-edit': withTexts(['raids', 'subjects'], () => import('../pages/admin/raids/RaidEditPage')),
  'codex-moderation': withTexts(
    ['codex', 'subjects'],
    () => import('../pages/admin/codex/CodexModerationPage'),
  ),
  library: withTexts(['library', 'raids', 'subjects'], () => import('../pages/admin/library/LibraryPage')),
  homework: withTexts(['library', 'raids', 'subjects'], () => import('../pages/admin/homework/HomeworkPage')),
  'analytics-personal': withTexts(['analytics'], () => import('../pages/analytics/PersonalPage')),
  'analytics-schoolclasses': withTexts(
    ['analytics', 'subjects'],
    () => import('../pages/analytics/ClassesPage'),
  ),
  'analytics-schoolclass': withTexts(
    ['analytics', 'subjects'],
    () => import('../pages/analytics/ClassStudentsPage'),
  ),
  'analytics-pupil': withTexts(['analytics', 'subjects'], () => import('../pages/analytics/PupilPage')),
  'analytics-report': withTexts(['analytics', 'subjects'], () => import('../pages/analytics/RaidReportPage')),
  account: withTexts(['library'], () => import('../pages/professor/account/AccountPage')),
  'account-information': withTexts(
    ['library', 'subjects', 'register'],
    () => import('../pages/professor/account/AccountInformationPage'),
  ),
  'account-avatar': withTexts(
    ['library', 'register'],
    () => import('../pages/professor/account/AccountAvatarPage'),
  ),
  'account-password': withTexts(
    ['library', 'register'],
    () => import('../pages/professor/account/AccountPasswordPage'),
  ),
  'account-settings': withTexts(
    ['library', 'register'],
    () => import('../pages/professor/account/AccountSettingsPage'),
  ),
};
