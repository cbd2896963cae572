// Issue 23: pictures travel in Moodle XML. A question's picture and its explanation's, embedded as
// Moodle embeds them (base64 `<file>` shown by `@@PLUGINFILE@@`), are read back byte for byte; a
// picture that is not a PNG or JPEG, or too large, leaves a line in the report and the question is
// imported without it; a file full of base64 is answered at once. A picture carried in the HTML as a
// `data:` URL is read the same way; one linked from another site is never fetched, a line says so.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { EVERY_KIND } from '../../../tests/fixtures/import/every-kind.js';
import { jpg, png } from '../../../tests/helpers/images.js';
import { type ExportQuestion, templateRows, toGift, toMoodleXml } from './export.js';
import { readExportImages } from './export-images.js';
import { readQuestionFile } from './file.js';
import { buildXlsx } from './sheet-writer.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const read = (xml: string) => readQuestionFile('quiz.xml', Buffer.from(xml, 'utf8'), []);

/** A multiple choice question as Moodle 4 exports it, with these files in its text and feedback. */
function moodleQuestion(
  text: string,
  files: { name: string; data: Buffer }[],
  feedbackFiles: { name: string; data: Buffer }[] = [],
) {
  const file = (f: { name: string; data: Buffer }) =>
    `<file name="${f.name}" path="/" encoding="base64">${f.data.toString('base64')}</file>`;
  const img = (f: { name: string }) =>
    `<img src="@@PLUGINFILE@@/${encodeURIComponent(f.name)}" alt="" role="presentation">`;
  return `  <question type="multichoice">
    <name><text>${text}</text></name>
    <questiontext format="html">
      <text><![CDATA[<p dir="ltr" style="text-align: left;">${text}</p><p>${files.map(img).join('')}</p>]]></text>
      ${files.map(file).join('\n      ')}
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>Parce que.</p>${feedbackFiles.map(img).join('')}]]></text>
      ${feedbackFiles.map(file).join('\n      ')}
    </generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>Oui</p>]]></text>
      <feedback format="html"><text></text><file name="answer.png" path="/" encoding="base64">${png(1, 1).toString('base64')}</file></feedback>
    </answer>
    <answer fraction="0" format="html"><text>Non</text></answer>
  </question>`;
}
const quiz = (...questions: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;

describe('Moodle XML pictures, read', () => {
  it("reads the question's picture and the explanation's, byte for byte; the HTML's <img> leaves no text", () => {
    const picture = png(640, 480);
    const feedback = jpg(320, 200);
    const result = read(
      quiz(
        moodleQuestion(
          'Quel triangle ?',
          [{ name: 'triangle rectangle.png', data: picture }],
          [{ name: 'figure.jpg', data: feedback }],
        ),
      ),
    );
    expect(result.report).toEqual([{ line: 3, status: 'imported', question: 'Quel triangle ?' }]);
    expect(result.questions[0]).toMatchObject({ text: 'Quel triangle ?', explanation: 'Parce que.' });
    expect(Buffer.from(result.images[0].image ?? [])).toEqual(picture);
    expect(Buffer.from(result.images[0].explanationImage ?? [])).toEqual(feedback);
  });

  it('takes the picture the text shows first, names the others in the report, ignores answers’ files', () => {
    const first = png(10, 10);
    const result = read(
      quiz(
        moodleQuestion('Deux images ?', [
          { name: 'a.png', data: first },
          { name: 'b.png', data: png(20, 20) },
        ]),
      ),
    );
    expect(Buffer.from(result.images[0].image ?? [])).toEqual(first);
    expect(result.images[0].explanationImage).toBeUndefined();
    expect(result.report[0]).toMatchObject({
      status: 'imported',
      errors: [{ key: ERR.IMPORT_IMAGE_EXTRA, params: { name: 'a.png', count: 1 } }],
    });
  });

  it("reads Moodle's own fixture: Moodle 1.9's <image_base64> becomes the question's picture", () => {
    const xml = readFileSync(
      path.join(ROOT, 'tests/fixtures/import/moodle/sample_questions_with_old_image_tag.xml'),
      'utf8',
    );
    const result = read(xml);
    // The cloze question is refused by its type (its picture not read); the multiple choice keeps its picture.
    expect(result.report.map((l) => [l.status, l.errors?.[0]?.key])).toEqual([
      ['refused', ERR.IMPORT_TYPE_REFUSED],
      ['imported', undefined],
    ]);
    const image = Buffer.from(result.images[0].image ?? []);
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.length).toBe(606);
  });
});

describe('Moodle XML pictures, refused one by one', () => {
  it('imports the question without a GIF, a fake PNG or a picture of 100,000 pixels a side, and says so', () => {
    const fake = Buffer.concat([png(1, 1).subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
    const result = read(
      quiz(
        moodleQuestion('Un GIF ?', [{ name: 'anim.gif', data: GIF }]),
        moodleQuestion('Un faux PNG ?', [{ name: 'faux.png', data: fake }]),
        moodleQuestion('Une bombe ?', [{ name: 'bombe.png', data: png(100_000, 100_000) }]),
        moodleQuestion('Une bonne ?', [{ name: 'ok.png', data: png(2, 2) }]),
      ),
    );
    expect(result.report.map((l) => [l.question, l.status, l.errors])).toEqual([
      ['Un GIF ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'anim.gif' } }]],
      ['Un faux PNG ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'faux.png' } }]],
      ['Une bombe ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'bombe.png' } }]],
      ['Une bonne ?', 'imported', undefined],
    ]);
    expect(result.images.map((i) => !!i.image)).toEqual([false, false, false, true]);
  });

  it('refuses a picture past 10 MB without decoding it, and reads a file full of base64 at once', () => {
    const huge = png(100, 100, IMAGE_MAX_BYTES + 1);
    const xml = quiz(
      moodleQuestion('Trop lourde ?', [{ name: 'lourde.png', data: huge }]),
      moodleQuestion('Légère ?', [{ name: 'legere.png', data: png(3, 3) }]),
    );
    expect(xml.length).toBeGreaterThan(13 * 1024 * 1024);
    const at = performance.now();
    const result = read(xml);
    const ms = performance.now() - at;
    expect(result.report.map((l) => [l.question, l.errors])).toEqual([
      ['Trop lourde ?', [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'lourde.png' } }]],
      ['Légère ?', undefined],
    ]);
    expect(result.images[1].image?.length).toBe(png(3, 3).length);
    // The worker's budget is 1.5 s on a busy machine; reading this one takes a fraction of it.
    expect(ms).toBeLessThan(1500);
  });
});

/** A true/false question whose text (and feedback) is this HTML, as an HTML editor saves it. */
const htmlQuestion = (html: string, feedback = '<p>Parce que.</p>') => `  <question type="truefalse">
    <name><text>Q</text></name>
    <questiontext format="html"><text><![CDATA[${html}]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[${feedback}]]></text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>`;
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

describe('Moodle XML pictures carried in the HTML (data: URLs)', () => {
  it("reads the question's and the explanation's data: pictures byte for byte; their base64 stays out of the text", () => {
    const picture = png(640, 480, 2000);
    const figure = jpg(320, 200);
    const result = read(
      quiz(
        htmlQuestion(
          `<p>Quel triangle ?</p><p><img src="${dataUrl('image/png', picture)}" alt="" width="640"></p><p>Regardez bien.</p>`,
          `<p>Parce que.</p><img alt='figure' src='${dataUrl('image/jpeg', figure)}'>`,
        ),
      ),
    );
    expect(result.report).toEqual([
      { line: 3, status: 'imported', question: 'Quel triangle ? Regardez bien.' },
    ]);
    expect(result.questions[0]).toMatchObject({
      text: 'Quel triangle ? Regardez bien.',
      explanation: 'Parce que.',
    });
    expect(Buffer.from(result.images[0].image ?? [])).toEqual(picture);
    expect(Buffer.from(result.images[0].explanationImage ?? [])).toEqual(figure);
  });

  it('takes the picture the HTML shows first, a data: one or an embedded file, and names the others', () => {
    const first = jpg(10, 10);
    const embedded = `<file name="b.png" path="/" encoding="base64">${png(20, 20).toString('base64')}</file>`;
    const xml = quiz(
      htmlQuestion(
        `<p>Deux images ?</p><img src="${dataUrl('image/jpeg', first)}" alt="la première"><img src="@@PLUGINFILE@@/b.png">`,
      ).replace('</text></questiontext>', `</text>${embedded}</questiontext>`),
    );
    const result = read(xml);
    expect(Buffer.from(result.images[0].image ?? [])).toEqual(first);
    expect(result.report[0]).toMatchObject({
      status: 'imported',
      question: 'Deux images ?',
      errors: [{ key: ERR.IMPORT_IMAGE_EXTRA, params: { name: 'la première', count: 1 } }],
    });
  });

  it('imports the question without a data: GIF, SVG, fake PNG or bomb, and says which was left out', () => {
    const svg =
      'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const fake = Buffer.concat([png(1, 1).subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
    const result = read(
      quiz(
        htmlQuestion(`<p>Un GIF ?</p><img src="${dataUrl('image/gif', GIF)}">`),
        htmlQuestion(`<p>Un SVG ?</p><img src='${svg}'>`),
        htmlQuestion(`<p>Un faux PNG ?</p><img src="${dataUrl('image/png', fake)}" alt="faux">`),
        htmlQuestion(`<p>Une bombe ?</p><img src="${dataUrl('image/png', png(100_000, 100_000))}">`),
      ),
    );
    expect(result.report.map((l) => [l.question, l.status, l.errors])).toEqual([
      ['Un GIF ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'data:image/gif' } }]],
      ['Un SVG ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'data:image/svg+xml' } }]],
      ['Un faux PNG ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TYPE, params: { name: 'faux' } }]],
      ['Une bombe ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'data:image/png' } }]],
    ]);
    expect(result.images).toEqual([{}, {}, {}, {}]);
  });

  it('refuses a data: picture past 10 MB without decoding it, keeps the text around it, and reads the file at once', () => {
    const huge = png(100, 100, IMAGE_MAX_BYTES + 1);
    const xml = quiz(
      htmlQuestion(`<p>Trop lourde ?</p><img src="${dataUrl('image/png', huge)}"><p>Fin.</p>`),
      htmlQuestion(`<p>Légère ?</p><img src="${dataUrl('image/png', png(3, 3))}">`),
    );
    expect(xml.length).toBeGreaterThan(13 * 1024 * 1024);
    const at = performance.now();
    const result = read(xml);
    const ms = performance.now() - at;
    expect(result.report.map((l) => [l.question, l.status, l.errors])).toEqual([
      [
        'Trop lourde ? Fin.',
        'imported',
        [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'data:image/png' } }],
      ],
      ['Légère ?', 'imported', undefined],
    ]);
    expect(Buffer.from(result.images[1].image ?? [])).toEqual(png(3, 3));
    // The worker's budget is 1.5 s on a busy machine; reading this one takes a fraction of it.
    expect(ms).toBeLessThan(1500);
  });

  it('a data: picture larger than what a text keeps is refused as too large; the question keeps its words', () => {
    // Longer than the text kept of a question (its words and one picture of 10 MB): the end is cut.
    const payload = 'A'.repeat(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) * 1.1);
    const result = read(
      quiz(htmlQuestion(`<p>Coupée ?</p><img src="data:image/png;base64,${payload}"><p>Fin.</p>`)),
    );
    expect(result.report.map((l) => [l.question, l.status, l.errors])).toEqual([
      ['Coupée ?', 'imported', [{ key: ERR.IMPORT_IMAGE_TOO_LARGE, params: { name: 'data:image/png' } }]],
    ]);
    expect(result.images).toEqual([{}]);
  });
});

describe('Moodle XML pictures linked from other sites', () => {
  it('never fetches them: the question is imported without them, and a line names each site', () => {
    const result = read(
      quiz(
        htmlQuestion(
          '<p>Quelle carte ?</p><img src="https://upload.example.org/carte.png?v=2" alt="carte"><IMG SRC=http://images.example.com/a.jpg>',
          '<p>Parce que.</p><img src="//cdn.example.net/f.png">',
        ),
        htmlQuestion(
          `<p>Et celle-ci ?</p><img src="https://upload.example.org/autre.png"><img src="${dataUrl('image/png', png(4, 4))}">`,
        ),
      ),
    );
    expect(result.report.map((l) => [l.question, l.status, l.errors])).toEqual([
      [
        'Quelle carte ?',
        'imported',
        [
          { key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host: 'upload.example.org' } },
          { key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host: 'images.example.com' } },
          { key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host: 'cdn.example.net' } },
        ],
      ],
      [
        'Et celle-ci ?',
        'imported',
        [{ key: ERR.IMPORT_IMAGE_EXTERNAL, params: { host: 'upload.example.org' } }],
      ],
    ]);
    // A picture of the file itself beside a linked one is kept.
    expect(result.images.map((i) => !!i.image)).toEqual([false, true]);
    expect(result.images[0].explanationImage).toBeUndefined();
  });
});

describe('Moodle XML pictures, written and read back', () => {
  it('embeds the pictures as Moodle does; the import reads every kind back unchanged with the same bytes', () => {
    const picture = png(800, 600);
    const figure = jpg(300, 300);
    const questions: ExportQuestion[] = EVERY_KIND.map((q, i) =>
      i === 0
        ? {
            ...q,
            image: { name: 'carte.png', data: picture },
            explanationImage: { name: 'f.jpg', data: figure },
          }
        : i === 3
          ? { ...q, image: { name: 'pi.png', data: picture } }
          : q,
    );
    const xml = toMoodleXml(questions, 'Raid');
    expect(xml).toContain('<img src="@@PLUGINFILE@@/carte.png" alt="">');
    expect(xml).toContain(
      `<file name="carte.png" path="/" encoding="base64">${picture.toString('base64')}</file>`,
    );
    const back = readQuestionFile('raid.xml', Buffer.from(xml), []);
    expect(back.report.filter((l) => l.status === 'refused' || l.errors)).toEqual([]);
    expect(back.questions).toEqual(EVERY_KIND);
    expect(Buffer.from(back.images[0].image ?? [])).toEqual(picture);
    expect(Buffer.from(back.images[0].explanationImage ?? [])).toEqual(figure);
    expect(Buffer.from(back.images[3].image ?? [])).toEqual(picture);
    expect(back.images.filter((i) => i.image || i.explanationImage)).toHaveLength(2);
  });

  it('GIFT and the sheet template carry no picture (their exports say so)', () => {
    const questions: ExportQuestion[] = [{ ...EVERY_KIND[0], image: { name: 'carte.png', data: png(4, 4) } }];
    expect(toGift(questions)).not.toMatch(/carte|img|PLUGINFILE/);
    const back = readQuestionFile('raid.xlsx', buildXlsx(templateRows(questions)), []);
    expect(back.questions).toEqual([EVERY_KIND[0]]);
    expect(back.images).toEqual([{}]);
  });

  it('embeds pictures in question order while the file stays under the import limit, and counts the rest', async () => {
    const uploads = await mkdtemp(path.join(tmpdir(), 'kinds-images-'));
    try {
      await mkdir(path.join(uploads, 'questions'));
      const a = png(5, 5, 600);
      const b = png(6, 6, 600);
      await writeFile(path.join(uploads, 'questions', 'a.png'), a);
      await writeFile(path.join(uploads, 'questions', 'b.png'), b);
      const stored = [
        { imagePath: 'a.png', explanationImagePath: 'gone.png' },
        { imagePath: null, explanationImagePath: 'b.png' },
        { imagePath: 'a.png', explanationImagePath: null },
      ];
      const all = await readExportImages(uploads, stored);
      expect(all.leftOut).toBe(1);
      expect(all.images.map((i) => [i.image?.name, i.explanationImage?.name])).toEqual([
        ['a.png', undefined],
        [undefined, 'b.png'],
        ['a.png', undefined],
      ]);
      // Room for two pictures only: the third is left out and counted.
      const some = await readExportImages(uploads, stored, a.length + b.length);
      expect(some.leftOut).toBe(2);
      expect(some.images[2]).toEqual({});
    } finally {
      await rm(uploads, { recursive: true, force: true });
    }
  });
});
