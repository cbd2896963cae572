// Colours per world, per element type, per skin. World main colours come from shared/worlds.ts.
import { type Biome, WORLDS, type WorldName } from '../../shared/worlds.js';
import { darken, lighten, mix } from './svg.js';

export const INK = '#2a2140';

/** The colour of each element type (used for glows, emblems, orbs, boss accents). */
export const TYPE_COLOR: Record<Biome, string> = {
  water: '#3aa6f0',
  plant: '#4cc25a',
  electric: '#ffd23b',
  poison: '#a657e0',
  ground: '#c28a4a',
  combat: '#ef5a3c',
  flying: '#8fd3ff',
  fire: '#ff8a2a',
};

export interface Outfit {
  main: string;
  second: string;
  trim: string;
  pants: string;
  boots: string;
  hairF: string;
  hairM: string;
  eye: string;
  glow: string;
}

/** Base outfits: per world and element type. */
const BASE: Record<string, Outfit> = {
  'nebula/water': {
    main: '#2f86d6',
    second: '#2bb5a8',
    trim: '#c8f6ff',
    pants: '#245a8c',
    boots: '#1f6f7a',
    hairF: '#5fd3e6',
    hairM: '#2f5fb0',
    eye: '#1f8fd6',
    glow: '#8ff0ff',
  },
  'nebula/plant': {
    main: '#3aa657',
    second: '#9be36a',
    trim: '#ffd1ea',
    pants: '#2c6b3f',
    boots: '#6b4a2b',
    hairF: '#f58cc0',
    hairM: '#6fbf3a',
    eye: '#2f9a4a',
    glow: '#c9ff9a',
  },
  'xaih/electric': {
    main: '#7a4cf0',
    second: '#ffd23b',
    trim: '#6ff3ff',
    pants: '#3b2d7a',
    boots: '#2a2550',
    hairF: '#6ff3ff',
    hairM: '#ffd23b',
    eye: '#6ff3ff',
    glow: '#6ff3ff',
  },
  'xaih/poison': {
    main: '#5b3aa8',
    second: '#8fe04e',
    trim: '#d7ff8a',
    pants: '#2f2260',
    boots: '#1f3b26',
    hairF: '#b8ff5a',
    hairM: '#c77dff',
    eye: '#a6ff5a',
    glow: '#b8ff5a',
  },
  'preia/ground': {
    main: '#b06d34',
    second: '#e0a24a',
    trim: '#f6dc8a',
    pants: '#6b4a2f',
    boots: '#4a3121',
    hairF: '#7a4a26',
    hairM: '#3b2a1e',
    eye: '#7a5230',
    glow: '#ffd27a',
  },
  'preia/combat': {
    main: '#d2452a',
    second: '#f2f2f2',
    trim: '#ffcf4a',
    pants: '#3a3f5a',
    boots: '#2c2c3c',
    hairF: '#2b1d1a',
    hairM: '#c0602a',
    eye: '#8a3a2a',
    glow: '#ffcf4a',
  },
  'nefer/flying': {
    main: '#e0453a',
    second: '#8fd3ff',
    trim: '#fff3d6',
    pants: '#7a2a3a',
    boots: '#5a3a2a',
    hairF: '#ffe08a',
    hairM: '#f2f2ff',
    eye: '#3a9ad6',
    glow: '#bff0ff',
  },
  'nefer/fire': {
    main: '#c8302e',
    second: '#ff9a2e',
    trim: '#ffd84d',
    pants: '#5a1f2a',
    boots: '#3a1f1f',
    hairF: '#ff7a2e',
    hairM: '#8a1f1f',
    eye: '#ff7a2e',
    glow: '#ffd84d',
  },
};

/** Skin 1 "Éclat": a bright, complementary outfit per world. */
const ECLAT: Record<WorldName, Partial<Outfit>> = {
  nebula: {
    main: '#ff7fa8',
    second: '#ffd23b',
    trim: '#ffffff',
    pants: '#b8436e',
    hairF: '#ffb0d0',
    hairM: '#ff8a5c',
  },
  xaih: {
    main: '#2fd6b0',
    second: '#ff6fd8',
    trim: '#ffffff',
    pants: '#1f7a6b',
    hairF: '#ff8fe0',
    hairM: '#5fffd0',
  },
  preia: {
    main: '#2a9ad6',
    second: '#ffe05a',
    trim: '#ffffff',
    pants: '#22507a',
    hairF: '#f2c14e',
    hairM: '#d9782b',
  },
  nefer: {
    main: '#ffb83b',
    second: '#ffffff',
    trim: '#ff5a7a',
    pants: '#b86a1f',
    hairF: '#ff9ab8',
    hairM: '#ffe08a',
  },
};

/** Skin 2 "Royale": gold, crown and cape over a deep world colour. */
const ROYAL: Record<WorldName, string> = {
  nebula: '#1d6a8a',
  xaih: '#6a2fb0',
  preia: '#2f7a44',
  nefer: '#9a1f52',
};

export type SkinStyle = 'base' | 'eclat' | 'royal' | 'night';

export function skinStyle(skinId: string | null): SkinStyle {
  return skinId === '1' ? 'eclat' : skinId === '2' ? 'royal' : skinId === '3' ? 'night' : 'base';
}

export function outfitFor(planet: WorldName, type: string, skinId: string | null): Outfit {
  const key = `${planet}/${type}`;
  const base = BASE[key] ?? professorOutfit(planet);
  const style = skinStyle(skinId);
  if (style === 'eclat')
    return { ...base, ...ECLAT[planet], boots: darken(ECLAT[planet].main ?? base.main, 0.45) };
  if (style === 'royal')
    return {
      ...base,
      main: ROYAL[planet],
      second: '#f2c230',
      trim: '#fff1b8',
      pants: '#3a1f6b',
      boots: '#8a5a1f',
      hairF: '#f5d06a',
      hairM: '#f5d06a',
    };
  if (style === 'night')
    return {
      ...base,
      main: '#23306e',
      second: lighten(WORLDS[planet].color, 0.35),
      trim: '#e8eeff',
      pants: '#151c45',
      boots: '#151c45',
      hairF: '#d8def5',
      hairM: '#b9c2ea',
      eye: '#8fb0ff',
      glow: '#cfe0ff',
    };
  return base;
}

/** Professors wear the world colour with a scholarly trim. */
export function professorOutfit(planet: WorldName): Outfit {
  const c = WORLDS[planet].color;
  const t = TYPE_COLOR[WORLDS[planet].primaryType];
  return {
    main: darken(c, 0.25),
    second: lighten(c, 0.55),
    trim: '#f2c94c',
    pants: darken(c, 0.55),
    boots: '#3a2a22',
    hairF:
      planet === 'nebula' ? '#b58ae6' : planet === 'nefer' ? '#e8e8f0' : planet === 'preia' ? '#8a8a8a' : t,
    hairM:
      planet === 'nebula' ? '#3f7fb0' : planet === 'nefer' ? '#f0e0b0' : planet === 'preia' ? '#5a4030' : t,
    eye: darken(c, 0.2),
    glow: lighten(t, 0.4),
  };
}

/** Skin tones per race; a character keeps its tone across its skins. */
export const SKIN_TONES: Record<string, string[]> = {
  fairy: ['#ffe1d3', '#e6f7ee', '#f6ddff', '#f3c9a8', '#d9a27a', '#fff0dc'],
  elf: ['#fde3cf', '#f0cba6', '#c98f62', '#a8714c', '#ffe9dc', '#e8b892'],
  human: ['#ffd9bf', '#f1bd92', '#d39a6a', '#a86d45', '#7a4b30', '#f7c8a8'],
  ai: ['#c9d2e6', '#b7c0d8', '#d6dcea', '#aeb8d2', '#c4cbe0', '#dfe4f0'],
};

export function tone(race: string, i: number): string {
  const list = SKIN_TONES[race] ?? SKIN_TONES.human;
  return list[i % list.length];
}

export { darken, lighten, mix };
