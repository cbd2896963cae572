// The boss and background catalogues (SPEC point 3, "Boss catalogue"), grouped by world.
// No Node APIs here: the browser imports it too. Images are made by scripts/assets.
import type { Biome, WorldName } from '../worlds.js';

export type BossBiome = Exclude<Biome, 'flying'>;

/** French type labels shown with a boss. */
export const TYPE_LABELS: Record<BossBiome, string> = {
  plant: 'Plante',
  water: 'Eau',
  fire: 'Feu',
  combat: 'Combat',
  ground: 'Sol',
  electric: 'Électrik',
  poison: 'Poison',
};

export interface BossDef {
  group: WorldName;
  key: string;
  name: string;
  biome: BossBiome;
  typeLabel: string;
  difficulty: 1;
  image: string;
}

export interface BackgroundDef {
  group: WorldName;
  key: string;
  name: string;
  biome: BossBiome;
  image: string;
}

function boss(group: WorldName, key: string, name: string, biome: BossBiome): BossDef {
  return {
    group,
    key,
    name,
    biome,
    typeLabel: TYPE_LABELS[biome],
    difficulty: 1,
    image: `/assets/bosses/${group}/${key}.webp`,
  };
}

function background(group: WorldName, key: string, name: string, biome: BossBiome): BackgroundDef {
  return { group, key, name, biome, image: `/assets/backgrounds/${group}/${key}.webp` };
}

export const BOSSES: readonly BossDef[] = [
  boss('nebula', 'glouglou', 'Glouglou le Kraken', 'water'),
  boss('nebula', 'meduzor', 'Méduzor', 'water'),
  boss('nebula', 'ronceboule', 'Ronceboule', 'plant'),
  boss('nebula', 'chene-grognon', 'Le Chêne Grognon', 'plant'),
  boss('nebula', 'champignasse', 'Champignasse', 'poison'),

  boss('xaih', 'voltigor', 'Voltigor', 'electric'),
  boss('xaih', 'zapzap', 'Zapzap la Boule Zinzin', 'electric'),
  boss('xaih', 'toxibot', 'Toxibot', 'poison'),
  boss('xaih', 'slimax', 'Slimax le Gluant', 'poison'),
  boss('xaih', 'ferraillon', 'Ferraillon le Golem', 'ground'),

  boss('preia', 'rocabosse', 'Rocabosse', 'ground'),
  boss('preia', 'taupinator', 'Taupinator', 'ground'),
  boss('preia', 'cogneur', 'Cogneur le Bourru', 'combat'),
  boss('preia', 'minotor', 'Minotor', 'combat'),
  boss('preia', 'carnivora', 'Carnivora', 'plant'),

  boss('nefer', 'pyrodrake', 'Pyrodrake', 'fire'),
  boss('nefer', 'flammeche', 'Flammèche', 'fire'),
  boss('nefer', 'phenixor', 'Phénixor', 'fire'),
  boss('nefer', 'cumulor', 'Cumulor l’Orageux', 'electric'),
  boss('nefer', 'gargouille', 'Sire Gargouille', 'combat'),
];

export const BACKGROUNDS: readonly BackgroundDef[] = [
  background('nebula', 'lagon', 'Le Lagon scintillant', 'water'),
  background('nebula', 'foret', 'La Forêt des Lucioles', 'plant'),
  background('nebula', 'marais', 'Le Marais brumeux', 'poison'),

  background('xaih', 'centrale', 'La Centrale à éclairs', 'electric'),
  background('xaih', 'egouts', 'Les Cuves toxiques', 'poison'),
  background('xaih', 'casse', 'La Casse aux circuits', 'ground'),

  background('preia', 'canyon', 'Le Grand Canyon', 'ground'),
  background('preia', 'arene', 'L’Arène des Braves', 'combat'),
  background('preia', 'prairie', 'La Prairie des Collines', 'plant'),

  background('nefer', 'volcan', 'Le Volcan des Ailes', 'fire'),
  background('nefer', 'orage', 'Les Pics de l’Orage', 'electric'),
  background('nefer', 'temple', 'Le Temple du Ciel', 'combat'),
];

export function bossesOf(world: WorldName): BossDef[] {
  return BOSSES.filter((b) => b.group === world);
}

export function backgroundsOf(world: WorldName): BackgroundDef[] {
  return BACKGROUNDS.filter((b) => b.group === world);
}

export function bossByKey(group: WorldName, key: string): BossDef | undefined {
  return BOSSES.find((b) => b.group === group && b.key === key);
}
