import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from './InfoPage';

/** Shown when sign-in answers that the account is disabled or its access request was refused. */
export default function UserDisabledPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      icon="account"
      tone="warning"
      title={t('MISC.USER_DISABLED.TITLE')}
      testId="user-disabled"
      actions={
        <Link className="btn btn--medium btn--secondary" to="/login">
          {t('MISC.BACK_TO_LOGIN')}
        </Link>
      }
    >
      <p>{t('MISC.USER_DISABLED.TEXT')}</p>
      <h2 className="info-page__subtitle">{t('MISC.USER_DISABLED.WHAT_TO_DO')}</h2>
      <ul className="info-page__list">
        <li>{t('MISC.USER_DISABLED.STUDENT')}</li>
        <li>{t('MISC.USER_DISABLED.PROFESSOR')}</li>
        <li>{t('MISC.USER_DISABLED.MISTAKE')}</li>
      </ul>
    </InfoPage>
  );
}
