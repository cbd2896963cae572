// /register/student/identifier, step 2: first name, last name and username (checked on submit).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ERR } from '../../../../shared/errors';
import { studentIdentifierSchema } from '../../../../shared/schemas/account';
import { checkUsername } from '../../api/auth';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { validate } from '../../lib/form';
import { errorKey } from '../auth/api-error';
import { StudentFrame } from './StudentFrame';
import { readDraft, saveDraft, stepUrl, useRegistrationCode } from './student-draft';

type Values = { firstName: string; lastName: string; username: string };

export default function StudentIdentifierPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const code = useRegistrationCode();
  const [values, setValues] = useState<Values>(() => {
    const d = readDraft();
    return { firstName: d.firstName ?? '', lastName: d.lastName ?? '', username: d.username ?? '' };
  });
  const [errors, setErrors] = useState<Partial<Values>>(
    () => (location.state as { errors?: Partial<Values> } | null)?.errors ?? {},
  );
  const [busy, setBusy] = useState(false);

  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
    saveDraft({ [k]: v });
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const r = validate(studentIdentifierSchema, values);
    if (!r.ok) return setErrors(r.errors);
    setBusy(true);
    try {
      const { available } = await checkUsername(r.data.username);
      if (!available) return setErrors({ username: ERR.USERNAME_TAKEN });
    } catch (err) {
      const key = errorKey(err);
      return setErrors({ username: key.startsWith('VALIDATION.') ? key : ERR.AVAILABILITY_CHECK_FAILED });
    } finally {
      setBusy(false);
    }
    saveDraft(r.data);
    navigate(stepUrl('password', code));
  }

  return (
    <StudentFrame step={1} className={readDraft().className}>
      <h1>{t('REGISTER.STUDENT.IDENTIFIER_TITLE')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={t('REGISTER.STUDENT.FIRST_NAME')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={t('REGISTER.STUDENT.LAST_NAME')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          label={t('REGISTER.STUDENT.USERNAME')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={values.username}
          error={errors.username}
          hint={t('REGISTER.STUDENT.USERNAME_HINT')}
          onChange={set('username')}
        />
        <div className="auth__actions">
          <Button size="large" variant="secondary" onClick={() => navigate(stepUrl('avatar', code))}>
            {t('REGISTER.BACK')}
          </Button>
          <Button type="submit" size="large" loading={busy}>
            {t('REGISTER.NEXT')}
          </Button>
        </div>
      </form>
    </StudentFrame>
  );
}
