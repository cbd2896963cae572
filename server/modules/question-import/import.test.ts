// Readers of the question import: CSV encodings, delimiters and quotes; XLSX cells of every kind;
// header recognition and the line-by-line rules (SPEC point 5).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildCsv,
  buildXlsx,
  TEMPLATE_HEADER,
  TEMPLATE_ROWS,
} from '../../../scripts/templates/question-templates.js';
import { ERR } from '../../../shared/errors.js';
import { unclosedTagXlsx, zipBombXlsx } from '../../../tests/fixtures/import/hostile.js';
import { AppError } from '../../lib/errors.js';
import { decodeText, detectDelimiter, parseCsv } from './csv.js';
import { readSheetFile } from './file.js';
import { importRows, readMark } from './questions.js';
import { columnIndex, readXlsx } from './xlsx.js';
import { InflateBudget, inflateEntry, ZIP_ENTRY_MAX_BYTES, ZipError, zipEntries } from './zip.js';

/** The kind fields of a plain choice question (issue 23): what the importer gives every line today. */
const CHOICE = { kind: 'choice', number: null, textAnswer: null, poll: null, explanation: null } as const;

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HEADER = 'Question;Équation;Réponse 1;Correcte 1;Réponse 2;Correcte 2;Réponse 3;Correcte 3';

/** The error key a call throws (an AppError), or the returned value's absence of error. */
function thrownKey(fn: () => unknown): { key: string; extra?: Record<string, unknown> } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { key: e.key, extra: e.extra };
    throw e;
  }
  throw new Error('no error thrown');
}

const csvImport = (text: string, existing: string[] = []) =>
  importRows(readSheetFile('q.csv', Buffer.from(text, 'utf8')), existing);

describe('CSV text', () => {
  it('strips a UTF-8 BOM and keeps accents', () => {
    expect(decodeText(Buffer.from('\uFEFFQuestion;Réponse 1', 'utf8'))).toBe('Question;Réponse 1');
  });

  it('reads Windows-1252 bytes when they are not valid UTF-8 (French Excel)', () => {
    // "Équation;Réponse à côté €" in Windows-1252 (€ is 0x80, œ 0x9c, ’ 0x92)
    const bytes = Buffer.from([
      0xc9, 0x71, 0x75, 0x61, 0x74, 0x69, 0x6f, 0x6e, 0x3b, 0x52, 0xe9, 0x70, 0x6f, 0x6e, 0x73, 0x65, 0x20,
      0xe0, 0x20, 0x63, 0xf4, 0x74, 0xe9, 0x20, 0x80, 0x9c, 0x92,
    ]);
    expect(decodeText(bytes)).toBe('Équation;Réponse à côté €œ’');
  });

  it('reads UTF-16 with its BOM ("Unicode text" from Excel)', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Question\tRéponse 1', 'utf16le')]);
    expect(decodeText(bytes)).toBe('Question\tRéponse 1');
  });

  it('detects ; , or tab from the header, ignoring delimiters inside quotes', () => {
    expect(detectDelimiter('Question;Réponse 1;Correcte 1\na,b,c,d')).toBe(';');
    expect(detectDelimiter('Question,Réponse 1,Correcte 1')).toBe(',');
    expect(detectDelimiter('Question\tRéponse 1\tCorrecte 1')).toBe('\t');
    expect(detectDelimiter('"a;b;c;d",Réponse 1,Correcte 1')).toBe(',');
  });

  it('parses RFC 4180 quotes: delimiters, line breaks and doubled quotes inside a field', () => {
    const rows = parseCsv('a;"b;c";"say ""hi"""\r\n"two\nlines";x\r\n', ';');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b;c', 'say "hi"'] },
      { line: 2, cells: ['two\nlines', 'x'] },
    ]);
  });

  it('numbers records as a spreadsheet numbers rows and leaves empty ones out', () => {
    const rows = parseCsv('h1;h2\n\n;;\nq;a\n', ';');
    expect(rows).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 4, cells: ['q', 'a'] },
    ]);
  });

  it('stops past the largest number of rows', () => {
    expect(thrownKey(() => parseCsv('a\nb\nc\n', ';', 2)).key).toBe(ERR.IMPORT_TOO_MANY_LINES);
  });

  it('reads a field full of quotes in linear time', () => {
    const started = Date.now();
    const rows = parseCsv(`Question;a${'"'.repeat(1_000_000)}\n`, ';');
    expect(rows[0].cells[1]).toHaveLength(1_000_001);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('XLSX', () => {
  /** A workbook written by hand: shared strings with rich text runs, inline and formula strings. */
  function handWorkbook(sheet: string, shared = ''): Uint8Array {
    return zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="B" sheetId="2" r:id="rId7"/><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="./worksheets/../worksheets/sheet9.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(`<sst>${shared}</sst>`),
      'xl/worksheets/sheet9.xml': strToU8(`<worksheet><sheetData>${sheet}</sheetData></worksheet>`),
      'xl/worksheets/sheet1.xml': strToU8(
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>',
      ),
    });
  }

  it('reads the first sheet: shared strings (rich text runs, entities), inline, str, booleans, numbers, gaps', () => {
    const shared =
      '<si><t>Question</t></si><si><r><t xml:space="preserve">Deux </t></r><r><rPr><b/></rPr><t>&amp; deux</t></r><rPh><t>ignored</t></rPh></si><si/>';
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>x &lt; y&#233;&#x20AC;</t></is></c></row>' +
      '<row r="3" spans="1:5"><c r="B3" t="s"><v>1</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="b"><v>0</v></c><c r="F3"><v>4.5</v></c><c r="G3" t="str"><f>A1</f><v>calc</v></c><c r="H3" t="s"><v>2</v></c></row>' +
      '<row r="4"/><row r="5"><c r="A5"/></row>';
    expect(readXlsx(handWorkbook(sheet, shared))).toEqual([
      { line: 1, cells: ['Question', '', 'x < yé€'] },
      { line: 3, cells: ['', 'Deux & deux', '', 'TRUE', 'FALSE', '4,5', 'calc', ''] },
    ]);
  });

  it('writes number cells as a French teacher typed them: decimal comma, no binary noise', () => {
    const sheet =
      '<row r="1"><c r="A1" t="n"><v>0.5</v></c><c r="B1"><v>0.30000000000000004</v></c><c r="C1"><v>-12.25</v></c>' +
      '<c r="D1"><v>20</v></c><c r="E1"><v>1E-3</v></c><c r="F1" t="str"><v>1.5</v></c></row>';
    expect(readXlsx(handWorkbook(sheet))).toEqual([
      { line: 1, cells: ['0,5', '0,3', '-12,25', '20', '0,001', '1.5'] },
    ]);
  });

  it('reads elements named with a namespace prefix (<x:row>, as the .NET Open XML SDK writes them)', () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const buf = zipSync({
      'xl/workbook.xml': strToU8(
        `<x:workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="A" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(`<x:sst ${ns}><x:si><x:t>Question</x:t></x:si></x:sst>`),
      'xl/worksheets/sheet1.xml': strToU8(
        `<x:worksheet ${ns}><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>Réponse 1</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      ),
    });
    expect(readXlsx(buf)).toEqual([{ line: 1, cells: ['Question', 'Réponse 1'] }]);
  });

  it('gives columns their index from the cell reference', () => {
    expect([
      columnIndex('A1'),
      columnIndex('C5'),
      columnIndex('Z9'),
      columnIndex('AA10'),
      columnIndex('?'),
    ]).toEqual([0, 2, 25, 26, -1]);
  });

  it('reads a workbook written by another tool (openpyxl: inline strings, booleans, numbers, absolute part names)', () => {
    const buf = readFileSync(path.join(ROOT, 'tests/fixtures/import/openpyxl-mixed.xlsx'));
    const result = importRows(readSheetFile('mixed.xlsx', buf), []);
    expect(result.questions).toEqual([
      {
        ...CHOICE,
        text: 'Combien font 2 + 2 ?',
        equationMode: false,
        answers: [
          { text: '4', isCorrect: true },
          { text: '5', isCorrect: false },
        ],
      },
      {
        ...CHOICE,
        text: 'Quel est le plus grand nombre ?',
        equationMode: false,
        answers: [
          { text: '10', isCorrect: true },
          { text: '100', isCorrect: false },
        ],
      },
    ]);
    expect(result.report[2]).toEqual({
      line: 5,
      status: 'refused',
      question: 'Que vaut a < b & c > d ?',
      errors: [{ key: ERR.ANSWER_REQUIRED, params: { answer: 2 } }],
    });
  });

  it('refuses a zip that is not a workbook, and one whose parts are too large once inflated', () => {
    expect(thrownKey(() => readXlsx(zipSync({ 'a.txt': strToU8('hello') }))).key).toBe(ERR.IMPORT_UNREADABLE);
    expect(thrownKey(() => readXlsx(Buffer.from('PK\u0003\u0004 broken'))).key).toBe(ERR.IMPORT_UNREADABLE);
    // 30 MB of spaces compress to a few kilobytes: a small upload that would fill the memory.
    const bomb = zipSync({
      'xl/workbook.xml': new Uint8Array(30 * 1024 * 1024).fill(32),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships/>'),
    });
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(thrownKey(() => readXlsx(bomb)).key).toBe(ERR.IMPORT_UNREADABLE);
  });

  it('reads crafted parts in linear time: elements left open are unreadable, not slow', () => {
    const started = Date.now();
    const wb = (sheet: string, shared: string) =>
      zipSync({
        'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" r:id="rId1"/></sheets></workbook>'),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/sharedStrings.xml': strToU8(shared),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
      });
    // Under the 4 MB an entry may inflate to.
    const many = (s: string) => s.repeat(300_000);
    expect(thrownKey(() => readXlsx(wb('<sheetData/>', `<sst>${many('<si>')}</sst>`))).key).toBe(
      ERR.IMPORT_UNREADABLE,
    );
    expect(thrownKey(() => readXlsx(wb(`<sheetData>${many('<row>')}</sheetData>`, ''))).key).toBe(
      ERR.IMPORT_UNREADABLE,
    );
    expect(readXlsx(wb(`<sheetData>${many('<row r="1"/>')}</sheetData>`, ''))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('refuses a workbook whose tags are never closed, reading it once (it froze the server for seconds)', () => {
    expect(thrownKey(() => readXlsx(unclosedTagXlsx())).key).toBe(ERR.IMPORT_UNREADABLE);
  });

  it('counts the bytes really inflated, not the declared ones, and stops at the cap', () => {
    const bomb = zipBombXlsx(24);
    const sheet = zipEntries(bomb).get('xl/worksheets/sheet1.xml');
    if (!sheet) throw new Error('no sheet');
    let inflated = 0;
    expect(() =>
      inflateEntry(bomb, sheet, new InflateBudget(), (chunk) => {
        inflated += chunk.length;
      }),
    ).toThrow(ZipError);
    // One step past the cap at most: a compressed kilobyte inflates to about a megabyte.
    expect(inflated).toBeGreaterThan(100);
    expect(inflated).toBeLessThanOrEqual(ZIP_ENTRY_MAX_BYTES + 1024 * 1024);
    expect(thrownKey(() => readXlsx(bomb)).key).toBe(ERR.IMPORT_UNREADABLE);
  });

  it('stops past the largest number of rows', () => {
    const rows = Array.from({ length: 5 }, (_, i) => [`q${i}`]);
    expect(thrownKey(() => readXlsx(buildXlsx(rows), 4)).key).toBe(ERR.IMPORT_TOO_MANY_LINES);
  });
});

describe('templates', () => {
  const expected = importRows(
    [TEMPLATE_HEADER, ...TEMPLATE_ROWS].map((cells, i) => ({ line: i + 1, cells })),
    [],
  );

  it('the committed templates are what the script writes, and import without a refusal', () => {
    for (const [file, build] of [
      ['questions-template.csv', buildCsv],
      ['questions-template.xlsx', buildXlsx],
    ] as const) {
      const buf = readFileSync(path.join(ROOT, 'assets/templates', file));
      expect(Buffer.from(build([TEMPLATE_HEADER, ...TEMPLATE_ROWS])).equals(buf)).toBe(true);
      const result = importRows(readSheetFile(file, buf), []);
      expect(result).toEqual(expected);
    }
    expect(expected.questions).toHaveLength(TEMPLATE_ROWS.length);
    expect(expected.questions[2].equationMode).toBe(true);
    expect(expected.questions[1].answers.filter((a) => a.isCorrect).map((a) => a.text)).toEqual([
      'Rome',
      'Naples',
    ]);
  });
});

describe('header', () => {
  it('recognises French, English and Italian names in any order and case', () => {
    const r = csvImport('ANSWER 2,Question,correct 2,answer 1,Bonne réponse 1\nb,Q?,x,a,\n');
    expect(r.questions[0].answers).toEqual([
      { text: 'a', isCorrect: false },
      { text: 'b', isCorrect: true },
    ]);
    const it = csvImport('Domanda;Risposta 1;Corretta 1;Risposta 2;Corretta 2\nQ;a;sì;b;no\n');
    expect(it.questions[0].answers[0].isCorrect).toBe(true);
  });

  it('refuses a file whose first row is not a header', () => {
    expect(thrownKey(() => csvImport('Combien font 2+2 ?;4;x;5;\n')).key).toBe(ERR.IMPORT_NO_HEADER);
    expect(thrownKey(() => csvImport('Question;Équation\nQ;non\n')).key).toBe(ERR.IMPORT_NO_HEADER);
  });

  it('names an unknown or repeated column', () => {
    expect(thrownKey(() => csvImport('Question;Reponce 1;Réponse 2\nQ;a;b\n'))).toEqual({
      key: ERR.IMPORT_UNKNOWN_COLUMN,
      extra: { params: { column: 'Reponce 1' } },
    });
    expect(thrownKey(() => csvImport('Question;Réponse 1;Réponse 7\nQ;a;b\n')).extra).toEqual({
      params: { column: 'Réponse 7' },
    });
    expect(thrownKey(() => csvImport('Question;Réponse 1;Correcte 2\nQ;a;x\n')).extra).toEqual({
      params: { column: 'Correcte 2' },
    });
    expect(thrownKey(() => csvImport('Question;Réponse 1;Answer 1\nQ;a;b\n'))).toEqual({
      key: ERR.IMPORT_DUPLICATE_COLUMN,
      extra: { params: { column: 'Answer 1' } },
    });
  });

  it('refuses an empty file and a header without questions', () => {
    expect(thrownKey(() => readSheetFile('q.csv', Buffer.alloc(0))).key).toBe(ERR.IMPORT_FILE_EMPTY);
    expect(thrownKey(() => csvImport('\n\n')).key).toBe(ERR.IMPORT_FILE_EMPTY);
    expect(thrownKey(() => csvImport(`${HEADER}\n;;;\n`)).key).toBe(ERR.IMPORT_FILE_EMPTY);
  });
});

describe('lines', () => {
  it('imports a whole valid question: equation mode, marks in any accepted form, trailing empty answers', () => {
    const r = csvImport(`${HEADER}\n  Q1 ?  ;OUI; a ;X;b;non;;\nQ2;;a;;b;Vrai;c;0\n`);
    expect(r.questions).toEqual([
      {
        ...CHOICE,
        text: 'Q1 ?',
        equationMode: true,
        answers: [
          { text: 'a', isCorrect: true },
          { text: 'b', isCorrect: false },
        ],
      },
      {
        ...CHOICE,
        text: 'Q2',
        equationMode: false,
        answers: [
          { text: 'a', isCorrect: false },
          { text: 'b', isCorrect: true },
          { text: 'c', isCorrect: false },
        ],
      },
    ]);
    expect(r.report).toEqual([
      { line: 2, status: 'imported', question: 'Q1 ?' },
      { line: 3, status: 'imported', question: 'Q2' },
    ]);
  });

  it('refuses each line with its reasons, keeping the valid ones', () => {
    const long = 'q'.repeat(201);
    const r = csvImport(
      [
        HEADER,
        ';non;a;x;b;', // 2: no question
        `${long};;a;x;b;`, // 3: question too long
        'Only one;;a;x;;', // 4: one answer
        'No correct;;a;;b;', // 5: no correct answer
        'Gap;;a;x;;;c;', // 6: answer 2 empty between filled ones
        'Marked empty;;a;;b;;;x', // 7: answer 3 empty but marked correct
        'Bad mark;peut-être;a;oui?;b;', // 8: two values that are neither yes nor no
        `Long answer;;${'a'.repeat(121)};x;b;`, // 9: answer too long
        'Valid;;a;x;b;', // 10
      ].join('\n'),
    );
    const reasons = Object.fromEntries(r.report.map((l) => [l.line, l.errors]));
    expect(reasons[2]).toEqual([{ key: ERR.IMPORT_QUESTION_REQUIRED }]);
    expect(reasons[3]).toEqual([{ key: ERR.QUESTION_TOO_LONG, params: { max: 200 } }]);
    expect(reasons[4]).toEqual([{ key: ERR.ANSWERS_MIN, params: { min: 2 } }]);
    expect(reasons[5]).toEqual([{ key: ERR.CORRECT_ANSWER_REQUIRED }]);
    expect(reasons[6]).toEqual([{ key: ERR.ANSWER_REQUIRED, params: { answer: 2 } }]);
    expect(reasons[7]).toEqual([
      { key: ERR.ANSWER_REQUIRED, params: { answer: 3 } },
      { key: ERR.CORRECT_ANSWER_REQUIRED },
    ]);
    expect(reasons[8]).toEqual([
      { key: ERR.IMPORT_BAD_MARK, params: { column: 'Équation', value: 'peut-être' } },
      { key: ERR.IMPORT_BAD_MARK, params: { column: 'Correcte 1', value: 'oui?' } },
      { key: ERR.CORRECT_ANSWER_REQUIRED },
    ]);
    expect(reasons[9]).toEqual([{ key: ERR.ANSWER_TOO_LONG, params: { max: 120, answer: 1 } }]);
    expect(reasons[10]).toBeUndefined();
    expect(r.questions.map((q) => q.text)).toEqual(['Valid']);
    expect(r.report.map((l) => l.status)).toEqual([...Array(8).fill('refused'), 'imported']);
  });

  it('refuses duplicates of the raid and of an earlier line, ignoring case, accents and spaces', () => {
    const r = csvImport(`${HEADER}\nÉté ?;;a;x;b;\nete  ?;;a;x;b;\nDéjà là;;a;x;b;\n`, ['DEJA LA']);
    expect(r.report).toEqual([
      { line: 2, status: 'imported', question: 'Été ?' },
      {
        line: 3,
        status: 'refused',
        question: 'ete  ?',
        errors: [{ key: ERR.DUPLICATE_QUESTION, params: { line: 2 } }],
      },
      { line: 4, status: 'refused', question: 'Déjà là', errors: [{ key: ERR.DUPLICATE_QUESTION }] },
    ]);
  });

  it('refuses the lines past the raid room, and a file of more than 200 questions', () => {
    const existing = Array.from({ length: 199 }, (_, i) => `existing ${i}`);
    const r = csvImport(`${HEADER}\nA;;a;x;b;\nB;;a;x;b;\n`, existing);
    expect(r.questions.map((q) => q.text)).toEqual(['A']);
    expect(r.report[1].errors).toEqual([{ key: ERR.TOO_MANY_QUESTIONS, params: { max: 200 } }]);
    const many = Array.from({ length: 201 }, (_, i) => `Q${i};;a;x;b;`).join('\n');
    expect(thrownKey(() => csvImport(`${HEADER}\n${many}`))).toEqual({
      key: ERR.IMPORT_TOO_MANY_LINES,
      extra: { params: { max: 200 } },
    });
    expect(csvImport(`${HEADER}\n${many.split('\n').slice(1).join('\n')}`).questions).toHaveLength(200);
  });

  it('reads yes/no marks in the languages of the app', () => {
    expect(['x', 'X', 'oui', 'Yes', '1', 'VRAI', 'true', 'sì', 'iè'].map(readMark)).toEqual(
      Array(9).fill(true),
    );
    expect(['', ' ', 'non', 'No', '0', 'faux', 'FALSE'].map(readMark)).toEqual(Array(7).fill(false));
    expect(['peut-être', '2', 'xx'].map(readMark)).toEqual([null, null, null]);
  });
});

describe('Kahoot sheets', () => {
  it('finds the header under the title rows and reads correct answers given as numbers', () => {
    const rows = [
      ['', 'Quiz template'],
      ['', 'Add questions, at least two answer alternatives'],
      [
        '',
        'Question - max 120 characters',
        'Answer 1 - max 75 characters',
        'Answer 2 - max 75 characters',
        'Answer 3 - max 75 characters',
        'Time limit (sec)',
        'Correct answer(s) - choose at least one',
      ],
      ['1', 'Pairs ?', '2', '3', '4', '20', '1, 3'],
      ['2', 'Premier ?', '4', '7', '', '20', '2.0'],
      ['3', 'Oups', 'a', 'b', '', '20', 'b'],
      ['4'],
    ].map((cells, i) => ({ line: i + 2, cells }));
    const result = importRows(rows, []);
    expect(result.questions.map((q) => q.answers.map((a) => a.isCorrect))).toEqual([
      [true, false, true],
      [false, true],
    ]);
    expect(result.report.map((l) => l.line)).toEqual([5, 6, 7]);
    expect(result.report[2].errors?.[0]).toEqual({
      key: ERR.IMPORT_BAD_CORRECT,
      params: { column: 'Correct answer(s) - choose at least one', value: 'b', max: 3 },
    });
  });

  it('puts a question holding a $$…$$ formula in equation mode, as the raid form does', () => {
    const rows = [
      ['', 'Question - max 120 characters', 'Answer 1', 'Answer 2', 'Time limit (sec)', 'Correct answer(s)'],
      ['1', 'Combien vaut $$\\frac{1}{2}$$ ?', '0,5', '2', '20', '1'],
      ['2', 'Combien vaut la moitié de 1 ?', '$$\\frac{1}{2}$$', '2', '20', '1'],
      ['3', 'Coût : 5 $ ou 6 $ ?', '5 $', '6 $', '20', '1'],
    ].map((cells, i) => ({ line: i + 1, cells }));
    expect(importRows(rows, []).questions.map((q) => q.equationMode)).toEqual([true, true, false]);
    const csv = csvImport(`${HEADER}\nSoit $$x^2$$ ?;;a;x;b;\n`);
    expect(csv.questions[0].equationMode).toBe(true);
  });

  it("does not take the app's own English header (Correct answer 1) for Kahoot's", () => {
    const result = csvImport('Question;Answer 1;Correct answer 1;Answer 2;Correct answer 2\nQ ?;a;x;b;\n');
    expect(result.questions[0].answers).toEqual([
      { text: 'a', isCorrect: true },
      { text: 'b', isCorrect: false },
    ]);
  });
});

describe('file types', () => {
  it('refuses other files by extension or content', () => {
    expect(thrownKey(() => readSheetFile('q.xls', Buffer.from('x'))).key).toBe(ERR.IMPORT_FILE_TYPE);
    expect(thrownKey(() => readSheetFile('q.pdf', Buffer.from('%PDF'))).key).toBe(ERR.IMPORT_FILE_TYPE);
    expect(thrownKey(() => readSheetFile('q.xlsx', Buffer.from('Question;Réponse 1'))).key).toBe(
      ERR.IMPORT_FILE_TYPE,
    );
    expect(thrownKey(() => readSheetFile('q.csv', Buffer.from(buildXlsx([['a']])))).key).toBe(
      ERR.IMPORT_FILE_TYPE,
    );
    expect(thrownKey(() => readSheetFile('q.csv', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0]))).key).toBe(
      ERR.IMPORT_FILE_TYPE,
    );
  });
});
