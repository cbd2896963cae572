// /register/student/password, step 3: password and confirmation, then the account is created and
// the student is signed in.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ERR } from '../../../../shared/errors';
import { studentPasswordStepSchema } from '../../../../shared/schemas/account';
import { codeSignup } from '../../api/auth';
import { login } from '../../app/auth-store';
import { useFeedback } from '../../app/feedback';
import { type NewPassword, NewPasswordFields } from '../../components/PasswordChange';
import { Button } from '../../components/ui/Button';
import { translateError } from '../../i18n';
import { useSchemaForm } from '../../lib/form';
import { errorField, errorKey } from '../auth/api-error';
import { StudentFrame } from './StudentFrame';
import { clearDraft, readDraft, stepUrl, useRegistrationCode } from './student-draft';

type Values = NewPassword;
const IDENTIFIER_FIELDS = ['firstName', 'lastName', 'username'];

export default function StudentPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const code = useRegistrationCode();
  const { values, errors, setErrors, set, submit } = useSchemaForm<
    Values,
    z.infer<typeof studentPasswordStepSchema>
  >(studentPasswordStepSchema, { password: '', confirmation: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The form renders once more after the account is made (its submit state), and that render would
  // keep the code of the URL as a draft again: the draft is dropped for good as the page goes.
  const created = useRef(false);
  useEffect(
    () => () => {
      if (created.current) clearDraft();
    },
    [],
  );

  async function create(data: z.infer<typeof studentPasswordStepSchema>) {
    const draft = readDraft();
    if (!code) return navigate(stepUrl('code', null));
    if (!draft.firstName || !draft.lastName || !draft.username) {
      return navigate(stepUrl('identifier', code), { state: { errors: { username: ERR.REQUIRED } } });
    }
    setBusy(true);
    try {
      const user = await codeSignup({
        code,
        firstName: draft.firstName,
        lastName: draft.lastName,
        username: draft.username,
        password: data.password,
        avatarId: draft.avatarId,
      });
      clearDraft();
      created.current = true;
      login(user);
      feedback({
        status: 'success',
        message: draft.className ? 'REGISTER.STUDENT.WELCOME_CLASS' : 'REGISTER.STUDENT.WELCOME',
        params: { name: draft.className ?? '' },
      });
      navigate('/student', { replace: true });
    } catch (err) {
      setBusy(false);
      const key = errorKey(err);
      const field = errorField(err);
      if (key === ERR.INVALID_CODE) navigate(stepUrl('code', null), { state: { error: key } });
      else if (key === ERR.USERNAME_TAKEN || (field && IDENTIFIER_FIELDS.includes(field)))
        navigate(stepUrl('identifier', code), { state: { errors: { [field ?? 'username']: key } } });
      else if (field === 'avatarId') navigate(stepUrl('avatar', code), { state: { error: key } });
      else if (field === 'password' || key.startsWith('VALIDATION.PASSWORD')) setErrors({ password: key });
      else setFormError(key);
    }
  }

  return (
    <StudentFrame step={2} className={readDraft().className}>
      <h1>{t('REGISTER.STUDENT.PASSWORD_TITLE')}</h1>
      <p className="lead">{t('REGISTER.STUDENT.PASSWORD_TEXT')}</p>
      <form onSubmit={submit(create, () => setFormError(null))} noValidate>
        <NewPasswordFields
          labels={{
            password: t('REGISTER.STUDENT.PASSWORD'),
            confirmation: t('REGISTER.STUDENT.CONFIRMATION'),
          }}
          values={values}
          errors={errors}
          set={set}
        />
        {formError ? (
          <div className="notice notice--error" role="alert">
            {translateError(formError)}
          </div>
        ) : null}
        <div className="auth__actions">
          <Button size="large" variant="secondary" onClick={() => navigate(stepUrl('identifier', code))}>
            {t('REGISTER.BACK')}
          </Button>
          <Button type="submit" size="large" loading={busy}>
            {t('REGISTER.STUDENT.SUBMIT')}
          </Button>
        </div>
      </form>
    </StudentFrame>
  );
}
