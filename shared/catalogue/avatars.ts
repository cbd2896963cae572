// The avatar catalogue (SPEC point 3, "Avatar"). One source of truth for the database seed, the
// client and the image generator (scripts/assets). No Node APIs here: the browser imports it too.
import { WORLD_NAMES, WORLDS, type WorldName } from '../worlds.js';

export type Gender = 'female' | 'male';
export type AvatarUserType = 'student' | 'professor';
export type AvatarPart = 'body' | 'head';

export interface AvatarDef {
  /** File name without extension; unique. */
  key: string;
  planet: WorldName;
  avatarType: string;
  race: string;
  avatarClass: string;
  gender: Gender;
  skinId: string | null;
  userType: AvatarUserType;
  /** Key of the base avatar when this one is a skin of it. */
  baseKey: string | null;
  /** true for the avatars a new student may pick at registration */
  starter: boolean;
}

/** Student classes. Their first two letters differ (wa, ma, ra) so file names cannot clash. */
export const STUDENT_CLASSES = ['warrior', 'mage', 'ranger'] as const;
export type StudentClass = (typeof STUDENT_CLASSES)[number];
export const GENDERS: readonly Gender[] = ['female', 'male'];
/** Every student base avatar has these three skins. */
export const SKIN_IDS = ['1', '2', '3'] as const;
/** French names of the skins, for the shop. */
export const SKIN_NAMES: Record<(typeof SKIN_IDS)[number], string> = {
  '1': 'Tenue Éclat',
  '2': 'Tenue Royale',
  '3': 'Tenue Nuit étoilée',
};
/** Professors: one per world and gender, no skins. */
export const PROFESSOR_TYPE = 'professor';
export const PROFESSOR_CLASS = 'mentor';

/** French labels for the UI. */
export const CLASS_LABELS: Record<string, string> = {
  warrior: 'Guerrier',
  mage: 'Mage',
  ranger: 'Rôdeur',
  mentor: 'Mentor',
};
export const RACE_LABELS: Record<string, string> = { fairy: 'Fée', ai: 'IA', human: 'Humain', elf: 'Elfe' };

/**
 * The starters a new student chooses from at registration: per world, one female and one male,
 * both of the world's primary type, with different classes so the eight look varied.
 */
const STARTER_CLASS: Record<WorldName, Record<Gender, StudentClass>> = {
  nebula: { female: 'mage', male: 'ranger' },
  xaih: { female: 'warrior', male: 'mage' },
  preia: { female: 'ranger', male: 'warrior' },
  nefer: { female: 'mage', male: 'warrior' },
};

type NameParts = Pick<AvatarDef, 'planet' | 'avatarType' | 'race' | 'avatarClass' | 'gender' | 'skinId'>;

/** 'newafamafe1.webp': first two letters of planet, type, race, class and gender, then the skin id. */
export function avatarFileName(d: NameParts): string {
  const two = (s: string) => s.slice(0, 2);
  const stem = [d.planet, d.avatarType, d.race, d.avatarClass, d.gender].map(two).join('');
  return `${stem}${d.skinId ?? ''}.webp`.toLowerCase();
}

/** '/assets/avatars/eleves/body/newafamafe1.webp' (students) or '/assets/avatars/prof/...' */
export function avatarImagePath(d: NameParts, userType: AvatarUserType, part: AvatarPart = 'body'): string {
  const folder = userType === 'professor' ? 'prof' : 'eleves';
  return `/assets/avatars/${folder}/${part}/${avatarFileName(d)}`;
}

function key(d: NameParts): string {
  return avatarFileName(d).replace(/\.webp$/, '');
}

function build(): AvatarDef[] {
  const defs: AvatarDef[] = [];
  for (const world of WORLD_NAMES) {
    const w = WORLDS[world];
    for (const avatarType of [w.primaryType, w.secondaryType]) {
      for (const avatarClass of STUDENT_CLASSES) {
        for (const gender of GENDERS) {
          const base = { planet: world, avatarType, race: w.race, avatarClass, gender };
          const baseKey = key({ ...base, skinId: null });
          defs.push({
            ...base,
            key: baseKey,
            skinId: null,
            userType: 'student',
            baseKey: null,
            starter: avatarType === w.primaryType && STARTER_CLASS[world][gender] === avatarClass,
          });
          for (const skinId of SKIN_IDS) {
            defs.push({
              ...base,
              key: key({ ...base, skinId }),
              skinId,
              userType: 'student',
              baseKey,
              starter: false,
            });
          }
        }
      }
    }
  }
  for (const world of WORLD_NAMES) {
    for (const gender of GENDERS) {
      const d = {
        planet: world,
        avatarType: PROFESSOR_TYPE,
        race: WORLDS[world].race,
        avatarClass: PROFESSOR_CLASS,
        gender,
        skinId: null,
      };
      defs.push({ ...d, key: key(d), userType: 'professor', baseKey: null, starter: false });
    }
  }
  const seen = new Set<string>();
  for (const d of defs) {
    if (seen.has(d.key)) throw new Error(`Duplicate avatar file name: ${d.key}`);
    seen.add(d.key);
  }
  return defs;
}

export const AVATAR_DEFS: readonly AvatarDef[] = build();

export function avatarByKey(k: string): AvatarDef | undefined {
  return AVATAR_DEFS.find((d) => d.key === k);
}
