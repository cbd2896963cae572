import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { translateError } from '../../i18n';

/** Loading, or the translated error with a retry. */
export function LoadStatus({ error, onRetry }: { error: string | null; onRetry(): void }) {
  const { t } = useTranslation();
  return error ? (
    <div className="card an-empty" role="alert">
      <p>{translateError(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('ANALYTICS.RETRY')}
      </Button>
    </div>
  ) : (
    <p className="muted">{t('ANALYTICS.LOADING')}</p>
  );
}

/** A rate 0..1 as "66,7 %" in the current language, or a dash. */
export function Rate({ value }: { value: number | null }) {
  const { i18n } = useTranslation();
  return (
    <>
      {value === null
        ? '–'
        : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(value)}
    </>
  );
}
