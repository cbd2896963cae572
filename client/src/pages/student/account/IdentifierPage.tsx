// /student/account/identifier: last name, first name and username. Save stays disabled until
// something changed; a refusal that is not a validation error reads "Identifiant déjà utilisé" on
// the username (SPEC point 8).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { studentIdentifierSchema } from '../../../../../shared/schemas/account';
import { updateUser } from '../../../api/users';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { useSchemaForm } from '../../../lib/form';
import { errorField, errorKey, errorStatus } from '../../auth/api-error';
import { StudentSheet } from './StudentSheet';

type Values = { lastName: string; firstName: string; username: string };
const FIELDS: (keyof Values)[] = ['lastName', 'firstName', 'username'];
const SERVER_FIELD: Record<string, keyof Values> = {
  userName: 'username',
  firstName: 'firstName',
  lastName: 'lastName',
};

export default function IdentifierPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user, record, refresh } = useSession();
  const initial: Values = {
    lastName: record?.lastName ?? '',
    firstName: record?.firstName ?? '',
    username: record?.username ?? '',
  };
  const { values, errors, setErrors, set, submit } = useSchemaForm<
    Values,
    z.infer<typeof studentIdentifierSchema>
  >(studentIdentifierSchema, initial);
  const [busy, setBusy] = useState(false);

  if (user?.isGar) return <Navigate to="/student/account" replace />;
  const changed = FIELDS.some((k) => values[k].trim() !== initial[k]);

  async function save(data: z.infer<typeof studentIdentifierSchema>) {
    if (!user || !changed || busy) return;
    setBusy(true);
    try {
      await updateUser(user.id, {
        firstName: data.firstName,
        lastName: data.lastName,
        userName: data.username,
      });
      await refresh();
      feedback({ status: 'success', message: 'STUDENT.IDENTIFIER.SAVED' });
      navigate('/student/account');
    } catch (err) {
      setBusy(false);
      const field = errorField(err);
      if (errorStatus(err) === 400 && field && SERVER_FIELD[field])
        setErrors({ [SERVER_FIELD[field]]: errorKey(err) });
      else setErrors({ username: 'STUDENT.IDENTIFIER.TAKEN' });
    }
  }

  return (
    <StudentSheet title={t('STUDENT.IDENTIFIER.TITLE')} back="/student/account">
      <form onSubmit={submit(save)} noValidate>
        <TextField
          label={t('STUDENT.IDENTIFIER.LAST_NAME')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <TextField
          label={t('STUDENT.IDENTIFIER.FIRST_NAME')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={t('STUDENT.IDENTIFIER.USERNAME')}
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={values.username}
          error={errors.username}
          hint={t('STUDENT.IDENTIFIER.USERNAME_HINT')}
          onChange={set('username')}
        />
        <Button type="submit" size="large" disabled={!changed} loading={busy}>
          {t('STUDENT.IDENTIFIER.SAVE')}
        </Button>
      </form>
    </StudentSheet>
  );
}
