// Writes the downloadable question import templates, assets/templates/questions-template.{csv,xlsx}:
// the header the importer expects and example questions of every kind (issue 23).
// Run: npx tsx scripts/templates/question-templates.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEMPLATE_HEADER, templateRow } from '../../server/modules/question-import/export.js';
import { buildCsv, buildXlsx } from '../../server/modules/question-import/sheet-writer.js';
import { questionDraftSchema } from '../../shared/schemas/raid.js';

export { buildCsv, buildXlsx } from '../../server/modules/question-import/sheet-writer.js';
export { TEMPLATE_HEADER };

const EXAMPLES = [
  {
    text: 'Combien font 7 × 8 ?',
    answers: [
      { text: '54', isCorrect: false },
      { text: '56', isCorrect: true },
      { text: '63', isCorrect: false },
    ],
  },
  {
    text: 'Quelles villes sont en Italie ?',
    answers: [
      { text: 'Rome', isCorrect: true },
      { text: 'Madrid', isCorrect: false },
      { text: 'Naples', isCorrect: true },
      { text: 'Lyon', isCorrect: false },
    ],
  },
  {
    text: 'Combien font $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
    equationMode: true,
    answers: [
      { text: '$$\\frac{3}{4}$$', isCorrect: true },
      { text: '$$\\frac{2}{6}$$', isCorrect: false },
    ],
  },
  {
    kind: 'number',
    text: 'Donnez $$\\pi$$ au centième près',
    equationMode: true,
    number: { value: 3.14, tolerance: 0.005, toleranceMode: 'absolute', unit: null },
    explanation: '$$\\pi \\approx 3{,}14159$$',
  },
  {
    kind: 'text',
    text: 'Comment dit-on « chat » en anglais ?',
    textAnswer: { accepted: ['cat', 'a cat'], ignoreCase: true, ignoreAccents: true, allowTypo: true },
  },
  {
    kind: 'order',
    text: 'Rangez ces événements du plus ancien au plus récent',
    answers: [
      { text: 'Prise de la Bastille', isCorrect: false },
      { text: 'Sacre de Napoléon', isCorrect: false },
      { text: 'Waterloo', isCorrect: false },
    ],
  },
  {
    kind: 'poll',
    text: 'Êtes-vous sûr de vous ?',
    poll: { pollMode: 'choice' },
    answers: [
      { text: 'Oui', isCorrect: false },
      { text: 'Un peu', isCorrect: false },
      { text: 'Non', isCorrect: false },
    ],
  },
].map((q) => questionDraftSchema.parse(q));

export const TEMPLATE_ROWS: string[][] = EXAMPLES.map(templateRow);

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(import.meta.dirname, '../../assets/templates');
  const rows = [TEMPLATE_HEADER, ...TEMPLATE_ROWS];
  writeFileSync(path.join(dir, 'questions-template.csv'), buildCsv(rows));
  writeFileSync(path.join(dir, 'questions-template.xlsx'), buildXlsx(rows));
  console.log(`templates written to ${dir}`);
}
