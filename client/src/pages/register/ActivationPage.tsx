// /register/professor/success?token=…: the activation link of the sign-up e-mail.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ERR } from '../../../../shared/errors';
import { activateAccount } from '../../api/auth';
import { translateError } from '../../i18n';
import { AuthScreen } from '../auth/AuthScreen';
import { errorKey } from '../auth/api-error';
import { BigGlyph } from '../auth/Glyph';

type State =
  | { kind: 'loading' }
  | { kind: 'done'; status: 'PENDING_APPROVAL' | 'ACTIVE' }
  | { kind: 'invalid' }
  | { kind: 'error'; key: string };

export default function ActivationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'invalid' });
  // The link is single-use: StrictMode's second effect run must not spend it again.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    activateAccount(token)
      .then((r) => setState({ kind: 'done', status: r.status }))
      .catch((err) => {
        const key = errorKey(err);
        setState(key === ERR.INVALID_LINK ? { kind: 'invalid' } : { kind: 'error', key });
      });
  }, [token]);

  let body: ReactNode;
  if (state.kind === 'loading') body = <p role="status">{t('REGISTER.ACTIVATION.LOADING')}</p>;
  else if (state.kind === 'done' && state.status === 'ACTIVE')
    body = (
      <>
        <BigGlyph name="star" />
        <h1>{t('REGISTER.ACTIVATION.ACTIVE_TITLE')}</h1>
        <p>{t('REGISTER.ACTIVATION.ACTIVE_TEXT')}</p>
      </>
    );
  else if (state.kind === 'done')
    body = (
      <>
        <BigGlyph name="check" />
        <h1>{t('REGISTER.ACTIVATION.PENDING_TITLE')}</h1>
        <p>{t('REGISTER.ACTIVATION.PENDING_TEXT')}</p>
      </>
    );
  else
    body = (
      <>
        <h1>{t('REGISTER.ACTIVATION.INVALID_TITLE')}</h1>
        <div className="notice notice--error" role="alert">
          <p>
            {state.kind === 'error'
              ? translateError(state.key)
              : t(token ? 'REGISTER.ACTIVATION.INVALID_TEXT' : 'REGISTER.ACTIVATION.MISSING_TEXT')}
          </p>
        </div>
      </>
    );

  return (
    <AuthScreen>
      {body}
      {state.kind !== 'loading' ? (
        <Link className="btn btn--large btn--primary" to="/login">
          {t('REGISTER.GO_TO_LOGIN')}
        </Link>
      ) : null}
    </AuthScreen>
  );
}
