// Wording a reader notices (issue 15): one English term for logging out, and the power button names
// the XP it spends (power XP, not the level XP) in every language.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/constants';

const LOCALES = fileURLToPath(new URL('./locales', import.meta.url));

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

describe('wording', () => {
  it('English says "Log out", never "Disconnect", "Logout" or "Sign out"', () => {
    // A label quoted by its key ($t(LAYOUT.MENU.LOGOUT), in the guides) is not a word a reader sees.
    const bad = [...texts('en')].filter(([, v]) =>
      /\bdisconnect\b|\blogout\b|\bsign(?:ed)? out\b/i.test(v.replace(/\$t\([^)]*\)/g, ' ')),
    );
    expect(bad.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('every logout control of a language uses the same words', () => {
    for (const lang of LANGUAGES) {
      const all = texts(lang);
      const words = new Set(
        ['LAYOUT.MENU.LOGOUT', 'ACCOUNT.LINKS.LOGOUT', 'STUDENT.OPTIONS.DISCONNECT'].map((k) => all.get(k)),
      );
      expect([...words], lang).toHaveLength(1);
    }
  });

  it('the power button names power XP, as the student home does', () => {
    for (const lang of LANGUAGES) {
      const all = texts(lang);
      const term = all.get('PROF_HOME.POWER_XP') ?? all.get('STUDENT_HOME.POWER_XP');
      expect(term, lang).toBeTruthy();
      expect(all.get('PHONE.POWER_BUTTON')?.toLowerCase(), lang).toContain(String(term).toLowerCase());
    }
  });
});
