// What boards and phones see of a raid: never its correct answers before the reveal, never a typed
// question's accepted value, never who has extra time.
import { describe, expect, it } from 'vitest';
import { begin, raidView, reveal, startRaid } from './raid.js';
import { answerAll, boss, class3, q, raidOf, T0 } from './test-raid.js';

describe('a raid as boards and phones see it', () => {
  it('never shows the correct answers before the reveal', () => {
    const s = raidOf(3);
    const view = raidView(s);
    expect(JSON.stringify(view)).not.toContain('correctIds');
    expect(view.reveal).toBeNull();
    const revealed = raidView(reveal(answerAll(s, ['s1']), class3));
    expect(revealed.reveal?.correctAnswerIds).toEqual(['q0a']);
  });

  it('gives a phone what it needs to answer a typed question, never the value or the accepted words', () => {
    const number = {
      ...q(0),
      answers: [],
      correctIds: [],
      kind: 'number' as const,
      settings: { value: 42, tolerance: 1, toleranceMode: 'absolute' as const, unit: 'km' },
    };
    const text = {
      ...q(1),
      answers: [],
      correctIds: [],
      kind: 'text' as const,
      settings: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: false },
    };
    const poll = {
      ...q(2),
      correctIds: [],
      kind: 'poll' as const,
      settings: { pollMode: 'number' as const },
    };
    const s = begin(startRaid({ raidId: 'r', title: 't', questions: [number, text, poll] }, boss, T0), T0);
    expect(raidView(s).question).toMatchObject({ kind: 'number', unit: 'km' });
    expect(JSON.stringify(raidView(s))).not.toMatch(/42|tolerance/);
    const second = raidView({ ...s, index: 1 });
    expect(second.question?.kind).toBe('text');
    expect(JSON.stringify(second)).not.toContain('Ajaccio');
    expect(raidView({ ...s, index: 2 }).question).toMatchObject({ kind: 'poll', pollMode: 'number' });
  });

  it('tells the board when the last extra time ends, never whose it is', () => {
    const s = { ...raidOf(1, { questionSeconds: 30 }), extraTime: { s2: 'double' as const } };
    const view = raidView(s);
    expect(view.deadline).toBe(T0 + 30_000);
    expect(view.extraUntil).toBe(T0 + 60_000);
    expect(JSON.stringify(view)).not.toMatch(/s2|double/);
    expect(raidView(raidOf(1, { questionSeconds: 30 })).extraUntil).toBeNull();
  });
});
