import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeOf } from '../../app/guards';
import { useSession } from '../../app/session';

/** A route that a later issue builds: says so plainly instead of showing a half-made screen. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="center-page">
      <div className="card narrow stack" data-testid="not-available">
        <h1>{t('COMMON.NOT_AVAILABLE_TITLE')}</h1>
        <p>{t('COMMON.NOT_AVAILABLE_TEXT')}</p>
        <Link to={homeOf(user)}>{t('COMMON.BACK_HOME')}</Link>
      </div>
    </div>
  );
}
