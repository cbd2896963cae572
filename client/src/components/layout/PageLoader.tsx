import { useTranslation } from 'react-i18next';

/** Shown while a page's code or the guard's data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__dot" />
      <span className="page-loader__dot" />
      <span className="page-loader__dot" />
      <span className="sr-only">{t('COMMON.LOADING')}</span>
    </div>
  );
}
