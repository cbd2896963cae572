import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { homeOf } from '../../app/guards';
import { useSession } from '../../app/session';
import { loadTexts } from '../../i18n';
import { InfoPage } from './InfoPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  // Shown outside the routes (router error element, unknown path): fetch its strings here.
  useEffect(() => {
    void loadTexts(['misc']);
  }, []);
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <InfoPage
      icon="star"
      tone="warning"
      title={t('MISC.NOT_FOUND.TITLE')}
      testId="not-found"
      actions={
        <Link className="btn btn--medium btn--primary" to={homeOf(user)}>
          {t('COMMON.BACK_HOME')}
        </Link>
      }
    >
      <p>{t('MISC.NOT_FOUND.TEXT')}</p>
      <p className="muted">
        <code>{pathname}</code>
      </p>
    </InfoPage>
  );
}
