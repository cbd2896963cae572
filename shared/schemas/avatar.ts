// What the avatar routes answer (the response whitelists of server/modules/catalogue and avatars).
import { z } from 'zod';

export const avatarDtoSchema = z.object({
  id: z.uuid(),
  baseAvatarId: z.uuid().nullable(),
  planet: z.string(),
  avatarType: z.string(),
  race: z.string(),
  avatarClass: z.string(),
  gender: z.string(),
  skinId: z.string().nullable(),
  userType: z.enum(['student', 'professor']),
  image: z.string(),
  head: z.string(),
});
export const avatarRefSchema = z.object({
  id: z.uuid(),
  baseAvatarId: z.uuid().nullable(),
  image: z.string(),
  head: z.string(),
});
export const ownedAvatarSchema = avatarDtoSchema.extend({ isNew: z.boolean() });
export const unlockOfferSchema = z.object({
  id: z.uuid(),
  avatarId1: z.uuid(),
  avatarId2: z.uuid().nullable(),
  isUnlocked: z.boolean(),
  candidates: z.array(avatarDtoSchema),
});
export const avatarGridSchema = z.object({
  slots: z.number(),
  equippedId: z.uuid().nullable(),
  owned: z.array(ownedAvatarSchema),
  offers: z.array(unlockOfferSchema),
  locked: z.array(avatarDtoSchema),
});
export const skinPurchaseSchema = z.object({ skin: avatarDtoSchema, coin: z.number() });
