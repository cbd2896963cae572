// /forgot-password/student: students have no e-mail; their teacher generates a new password.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { BigGlyph } from './Glyph';

export default function ForgotPasswordStudentPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen>
      <BigGlyph name="school" />
      <h1>{t('FORGOT.STUDENT_TITLE')}</h1>
      <p>{t('FORGOT.STUDENT_TEXT')}</p>
      <p className="muted">{t('FORGOT.STUDENT_TIP')}</p>
      <div className="auth__links">
        <Link to="/login">{t('FORGOT.BACK_TO_LOGIN')}</Link>
      </div>
    </AuthScreen>
  );
}
