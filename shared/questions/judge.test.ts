import { describe, expect, it } from 'vitest';
import { ERR } from '../errors';
import {
  editDistance,
  type JudgedQuestion,
  judge,
  normaliseForGrouping,
  normaliseText,
  parseNumber,
  TYPO_MIN_LENGTH,
  textMatches,
  withinTolerance,
} from './judge';
import type { TextSettings } from './kinds';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const D = '00000000-0000-4000-8000-00000000000d';

describe('parseNumber', () => {
  it.each([
    ['3,14', 3.14],
    ['3.14', 3.14],
    [' 42 ', 42],
    ['-2,5', -2.5],
    ['+7', 7],
    ['\u22123', -3],
    ['1 000', 1000],
    ['1\u00A0234\u00A0567,89', 1234567.89],
    ['12\u202F345', 12345],
    [',5', 0.5],
    ['0', 0],
    ['-0', 0],
    ['1,5e3', 1500],
    ['1.5E-3', 0.0015],
    ['1,5×10^3', 1500],
    ['1,5 × 10^3', 1500],
    ['1.5*10^3', 1500],
    ['1,5x10^-3', 0.0015],
    ['6,02×10^(23)', 6.02e23],
    ['1,6e-19', 1.6e-19],
    ['1,000', 1],
  ])('reads %j as %d', (text, n) => {
    expect(parseNumber(text)).toBe(n);
  });

  it.each([
    '',
    '   ',
    'abc',
    '3,14,15',
    '1..2',
    '1,2.3',
    '--1',
    '1 00',
    '10 0000',
    '12 34',
    'Infinity',
    'NaN',
    '0x10',
    '1e',
    '1e999',
    '1,5×10',
    '3 pommes',
    '1/2',
    '.',
    '+',
    'e3',
  ])('refuses %j', (text) => {
    expect(parseNumber(text)).toBeNull();
  });

  it("ignores the question's unit after the number, never another word", () => {
    expect(parseNumber('90 km/h', 'km/h')).toBe(90);
    expect(parseNumber('90km/h', 'km/h')).toBe(90);
    expect(parseNumber('90 KM/H', 'km/h')).toBe(90);
    expect(parseNumber('90 m/s', 'km/h')).toBeNull();
    expect(parseNumber('km/h', 'km/h')).toBeNull();
  });
});

describe('withinTolerance', () => {
  const abs = (value: number, tolerance: number) => ({
    value,
    tolerance,
    toleranceMode: 'absolute' as const,
  });
  const rel = (value: number, tolerance: number) => ({
    value,
    tolerance,
    toleranceMode: 'relative' as const,
  });

  it('exact when the tolerance is 0, including 0 itself', () => {
    expect(withinTolerance(0, abs(0, 0))).toBe(true);
    expect(withinTolerance(0.0001, abs(0, 0))).toBe(false);
    expect(withinTolerance(0.1 + 0.2, abs(0.3, 0))).toBe(true);
    expect(withinTolerance(1.6e-19, abs(1.6e-19, 0))).toBe(true);
    expect(withinTolerance(1.7e-19, abs(1.6e-19, 0))).toBe(false);
  });

  it('absolute: the boundary is right, just past it is wrong (negative values too)', () => {
    expect(withinTolerance(3.15, abs(3.14, 0.01))).toBe(true);
    expect(withinTolerance(3.13, abs(3.14, 0.01))).toBe(true);
    expect(withinTolerance(3.1501, abs(3.14, 0.01))).toBe(false);
    expect(withinTolerance(10.1, abs(10, 0.1))).toBe(true);
    expect(withinTolerance(9.9, abs(10, 0.1))).toBe(true);
    expect(withinTolerance(-9.9, abs(-10, 0.1))).toBe(true);
    expect(withinTolerance(-10.2, abs(-10, 0.1))).toBe(false);
    expect(withinTolerance(10, abs(-10, 0.1))).toBe(false);
  });

  it('relative: a share of |value|, the boundary included; around 0 it is exact', () => {
    expect(withinTolerance(105, rel(100, 0.05))).toBe(true);
    expect(withinTolerance(95, rel(100, 0.05))).toBe(true);
    expect(withinTolerance(105.01, rel(100, 0.05))).toBe(false);
    expect(withinTolerance(-95, rel(-100, 0.05))).toBe(true);
    expect(withinTolerance(-94, rel(-100, 0.05))).toBe(false);
    expect(withinTolerance(0, rel(0, 0.5))).toBe(true);
    expect(withinTolerance(0.001, rel(0, 0.5))).toBe(false);
  });
});

describe('text', () => {
  const settings = (accepted: string[], o: Partial<TextSettings> = {}): TextSettings => ({
    accepted,
    ignoreCase: true,
    ignoreAccents: true,
    allowTypo: false,
    ...o,
  });

  it('trims, collapses spaces and reads typographic apostrophes as plain ones', () => {
    expect(normaliseText('  l’Hôpital \u00A0 de   Paris ', { ignoreCase: false, ignoreAccents: false })).toBe(
      "l'Hôpital de Paris",
    );
    expect(textMatches('  Jules   César ', settings(['jules cesar']))).toBe(true);
    expect(textMatches('l’eau', settings(["l'eau"]))).toBe(true);
  });

  it('ignores case and accents only when the question says so', () => {
    expect(textMatches('ÉTÉ', settings(['été']))).toBe(true);
    expect(textMatches('ete', settings(['été']))).toBe(true);
    expect(textMatches('ete', settings(['été'], { ignoreAccents: false }))).toBe(false);
    expect(textMatches('ÉTÉ', settings(['été'], { ignoreCase: false }))).toBe(false);
    expect(textMatches('Été', settings(['Été'], { ignoreCase: false, ignoreAccents: false }))).toBe(true);
    expect(textMatches('coeur', settings(['cœur']))).toBe(true);
  });

  it('any of the accepted answers', () => {
    const s = settings(['Napoléon', 'Napoléon Bonaparte', 'Bonaparte']);
    expect(textMatches('bonaparte', s)).toBe(true);
    expect(textMatches('Louis XIV', s)).toBe(false);
  });

  it(`one typo (Damerau–Levenshtein ≤ 1) only when allowed and the answer has ≥ ${TYPO_MIN_LENGTH} characters`, () => {
    const s = settings(['photosynthèse'], { allowTypo: true });
    expect(textMatches('photosynthese', s)).toBe(true);
    expect(textMatches('photosyntese', s)).toBe(true); // a letter dropped
    expect(textMatches('photossynthese', s)).toBe(true); // a letter added
    expect(textMatches('photosinthese', s)).toBe(true); // a letter changed
    expect(textMatches('photosyntehse', s)).toBe(true); // two neighbours swapped
    expect(textMatches('fotosinthese', s)).toBe(false); // two typos
    expect(textMatches('photosyntese', settings(['photosynthèse']))).toBe(false); // not allowed
    const short = settings(['chat'], { allowTypo: true });
    expect(textMatches('chas', short)).toBe(false);
    expect(textMatches('chat', short)).toBe(true);
    expect(textMatches('paris', settings(['Paris'], { allowTypo: true }))).toBe(true);
    expect(textMatches('parsi', settings(['Paris'], { allowTypo: true }))).toBe(true);
    expect(textMatches('1516', settings(['1515'], { allowTypo: true }))).toBe(false);
    expect(textMatches('17899', settings(['17890'], { allowTypo: true }))).toBe(false);
  });

  it('an empty answer never matches', () => {
    expect(textMatches('   ', settings(['a']))).toBe(false);
  });

  it('editDistance counts a swap of neighbours as one edit', () => {
    expect(editDistance('abcd', 'abdc')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('normaliseForGrouping: numbers by value, texts without case, accents or extra spaces', () => {
    expect(normaliseForGrouping('number', '1 500')).toBe(normaliseForGrouping('number', '1,5e3'));
    expect(normaliseForGrouping('number', '3,14')).toBe('3.14');
    expect(normaliseForGrouping('text', '  Écoles  Primaires')).toBe('ecoles primaires');
    expect(normaliseForGrouping('text', 'ecoles primaires')).toBe(
      normaliseForGrouping('text', 'ÉCOLES PRIMAIRES'),
    );
    expect(normaliseForGrouping('number', 'pas un nombre')).toBe('pas un nombre');
  });
});

describe('judge', () => {
  const choice: JudgedQuestion = {
    kind: 'choice',
    settings: null,
    answers: [
      { id: A, isCorrect: true },
      { id: B, isCorrect: true },
      { id: C, isCorrect: false },
    ],
  };

  it('choice: the shared scoring rule, all or partial', () => {
    const all = judge(choice, { answerIds: [A, B] });
    expect(all).toMatchObject({
      ok: true,
      judgement: { verdict: 'right', credit: 1, answerIds: [A, B], value: null },
    });
    expect(judge(choice, { answerIds: [A] })).toMatchObject({
      ok: true,
      judgement: { verdict: 'partial', credit: 0 },
    });
    expect(judge(choice, { answerIds: [A] }, 'partial')).toMatchObject({
      ok: true,
      judgement: { verdict: 'partial', credit: 0.5, missedIds: [B] },
    });
    expect(judge(choice, { answerIds: [C] })).toMatchObject({
      ok: true,
      judgement: { verdict: 'wrong', credit: 0 },
    });
    expect(judge(choice, { answerIds: [A, A, B] })).toMatchObject({
      ok: true,
      judgement: { answerIds: [A, B] },
    });
  });

  it('choice: an unknown id or another shape is refused, not judged', () => {
    expect(judge(choice, { answerIds: [D] })).toEqual({ ok: false, error: ERR.ANSWER_WRONG_SHAPE });
    expect(judge(choice, { value: 'A' })).toEqual({ ok: false, error: ERR.ANSWER_WRONG_SHAPE });
    expect(judge(choice, { order: [A, B, C] })).toEqual({ ok: false, error: ERR.ANSWER_WRONG_SHAPE });
  });

  const number: JudgedQuestion = {
    kind: 'number',
    settings: { value: 3.14, tolerance: 0.01, toleranceMode: 'absolute', unit: null },
    answers: [],
  };

  it('number: parsed on the server, within the tolerance', () => {
    expect(judge(number, { value: ' 3,14 ' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'right', credit: 1, value: '3,14', number: 3.14 },
    });
    expect(judge(number, { value: '3,15' })).toMatchObject({ ok: true, judgement: { verdict: 'right' } });
    expect(judge(number, { value: '3,2' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'wrong', credit: 0 },
    });
    expect(judge(number, { value: 'pi' })).toEqual({ ok: false, error: ERR.ANSWER_NOT_A_NUMBER });
    expect(judge(number, { value: '  ' })).toEqual({ ok: false, error: ERR.ANSWER_EMPTY });
    expect(judge(number, { answerIds: [A] })).toEqual({ ok: false, error: ERR.ANSWER_WRONG_SHAPE });
  });

  it('number: a value the teacher accepted afterwards is right, however it is written', () => {
    const q = { ...number, accepted: [normaliseForGrouping('number', '3,2')] };
    expect(judge(q, { value: '3.20' })).toMatchObject({ ok: true, judgement: { verdict: 'right' } });
  });

  it('text: judged with its options; a teacher-accepted answer is right; too long is refused', () => {
    const q: JudgedQuestion = {
      kind: 'text',
      settings: { accepted: ['Vercingétorix'], ignoreCase: true, ignoreAccents: true, allowTypo: true },
      answers: [],
    };
    expect(judge(q, { value: 'vercingetorix' })).toMatchObject({ ok: true, judgement: { verdict: 'right' } });
    expect(judge(q, { value: 'Vercingetorics' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'wrong' },
    });
    expect(judge({ ...q, accepted: ['vercingetorics'] }, { value: 'Vercingétorics' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'right' },
    });
    expect(judge(q, { value: 'x'.repeat(81) })).toEqual({ ok: false, error: ERR.ANSWER_TOO_LONG_TYPED });
  });

  const order: JudgedQuestion = {
    kind: 'order',
    settings: null,
    answers: [
      { id: A, isCorrect: false },
      { id: B, isCorrect: false },
      { id: C, isCorrect: false },
      { id: D, isCorrect: false },
    ],
  };

  it('order: right only when the whole order is right', () => {
    expect(judge(order, { order: [A, B, C, D] })).toMatchObject({
      ok: true,
      judgement: { verdict: 'right', credit: 1, answerIds: [A, B, C, D] },
    });
    expect(judge(order, { order: [A, B, D, C] })).toMatchObject({
      ok: true,
      judgement: { verdict: 'wrong', credit: 0, missedIds: [C, D] },
    });
    expect(judge(order, { order: [D, C, B, A] }, 'partial')).toMatchObject({
      ok: true,
      judgement: { credit: 0 },
    });
  });

  it('order: every item exactly once, or refused', () => {
    expect(judge(order, { order: [A, B, C] }).ok).toBe(false);
    expect(judge(order, { order: [A, A, B, C] }).ok).toBe(false);
    expect(judge(order, { order: [A, B, C, '00000000-0000-4000-8000-0000000000ff'] }).ok).toBe(false);
    expect(judge(order, { answerIds: [A] }).ok).toBe(false);
  });

  it('poll: no verdict and no credit, whatever is given', () => {
    const choicePoll: JudgedQuestion = {
      kind: 'poll',
      settings: { pollMode: 'choice' },
      answers: [
        { id: A, isCorrect: false },
        { id: B, isCorrect: false },
      ],
    };
    expect(judge(choicePoll, { answerIds: [B] }, 'partial')).toMatchObject({
      ok: true,
      judgement: { verdict: 'none', credit: 0, answerIds: [B] },
    });
    expect(judge(choicePoll, { value: 'x' }).ok).toBe(false);
    const numberPoll: JudgedQuestion = { kind: 'poll', settings: { pollMode: 'number' }, answers: [] };
    expect(judge(numberPoll, { value: '7,5' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'none', credit: 0, number: 7.5, value: '7,5' },
    });
    expect(judge(numberPoll, { value: 'beaucoup' })).toEqual({ ok: false, error: ERR.ANSWER_NOT_A_NUMBER });
    const textPoll: JudgedQuestion = { kind: 'poll', settings: { pollMode: 'text' }, answers: [] };
    expect(judge(textPoll, { value: ' les volcans ' })).toMatchObject({
      ok: true,
      judgement: { verdict: 'none', value: 'les volcans' },
    });
  });
});
