// Issue 23: questions travel. Moodle XML and GIFT read as Moodle writes them (its own test fixtures),
// our export read back unchanged for every kind, the template's new columns, and hostile XML refused.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERR } from '../../../shared/errors.js';
import type { ImportResult } from '../../../shared/question-import.js';
import { EVERY_KIND, Q } from '../../../tests/fixtures/import/every-kind.js';
import { AppError } from '../../lib/errors.js';
import { giftEscape, templateRows, toGift, toMoodleXml } from './export.js';
import { readQuestionFile } from './file.js';
import { htmlToText } from './moodle-xml.js';
import { buildCsv, buildXlsx } from './sheet-writer.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'tests/fixtures/import/moodle', name));
const read = (name: string, text: string | Uint8Array, existing: string[] = []): ImportResult =>
  readQuestionFile(name, typeof text === 'string' ? Buffer.from(text, 'utf8') : text, existing);

function refusal(fn: () => unknown): { key: string; ms: number } {
  const at = performance.now();
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, ms: performance.now() - at };
    throw err;
  }
  throw new Error('not refused');
}

describe('round trip: every kind exported, then imported unchanged', () => {
  const formats: [string, string, () => string | Uint8Array][] = [
    ['Moodle XML', 'raid.xml', () => toMoodleXml(EVERY_KIND, 'Raid')],
    ['GIFT (.gift)', 'raid.gift', () => toGift(EVERY_KIND)],
    ['GIFT (.txt, as Moodle names it)', 'raid.txt', () => toGift(EVERY_KIND)],
    ['our XLSX template', 'raid.xlsx', () => buildXlsx(templateRows(EVERY_KIND))],
    ['our CSV template', 'raid.csv', () => buildCsv(templateRows(EVERY_KIND))],
  ];
  for (const [what, name, build] of formats)
    it(what, () => {
      const result = read(name, build());
      expect(result.report.filter((l) => l.status === 'refused')).toEqual([]);
      expect(result.questions).toEqual(EVERY_KIND);
    });
});

describe("Moodle's own fixtures", () => {
  it('imports its XML true/false questions across nested categories and refuses its essay by name', () => {
    const result = read('nested.xml', fixture('nested_categories_with_questions.xml'));
    expect(result.questions.map((q) => [q.text, q.answers])).toEqual(
      ['Iota', 'Kappa', 'Lambda', 'Mu'].map((n) => [
        `Testing ${n} Question`,
        [
          { text: 'Vrai', isCorrect: true },
          { text: 'Faux', isCorrect: false },
        ],
      ]),
    );
    const essay = result.report.find((l) => l.status === 'refused');
    expect(essay).toEqual({
      line: expect.any(Number),
      status: 'refused',
      question: 'Testing Kappa Essay Question',
      errors: [{ key: ERR.IMPORT_TYPE_REFUSED, params: { type: 'essay' } }],
    });
  });

  it('imports its GIFT examples line by line: choices, weights, a range, short answers, true/false with feedback', () => {
    const result = read('questions.gift.txt', fixture('questions.gift.txt'));
    expect(result.report.map((l) => [l.line, l.status, l.errors?.[0]?.key])).toEqual([
      [2, 'refused', ERR.IMPORT_TYPE_REFUSED],
      [5, 'refused', ERR.IMPORT_TYPE_REFUSED],
      [14, 'imported', undefined],
      [22, 'refused', ERR.DUPLICATE_QUESTION],
      [31, 'imported', undefined],
      [34, 'imported', undefined],
      [41, 'imported', undefined],
      [46, 'imported', undefined],
      [49, 'refused', ERR.DUPLICATE_QUESTION],
    ]);
    expect(result.report[0].errors).toEqual([{ key: ERR.IMPORT_TYPE_REFUSED, params: { type: 'essay' } }]);
    expect(result.report[1].errors).toEqual([{ key: ERR.IMPORT_TYPE_REFUSED, params: { type: 'matching' } }]);
    const [colours, range, animal, tf, tsl] = result.questions;
    expect(colours.answers).toEqual([
      { text: 'yellow', isCorrect: true },
      { text: 'red', isCorrect: false },
      { text: 'blue', isCorrect: false },
    ]);
    expect(range).toMatchObject({
      kind: 'number',
      text: 'What is a number from 1 to 5? _____";',
      number: { value: 3, tolerance: 2, toleranceMode: 'absolute' },
    });
    // The 50 % answer and the "*" catch-all are not accepted answers.
    expect(animal.textAnswer).toEqual({
      accepted: ['Frog'],
      ignoreCase: true,
      ignoreAccents: true,
      allowTypo: false,
    });
    expect(tf).toMatchObject({
      text: '42 is the Absolute Answer to everything._____";',
      answers: [
        { text: 'Vrai', isCorrect: false },
        { text: 'Faux', isCorrect: true },
      ],
      explanation: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
    });
    expect(tsl.answers[0]).toEqual({ text: 'Vrai', isCorrect: true });
  });

  it('reads several right answers of a GIFT multiple response (positive weights)', () => {
    const result = read(
      'q.gift',
      '::colours:: Between orange and green?\n{\n~%50%yellow # right\n~%-100%red\n~%50%off-beige\n}\n',
    );
    expect(result.questions[0].answers.filter((a) => a.isCorrect).map((a) => a.text)).toEqual([
      'yellow',
      'off-beige',
    ]);
  });
});

describe('Moodle XML', () => {
  it('reads HTML in CDATA as plain text, the general feedback as the explanation, and usecase', () => {
    const xml = `<?xml version="1.0"?><quiz>
<question type="shortanswer"><name><text>n</text></name>
<questiontext format="html"><text><![CDATA[<p>Écrivez&nbsp;<b>l'auteur</b> de <i>Candide</i> &amp; 1 &lt; 2</p>]]></text></questiontext>
<generalfeedback format="html"><text><![CDATA[<p>Voltaire,<br/>en 1759.</p>]]></text></generalfeedback>
<usecase>1</usecase>
<answer fraction="100"><text>Voltaire</text></answer>
<answer fraction="50"><text>Arouet</text></answer>
</question>
<question type="numerical"><questiontext format="plain_text"><text>g ?</text></questiontext>
<answer fraction="100"><text>9.81</text><tolerance>0.01</tolerance></answer>
<units><unit><multiplier>1</multiplier><unit_name>m/s²</unit_name></unit></units>
</question>
<question type="multichoice"><questiontext><text>Deux bonnes</text></questiontext><single>false</single>
<answer fraction="50"><text>a</text></answer><answer fraction="50"><text>b</text></answer><answer fraction="-100"><text>c</text></answer>
</question>
<question type="matching"><questiontext><text>Associez</text></questiontext></question>
</quiz>`;
    const result = read('moodle.xml', xml);
    expect(result.questions[0]).toMatchObject({
      kind: 'text',
      text: "Écrivez l'auteur de Candide & 1 < 2",
      textAnswer: { accepted: ['Voltaire'], ignoreCase: false },
      explanation: 'Voltaire, en 1759.',
    });
    expect(result.questions[1].number).toEqual({
      value: 9.81,
      tolerance: 0.01,
      toleranceMode: 'absolute',
      unit: 'm/s²',
    });
    expect(result.questions[2].answers.map((a) => a.isCorrect)).toEqual([true, true, false]);
    expect(result.report[3]).toMatchObject({
      status: 'refused',
      line: 16,
      errors: [{ key: ERR.IMPORT_TYPE_REFUSED, params: { type: 'matching' } }],
    });
  });

  it('turns HTML into text in linear time, whatever the brackets', () => {
    expect(htmlToText('a <b>b</b><p>c</p>d &#233;&#x20AC; &bogus; <')).toBe('a b c d é€ &bogus; <');
    const at = performance.now();
    htmlToText('<'.repeat(500_000));
    htmlToText('<a'.repeat(250_000));
    expect(performance.now() - at).toBeLessThan(500);
  });

  it('refuses hostile or foreign XML as a whole, fast', () => {
    const deep = `<quiz>${'<a>'.repeat(5000)}`;
    const wide = `<quiz>${'<x/>'.repeat(70_000)}</quiz>`;
    const unclosed = `<quiz><question type="truefalse" ${'a="1" '.repeat(20)}>`;
    const dtd = '<!DOCTYPE quiz [<!ENTITY e "x">]><quiz/>';
    const open = `<quiz>${'<question '.repeat(30_000)}`;
    for (const xml of [deep, wide, unclosed, dtd, open, '<html><body/></html>', 'not xml at all']) {
      const r = refusal(() => read('q.xml', xml));
      expect(r.key).toBe(ERR.IMPORT_UNREADABLE);
      expect(r.ms).toBeLessThan(1500);
    }
    const many = `<quiz>${'<question type="truefalse"><questiontext><text>q</text></questiontext></question>'.repeat(201)}</quiz>`;
    expect(refusal(() => read('q.xml', many)).key).toBe(ERR.IMPORT_TOO_MANY_LINES);
  });
});

describe('GIFT', () => {
  it('escapes ~ = # { } : and the backslash, and reads them back', () => {
    expect(giftEscape('a~b=c#d{e}f:g\\h')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h');
    const text = 'Que vaut $$\\frac{a}{b}$$ : ~x = #y ?';
    const result = read(
      'q.gift',
      `::n::${giftEscape(text)} {=${giftEscape('{1}:2')} ~${giftEscape('a\\b')}}\n`,
    );
    expect(result.questions[0]).toMatchObject({
      text,
      equationMode: true,
      answers: [
        { text: '{1}:2', isCorrect: true },
        { text: 'a\\b', isCorrect: false },
      ],
    });
  });

  it('reads tolerances: value:tolerance, a range, several numerical answers', () => {
    const gift = [
      '::a:: g ? {#9.8067:0.0005}',
      '::b:: Un nombre entre 1 et 5 ? {#1..5}',
      '::c:: Naissance de Grant ? {#=1822:0 =%50%1822:2}',
      '::d:: Pas un nombre {#trois}',
    ].join('\n\n');
    const result = read('q.gift', gift);
    expect(result.questions.map((q) => q.number)).toEqual([
      { value: 9.8067, tolerance: 0.0005, toleranceMode: 'absolute', unit: null },
      { value: 3, tolerance: 2, toleranceMode: 'absolute', unit: null },
      { value: 1822, tolerance: 0, toleranceMode: 'absolute', unit: null },
    ]);
    expect(result.report[3].errors?.[0]).toEqual({
      key: ERR.IMPORT_BAD_NUMBER,
      params: { column: 'GIFT', value: 'trois' },
    });
  });

  it('refuses a block whose braces are broken, with its line', () => {
    const result = read('q.gift', '// c\n::a:: Q1 {=a ~b}\n\n::b:: Q2 {=a ~b\n');
    expect(result.report[1]).toMatchObject({
      line: 4,
      status: 'refused',
      errors: [{ key: ERR.IMPORT_BAD_GIFT }],
    });
  });
});

describe('our template: the kinds columns', () => {
  const HEADER =
    'Question;Type;Réponse 1;Correcte 1;Réponse 2;Correcte 2;Réponse 3;Correcte 3;Valeur;Tolérance;Unité;Réponses acceptées;Ignorer la casse;Une faute permise;Explication';
  it('reads every kind, a French decimal comma, a percentage tolerance, and says what is wrong', () => {
    const csv = [
      HEADER,
      'Vitesse ?;nombre;;;;;;;1 234,5;2 %;km/h;;;;Distance sur durée',
      'Chat ?;texte;;;;;;;;;;cat | the cat;non;oui;',
      'Ordre ?;ordre;a;;b;;c;;;;;;;;',
      'Sûr ?;sondage;oui;;non;;;;;;;;;;',
      'Mystère ?;devinette;a;x;b;;;;;;;;;;',
      'Combien ?;nombre;;;;;;;beaucoup;;;;;;',
      'Deux items ?;ordre;a;;b;;;;;;;;;;',
      'Mot ?;texte;;;;;;;;;;;;;',
    ].join('\n');
    const result = read('q.csv', csv);
    expect(result.questions).toEqual([
      Q({
        kind: 'number',
        text: 'Vitesse ?',
        number: { value: 1234.5, tolerance: 0.02, toleranceMode: 'relative', unit: 'km/h' },
        explanation: 'Distance sur durée',
      }),
      Q({
        kind: 'text',
        text: 'Chat ?',
        textAnswer: { accepted: ['cat', 'the cat'], ignoreCase: false, ignoreAccents: true, allowTypo: true },
      }),
      Q({
        kind: 'order',
        text: 'Ordre ?',
        answers: ['a', 'b', 'c'].map((text) => ({ text, isCorrect: false })),
      }),
      Q({
        kind: 'poll',
        text: 'Sûr ?',
        poll: { pollMode: 'choice' },
        answers: ['oui', 'non'].map((text) => ({ text, isCorrect: false })),
      }),
    ]);
    expect(result.report.slice(4).map((l) => l.errors)).toEqual([
      [{ key: ERR.IMPORT_BAD_TYPE, params: { column: 'Type', value: 'devinette' } }],
      [
        { key: ERR.IMPORT_BAD_NUMBER, params: { column: 'Valeur', value: 'beaucoup' } },
        { key: ERR.NUMBER_VALUE_REQUIRED },
      ],
      [{ key: ERR.ORDER_ITEMS_MIN, params: { min: 3, max: 6 } }],
      [{ key: ERR.ACCEPTED_REQUIRED }],
    ]);
  });
});
