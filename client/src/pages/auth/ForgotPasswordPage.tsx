// /forgot-password: a teacher resets by e-mail, a student asks the teacher.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { ProfileChoice } from './SignUpChoicePage';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen>
      <h1>{t('FORGOT.TITLE')}</h1>
      <p className="lead">{t('FORGOT.CHOICE')}</p>
      <ProfileChoice professorTo="/forgot-password/professor" studentTo="/forgot-password/student" />
      <div className="auth__links">
        <Link to="/login">{t('FORGOT.BACK_TO_LOGIN')}</Link>
      </div>
    </AuthScreen>
  );
}
