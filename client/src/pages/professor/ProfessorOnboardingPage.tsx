// /gar-signup: at first sign-in a teacher chooses a character, their subjects (prefilled from what the
// GAR sent), the power mode and raid sharing.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { SubjectDto } from '../../../../shared/types';
import { listSubjects } from '../../api/catalogue';
import { updateProfessorPreferences } from '../../api/professors';
import { suggestedSubjects } from '../../api/sso';
import { updateUser } from '../../api/users';
import { getStoredUser, saveStoredUser } from '../../app/auth-store';
import { useFeedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { Button } from '../../components/ui/Button';
import { translateError } from '../../i18n';
import { AuthScreen } from '../auth/AuthScreen';
import { errorKey } from '../auth/api-error';
import { AvatarChoice, useAvatarList } from '../register/AvatarGrid';
import { Stepper } from '../register/Stepper';
import { SubjectPicker } from '../register/SubjectPicker';
import { PowersStep, SharingStep } from './PreferenceSteps';

const SUBJECTS_TEXT = {
  record: 'ONBOARDING.SUBJECTS_TEXT_RECORD',
  school: 'ONBOARDING.SUBJECTS_TEXT',
  none: 'ONBOARDING.SUBJECTS_TEXT_NONE',
} as const;

export default function ProfessorOnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { refresh } = useSession();
  const [user] = useState(getStoredUser);
  const [step, setStep] = useState(0);
  const avatarList = useAvatarList({ userType: 'professor' });
  const [avatarId, setAvatarId] = useState<string | null>(null);
  // Powers are what makes the game lively: on by default. Sharing is opt-in.
  const [powerMode, setPowerMode] = useState(true);
  const [shareRaids, setShareRaids] = useState(false);
  const [subjects, setSubjects] = useState<SubjectDto[]>([]);
  const [subjectIds, setSubjectIds] = useState<string[]>([]);
  // Whose choice the ticked subjects are: the teacher's at sign-up, the school's (GAR), or nobody's.
  const [subjectsSource, setSubjectsSource] = useState<'record' | 'school' | 'none'>('none');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listSubjects()
      .then(setSubjects)
      .catch(() => {});
    // Prefilled from the subjects the GAR sent; the teacher changes them freely.
    suggestedSubjects()
      .then((s) => {
        setSubjectIds((mine) => (mine.length ? mine : s.subjectIds));
        setSubjectsSource(s.source);
      })
      .catch(() => {});
  }, []);

  if (user?.role !== 'PROFESSOR') return <Navigate to="/login" replace />;

  async function finish() {
    if (!user || !avatarId) return;
    setBusy(true);
    setError(null);
    try {
      if (user.professorId)
        await updateProfessorPreferences(user.professorId, { powerMode, shareRaids, subjectIds });
      await updateUser(user.id, { avatarId });
      saveStoredUser({ ...(getStoredUser() ?? user), avatarId });
      // The home page shows the character from the user record, fetched before it was chosen.
      void refresh();
      feedback({ status: 'success', message: 'ONBOARDING.SAVED' });
      navigate('/prof/select', { replace: true });
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step === 0 && !avatarId) return setError('ONBOARDING.CHARACTER_REQUIRED');
    if (step === 1 && subjectIds.length === 0) return setError('VALIDATION.SUBJECT_REQUIRED');
    setError(null);
    if (step < 3) setStep(step + 1);
    else void finish();
  }

  const labels = [
    t('ONBOARDING.STEPS.CHARACTER'),
    t('ONBOARDING.STEPS.SUBJECTS'),
    t('ONBOARDING.STEPS.POWERS'),
    t('ONBOARDING.STEPS.SHARING'),
  ];
  return (
    <AuthScreen wide>
      <h1>{t('ONBOARDING.TITLE')}</h1>
      <Stepper current={step} total={4} labels={labels} />
      <form onSubmit={onSubmit} noValidate>
        {step === 0 ? (
          <>
            <h2>{t('ONBOARDING.CHARACTER_TITLE')}</h2>
            <p className="muted">{t('ONBOARDING.CHARACTER_TEXT')}</p>
            <AvatarChoice
              list={avatarList}
              selected={avatarId}
              label={t('ONBOARDING.CHARACTER_TITLE')}
              onSelect={(id) => {
                setAvatarId(id);
                setError(null);
              }}
            />
          </>
        ) : null}
        {step === 1 ? (
          <>
            <h2>{t('ONBOARDING.SUBJECTS_TITLE')}</h2>
            <p className="muted">{t(SUBJECTS_TEXT[subjectsSource])}</p>
            <SubjectPicker
              subjects={subjects}
              selected={subjectIds}
              onToggle={(id) => {
                setSubjectIds((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
                setError(null);
              }}
            />
          </>
        ) : null}
        {step === 2 ? <PowersStep value={powerMode} onChange={setPowerMode} /> : null}
        {step === 3 ? (
          <>
            <SharingStep value={shareRaids} onChange={setShareRaids} />
            <p className="muted">{t('ONBOARDING.CHANGE_LATER')}</p>
          </>
        ) : null}
        {error ? (
          <div className="notice notice--error" role="alert">
            {translateError(error)}
          </div>
        ) : null}
        <div className="auth__actions">
          {step > 0 ? (
            <Button size="large" variant="secondary" onClick={() => setStep(step - 1)}>
              {t('REGISTER.BACK')}
            </Button>
          ) : null}
          <Button type="submit" size="large" loading={busy}>
            {step === 3 ? t('ONBOARDING.FINISH') : t('REGISTER.NEXT')}
          </Button>
        </div>
      </form>
    </AuthScreen>
  );
}
