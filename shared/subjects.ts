// The 32 subjects of SPEC point 3, in their four groups. `code` is stable and used as the i18n key
// (SUBJECTS.<code>); the database seeds one row per entry.
export const SUBJECT_GROUPS = ['MAIN', 'MODERN_LANGUAGES', 'ANCIENT_LANGUAGES', 'OTHER'] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];

export interface SubjectDef {
  code: string;
  name: string;
  group: SubjectGroup;
}

const main = [
  ['MATHEMATICS', 'Mathematics'],
  ['FRENCH', 'French'],
  ['HISTORY_GEOGRAPHY', 'History-Geography'],
  ['CIVICS', 'Civics'],
  ['LIFE_EARTH_SCIENCES', 'Life and Earth Sciences'],
  ['PHYSICS_CHEMISTRY', 'Physics-Chemistry'],
  ['TECHNOLOGY', 'Technology'],
  ['PHYSICAL_EDUCATION', 'Physical Education'],
  ['MUSIC_EDUCATION', 'Music Education'],
  ['VISUAL_ARTS', 'Visual Arts'],
] as const;
const modern = [
  ['ENGLISH', 'English'],
  ['GERMAN', 'German'],
  ['SPANISH', 'Spanish'],
  ['ITALIAN', 'Italian'],
  ['PORTUGUESE', 'Portuguese'],
  ['DUTCH', 'Dutch'],
  ['RUSSIAN', 'Russian'],
  ['CHINESE', 'Chinese'],
  ['JAPANESE', 'Japanese'],
  ['ARABIC', 'Arabic'],
  ['HEBREW', 'Hebrew'],
  ['ALSATIAN', 'Alsatian'],
  ['BRETON', 'Breton'],
  ['CATALAN', 'Catalan'],
  ['CORSICAN', 'Corsican'],
  ['CREOLE', 'Creole'],
  ['OCCITAN', 'Occitan'],
  ['PROVENCAL', 'Provençal'],
  ['KANAK_LANGUAGES', 'Kanak languages'],
] as const;
const ancient = [
  ['LATIN', 'Latin'],
  ['ANCIENT_GREEK', 'Ancient Greek'],
] as const;
const other = [['OTHER', 'Other']] as const;

function group(list: readonly (readonly [string, string])[], g: SubjectGroup): SubjectDef[] {
  return list.map(([code, name]) => ({ code, name, group: g }));
}

export const SUBJECTS: readonly SubjectDef[] = [
  ...group(main, 'MAIN'),
  ...group(modern, 'MODERN_LANGUAGES'),
  ...group(ancient, 'ANCIENT_LANGUAGES'),
  ...group(other, 'OTHER'),
];
