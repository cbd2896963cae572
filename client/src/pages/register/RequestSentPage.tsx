// /register/professor/requestSent: what happens after the teacher sign-up form.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthScreen } from '../auth/AuthScreen';
import { BigGlyph } from '../auth/Glyph';

export default function RequestSentPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen>
      <BigGlyph name="mail" />
      <h1>{t('REGISTER.REQUEST_SENT.TITLE')}</h1>
      <ol className="steps-list">
        <li>{t('REGISTER.REQUEST_SENT.STEP_MAILBOX')}</li>
        <li>{t('REGISTER.REQUEST_SENT.STEP_LINK')}</li>
        <li>{t('REGISTER.REQUEST_SENT.STEP_APPROVAL')}</li>
      </ol>
      <p className="muted">{t('REGISTER.REQUEST_SENT.SPAM')}</p>
      <Link className="btn btn--large btn--primary" to="/login">
        {t('REGISTER.GO_TO_LOGIN')}
      </Link>
    </AuthScreen>
  );
}
