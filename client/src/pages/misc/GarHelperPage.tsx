import { useTranslation } from 'react-i18next';
import { InfoPage } from './InfoPage';

/** Where school sign-on (GAR/ENT) users land when their session is gone: how to come back in. */
export default function GarHelperPage() {
  const { t } = useTranslation();
  return (
    <InfoPage icon="globe" title={t('MISC.GAR_HELPER.TITLE')} testId="gar-helper">
      <p>{t('MISC.GAR_HELPER.TEXT')}</p>
      <ol className="info-page__list info-page__list--steps">
        <li>{t('MISC.GAR_HELPER.STEP_1')}</li>
        <li>{t('MISC.GAR_HELPER.STEP_2')}</li>
        <li>{t('MISC.GAR_HELPER.STEP_3')}</li>
        <li>{t('MISC.GAR_HELPER.STEP_4')}</li>
      </ol>
      <p className="muted">{t('MISC.GAR_HELPER.HELP')}</p>
    </InfoPage>
  );
}
