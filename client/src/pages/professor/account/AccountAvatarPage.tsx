// /prof/account/avatar: "Character choice": the professor avatars; the chosen one is saved on the user.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updateUser } from '../../../api/users';
import { getStoredUser, saveStoredUser } from '../../../app/auth-store';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { errorKey } from '../../auth/api-error';
import { AvatarChoice, useAvatarList } from '../../register/AvatarGrid';
import '../../auth/auth.css';
import './account.css';

export default function AccountAvatarPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { user, refresh } = useSession();
  const list = useAvatarList({ userType: 'professor' });
  const [avatarId, setAvatarId] = useState<string | null>(user?.avatarId ?? null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (!user || !avatarId) return;
    setBusy(true);
    try {
      await updateUser(user.id, { avatarId });
      saveStoredUser({ ...(getStoredUser() ?? user), avatarId });
      void refresh();
      feedback({ status: 'success', message: 'ACCOUNT.AVATAR.SAVED' });
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="acct stack">
      <p>
        <Link to="/prof/account">{t('ACCOUNT.BACK')}</Link>
      </p>
      <h1>{t('ACCOUNT.AVATAR.TITLE')}</h1>
      <div className="card stack">
        <p className="muted">{t('ACCOUNT.AVATAR.TEXT')}</p>
        <AvatarChoice
          list={list}
          selected={avatarId}
          label={t('ACCOUNT.AVATAR.TITLE')}
          onSelect={setAvatarId}
        />
        <div>
          <Button
            size="medium"
            loading={busy}
            disabled={!avatarId || avatarId === user?.avatarId}
            onClick={() => void save()}
          >
            {t('ACCOUNT.SAVE')}
          </Button>
        </div>
      </div>
    </div>
  );
}
