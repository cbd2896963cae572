// /forgot-password/professor/:token? — without a token, ask for a link by e-mail; with one, choose
// a new password.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ERR } from '../../../../shared/errors';
import { emailSchema, studentPasswordStepSchema } from '../../../../shared/schemas/account';
import { forgotPassword, resetPassword } from '../../api/users';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { PasswordField, TextField } from '../../components/ui/Field';
import { translateError } from '../../i18n';
import { validate } from '../../lib/form';
import { PasswordStrength } from '../register/PasswordStrength';
import { AuthScreen } from './AuthScreen';
import { errorKey, errorStatus } from './api-error';
import { BigGlyph } from './Glyph';

const emailFormSchema = z.object({ email: emailSchema });

function RequestLinkForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const r = validate(emailFormSchema, { email });
    if (!r.ok) {
      setError(r.errors.email ?? null);
      return;
    }
    setBusy(true);
    try {
      await forgotPassword(r.data.email);
      setSentTo(r.data.email);
    } catch (err) {
      setError(errorStatus(err) === 404 ? ERR.EMAIL_NOT_FOUND : errorKey(err));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <>
        <BigGlyph name="mail" />
        <h1>{t('FORGOT.SENT_TITLE')}</h1>
        <div className="notice notice--success" role="status">
          <p>{t('FORGOT.SENT_TEXT', { email: sentTo })}</p>
        </div>
        <div className="auth__links">
          <Link to="/login">{t('FORGOT.BACK_TO_LOGIN')}</Link>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>{t('FORGOT.PROFESSOR_TITLE')}</h1>
      <p className="lead">{t('FORGOT.PROFESSOR_TEXT')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('FORGOT.EMAIL_LABEL')}
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(v) => {
            setEmail(v);
            setError(null);
          }}
        />
        <Button type="submit" size="large" loading={busy}>
          {t('FORGOT.SEND')}
        </Button>
      </form>
      <div className="auth__links">
        <Link to="/login">{t('FORGOT.BACK_TO_LOGIN')}</Link>
      </div>
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (k: keyof typeof values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const r = validate(studentPasswordStepSchema, values);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, r.data.password);
      feedback({ status: 'success', message: 'FORGOT.RESET_SUCCESS' });
      navigate('/login', { replace: true });
    } catch (err) {
      setBusy(false);
      const key = errorKey(err);
      if (key === ERR.INVALID_LINK) setInvalidLink(true);
      else if (key.startsWith('VALIDATION.PASSWORD')) setErrors({ password: key });
      else setFormError(key);
    }
  }

  if (invalidLink) {
    return (
      <>
        <h1>{t('FORGOT.INVALID_LINK_TITLE')}</h1>
        <div className="notice notice--error" role="alert">
          <p>{t('FORGOT.INVALID_LINK_TEXT')}</p>
        </div>
        <Link className="btn btn--large btn--primary" to="/forgot-password/professor">
          {t('FORGOT.ASK_AGAIN')}
        </Link>
        <div className="auth__links">
          <Link to="/login">{t('FORGOT.BACK_TO_LOGIN')}</Link>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>{t('FORGOT.RESET_TITLE')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('FORGOT.NEW_PASSWORD')}
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={<PasswordStrength password={values.password} />}
          onChange={set('password')}
        />
        <PasswordField
          label={t('FORGOT.CONFIRMATION')}
          autoComplete="new-password"
          value={values.confirmation}
          error={errors.confirmation}
          onChange={set('confirmation')}
        />
        {formError ? (
          <div className="notice notice--error" role="alert">
            {translateError(formError)}
          </div>
        ) : null}
        <Button type="submit" size="large" loading={busy}>
          {t('FORGOT.RESET_SUBMIT')}
        </Button>
      </form>
    </>
  );
}

export default function ForgotPasswordProfessorPage() {
  const { token } = useParams();
  // A new key per token: following a fresh link from the invalid-link screen starts clean.
  return <AuthScreen>{token ? <ResetForm key={token} token={token} /> : <RequestLinkForm />}</AuthScreen>;
}
