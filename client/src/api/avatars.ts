// The student's avatars, unlock offers and skin chest (docs/protocol.md, section avatars).
import type { AvatarGridDto, SkinPurchaseDto } from '../../../shared/avatar-rules';
import type { AvatarDto, AvatarRef } from '../../../shared/types';
import { api } from './http';

export const getAvatarGrid = (studentId: string) => api.get<AvatarGridDto>(`/avatars/students/${studentId}`);
/** For a badge: avatars the student has not seen in the grid yet. */
export const countNewAvatars = (userId: string, signal?: AbortSignal) =>
  api.get<{ amount: number }>(`/usersAvatars/getAmountOfNewAvatars/${userId}`, { signal });
export const markAvatarsSeen = (userId: string) =>
  api.patch<{ amount: number }>(`/usersAvatars/${userId}/seen`);
export const equipAvatar = (userId: string, avatarId: string) =>
  api.put<{ avatar: AvatarRef }>(`/usersAvatars/${userId}/${avatarId}`);
export const chooseOffer = (studentId: string, avatarId: string) =>
  api.put<{ offerId: string; avatar: AvatarDto }>(`/studentAvatarUnlock/${studentId}`, undefined, {
    query: { avatarId },
  });
export const hasUnlockableSkin = (studentId: string) =>
  api.get<boolean>(`/studentAvatar/hasUnlockableSkin/${studentId}`);
export const unlockSkin = (studentId: string) =>
  api.post<SkinPurchaseDto>('/studentAvatar/unlockSkin', { studentId });
