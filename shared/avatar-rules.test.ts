import { describe, expect, it } from 'vitest';
import {
  AVATAR_GRID_SLOTS,
  candidatesForLevel,
  chestState,
  drawSkin,
  gridSlots,
  isCandidate,
  levelsGained,
  type OfferContext,
  offerCandidates,
  type RuleAvatar,
  SKIN_CHEST_PRICE,
  unlockableSkins,
} from './avatar-rules';
import { AVATAR_DEFS } from './catalogue/avatars';

// The real catalogue, with keys as ids.
const CATALOGUE: RuleAvatar[] = AVATAR_DEFS.map((d) => ({
  id: d.key,
  planet: d.planet,
  race: d.race,
  baseAvatarId: d.baseKey,
  userType: d.userType,
}));
const byId = new Map(CATALOGUE.map((a) => [a.id, a]));
const BASES = CATALOGUE.filter((a) => a.userType === 'student' && !a.baseAvatarId);
const first = () => 0;
const last = () => 0.999999;

const ctx = (over: Partial<OfferContext> = {}): OfferContext => ({
  catalogue: CATALOGUE,
  ownedIds: new Set(),
  pendingIds: new Set(),
  classWorlds: ['nebula'],
  race: null,
  ...over,
});

describe('level-up offers', () => {
  it('gives one offer per level gained, none without a rise', () => {
    expect(levelsGained(1, 2)).toEqual([2]);
    expect(levelsGained(3, 6)).toEqual([4, 5, 6]);
    expect(levelsGained(4, 4)).toEqual([]);
    expect(levelsGained(5, 3)).toEqual([]);
  });

  it('gives a gift of one avatar every fifth level, a choice of two otherwise', () => {
    expect([2, 3, 4, 5, 6, 10].map(candidatesForLevel)).toEqual([2, 2, 2, 1, 2, 1]);
  });

  it('offers base student avatars of the class world that the student does not own', () => {
    for (const random of [first, last, Math.random]) {
      const ids = offerCandidates(ctx(), 2, random);
      expect(ids).toHaveLength(2);
      expect(ids[0]).not.toBe(ids[1]);
      for (const id of ids) {
        const a = byId.get(id);
        expect(a).toMatchObject({ planet: 'nebula', baseAvatarId: null, userType: 'student' });
      }
    }
  });

  it('never offers an owned avatar or one already on offer', () => {
    const nebula = BASES.filter((a) => a.planet === 'nebula').map((a) => a.id);
    const owned = new Set(nebula.slice(0, 6));
    const pending = new Set(nebula.slice(6, 10));
    const ids = offerCandidates(ctx({ ownedIds: owned, pendingIds: pending }), 2, Math.random);
    expect(new Set(ids)).toEqual(new Set(nebula.slice(10, 12)));
  });

  it('favours the race of the equipped avatar among the worlds of the classes', () => {
    for (const random of [first, last]) {
      const [a] = offerCandidates(ctx({ classWorlds: ['nebula', 'nefer'], race: 'elf' }), 2, random);
      expect(byId.get(a)?.race).toBe('elf');
    }
  });

  it('looks in other worlds once the class worlds are exhausted, or when the student has no class', () => {
    const nebula = BASES.filter((a) => a.planet === 'nebula').map((a) => a.id);
    const ids = offerCandidates(ctx({ ownedIds: new Set(nebula.slice(1)) }), 2, first);
    expect(ids[0]).toBe(nebula[0]);
    expect(byId.get(ids[1])?.planet).not.toBe('nebula');
    expect(offerCandidates(ctx({ classWorlds: [] }), 2, first)).toHaveLength(2);
  });

  it('offers one candidate when only one is left, and none when all are owned', () => {
    const all = BASES.map((a) => a.id);
    expect(offerCandidates(ctx({ ownedIds: new Set(all.slice(1)) }), 2)).toEqual([all[0]]);
    expect(offerCandidates(ctx({ ownedIds: new Set(all) }), 2)).toEqual([]);
  });

  it('recognises the candidates of an offer', () => {
    expect(isCandidate({ avatarId1: 'a', avatarId2: 'b' }, 'b')).toBe(true);
    expect(isCandidate({ avatarId1: 'a', avatarId2: null }, 'b')).toBe(false);
  });
});

describe('skin chest', () => {
  const base = BASES[0];
  const skinsOf = (id: string) => CATALOGUE.filter((a) => a.baseAvatarId === id).map((a) => a.id);

  it('gives only the unowned skins of owned bases', () => {
    const [s1, s2, s3] = skinsOf(base.id);
    expect(unlockableSkins(CATALOGUE, new Set([base.id])).map((a) => a.id)).toEqual([s1, s2, s3]);
    expect(unlockableSkins(CATALOGUE, new Set([base.id, s2])).map((a) => a.id)).toEqual([s1, s3]);
    expect(unlockableSkins(CATALOGUE, new Set([base.id, s1, s2, s3]))).toEqual([]);
    // A skin alone does not open its siblings.
    expect(unlockableSkins(CATALOGUE, new Set([s1]))).toEqual([]);
  });

  it('is empty without unlockable skins, short below the price, ready from the price on', () => {
    expect(chestState(1000, 0)).toBe('empty');
    expect(chestState(SKIN_CHEST_PRICE - 1, 3)).toBe('short');
    expect(chestState(SKIN_CHEST_PRICE, 3)).toBe('ready');
  });

  it('draws one of the candidate skins', () => {
    expect(drawSkin(['x', 'y', 'z'], first)).toBe('x');
    expect(drawSkin(['x', 'y', 'z'], last)).toBe('z');
    expect(drawSkin([], first)).toBeNull();
  });
});

describe('avatar grid', () => {
  const [b1, b2, l1, l2] = BASES;
  const skin = CATALOGUE.find((a) => a.baseAvatarId === b1.id) as RuleAvatar;

  it('lists owned avatars (skins after their base), then a question mark per offer, then locked slots', () => {
    const slots = gridSlots([b1, b2, skin], ['o1', 'o2'], [l1, l2], 8);
    expect(slots.map((s) => s.kind)).toEqual([
      'owned',
      'owned',
      'owned',
      'unlockable',
      'unlockable',
      'locked',
      'locked',
      'locked',
    ]);
    expect(slots.slice(0, 3).map((s) => (s.kind === 'owned' ? s.avatar.id : ''))).toEqual([
      b1.id,
      skin.id,
      b2.id,
    ]);
    expect(slots.slice(5).map((s) => (s.kind === 'locked' ? (s.avatar?.id ?? null) : ''))).toEqual([
      l1.id,
      l2.id,
      null,
    ]);
  });

  it('keeps a fixed number of slots, and grows only past it', () => {
    expect(gridSlots([b1], [], []).length).toBe(AVATAR_GRID_SLOTS);
    const many = BASES.slice(0, AVATAR_GRID_SLOTS + 2);
    expect(gridSlots(many, ['o'], [l1]).length).toBe(AVATAR_GRID_SLOTS + 3);
  });
});
