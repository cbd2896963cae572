// /gar: where a school sign-on (GAR or ENT) lands. The server sent the browser here with a one-time
// ticket, exchanged once at POST /api/auth/signin?ticket=… for the stored user (with isGar and ticket),
// then the after-login destination of SPEC point 2; or with ?error={key} when the sign-on was refused.
// An unknown, used or expired ticket stores no user.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERR } from '../../../../shared/errors';
import type { StoredUser } from '../../../../shared/types';
import { api } from '../../api/http';
import { login } from '../../app/auth-store';
import { afterLogin, GAR_HELPER } from '../../app/guards';
import { translateError } from '../../i18n';
import { useAsync } from '../../lib/use-async';
import { AuthScreen } from './AuthScreen';
import { errorKey } from './api-error';

/** One exchange per ticket, even when React runs the effect twice: a ticket works only once. */
const exchanges = new Map<string, Promise<StoredUser>>();
function exchange(ticket: string): Promise<StoredUser> {
  let p = exchanges.get(ticket);
  if (!p) {
    p = api.post<StoredUser>(`/auth/signin?ticket=${encodeURIComponent(ticket)}`, undefined, { auth: false });
    exchanges.set(ticket, p);
  }
  return p;
}

export default function GarSignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const refused = params.get('error');
  const exchanged = useAsync(ticket && !refused ? ticket : null, () => exchange(ticket ?? ''));
  const error =
    refused ??
    (ticket ? (exchanged && !exchanged.ok ? errorKey(exchanged.error) : null) : ERR.INVALID_TICKET);

  useEffect(() => {
    if (!exchanged?.ok) return;
    login(exchanged.data);
    navigate(afterLogin(exchanged.data), { replace: true });
  }, [exchanged, navigate]);

  return (
    <AuthScreen>
      {error ? (
        <div className="stack" data-testid="gar-signin-error">
          <h1>{t('AUTH.SSO_TITLE')}</h1>
          <p role="alert">{translateError(error)}</p>
          <Link to={GAR_HELPER}>{t('AUTH.SSO_HELP')}</Link>
        </div>
      ) : (
        <p role="status" aria-busy="true">
          {t('AUTH.SSO_SIGNING_IN')}
        </p>
      )}
    </AuthScreen>
  );
}
