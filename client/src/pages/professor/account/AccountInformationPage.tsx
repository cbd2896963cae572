// /prof/account/information: "My information" of an e-mail account: civility, names, phone, city,
// department, school and subjects (the sign-up rules); the e-mail is shown, not changed.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { professorPersonalSchema, professorSubjectsSchema } from '../../../../../shared/schemas/account';
import type { SubjectDto } from '../../../../../shared/types';
import { listSubjects } from '../../../api/catalogue';
import { getProfessorAccount, type ProfessorAccount, updateProfessorAccount } from '../../../api/professors';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { validate } from '../../../lib/form';
import { errorField, errorKey } from '../../auth/api-error';
import { SubjectPicker } from '../../register/SubjectPicker';
import '../../auth/auth.css';
import './account.css';

const schema = professorPersonalSchema.omit({ email: true }).extend(professorSubjectsSchema.shape);
type Key = 'civility' | 'firstName' | 'lastName' | 'phone' | 'city' | 'department' | 'school';
type Values = Record<Key, string> & { subjectIds: string[] };

const toValues = (a: ProfessorAccount): Values => ({
  civility: a.civility ?? '',
  firstName: a.firstName,
  lastName: a.lastName,
  phone: a.phone ?? '',
  city: a.city ?? '',
  department: a.department ?? '',
  school: a.school ?? '',
  subjectIds: a.subjectIds,
});

export default function AccountInformationPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { user, refresh } = useSession();
  const [account, setAccount] = useState<ProfessorAccount | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [subjects, setSubjects] = useState<SubjectDto[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user?.professorId) return;
    getProfessorAccount(user.professorId)
      .then((a) => {
        setAccount(a);
        setValues(toValues(a));
      })
      .catch(() => setFailed(true));
    listSubjects()
      .then(setSubjects)
      .catch(() => setFailed(true));
  }, [user?.professorId]);

  if (failed)
    return (
      <div className="acct card" role="alert">
        {t('ACCOUNT.LOAD_FAILED')}
      </div>
    );
  if (!account || !values) return <p className="muted">{t('ACCOUNT.LOADING')}</p>;
  if (account.isGar)
    return (
      <div className="acct stack">
        <h1>{t('ACCOUNT.INFO.TITLE')}</h1>
        <p className="card">{t('ACCOUNT.INFO.GAR')}</p>
      </div>
    );

  const set = (k: Key) => (v: string) => {
    setValues((s) => (s ? { ...s, [k]: v } : s));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const field = (k: Exclude<Key, 'civility'>, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={t(`ACCOUNT.INFO.${k.toUpperCase()}`)}
      value={values[k]}
      onChange={set(k)}
      error={errors[k]}
      {...extra}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values || !user?.professorId) return;
    const v = validate(schema, { ...values, civility: values.civility || undefined });
    if (!v.ok) return setErrors(v.errors);
    setBusy(true);
    try {
      const saved = await updateProfessorAccount(user.professorId, v.data);
      setAccount(saved);
      setValues(toValues(saved));
      void refresh();
      feedback({ status: 'success', message: 'ACCOUNT.INFO.SAVED' });
    } catch (err) {
      const f = errorField(err);
      if (f) setErrors({ [f]: errorKey(err) });
      else feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="acct stack">
      <p>
        <Link to="/prof/account">{t('ACCOUNT.BACK')}</Link>
      </p>
      <h1>{t('ACCOUNT.INFO.TITLE')}</h1>
      <form className="card acct__form" onSubmit={submit} noValidate>
        <TextField label={t('ACCOUNT.INFO.EMAIL')} value={account.email ?? ''} readOnly onChange={() => {}} />
        <SelectField
          label={t('ACCOUNT.INFO.CIVILITY')}
          value={values.civility}
          onChange={set('civility')}
          error={errors.civility}
          placeholder={t('ACCOUNT.INFO.CIVILITY_NONE')}
          options={[
            { value: 'MME', label: t('REGISTER.PROFESSOR.CIVILITY_MME') },
            { value: 'M', label: t('REGISTER.PROFESSOR.CIVILITY_M') },
          ]}
        />
        {field('firstName', { autoComplete: 'given-name' })}
        {field('lastName', { autoComplete: 'family-name' })}
        {field('phone', { type: 'tel', autoComplete: 'tel' })}
        {field('city')}
        {field('department')}
        {field('school')}
        <div className="acct__wide">
          <h2>{t('ACCOUNT.INFO.SUBJECTS')}</h2>
          <SubjectPicker
            subjects={subjects}
            selected={values.subjectIds}
            onToggle={(id) => {
              setValues((s) =>
                s
                  ? {
                      ...s,
                      subjectIds: s.subjectIds.includes(id)
                        ? s.subjectIds.filter((x) => x !== id)
                        : [...s.subjectIds, id],
                    }
                  : s,
              );
              setErrors((e) => ({ ...e, subjectIds: '' }));
            }}
          />
          {errors.subjectIds ? (
            <div className="field__error" role="alert">
              {translateError(errors.subjectIds)}
            </div>
          ) : null}
        </div>
        <div className="acct__wide">
          <Button type="submit" size="medium" loading={busy}>
            {t('ACCOUNT.SAVE')}
          </Button>
        </div>
      </form>
    </div>
  );
}
