import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORLD_NAMES, WORLDS } from '../worlds.js';
import { AVATAR_DEFS, avatarFileName, avatarImagePath, SKIN_IDS, STUDENT_CLASSES } from './avatars.js';
import { BACKGROUNDS, BOSSES, backgroundsOf, bossesOf, TYPE_LABELS } from './bosses.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const onDisk = (p: string) => join(ROOT, p.replace(/^\//, ''));

describe('avatar catalogue', () => {
  it('builds file names from the first two letters of each field, then the skin id', () => {
    expect(
      avatarFileName({
        planet: 'nebula',
        avatarType: 'water',
        race: 'fairy',
        avatarClass: 'mage',
        gender: 'female',
        skinId: null,
      }),
    ).toBe('newafamafe.webp');
    expect(
      avatarFileName({
        planet: 'nebula',
        avatarType: 'water',
        race: 'fairy',
        avatarClass: 'mage',
        gender: 'female',
        skinId: '1',
      }),
    ).toBe('newafamafe1.webp');
    for (const d of AVATAR_DEFS) {
      const stem = [d.planet, d.avatarType, d.race, d.avatarClass, d.gender]
        .map((s) => s.slice(0, 2))
        .join('');
      expect(avatarFileName(d)).toBe(`${stem}${d.skinId ?? ''}.webp`.toLowerCase());
      expect(d.key).toBe(avatarFileName(d).replace('.webp', ''));
    }
  });

  it('builds image paths per user type and part', () => {
    const d = AVATAR_DEFS.find((a) => a.key === 'newafamafe1');
    expect(d).toBeDefined();
    if (!d) return;
    expect(avatarImagePath(d, 'student')).toBe('/assets/avatars/eleves/body/newafamafe1.webp');
    expect(avatarImagePath(d, 'student', 'head')).toBe('/assets/avatars/eleves/head/newafamafe1.webp');
    expect(avatarImagePath(d, 'professor')).toBe('/assets/avatars/prof/body/newafamafe1.webp');
  });

  it('has unique keys and file names', () => {
    const names = AVATAR_DEFS.map((d) => avatarFileName(d));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(AVATAR_DEFS.map((d) => d.key)).size).toBe(AVATAR_DEFS.length);
  });

  it('has 12 student bases per world, each with three skins, and 8 professors', () => {
    for (const p of WORLD_NAMES) {
      const bases = AVATAR_DEFS.filter((d) => d.planet === p && d.userType === 'student' && !d.skinId);
      expect(bases).toHaveLength(12);
      for (const b of bases) {
        expect(b.race).toBe(WORLDS[p].race);
        expect([WORLDS[p].primaryType, WORLDS[p].secondaryType]).toContain(b.avatarType);
        expect(STUDENT_CLASSES).toContain(b.avatarClass);
        const skins = AVATAR_DEFS.filter((d) => d.baseKey === b.key);
        expect(skins.map((s) => s.skinId).sort()).toEqual([...SKIN_IDS]);
      }
    }
    expect(AVATAR_DEFS.filter((d) => d.userType === 'professor')).toHaveLength(8);
  });

  it('links every skin to an existing base of the same character', () => {
    for (const d of AVATAR_DEFS.filter((a) => a.skinId)) {
      const base = AVATAR_DEFS.find((a) => a.key === d.baseKey);
      expect(base, d.key).toBeDefined();
      expect(base?.skinId).toBeNull();
      expect(base?.baseKey).toBeNull();
      expect(`${base?.key}${d.skinId}`).toBe(d.key);
    }
  });

  it('offers one starter per world and gender, all student bases', () => {
    const starters = AVATAR_DEFS.filter((d) => d.starter);
    expect(starters).toHaveLength(8);
    for (const s of starters) {
      expect(s.userType).toBe('student');
      expect(s.skinId).toBeNull();
    }
    for (const p of WORLD_NAMES)
      for (const g of ['female', 'male'])
        expect(starters.filter((s) => s.planet === p && s.gender === g)).toHaveLength(1);
  });

  it('has a body and a head image on disk for every avatar', () => {
    for (const d of AVATAR_DEFS) {
      for (const part of ['body', 'head'] as const) {
        const f = onDisk(avatarImagePath(d, d.userType, part));
        expect(existsSync(f), f).toBe(true);
      }
    }
  });
});

describe('boss and background catalogue', () => {
  it('has five difficulty-1 bosses per group, in several biomes, with images on disk', () => {
    for (const p of WORLD_NAMES) {
      const bosses = bossesOf(p);
      expect(bosses).toHaveLength(5);
      expect(new Set(bosses.map((b) => b.biome)).size).toBeGreaterThanOrEqual(3);
      for (const b of bosses) {
        expect(b.difficulty).toBe(1);
        expect(b.typeLabel).toBe(TYPE_LABELS[b.biome]);
        expect(b.image).toBe(`/assets/bosses/${p}/${b.key}.webp`);
        expect(existsSync(onDisk(b.image)), b.image).toBe(true);
      }
    }
    expect(new Set(BOSSES.map((b) => `${b.group}/${b.key}`)).size).toBe(BOSSES.length);
  });

  it('has a background for every biome of a group, under 150 KB, on disk', () => {
    for (const p of WORLD_NAMES) {
      const biomes = new Set(bossesOf(p).map((b) => b.biome));
      const bgs = backgroundsOf(p);
      for (const biome of biomes)
        expect(
          bgs.some((b) => b.biome === biome),
          `${p} ${biome}`,
        ).toBe(true);
    }
    for (const b of BACKGROUNDS) {
      const f = onDisk(b.image);
      expect(existsSync(f), f).toBe(true);
      expect(statSync(f).size).toBeLessThan(150 * 1024);
    }
  });

  it('has the icon, header and background of every world on disk', () => {
    for (const p of WORLD_NAMES)
      for (const img of [WORLDS[p].icon, WORLDS[p].header, WORLDS[p].background])
        expect(existsSync(onDisk(img)), img).toBe(true);
  });
});
