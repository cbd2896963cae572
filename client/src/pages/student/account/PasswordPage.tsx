// /student/account/password: the current password is checked first (SPEC point 4), by the server
// (POST /users/check-password), and its error shows on that field: "incorrect", or "could not check"
// when the check itself fails (network, server error). Only then does the new one pass the sign-up
// rules and the confirmation, before PUT /students/{id}/password (which checks the current one
// again). Success signs the other devices out and keeps this one signed in with the fresh session.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ERR } from '../../../../../shared/errors';
import { currentPasswordSchema, studentPasswordStepSchema } from '../../../../../shared/schemas/account';
import { changeOwnPassword } from '../../../api/student';
import { checkPassword } from '../../../api/users';
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
import { useSchemaForm, validate } from '../../../lib/form';
import { errorStatus } from '../../auth/api-error';
import { StudentSheet } from './StudentSheet';

type Values = { currentPassword: string; password: string; confirmation: string };

/** The current password's error when the check itself fails (too many tries keeps its own message). */
const checkFailedKey = (err: unknown) =>
  errorStatus(err) === 429 ? ERR.TOO_MANY_REQUESTS : ERR.PASSWORD_CHECK_FAILED;

export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user } = useSession();
  // The form's schema is the current password's: the new one is checked once the server accepts it.
  const { values, errors, setErrors, set, submit } = useSchemaForm(currentPasswordSchema, {
    currentPassword: '',
    password: '',
    confirmation: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (user?.isGar) return <Navigate to="/student/account" replace />;

  async function change(_: unknown, values: Values) {
    if (!user?.studentId || busy) return;
    setBusy(true);
    let correct: boolean;
    try {
      correct = (await checkPassword(values.currentPassword)).isPasswordCorrect;
    } catch (err) {
      setBusy(false);
      return setErrors({ currentPassword: checkFailedKey(err) });
    }
    if (!correct) {
      setBusy(false);
      return setErrors({ currentPassword: ERR.CURRENT_PASSWORD_INCORRECT });
    }
    const r = validate(studentPasswordStepSchema, {
      password: values.password,
      confirmation: values.confirmation,
    });
    if (!r.ok) {
      setBusy(false);
      return setErrors(r.errors);
    }
    try {
      keepFreshSession(await changeOwnPassword(user.studentId, values.currentPassword, values.password));
      feedback({ status: 'success', message: 'STUDENT.PASSWORD.CHANGED' });
      navigate('/student/account');
    } catch (err) {
      setBusy(false);
      const failure = passwordChangeFailure(err);
      setErrors(failure.errors);
      setFormError(failure.formError);
    }
  }

  return (
    <StudentSheet title={t('STUDENT.PASSWORD.TITLE')} back="/student/account">
      <form onSubmit={submit(change, () => setFormError(null))} noValidate>
        <PasswordField
          label={t('STUDENT.PASSWORD.CURRENT')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <NewPasswordFields
          labels={{ password: t('STUDENT.PASSWORD.NEW'), confirmation: t('STUDENT.PASSWORD.CONFIRMATION') }}
          values={values}
          errors={errors}
          set={set}
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
