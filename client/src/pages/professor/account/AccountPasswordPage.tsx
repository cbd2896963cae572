// /prof/account/password: a teacher changes her password (issue 15): the current one, a new one under
// the sign-up rules, and its confirmation. PUT /professors/{id}/password checks the current one first
// and answers on its field; success ends her other sessions and keeps this one with fresh tokens.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  currentPasswordSchema,
  studentPasswordStepSchema as newPasswordSchema,
} from '../../../../../shared/schemas/account';
import { changeProfessorPassword } from '../../../api/professors';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import {
  keepFreshSession,
  NewPasswordFields,
  passwordChangeFailure,
} from '../../../components/PasswordChange';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { useSchemaForm } from '../../../lib/form';
import '../../auth/auth.css';
import './account.css';

type Values = { currentPassword: string; password: string; confirmation: string };
const schema = z.intersection(currentPasswordSchema, newPasswordSchema);

export default function AccountPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user } = useSession();
  const { values, errors, setErrors, set, submit } = useSchemaForm<Values>(schema, {
    currentPassword: '',
    password: '',
    confirmation: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (user?.isGar) return <Navigate to="/prof/account" replace />;

  async function save(values: Values) {
    if (!user?.professorId || busy) return;
    setBusy(true);
    try {
      keepFreshSession(
        await changeProfessorPassword(user.professorId, values.currentPassword, values.password),
      );
      feedback({ status: 'success', message: 'ACCOUNT.PASSWORD.CHANGED' });
      navigate('/prof/account');
    } catch (err) {
      setBusy(false);
      const failure = passwordChangeFailure(err);
      setErrors(failure.errors);
      setFormError(failure.formError);
    }
  }

  return (
    <div className="acct stack">
      <p>
        <Link to="/prof/account">{t('ACCOUNT.BACK')}</Link>
      </p>
      <h1>{t('ACCOUNT.PASSWORD.TITLE')}</h1>
      <form className="card acct__form" onSubmit={submit(save, () => setFormError(null))} noValidate>
        <PasswordField
          label={t('ACCOUNT.PASSWORD.CURRENT')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <NewPasswordFields
          labels={{ password: t('ACCOUNT.PASSWORD.NEW'), confirmation: t('ACCOUNT.PASSWORD.CONFIRMATION') }}
          values={values}
          errors={errors}
          set={set}
        />
        {formError ? (
          <div className="notice notice--error" role="alert">
            {translateError(formError)}
          </div>
        ) : null}
        <Button type="submit" loading={busy}>
          {t('ACCOUNT.PASSWORD.SAVE')}
        </Button>
      </form>
    </div>
  );
}
