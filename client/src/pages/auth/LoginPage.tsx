// /login: username or e-mail and password, then the after-login destination of SPEC point 2.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERR } from '../../../../shared/errors';
import { resendActivation, signin } from '../../api/auth';
import { api } from '../../api/http';
import { login } from '../../app/auth-store';
import { afterLogin } from '../../app/guards';
import { Button } from '../../components/ui/Button';
import { PasswordField, TextField } from '../../components/ui/Field';
import { translateError } from '../../i18n';
import { useAsync } from '../../lib/use-async';
import { AuthScreen } from './AuthScreen';
import { errorKey } from './api-error';
import { checkSignin } from './signin-check';

type Errors = { login?: string; password?: string };
type SsoLink = { id: string; name: string; loginUrl: string };
const NO_LINKS: SsoLink[] = [];
/** Refusals that are not a mistake in the form: the account exists but cannot sign in yet. */
const EXPLAINED: Record<string, string> = {
  [ERR.EMAIL_NOT_CONFIRMED]: 'LOGIN.EMAIL_NOT_CONFIRMED',
  [ERR.PENDING_APPROVAL]: 'LOGIN.PENDING_APPROVAL',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState({ login: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [explained, setExplained] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resend, setResend] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [resendError, setResendError] = useState<string | null>(null);
  // The school sign-ons this site offers (GAR, ENTs): none when the school configured none.
  const sso = useAsync('sso', (signal) => api.get<SsoLink[]>('/sso/links', { auth: false, signal }));
  const ssoLinks = sso?.ok && Array.isArray(sso.data) ? sso.data : NO_LINKS;

  async function onResend() {
    setResend('busy');
    setResendError(null);
    try {
      await resendActivation(values.login.trim(), values.password);
      setResend('sent');
    } catch (err) {
      setResend('idle');
      setResendError(errorKey(err));
    }
  }

  const set = (k: keyof typeof values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    setExplained(null);
    setResend('idle');
    setResendError(null);
    const r = checkSignin(values);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setBusy(true);
    try {
      const user = await signin(r.data.login, r.data.password);
      login(user);
      navigate(afterLogin(user), { replace: true });
    } catch (err) {
      const key = errorKey(err);
      setBusy(false);
      if (key === ERR.USER_DISABLED) navigate('/user-disabled');
      else if (EXPLAINED[key]) setExplained(EXPLAINED[key]);
      else setFormError(key);
    }
  }

  return (
    <AuthScreen>
      <h1>{t('LOGIN.TITLE')}</h1>
      <p className="lead">{t('LOGIN.SUBTITLE')}</p>
      {explained ? (
        <div className="notice notice--info" role="status">
          <h2>{t(`${explained}_TITLE`)}</h2>
          <p>{t(`${explained}_TEXT`)}</p>
          {explained === EXPLAINED[ERR.EMAIL_NOT_CONFIRMED] ? (
            resend === 'sent' ? (
              <p>
                <strong>{t('LOGIN.RESEND_ACTIVATION_DONE')}</strong>
              </p>
            ) : (
              <Button
                type="button"
                variant="secondary"
                loading={resend === 'busy'}
                onClick={() => void onResend()}
              >
                {t('LOGIN.RESEND_ACTIVATION')}
              </Button>
            )
          ) : null}
          {resendError ? (
            <p className="notice notice--error" role="alert">
              {translateError(resendError)}
            </p>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('LOGIN.LOGIN_LABEL')}
          name="login"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={values.login}
          error={errors.login}
          onChange={set('login')}
        />
        <PasswordField
          label={t('LOGIN.PASSWORD_LABEL')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        {formError ? (
          <div className="notice notice--error" role="alert">
            {translateError(formError)}
          </div>
        ) : null}
        <Button type="submit" size="large" loading={busy}>
          {t('LOGIN.SUBMIT')}
        </Button>
      </form>
      {ssoLinks.length > 0 ? (
        <nav className="auth__sso stack" aria-label={t('LOGIN.SSO_TITLE')}>
          <p>{t('LOGIN.SSO_TITLE')}</p>
          {ssoLinks.map((l) => (
            <a key={l.id} className="btn btn--large btn--secondary" href={l.loginUrl}>
              {t('LOGIN.SSO_WITH', { name: l.name })}
            </a>
          ))}
        </nav>
      ) : null}
      <div className="auth__links">
        <Link to="/forgot-password">{t('LOGIN.FORGOT')}</Link>
        <span>
          {t('LOGIN.NO_ACCOUNT')} <Link to="/sign-up">{t('LOGIN.SIGN_UP')}</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
