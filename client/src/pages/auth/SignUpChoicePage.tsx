// /sign-up: "Which profile are you?" A teacher fills the form; a student joins with a class code.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { Glyph } from './Glyph';

export function ProfileChoice({ professorTo, studentTo }: { professorTo: string; studentTo: string }) {
  const { t } = useTranslation();
  return (
    <div className="choices">
      <Link to={professorTo} className="choice">
        <span className="choice__icon">
          <Glyph name="school" />
        </span>
        <span className="choice__body">
          <span className="choice__title">{t('PROFILE.PROFESSOR')}</span>
          <span className="choice__text">{t('PROFILE.PROFESSOR_TEXT')}</span>
        </span>
      </Link>
      <Link to={studentTo} className="choice">
        <span className="choice__icon">
          <Glyph name="backpack" />
        </span>
        <span className="choice__body">
          <span className="choice__title">{t('PROFILE.STUDENT')}</span>
          <span className="choice__text">{t('PROFILE.STUDENT_TEXT')}</span>
        </span>
      </Link>
    </div>
  );
}

export default function SignUpChoicePage() {
  const { t } = useTranslation();
  return (
    <AuthScreen>
      <h1>{t('SIGNUP.TITLE')}</h1>
      <p className="lead">{t('SIGNUP.SUBTITLE')}</p>
      <ProfileChoice professorTo="/register/form" studentTo="/register/student/code" />
      <div className="auth__links">
        <span>
          {t('SIGNUP.HAVE_ACCOUNT')} <Link to="/login">{t('SIGNUP.LOGIN')}</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
