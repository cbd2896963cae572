// The four worlds of SPEC point 3. A class plays in a world, and an avatar belongs to one: the
// database and the API name it `planet` (the spec's Avatar field; "a world is found through the
// class's planet"); code says world (docs/decisions.md, one word per idea).
export const WORLD_NAMES = ['nebula', 'xaih', 'preia', 'nefer'] as const;
export type WorldName = (typeof WORLD_NAMES)[number];
export const BIOMES = ['plant', 'water', 'fire', 'combat', 'ground', 'electric', 'poison', 'flying'] as const;
export type Biome = (typeof BIOMES)[number];

export interface World {
  name: WorldName;
  /** Main colour, used as a CSS custom property (--world-color). */
  color: string;
  race: string;
  primaryType: Biome;
  secondaryType: Biome;
  icon: string;
  header: string;
  background: string;
}

function world(
  name: WorldName,
  color: string,
  race: string,
  primaryType: Biome,
  secondaryType: Biome,
): World {
  return {
    name,
    color,
    race,
    primaryType,
    secondaryType,
    icon: `/assets/worlds/${name}-icon.webp`,
    header: `/assets/worlds/${name}-header.webp`,
    background: `/assets/worlds/${name}-background.webp`,
  };
}

export const WORLDS: Record<WorldName, World> = {
  nebula: world('nebula', '#2bb5a8', 'fairy', 'water', 'plant'),
  xaih: world('xaih', '#8a5cf6', 'ai', 'electric', 'poison'),
  preia: world('preia', '#d9822b', 'human', 'ground', 'combat'),
  nefer: world('nefer', '#e0453a', 'elf', 'flying', 'fire'),
};
