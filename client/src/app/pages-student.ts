// Loaders of the students' pages (see routes.ts): a lazy chunk of its own.
import type { PageLoader } from './routes';
import { withTexts } from './with-texts';

export const PAGES: Record<string, PageLoader> = {
  'sign-out-student': withTexts(['register'], () => import('../pages/auth/SignOutPage')),
  'student-update-account': withTexts(
    ['student'],
    () => import('../pages/student/account/UpdateAccountPage'),
  ),
  student: withTexts(['home'], () => import('../pages/student/StudentHomePage')),
  'student-live': withTexts(['phone'], () => import('../game/phone/LivePage')),
  'student-account': withTexts(['student', 'home'], () => import('../pages/student/account/OptionsPage')),
  'student-account-identifier': withTexts(
    ['student', 'home'],
    () => import('../pages/student/account/IdentifierPage'),
  ),
  'student-account-password': withTexts(
    ['student', 'register', 'home'],
    () => import('../pages/student/account/PasswordPage'),
  ),
  'student-account-join': withTexts(
    ['student', 'home'],
    () => import('../pages/student/account/JoinClassPage'),
  ),
  'avatar-selection': withTexts(['avatars'], () => import('../pages/student/avatars/AvatarSelectionPage')),
  'edit-codex': withTexts(['codex', 'subjects'], () => import('../pages/student/codex/EditCodexPage')),
  'raid-list': withTexts(['student', 'subjects'], () => import('../pages/student/homework/RaidListPage')),
  'student-stats': withTexts(['analytics', 'subjects'], () => import('../pages/student/stats/MyStatsPage')),
  'skin-shop': withTexts(['avatars'], () => import('../pages/student/shop/SkinShopPage')),
  'student-raid': withTexts(['student', 'phone'], () => import('../pages/student/homework/HomeworkRaidPage')),
};
