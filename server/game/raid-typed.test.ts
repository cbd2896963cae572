// Issue 23: what the class typed reaches the board only when the teacher asks, grouped, rude words
// (every language of the codex filter) left out and only counted, names only when asked.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_SETTINGS } from '../../shared/game/contract.js';
import { begin, type RaidQuestion, raidView, reveal, showTyped, startRaid, submitAnswer } from './raid.js';

const boss = { key: 'glouglou', name: 'Glouglou', image: '/assets/bosses/nebula/glouglou.webp' };
const T0 = 1_000_000;

function typedRaid(question: Partial<RaidQuestion>) {
  const q: RaidQuestion = {
    id: 'q1',
    text: 'Un mot ?',
    equationMode: false,
    image: null,
    answers: [],
    multiple: false,
    correctIds: [],
    ...question,
  };
  return begin(
    startRaid({ raidId: 'r', title: 'Mots', questions: [q] }, boss, T0, DEFAULT_RAID_SETTINGS),
    T0,
  );
}

function typeAll(s: ReturnType<typeof typedRaid>, values: Record<string, string>) {
  for (const [student, value] of Object.entries(values)) {
    const r = submitAnswer(s, student, { questionId: 'q1', value, clientId: `${student}-1` }, T0);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('typed answers on the board', () => {
  const words = {
    s1: 'Fractions',
    s2: ' fractions',
    s3: 'Équations',
    s4: 'merde',
    s5: 'fuck this',
    s6: 'vaffanculo',
    s7: 'Fractions',
  };

  for (const question of [
    { kind: 'poll' as const, settings: { pollMode: 'text' as const } },
    {
      kind: 'text' as const,
      settings: { accepted: ['Rationnels'], ignoreCase: true, ignoreAccents: true, allowTypo: false },
    },
  ]) {
    it(`${question.kind}: hidden at the reveal, then grouped without rude words, names only when asked`, () => {
      const revealed = reveal(typeAll(typedRaid(question), words), Object.keys(words));
      const atReveal = raidView(revealed);
      expect(atReveal.reveal?.typed).toBeUndefined();
      expect(atReveal.reveal?.typedCount).toBe(7);
      expect(JSON.stringify(atReveal)).not.toMatch(/Fractions|merde|fuck|vaffanculo/i);

      const anonymous = showTyped(revealed, false);
      if (!anonymous) throw new Error('refused');
      const shown = raidView(anonymous).reveal?.typed;
      expect(shown).toEqual({
        groups: [
          { text: 'Fractions', count: 3 },
          { text: 'Équations', count: 1 },
        ],
        hidden: 3,
        names: false,
      });
      expect(JSON.stringify(raidView(anonymous))).not.toMatch(/merde|fuck|vaffanculo/i);

      const named = showTyped(revealed, true);
      if (!named) throw new Error('refused');
      expect(raidView(named).reveal?.typed?.groups).toEqual([
        { text: 'Fractions', count: 3, studentIds: ['s1', 's2', 's7'] },
        { text: 'Équations', count: 1, studentIds: ['s3'] },
      ]);
      // Nor who typed a rude word.
      expect(JSON.stringify(raidView(named).reveal?.typed)).not.toMatch(/merde|fuck|vaffanculo|s4|s5|s6/i);
    });
  }

  it('marks the words the question accepts, judged with its options (case, accents, one typo)', () => {
    const strict = typedRaid({
      kind: 'text',
      settings: { accepted: ['Ajaccio'], ignoreCase: false, ignoreAccents: true, allowTypo: true },
    });
    const typed = { s1: 'Ajaccio', s2: 'Ajacio', s3: 'AJACCIO', s4: 'Bastia', s5: 'Ajàccio', s6: 'connard' };
    const revealed = reveal(typeAll(strict, typed), Object.keys(typed));
    const shown = showTyped(revealed, false);
    if (!shown) throw new Error('refused');
    // Case counts for this question: "AJACCIO" is wrong, kept apart from the right "Ajaccio";
    // "Ajàccio" (accents ignored) joins it; "Ajacio" is one typo away.
    expect(raidView(shown).reveal?.typed).toEqual({
      groups: [
        { text: 'Ajaccio', count: 2, accepted: true },
        { text: 'AJACCIO', count: 1 },
        { text: 'Ajacio', count: 1, accepted: true },
        { text: 'Bastia', count: 1 },
      ],
      hidden: 1,
      names: false,
    });
    // A poll has no right answer: nothing is marked.
    const poll = reveal(
      typeAll(typedRaid({ kind: 'poll', settings: { pollMode: 'text' } }), { s1: 'Ajaccio' }),
      ['s1'],
    );
    const pollShown = showTyped(poll, true);
    if (!pollShown) throw new Error('refused');
    expect(raidView(pollShown).reveal?.typed?.groups).toEqual([
      { text: 'Ajaccio', count: 1, studentIds: ['s1'] },
    ]);
  });

  it('refuses to show typed answers before the reveal, or for a question answered otherwise', () => {
    const open = typeAll(typedRaid({ kind: 'poll', settings: { pollMode: 'text' } }), { s1: 'oui' });
    expect(showTyped(open, false)).toBeNull();
    const number = typedRaid({
      kind: 'number',
      settings: { value: 3, tolerance: 0, toleranceMode: 'absolute', unit: null },
    });
    expect(showTyped(reveal(typeAll(number, { s1: '3' }), ['s1']), false)).toBeNull();
  });
});
