// The teacher quit: the lesson is over. The phone says so, then goes back to the student's home.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** Long enough to read the two lines, short enough that nobody waits on it. */
export const CLOSED_HOME_AFTER_MS = 4000;

export function ClosedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate('/student', { replace: true }), CLOSED_HOME_AFTER_MS);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <main className="phone phone--message">
      <section className="wait" data-testid="phone-closed" role="status">
        <h1 className="wait__title">{t('PHONE.CLOSED_TITLE')}</h1>
        <p className="wait__text">{t('PHONE.CLOSED_TEXT')}</p>
        <Link className="phone__home" to="/student" replace>
          {t('PHONE.BACK_HOME')}
        </Link>
      </section>
    </main>
  );
}
