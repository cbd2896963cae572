// /register/student/avatar, step 1 of the student sign-up: pick a starter character. A signed-in
// student who has none yet (after-login rule) picks one here too, and it is saved at once.
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lookupClassCode } from '../../api/catalogue';
import { updateUser } from '../../api/users';
import { getStoredUser, saveStoredUser } from '../../app/auth-store';
import { useSession } from '../../app/session';
import { Button } from '../../components/ui/Button';
import { translateError } from '../../i18n';
import { errorKey } from '../auth/api-error';
import { AvatarChoice, useAvatarList } from './AvatarGrid';
import { StudentFrame } from './StudentFrame';
import { readDraft, saveDraft, stepUrl, useRegistrationCode } from './student-draft';

export default function StudentAvatarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const code = useRegistrationCode();
  const { refresh } = useSession();
  const [user] = useState(() => {
    const u = getStoredUser();
    return u?.role === 'STUDENT' ? u : null;
  });
  const avatarList = useAvatarList({ userType: 'student', starter: true });
  const [selected, setSelected] = useState<string | null>(() =>
    user ? null : (readDraft().avatarId ?? null),
  );
  const [className, setClassName] = useState(() => readDraft().className);
  const [error, setError] = useState<string | null>(
    () => (location.state as { error?: string } | null)?.error ?? null,
  );
  const [busy, setBusy] = useState(false);

  // Arriving from a link with a code but no draft (new tab): show the class name all the same.
  useEffect(() => {
    if (user || !code || className) return;
    lookupClassCode(code)
      .then((c) => {
        saveDraft({ className: c.name, planet: c.planet });
        setClassName(c.name);
      })
      .catch(() => {});
  }, [code, className, user]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!selected) {
      setError('REGISTER.STUDENT.AVATAR_REQUIRED');
      return;
    }
    if (!user) {
      saveDraft({ avatarId: selected });
      navigate(stepUrl('identifier', code));
      return;
    }
    setBusy(true);
    try {
      await updateUser(user.id, { avatarId: selected });
      saveStoredUser({ ...(getStoredUser() ?? user), avatarId: selected });
      // The student home shows the avatar from the user record, fetched before it was chosen.
      void refresh();
      navigate('/student', { replace: true });
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  }

  return (
    <StudentFrame step={user ? undefined : 0} className={user ? undefined : className}>
      <h1>{t('REGISTER.STUDENT.AVATAR_TITLE')}</h1>
      <p className="lead">{t('REGISTER.STUDENT.AVATAR_TEXT')}</p>
      <form onSubmit={onSubmit} noValidate>
        <AvatarChoice
          list={avatarList}
          selected={selected}
          label={t('REGISTER.STUDENT.AVATAR_TITLE')}
          onSelect={(id) => {
            setSelected(id);
            setError(null);
          }}
        />
        {error ? (
          <div className="field__error" role="alert">
            {translateError(error)}
          </div>
        ) : null}
        <Button type="submit" size="large" loading={busy}>
          {user ? t('REGISTER.STUDENT.AVATAR_SAVE') : t('REGISTER.NEXT')}
        </Button>
      </form>
      {user ? null : (
        <div className="auth__links">
          <Link to={stepUrl('code', null)}>{t('REGISTER.STUDENT.CHANGE_CLASS')}</Link>
        </div>
      )}
    </StudentFrame>
  );
}
