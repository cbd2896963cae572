// /student/account/password: the current password is checked first (by the server, which answers
// the error on that field), then the new one passes the sign-up rules. Success signs the other
// devices out and keeps this one signed in with the fresh session the server answers.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { ERR } from '../../../../../shared/errors';
import { studentPasswordStepSchema } from '../../../../../shared/schemas/account';
import { changeOwnPassword } from '../../../api/student';
import { getStoredUser, saveStoredUser } from '../../../app/auth-store';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { validate } from '../../../lib/form';
import { errorField, errorKey } from '../../auth/api-error';
import { PasswordStrength } from '../../register/PasswordStrength';
import { StudentSheet } from './StudentSheet';

type Values = { currentPassword: string; password: string; confirmation: string };
const schema = z.object({ currentPassword: z.string().min(1, ERR.REQUIRED) }).and(studentPasswordStepSchema);

export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user } = useSession();
  const [values, setValues] = useState<Values>({ currentPassword: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (user?.isGar) return <Navigate to="/student/account" replace />;

  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!user?.studentId || busy) return;
    setFormError(null);
    const r = validate(schema, values);
    if (!r.ok) return setErrors(r.errors);
    setBusy(true);
    try {
      const fresh = await changeOwnPassword(user.studentId, values.currentPassword, values.password);
      const stored = getStoredUser();
      if (stored)
        saveStoredUser({ ...stored, accessToken: fresh.accessToken, refreshToken: fresh.refreshToken });
      feedback({ status: 'success', message: 'STUDENT.PASSWORD.CHANGED' });
      navigate('/student/account');
    } catch (err) {
      setBusy(false);
      const key = errorKey(err);
      const field = errorField(err);
      if (field === 'currentPassword') setErrors({ currentPassword: key });
      else if (field === 'newPassword') setErrors({ password: key });
      else setFormError(key);
    }
  }

  return (
    <StudentSheet title={t('STUDENT.PASSWORD.TITLE')} back="/student/account">
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('STUDENT.PASSWORD.CURRENT')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <PasswordField
          label={t('STUDENT.PASSWORD.NEW')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={<PasswordStrength password={values.password} />}
          onChange={set('password')}
        />
        <PasswordField
          label={t('STUDENT.PASSWORD.CONFIRMATION')}
          name="confirmation"
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
          {t('STUDENT.PASSWORD.VALIDATE')}
        </Button>
      </form>
    </StudentSheet>
  );
}
