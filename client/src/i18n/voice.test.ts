// One voice per audience (issue 15): teachers are addressed formally ("vous" in French, "Lei" in
// Italian, "voi" in Corsican), students informally ("tu"). Every key is placed by its prefix in the
// merged namespace; a teacher text holding an informal form, or a student text a formal one, fails.
// English has no such forms. Keys that are neither (shared errors, neutral labels) are not checked.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOCALES = fileURLToPath(new URL('./locales', import.meta.url));

/** Texts read by teachers (and by visitors, who may be teachers or parents). */
const PROFESSOR_KEYS = [
  'CLASSES.',
  'CODEX.MODERATION.',
  'GAME.',
  'PROF_HOME.',
  'HOMEWORK.',
  'LIBRARY.',
  'ACCOUNT.',
  'IMPORT.',
  'CHAPTERS.',
  'RAIDS.',
  'USERS_VALIDATION.',
  'SIGNUP.',
  'LOGIN.',
  'PROFILE.PROFESSOR_',
  'FORGOT.PROFESSOR_',
  'FORGOT.SENT_',
  'FORGOT.RESET_',
  'REGISTER.PROFESSOR.',
  'REGISTER.REQUEST_SENT.',
  'REGISTER.ACTIVATION.',
  'ONBOARDING.',
  'AUTH.',
  'TICKET.',
  'MISC.USER_DISABLED.PROFESSOR',
  'MISC.USER_DISABLED.MISTAKE',
  'MISC.GAR_HELPER.',
  'DOCS.GUIDE_PROFESSOR.',
  'DOCS.LEGAL.',
  'DOCS.TERMS.',
  'DOCS.PRIVACY.',
  'PUPIL_DATA.',
  // The teacher's analytics pages (the student's own page is ANALYTICS.ME, below).
  'ANALYTICS.PERSONAL.',
  'ANALYTICS.CLASSES.',
  'ANALYTICS.STUDENTS.',
  'ANALYTICS.XP.',
  'ANALYTICS.PLAYS.',
  'ANALYTICS.REPORT.',
  'ANALYTICS.EXPORT.',
  'ERRORS.INVALID_PERIOD',
  'ERRORS.MANUAL_XP_',
];

/** Texts read by students only. */
const STUDENT_KEYS = [
  'AVATARS.',
  'SHOP.',
  'CODEX.WRITE.',
  'CODEX.HISTORY.',
  'CODEX_FORM.',
  'STUDENT.',
  'STUDENT_HOME.',
  'PHONE.',
  'PROFILE.STUDENT_',
  'FORGOT.STUDENT_',
  'REGISTER.STUDENT.',
  'TICKET_STUDENT.',
  'DOCS.GUIDE_STUDENT.',
  'MISC.USER_DISABLED.STUDENT',
  'ERRORS.CODEX_DUPLICATE',
  'MY_DATA.',
  'ANALYTICS.ME.',
  // A typed answer refused on the phone (issue 23): under GAME. for the server's keys, read by pupils.
  'GAME.ERRORS.ANSWER_EMPTY',
  'GAME.ERRORS.ANSWER_NOT_A_NUMBER',
  'GAME.ERRORS.ANSWER_TOO_LONG_TYPED',
];

/**
 * Texts both audiences read, pieces of the analytics pages the student's My stats reuses (period,
 * chart, loading) and the shared session and access errors: worded impersonally, neither form.
 */
const NEUTRAL = [
  'ANALYTICS.PERIOD.',
  'ANALYTICS.CHART.',
  'ANALYTICS.NO_DATA',
  'ANALYTICS.LOADING',
  'ANALYTICS.RETRY',
  'ANALYTICS.CLASSES.SUBJECT',
  'ANALYTICS.REPORT.OF',
  'ERRORS.FORBIDDEN',
  'ERRORS.UNAUTHORIZED',
  'AUTH.INVALID_REFRESH_TOKEN',
  'AUTH.INVALID_TICKET',
];

/**
 * Keys under a teacher prefix that students read, or that speak to both on purpose: the join steps
 * the teacher projects for the class, and the privacy notice's line that speaks to a student, then
 * to parents and teachers.
 */
const BOTH = ['CLASSES.CODE.STEP_', 'DOCS.PRIVACY.SECTIONS.7.body.1', ...NEUTRAL];

const W = '[^\\p{L}\\d]';
const words = (list: string) => new RegExp(`(?:^|${W})(?:${list})(?=$|${W})`, 'iu');
const elided = (list: string) => new RegExp(`(?:^|${W})(?:${list})['’]`, 'iu');

interface Rule {
  informal: RegExp[];
  formal: RegExp[];
  /** Forms a teacher text must not hold besides the informal ones (Italian: the plural "voi"). */
  notProfessor?: RegExp[];
}

const RULES: Record<string, Rule> = {
  fr: {
    informal: [
      words('tu|ton|ta|tes|toi|te|tien|tienne|tiens'),
      elided('t'),
      /-(?:toi|tu|te)(?=$|[^\p{L}])/iu,
      // An informal imperative opening a text ("Choisis une matière"); "choisis" inside a sentence may
      // be a participle ("les mots choisis").
      /^(?:choisis|écris|clique|coche|tape|saisis|entre)(?=$|[^\p{L}])/iu,
    ],
    formal: [words('vous|votre|vos|vôtre|vôtres')],
  },
  it: {
    // Teachers get "Lei" (apra, Suo), never the plural "voi" (docs/decisions.md); students "tu" (apri, tuo).
    informal: [words('tu|ti|tuo|tua|tuoi|tue|te|teco'), elided('t')],
    formal: [
      /(?:^|[^\p{L}])(?:Lei|Suo|Sua|Suoi|Sue)(?=$|[^\p{L}])/u,
      /(?:^|[^\p{L}])(?:voi|vostro|vostra|vostri|vostre)(?=$|[^\p{L}])/iu,
    ],
    notProfessor: [words('voi|vostro|vostra|vostri|vostre|vi')],
  },
  co: {
    // Teachers get "voi" (aprite, vostru); students "tù" (apri, to).
    informal: [words('tù|tu|to|ti|te|teiu|toiu|toia|toie')],
    formal: [words('voi|vo|vostru|vostra|vostri|vostre|vi')],
  },
};

function leaves(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function texts(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json')))
    leaves(JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8')), '', out);
  return out;
}

const under = (key: string, prefixes: string[]) => prefixes.some((p) => key.startsWith(p));
// {{params}} and $t(KEY) references (a label quoted by its key) are not words a reader sees.
const visible = (s: string) => s.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$t\([^)]*\)/g, ' ');

function offenders(lang: string, prefixes: string[], forms: RegExp[]): string[] {
  // A key named for students under a teacher prefix (GAME.ERRORS.ANSWER_…) is a student's text.
  const others = prefixes === PROFESSOR_KEYS ? STUDENT_KEYS : [];
  return [...texts(lang)]
    .filter(([k]) => under(k, prefixes) && !under(k, BOTH) && !under(k, others))
    .filter(([, v]) => forms.some((re) => re.test(visible(v))))
    .map(([k, v]) => `${k}: ${v}`);
}

function neutralOffenders(lang: string, forms: RegExp[]): string[] {
  return [...texts(lang)]
    .filter(([k]) => under(k, NEUTRAL))
    .filter(([, v]) => forms.some((re) => re.test(visible(v))))
    .map(([k, v]) => `${k}: ${v}`);
}

describe('one voice per audience', () => {
  it('places the keys it checks', () => {
    const fr = [...texts('fr').keys()];
    for (const p of [...PROFESSOR_KEYS, ...STUDENT_KEYS, ...NEUTRAL])
      expect(
        fr.some((k) => k.startsWith(p)),
        p,
      ).toBe(true);
  });
  for (const [lang, rule] of Object.entries(RULES)) {
    it(`${lang}: teachers are never addressed informally`, () => {
      expect(offenders(lang, PROFESSOR_KEYS, [...rule.informal, ...(rule.notProfessor ?? [])])).toEqual([]);
    });
    it(`${lang}: students are never addressed formally`, () => {
      expect(offenders(lang, STUDENT_KEYS, rule.formal)).toEqual([]);
    });
    it(`${lang}: texts both audiences read address neither`, () => {
      expect(neutralOffenders(lang, [...rule.informal, ...rule.formal])).toEqual([]);
    });
  }
});
