// /prof/account/settings: the preferences in the three steps of the first sign-in (character, power
// mode, sharing), prefilled with the current choices; saved at the last step.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getProfessorAccount, updateProfessorAccount } from '../../../api/professors';
import { updateUser } from '../../../api/users';
import { getStoredUser, saveStoredUser } from '../../../app/auth-store';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { translateError } from '../../../i18n';
import { errorKey } from '../../auth/api-error';
import { AvatarChoice, useAvatarList } from '../../register/AvatarGrid';
import { Stepper } from '../../register/Stepper';
import { PowersStep, SharingStep } from '../PreferenceSteps';
import '../../auth/auth.css';
import './account.css';

export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user, refresh } = useSession();
  const avatarList = useAvatarList({ userType: 'professor' });
  const [step, setStep] = useState(0);
  const [avatarId, setAvatarId] = useState<string | null>(user?.avatarId ?? null);
  const [prefs, setPrefs] = useState<{ powerMode: boolean; shareRaids: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user?.professorId) return;
    getProfessorAccount(user.professorId)
      .then((a) => setPrefs({ powerMode: a.powerMode, shareRaids: a.shareRaids }))
      .catch(() => setFailed(true));
  }, [user?.professorId]);

  if (failed)
    return (
      <div className="acct card" role="alert">
        {t('ACCOUNT.LOAD_FAILED')}
      </div>
    );
  if (!prefs || !user) return <p className="muted">{t('ACCOUNT.LOADING')}</p>;

  async function save() {
    if (!user?.professorId || !prefs || !avatarId) return;
    setBusy(true);
    setError(null);
    try {
      await updateProfessorAccount(user.professorId, prefs);
      if (avatarId !== user.avatarId) {
        await updateUser(user.id, { avatarId });
        saveStoredUser({ ...(getStoredUser() ?? user), avatarId });
        void refresh();
      }
      feedback({ status: 'success', message: 'ACCOUNT.SETTINGS.SAVED' });
      navigate('/prof/account');
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step === 0 && !avatarId) return setError('ONBOARDING.CHARACTER_REQUIRED');
    setError(null);
    if (step < 2) setStep(step + 1);
    else void save();
  }

  const labels = [
    t('ONBOARDING.STEPS.CHARACTER'),
    t('ONBOARDING.STEPS.POWERS'),
    t('ONBOARDING.STEPS.SHARING'),
  ];
  return (
    <div className="acct stack">
      <p>
        <Link to="/prof/account">{t('ACCOUNT.BACK')}</Link>
      </p>
      <h1>{t('ACCOUNT.SETTINGS.TITLE')}</h1>
      <form className="card acct__steps" onSubmit={onSubmit} noValidate>
        <Stepper current={step} total={3} labels={labels} />
        {step === 0 ? (
          <>
            <h2>{t('ONBOARDING.CHARACTER_TITLE')}</h2>
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
            <PowersStep value={prefs.powerMode} onChange={(powerMode) => setPrefs({ ...prefs, powerMode })} />
          </>
        ) : null}
        {step === 2 ? (
          <>
            <SharingStep
              value={prefs.shareRaids}
              onChange={(shareRaids) => setPrefs({ ...prefs, shareRaids })}
            />
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
            {step === 2 ? t('ACCOUNT.SAVE') : t('REGISTER.NEXT')}
          </Button>
        </div>
      </form>
    </div>
  );
}
