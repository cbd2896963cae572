// Loaders of the public pages and those open to every role (see routes.ts): a lazy chunk of its own.
import type { Area } from '../i18n';
import type { PageLoader } from './routes';
import { withTexts } from './with-texts';

/** The areas whose button labels the guides quote (pages/misc/guide.test.ts keeps the list whole). */
export const GUIDE_AREAS: Area[] = [
  'misc',
  'home',
  'classes',
  'raids',
  'library',
  'codex',
  'game',
  'analytics',
  'register',
  'student',
  'avatars',
  'phone',
];

export const PAGES: Record<string, PageLoader> = {
  login: withTexts(['register'], () => import('../pages/auth/LoginPage')),
  'sign-up': withTexts(['register'], () => import('../pages/auth/SignUpChoicePage')),
  error: withTexts(['misc'], () => import('../pages/misc/ErrorPage')),
  'forgot-password': withTexts(['register'], () => import('../pages/auth/ForgotPasswordPage')),
  'forgot-password-student': withTexts(['register'], () => import('../pages/auth/ForgotPasswordStudentPage')),
  'forgot-password-professor': withTexts(
    ['register'],
    () => import('../pages/auth/ForgotPasswordProfessorPage'),
  ),
  'user-disabled': withTexts(['misc'], () => import('../pages/misc/UserDisabledPage')),
  'register-form': withTexts(
    ['register', 'subjects'],
    () => import('../pages/register/ProfessorRegisterPage'),
  ),
  'register-request-sent': withTexts(['register'], () => import('../pages/register/RequestSentPage')),
  'register-professor-avatar': withTexts(
    ['register'],
    () => import('../pages/register/ProfessorAvatarInfoPage'),
  ),
  'register-welcome': withTexts(['register'], () => import('../pages/register/ActivationPage')),
  'register-code': withTexts(['register'], () => import('../pages/register/StudentCodePage')),
  'register-identifier': withTexts(['register'], () => import('../pages/register/StudentIdentifierPage')),
  'register-password': withTexts(['register'], () => import('../pages/register/StudentPasswordPage')),
  settings: withTexts(['library'], () => import('../pages/professor/account/SettingsLinkPage')),
  'register-character': withTexts(['register'], () => import('../pages/register/StudentAvatarPage')),
  'ticket-form': withTexts(['misc'], () => import('../pages/misc/TicketPage')),
  gar: withTexts(['register'], () => import('../pages/auth/GarSignInPage')),
  'gar-helper': withTexts(['misc'], () => import('../pages/misc/GarHelperPage')),
  'legal-notice': withTexts(['misc'], () => import('../pages/misc/LegalNoticePage')),
  'privacy-policy': withTexts(['misc'], () => import('../pages/misc/PrivacyPolicyPage')),
  gcu: withTexts(['misc'], () => import('../pages/misc/TermsPage')),
  // The guides name the real buttons by their own keys ($t(KEY) in the text): their areas load too.
  'guide-professor': withTexts(GUIDE_AREAS, () => import('../pages/misc/ProfessorGuidePage')),
  'guide-student': withTexts(GUIDE_AREAS, () => import('../pages/misc/StudentGuidePage')),
  changelog: withTexts(['misc'], () => import('../pages/misc/ChangelogPage')),
};
