// /settings/{professorId} (public; SPEC points 2 and 8): the first set-up link of a teacher. Unknown
// teacher, or one who already chose a character: to login. Otherwise the set-up happens after signing
// in (the first-login flow, /gar-signup): nobody changes an account without signing in.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { getSetupStatus } from '../../../api/professors';
import { useSession } from '../../../app/session';
import './account.css';

export default function SettingsLinkPage() {
  const { t } = useTranslation();
  const { professorId = '' } = useParams();
  const { user } = useSession();
  const [state, setState] = useState<'loading' | 'setup' | 'login'>('loading');

  useEffect(() => {
    getSetupStatus(professorId)
      .then((s) => setState(s.needsSetup ? 'setup' : 'login'))
      .catch(() => setState('login'));
  }, [professorId]);

  if (state === 'login') return <Navigate to="/login" replace />;
  if (state === 'loading') return <p className="muted center-page">{t('ACCOUNT.LOADING')}</p>;
  // The teacher is already signed in: straight to the set-up steps.
  if (user?.professorId === professorId) return <Navigate to="/gar-signup" replace />;
  return (
    <div className="center-page">
      <div className="card narrow stack acct__link-page">
        <h1>{t('ACCOUNT.SETUP_LINK.TITLE')}</h1>
        <p>{t('ACCOUNT.SETUP_LINK.TEXT')}</p>
        <Link className="btn btn--large btn--primary" to="/login">
          {t('ACCOUNT.SETUP_LINK.SIGN_IN')}
        </Link>
      </div>
    </div>
  );
}
