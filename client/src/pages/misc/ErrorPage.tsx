// /error, and the router's error element when a page fails to render or its code fails to load
// (typically after a new version was deployed: reloading fetches the new files).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { getStoredUser } from '../../app/auth-store';
import { homeOf } from '../../app/guards';
import { loadTexts } from '../../i18n';
import { InfoPage } from './InfoPage';

export default function ErrorPage() {
  const { t } = useTranslation();
  // Shown outside the routes (router error element, unknown path): fetch its strings here.
  useEffect(() => {
    void loadTexts(['misc']);
  }, []);
  const crashed = useRouteError() !== undefined;
  // Plain links: this page may render outside the router's layout, and a full load is what fixes it.
  return (
    <InfoPage
      icon="bolt"
      tone="danger"
      title={t('MISC.ERROR.TITLE')}
      testId="error-page"
      actions={
        <>
          {crashed ? (
            <button
              type="button"
              className="btn btn--medium btn--primary"
              onClick={() => window.location.reload()}
            >
              {t('MISC.ERROR.RELOAD')}
            </button>
          ) : null}
          <a
            className={`btn btn--medium ${crashed ? 'btn--secondary' : 'btn--primary'}`}
            href={homeOf(getStoredUser())}
          >
            {t('COMMON.BACK_HOME')}
          </a>
        </>
      }
    >
      <p>{t('MISC.ERROR.TEXT')}</p>
      <p className="muted">{t('MISC.ERROR.REPORT')}</p>
    </InfoPage>
  );
}
