// A teacher's subjects as the GAR sends them (P_MAT: `code##label`, the national subject labels such
// as "MATHEMATIQUES", "HISTOIRE-GEOGRAPHIE", "ANGLAIS LV1") matched to our catalogue's codes, to
// prefill gar-signup's subjects step. A label matching nothing is left out: the teacher picks.
import { eq, inArray } from 'drizzle-orm';
import { professorSubjects, ssoIdentities, subjects } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { Division } from './accounts.js';

const RULES: [RegExp, string][] = [
  [/MATH/, 'MATHEMATICS'],
  [/FRANCAIS|LETTRES MODERNES/, 'FRENCH'],
  [/HISTOIRE|GEOGRAPHIE|HIST-GEO|HIST\.?GEO/, 'HISTORY_GEOGRAPHY'],
  [/EDUCATION CIVIQUE|ENS(EIGNEMENT)? MORAL|EMC\b/, 'CIVICS'],
  [/SCIENCES? (DE LA )?VIE|\bSVT\b|BIOLOGIE/, 'LIFE_EARTH_SCIENCES'],
  [/PHYSIQUE|CHIMIE/, 'PHYSICS_CHEMISTRY'],
  [/TECHNOLOGIE/, 'TECHNOLOGY'],
  [/EDUCATION PHYSIQUE|\bEPS\b|SPORT/, 'PHYSICAL_EDUCATION'],
  [/MUSI/, 'MUSIC_EDUCATION'],
  [/ARTS? PLASTIQUE|ARTS VISUELS/, 'VISUAL_ARTS'],
  [/ANGLAIS/, 'ENGLISH'],
  [/ALLEMAND/, 'GERMAN'],
  [/ESPAGNOL/, 'SPANISH'],
  [/ITALIEN/, 'ITALIAN'],
  [/PORTUGAIS/, 'PORTUGUESE'],
  [/NEERLANDAIS/, 'DUTCH'],
  [/RUSSE/, 'RUSSIAN'],
  [/CHINOIS/, 'CHINESE'],
  [/JAPONAIS/, 'JAPANESE'],
  [/ARABE/, 'ARABIC'],
  [/HEBREU/, 'HEBREW'],
  [/ALSACIEN/, 'ALSATIAN'],
  [/BRETON/, 'BRETON'],
  [/CATALAN/, 'CATALAN'],
  [/CORSE/, 'CORSICAN'],
  [/CREOLE/, 'CREOLE'],
  [/OCCITAN/, 'OCCITAN'],
  [/PROVENCAL/, 'PROVENCAL'],
  [/KANAK|LANGUES? MELANESIENNE/, 'KANAK_LANGUAGES'],
  [/LATIN/, 'LATIN'],
  [/GREC/, 'ANCIENT_GREEK'],
];

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/** Our subject codes for the provider's subject labels (each code once, in the order sent). */
export function subjectCodesOf(sent: Division[]): string[] {
  const out: string[] = [];
  for (const d of sent) {
    const label = plain(`${d.name} ${d.code}`);
    for (const [re, code] of RULES) if (re.test(label) && !out.includes(code)) out.push(code);
  }
  return out;
}

/** Where gar-signup's ticked subjects come from: the teacher's own choice, the school, or nowhere. */
export type SubjectsSource = 'record' | 'school' | 'none';

// The subjects to tick at gar-signup: those already on record (chosen at registration, or at an
// earlier sign-in), else those the school sign-on sent; and which of the two it is, so that the page
// does not credit the school with a choice the teacher made at sign-up.
export async function suggestedSubjects(
  deps: Deps,
  userId: string,
  professorId: string,
): Promise<{ subjectIds: string[]; source: SubjectsSource }> {
  const mine = await deps.db
    .select({ id: professorSubjects.subjectId })
    .from(professorSubjects)
    .where(eq(professorSubjects.professorId, professorId));
  if (mine.length) return { subjectIds: mine.map((r) => r.id), source: 'record' };
  const fromSchool = await schoolSubjectIds(deps, userId);
  return { subjectIds: fromSchool, source: fromSchool.length ? 'school' : 'none' };
}

/** The catalogue ids of the subjects the caller's school sign-on sent (none for other accounts). */
async function schoolSubjectIds(deps: Deps, userId: string): Promise<string[]> {
  const [me] = await deps.db
    .select({ subjects: ssoIdentities.subjects })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .limit(1);
  const codes = me ? subjectCodesOf(me.subjects) : [];
  if (!codes.length) return [];
  const rows = await deps.db
    .select({ id: subjects.id, code: subjects.code })
    .from(subjects)
    .where(inArray(subjects.code, codes));
  return codes.map((c) => rows.find((r) => r.code === c)?.id).filter((x): x is string => !!x);
}
