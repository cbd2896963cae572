// /student-update-account: a (legacy or imported) student account that still carries an e-mail
// confirms its names and username; the server then removes the address (docs/decisions.md).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { studentIdentifierSchema } from '../../../../../shared/schemas/account';
import { completeAccount } from '../../../api/student';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { useSchemaForm } from '../../../lib/form';
import { errorField, errorKey } from '../../auth/api-error';
import './account.css';

type Values = { lastName: string; firstName: string; username: string };
const SERVER_FIELD: Record<string, keyof Values> = {
  userName: 'username',
  firstName: 'firstName',
  lastName: 'lastName',
};

export default function UpdateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user, record, refresh } = useSession();
  const { values, errors, setErrors, set, submit } = useSchemaForm<
    Values,
    z.infer<typeof studentIdentifierSchema>
  >(studentIdentifierSchema, {
    lastName: record?.lastName ?? '',
    firstName: record?.firstName ?? '',
    username: record?.username ?? '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(data: z.infer<typeof studentIdentifierSchema>) {
    if (!user?.studentId || busy) return;
    setBusy(true);
    try {
      await completeAccount(user.studentId, {
        firstName: data.firstName,
        lastName: data.lastName,
        userName: data.username,
      });
      await refresh();
      feedback({ status: 'success', message: 'STUDENT.UPDATE_ACCOUNT.DONE' });
      navigate('/student', { replace: true });
    } catch (err) {
      setBusy(false);
      const field = errorField(err);
      if (field && SERVER_FIELD[field]) setErrors({ [SERVER_FIELD[field]]: errorKey(err) });
      else setFormError(errorKey(err));
    }
  }

  return (
    <div className="card narrow stack update-account">
      <h1>{t('STUDENT.UPDATE_ACCOUNT.TITLE')}</h1>
      <p>{t('STUDENT.UPDATE_ACCOUNT.TEXT')}</p>
      <form onSubmit={submit(save, () => setFormError(null))} noValidate className="stack">
        <TextField
          label={t('STUDENT.IDENTIFIER.LAST_NAME')}
          name="lastName"
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          label={t('STUDENT.IDENTIFIER.FIRST_NAME')}
          name="firstName"
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={t('STUDENT.IDENTIFIER.USERNAME')}
          name="username"
          autoCapitalize="off"
          value={values.username}
          error={errors.username}
          hint={t('STUDENT.IDENTIFIER.USERNAME_HINT')}
          onChange={set('username')}
        />
        {formError ? (
          <div className="notice notice--error" role="alert">
            {translateError(formError)}
          </div>
        ) : null}
        <Button type="submit" size="large" loading={busy}>
          {t('STUDENT.UPDATE_ACCOUNT.SUBMIT')}
        </Button>
      </form>
    </div>
  );
}
