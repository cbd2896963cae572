// /register/form: the teacher sign-up in three steps (personal information, subjects, password).
// Values survive back and next; server errors go back to the step that holds their field.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES, type Language } from '../../../../shared/constants';
import { ERR } from '../../../../shared/errors';
import {
  emailSchema,
  professorPasswordStepSchema,
  professorPersonalSchema,
  professorSubjectsSchema,
} from '../../../../shared/schemas/account';
import type { SubjectDto } from '../../../../shared/types';
import { checkUsername, signupProfessor } from '../../api/auth';
import { listSubjects } from '../../api/catalogue';
import { checkEmail } from '../../api/users';
import { LanguageSwitcher } from '../../components/layout/LanguageSwitcher';
import { Button } from '../../components/ui/Button';
import { PasswordField, SelectField, TextField } from '../../components/ui/Field';
import i18n, { translateError } from '../../i18n';
import { validate } from '../../lib/form';
import { AuthScreen } from '../auth/AuthScreen';
import { errorField, errorKey } from '../auth/api-error';
import { PasswordStrength } from './PasswordStrength';
import { Stepper } from './Stepper';
import { SubjectPicker } from './SubjectPicker';

const PERSONAL = [
  'civility',
  'firstName',
  'lastName',
  'email',
  'phone',
  'city',
  'department',
  'school',
] as const;
type PersonalKey = (typeof PERSONAL)[number];
type Values = Record<PersonalKey | 'username' | 'password' | 'confirmation', string> & {
  subjectIds: string[];
};
type Errors = Partial<Record<keyof Values | '_', string>>;
const STEP_OF_FIELD = (field: string): number =>
  (PERSONAL as readonly string[]).includes(field) ? 0 : field === 'subjectIds' ? 1 : 2;

const EMPTY: Values = {
  civility: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  city: '',
  department: '',
  school: '',
  subjectIds: [],
  username: '',
  password: '',
  confirmation: '',
};

/** Availability of an e-mail: null when it is free, an error key otherwise. */
async function emailProblem(email: string): Promise<string | null> {
  try {
    return (await checkEmail(email)).emailExists ? ERR.EMAIL_TAKEN : null;
  } catch {
    return ERR.AVAILABILITY_CHECK_FAILED;
  }
}

export default function ProfessorRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  /** E-mail checks by address, so a blur then next asks once; a failed check is asked again. */
  const emailChecks = useRef(new Map<string, Promise<string | null>>());
  const [subjects, setSubjects] = useState<SubjectDto[] | null>(null);
  const [subjectsFailed, setSubjectsFailed] = useState(false);

  const loadSubjects = () => {
    setSubjectsFailed(false);
    listSubjects()
      .then(setSubjects)
      .catch(() => setSubjectsFailed(true));
  };
  useEffect(loadSubjects, []);

  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined, _: undefined }));
  };
  const toggleSubject = (id: string) => {
    setValues((s) => ({
      ...s,
      subjectIds: s.subjectIds.includes(id) ? s.subjectIds.filter((x) => x !== id) : [...s.subjectIds, id],
    }));
    setErrors((e) => ({ ...e, subjectIds: undefined }));
  };

  async function checkEmailNow(raw: string): Promise<string | null> {
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) return null;
    const checks = emailChecks.current;
    let check = checks.get(parsed.data);
    if (!check) {
      check = emailProblem(parsed.data);
      checks.set(parsed.data, check);
    }
    const problem = await check;
    if (problem === ERR.AVAILABILITY_CHECK_FAILED) checks.delete(parsed.data);
    return problem;
  }

  async function onEmailBlur() {
    const problem = await checkEmailNow(values.email);
    if (problem) setErrors((e) => ({ ...e, email: problem }));
  }

  const personalInput = () => ({
    ...Object.fromEntries(PERSONAL.map((k) => [k, values[k]])),
    civility: values.civility || undefined,
  });

  async function next(e: FormEvent) {
    e.preventDefault();
    if (step === 0) {
      const r = validate(professorPersonalSchema, personalInput());
      if (!r.ok) return setErrors(r.errors);
      setBusy(true);
      const problem = await checkEmailNow(values.email);
      setBusy(false);
      if (problem) return setErrors({ email: problem });
      setErrors({});
      setStep(1);
    } else if (step === 1) {
      const r = validate(professorSubjectsSchema, { subjectIds: values.subjectIds });
      if (!r.ok) return setErrors(r.errors);
      setErrors({});
      setStep(2);
    } else {
      await submit();
    }
  }

  async function submit() {
    const personal = validate(professorPersonalSchema, personalInput());
    const creds = validate(professorPasswordStepSchema, values);
    if (!creds.ok) return setErrors(creds.errors);
    if (!personal.ok) {
      setStep(0);
      return setErrors(personal.errors);
    }
    setBusy(true);
    try {
      try {
        const { available } = await checkUsername(creds.data.username);
        if (!available) return setErrors({ username: ERR.USERNAME_TAKEN });
      } catch (err) {
        const key = errorKey(err);
        return setErrors({ username: key.startsWith('VALIDATION.') ? key : ERR.AVAILABILITY_CHECK_FAILED });
      }
      const language = (LANGUAGES as readonly string[]).includes(i18n.language)
        ? (i18n.language as Language)
        : 'fr';
      await signupProfessor({
        ...personal.data,
        subjectIds: values.subjectIds,
        username: creds.data.username,
        password: creds.data.password,
        language,
      });
      navigate('/register/professor/requestSent', { state: { from: '/register/form' } });
    } catch (err) {
      const field = errorField(err);
      const key = errorKey(err);
      // Remember a refused e-mail, so next on step 1 does not let it through again.
      if (key === ERR.EMAIL_TAKEN && personal.ok)
        emailChecks.current.set(personal.data.email, Promise.resolve(key));
      if (field && field in EMPTY) {
        setStep(STEP_OF_FIELD(field));
        setErrors({ [field]: key });
      } else setErrors({ _: key });
    } finally {
      setBusy(false);
    }
  }

  const labels = [
    t('REGISTER.PROFESSOR.STEPS.PERSONAL'),
    t('REGISTER.PROFESSOR.STEPS.SUBJECTS'),
    t('REGISTER.PROFESSOR.STEPS.PASSWORD'),
  ];
  const field = (
    k: Exclude<PersonalKey, 'civility'>,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={t(`REGISTER.PROFESSOR.${k.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`)}
      name={k}
      value={values[k]}
      error={errors[k]}
      onChange={set(k)}
      {...extra}
    />
  );

  return (
    <AuthScreen wide>
      {/* The same language selector as the other public pages: this page has no top bar. */}
      <div className="auth__lang">
        <LanguageSwitcher />
      </div>
      <h1>{t('REGISTER.PROFESSOR.TITLE')}</h1>
      <Stepper current={step} total={3} labels={labels} />
      <form onSubmit={next} noValidate aria-label={labels[step]}>
        <h2>{labels[step]}</h2>
        {step === 0 ? (
          <div className="form-grid">
            <SelectField
              label={t('REGISTER.PROFESSOR.CIVILITY')}
              value={values.civility}
              error={errors.civility}
              placeholder={t('REGISTER.PROFESSOR.CIVILITY_NONE')}
              options={[
                { value: 'MME', label: t('REGISTER.PROFESSOR.CIVILITY_MME') },
                { value: 'M', label: t('REGISTER.PROFESSOR.CIVILITY_M') },
              ]}
              onChange={set('civility')}
            />
            <span className="form-grid__spacer" aria-hidden="true" />
            {field('firstName', { autoComplete: 'given-name' })}
            {field('lastName', { autoComplete: 'family-name' })}
            {field('email', { type: 'email', autoComplete: 'email', onBlur: () => void onEmailBlur() })}
            {field('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            {field('school', { autoComplete: 'organization' })}
            {field('city', { autoComplete: 'address-level2' })}
            {field('department', { autoComplete: 'address-level1' })}
          </div>
        ) : null}
        {step === 1 ? (
          <>
            <p className="muted">{t('REGISTER.PROFESSOR.SUBJECTS_INTRO')}</p>
            {subjectsFailed ? (
              <div className="notice notice--error" role="alert">
                <p>{t('REGISTER.PROFESSOR.SUBJECTS_LOAD_FAILED')}</p>
                <Button variant="secondary" onClick={loadSubjects}>
                  {t('REGISTER.RETRY')}
                </Button>
              </div>
            ) : subjects ? (
              <SubjectPicker subjects={subjects} selected={values.subjectIds} onToggle={toggleSubject} />
            ) : (
              <p role="status">{t('REGISTER.LOADING')}</p>
            )}
            <p className="muted" aria-live="polite">
              {t('REGISTER.PROFESSOR.SUBJECTS_COUNT', { count: values.subjectIds.length })}
            </p>
            {errors.subjectIds ? (
              <div className="field__error" role="alert">
                {translateError(errors.subjectIds)}
              </div>
            ) : null}
          </>
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label={t('REGISTER.PROFESSOR.USERNAME')}
              name="username"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              value={values.username}
              error={errors.username}
              hint={t('REGISTER.USERNAME_HINT')}
              onChange={set('username')}
            />
            <PasswordField
              label={t('REGISTER.PROFESSOR.PASSWORD')}
              name="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              hint={<PasswordStrength password={values.password} />}
              onChange={set('password')}
            />
            <PasswordField
              label={t('REGISTER.PROFESSOR.CONFIRMATION')}
              name="confirmation"
              autoComplete="new-password"
              value={values.confirmation}
              error={errors.confirmation}
              onChange={set('confirmation')}
            />
          </>
        ) : null}
        {errors._ ? (
          <div className="notice notice--error" role="alert">
            {translateError(errors._)}
          </div>
        ) : null}
        <div className="auth__actions">
          {step > 0 ? (
            <Button
              size="large"
              variant="secondary"
              onClick={() => {
                setErrors({});
                setStep(step - 1);
              }}
            >
              {t('REGISTER.BACK')}
            </Button>
          ) : null}
          <Button type="submit" size="large" loading={busy}>
            {step === 2 ? t('REGISTER.PROFESSOR.SUBMIT') : t('REGISTER.NEXT')}
          </Button>
        </div>
      </form>
      <div className="auth__links">
        <span>
          {t('SIGNUP.HAVE_ACCOUNT')} <Link to="/login">{t('SIGNUP.LOGIN')}</Link>
        </span>
      </div>
    </AuthScreen>
  );
}
