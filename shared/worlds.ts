// The four worlds of SPEC point 3. A class's world is its planet.
export const PLANETS = ['nebula', 'xaih', 'preia', 'nefer'] as const;
export type Planet = (typeof PLANETS)[number];
export const BIOMES = ['plant', 'water', 'fire', 'combat', 'ground', 'electric', 'poison', 'flying'] as const;
export type Biome = (typeof BIOMES)[number];

export interface World {
  planet: Planet;
  /** Main colour, used as a CSS custom property (--world-color). */
  color: string;
  race: string;
  primaryType: Biome;
  secondaryType: Biome;
  icon: string;
  header: string;
  background: string;
}

function world(planet: Planet, color: string, race: string, primaryType: Biome, secondaryType: Biome): World {
  return {
    planet,
    color,
    race,
    primaryType,
    secondaryType,
    icon: `/assets/worlds/${planet}-icon.webp`,
    header: `/assets/worlds/${planet}-header.webp`,
    background: `/assets/worlds/${planet}-background.webp`,
  };
}

export const WORLDS: Record<Planet, World> = {
  nebula: world('nebula', '#2bb5a8', 'fairy', 'water', 'plant'),
  xaih: world('xaih', '#8a5cf6', 'ai', 'electric', 'poison'),
  preia: world('preia', '#d9822b', 'human', 'ground', 'combat'),
  nefer: world('nefer', '#e0453a', 'elf', 'flying', 'fire'),
};
