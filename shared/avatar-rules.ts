// Avatar unlocks and the skin shop (SPEC point 4): pure rules shared by the server and the pages.
// No Node APIs here: the browser imports it too. `random` is injectable for tests.
import type { AvatarDto } from './types.js';

/** Coins the skin chest costs (a won live raid of ten questions brings about 15). */
export const SKIN_CHEST_PRICE = 30;
/** The avatar grid always shows at least this many slots (more once a student owns more). */
export const AVATAR_GRID_SLOTS = 24;
/** Every level that is a multiple of this gives a gift (one avatar) instead of a choice of two. */
export const GIFT_LEVEL_EVERY = 5;

/** The fields of an avatar the rules need (a database row or an AvatarDto fits). */
export interface RuleAvatar {
  id: string;
  planet: string;
  race: string;
  baseAvatarId: string | null;
  userType: 'student' | 'professor';
}

export type Random = () => number;

const pick = <T>(xs: readonly T[], random: Random): T => xs[Math.floor(random() * xs.length) % xs.length];

/** The levels a rise from `fromLevel` to `toLevel` reaches: each one earns one unlock offer. */
export function levelsGained(fromLevel: number, toLevel: number): number[] {
  const out: number[] = [];
  for (let l = Math.max(1, fromLevel) + 1; l <= toLevel; l++) out.push(l);
  return out;
}

/** How many candidates the offer of a level holds: a gift (1) on milestone levels, a choice (2) otherwise. */
export function candidatesForLevel(level: number): 1 | 2 {
  return level % GIFT_LEVEL_EVERY === 0 ? 1 : 2;
}

export interface OfferContext {
  catalogue: readonly RuleAvatar[];
  /** Avatars the student owns (bases and skins). */
  ownedIds: ReadonlySet<string>;
  /** Candidates of the student's pending offers: never offered twice. */
  pendingIds: ReadonlySet<string>;
  /** Worlds of the student's classes (their `planet`). */
  classWorlds: readonly string[];
  /** Race of the student's equipped avatar, if any. */
  race: string | null;
}

/**
 * The candidates of one unlock offer: base student avatars the student neither owns nor has on
 * offer, from the worlds of their classes (the whole catalogue when those are exhausted or the
 * student has no class); the first favours the student's race. Fewer than `count` (or none) when
 * the catalogue runs out.
 */
export function offerCandidates(ctx: OfferContext, count: 1 | 2, random: Random = Math.random): string[] {
  const free = ctx.catalogue.filter(
    (a) =>
      a.userType === 'student' &&
      a.baseAvatarId === null &&
      !ctx.ownedIds.has(a.id) &&
      !ctx.pendingIds.has(a.id),
  );
  const worlds = free.filter((a) => ctx.classWorlds.includes(a.planet));
  const chosen: RuleAvatar[] = [];
  for (let i = 0; i < count; i++) {
    const left = (xs: readonly RuleAvatar[]) => xs.filter((a) => !chosen.includes(a));
    const base = left(worlds).length ? left(worlds) : left(free);
    const sameRace = base.filter((a) => a.race === ctx.race);
    const pool = i === 0 && sameRace.length ? sameRace : base;
    if (!pool.length) break;
    chosen.push(pick(pool, random));
  }
  return chosen.map((a) => a.id);
}

/** Skins of the bases the student owns that they do not own yet: what the chest can give. */
export function unlockableSkins(
  catalogue: readonly RuleAvatar[],
  ownedIds: ReadonlySet<string>,
): RuleAvatar[] {
  return catalogue.filter(
    (a) =>
      a.userType === 'student' &&
      a.baseAvatarId !== null &&
      ownedIds.has(a.baseAvatarId) &&
      !ownedIds.has(a.id),
  );
}

/** The state of the chest for a student: what clicking it does. */
export function chestState(
  coin: number,
  skinsLeft: number,
  price = SKIN_CHEST_PRICE,
): 'empty' | 'short' | 'ready' {
  if (skinsLeft <= 0) return 'empty';
  return coin >= price ? 'ready' : 'short';
}

/** The skin the chest gives: one of the unlockable skins at random, or null. */
export function drawSkin<T>(skins: readonly T[], random: Random = Math.random): T | null {
  return skins.length ? pick(skins, random) : null;
}

/** Is `avatarId` one of the candidates of this offer? */
export function isCandidate(
  offer: { avatarId1: string; avatarId2: string | null },
  avatarId: string,
): boolean {
  return offer.avatarId1 === avatarId || offer.avatarId2 === avatarId;
}

/** One slot of the avatar grid. */
export type GridSlot<A> =
  | { kind: 'owned'; avatar: A }
  | { kind: 'unlockable'; offerId: string }
  | { kind: 'locked'; avatar: A | null };

/**
 * The avatar grid (SPEC point 2): owned avatars first (each base followed by its skins), then one
 * question mark per pending offer, then locked silhouettes, up to a fixed number of slots.
 */
export function gridSlots<A extends RuleAvatar>(
  owned: readonly A[],
  pendingOfferIds: readonly string[],
  locked: readonly A[],
  slots = AVATAR_GRID_SLOTS,
): GridSlot<A>[] {
  const bases = owned.filter((a) => a.baseAvatarId === null || !owned.some((b) => b.id === a.baseAvatarId));
  const ordered: A[] = [];
  for (const b of bases) {
    ordered.push(b);
    for (const s of owned) if (s.baseAvatarId === b.id) ordered.push(s);
  }
  const out: GridSlot<A>[] = [
    ...ordered.map((avatar) => ({ kind: 'owned' as const, avatar })),
    ...pendingOfferIds.map((offerId) => ({ kind: 'unlockable' as const, offerId })),
  ];
  const ownedIds = new Set(owned.map((a) => a.id));
  const silhouettes = locked.filter((a) => !ownedIds.has(a.id));
  for (let i = 0; out.length < slots; i++) out.push({ kind: 'locked', avatar: silhouettes[i] ?? null });
  return out;
}

// Payloads of the avatars routes (see /api/docs).

/** An avatar the student owns; `isNew` until they have seen it in the grid. */
export interface OwnedAvatarDto extends AvatarDto {
  isNew: boolean;
}

/** An unlock offer with its candidates. */
export interface UnlockOfferDto {
  id: string;
  avatarId1: string;
  avatarId2: string | null;
  isUnlocked: boolean;
  candidates: AvatarDto[];
}

/** GET /avatars/students/{studentId}: what the avatar grid shows. */
export interface AvatarGridDto {
  slots: number;
  equippedId: string | null;
  owned: OwnedAvatarDto[];
  /** Pending offers, oldest first: one question mark each. */
  offers: UnlockOfferDto[];
  /** Avatars still to discover, shown as silhouettes (worlds of the student's classes first). */
  locked: AvatarDto[];
}

/** POST /studentAvatar/unlockSkin */
export interface SkinPurchaseDto {
  skin: AvatarDto;
  coin: number;
}
