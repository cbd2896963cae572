// Helpers shared by the avatar and shop pages: an avatar's spoken name, and equipping.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AvatarDto } from '../../../../../shared/types';
import { equipAvatar } from '../../../api/avatars';
import { getStoredUser, saveStoredUser } from '../../../app/auth-store';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { errorKey } from '../../auth/api-error';

/** "Fairy mage", "Elf warrior · Royal outfit": what a screen reader says for an avatar picture. */
export function avatarName(t: TFunction, a: Pick<AvatarDto, 'race' | 'avatarClass' | 'skinId'>): string {
  const name = t('AVATARS.NAME', {
    race: t(`AVATARS.RACES.${a.race}`),
    avatarClass: t(`AVATARS.CLASSES.${a.avatarClass}`),
  });
  return a.skinId ? `${name} · ${t(`SHOP.SKIN_NAMES.${a.skinId}`)}` : name;
}

/** The "mobile flag" of SPEC point 4: phones go back home after equipping. */
export function isMobile(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 600px)').matches;
}

/**
 * Equips an owned avatar and refreshes the session; then goes home always (the shop) or on a
 * phone only (the avatar grid). False when the server refused.
 */
export function useEquip(goHome: 'always' | 'mobile') {
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  return useCallback(
    async (avatarId: string): Promise<boolean> => {
      if (!user) return false;
      try {
        await equipAvatar(user.id, avatarId);
      } catch (err) {
        feedback({ status: 'error', message: errorKey(err) });
        return false;
      }
      const stored = getStoredUser();
      if (stored) saveStoredUser({ ...stored, avatarId });
      await refresh();
      feedback({ status: 'success', message: 'AVATARS.EQUIPPED' });
      if (goHome === 'always' || isMobile()) navigate('/student');
      return true;
    },
    [user, refresh, navigate, feedback, goHome],
  );
}
