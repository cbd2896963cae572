// The bench's mixed raid (`npm run bench -- --kinds mixed`): one question of each kind (issue 23),
// twice, with what phones really send: the number typed with a decimal comma, spaces, a sign, an
// exponent or the unit; the word with or without accents and capitals, with a typo, or another word;
// an order right or with two items swapped; a poll's choice, number or word. Seven phones in ten give
// a right answer (a poll has none). Nothing here is a verdict: the server judges every answer.
import type {
  NumberSettings,
  PollSettings,
  QuestionKind,
  TextSettings,
} from '../../shared/questions/kinds.js';

export type KindsMode = 'choice' | 'mixed';

/** How the bench reports a question: its kind, true/false apart from other choices. */
export type KindLabel = 'choice' | 'truefalse' | 'number' | 'text' | 'order' | 'poll';

/** What a phone sends, as `answer:submit` carries it. */
export type BenchResponse = { answerIds: string[] } | { order: string[] } | { value: string };

/** A seeded question: its kind and what its phones send (ids resolved). */
export interface BenchQuestion {
  id: string;
  label: KindLabel;
  right: BenchResponse[];
  wrong: BenchResponse[];
  /** The share of phones that send a right answer (0.7 unless said). */
  rightShare?: number;
}

/** An answer written against the question's answers rows, by their position. */
export type Scripted = { choices: number[] } | { order: number[] } | { value: string };

interface MixedQuestion {
  label: KindLabel;
  kind: QuestionKind;
  text: string;
  settings: NumberSettings | TextSettings | PollSettings | null;
  /** The answers rows (a choice's options, an order's items in the RIGHT order). */
  answers: [string, boolean][];
  explanation?: string;
  right: Scripted[];
  wrong: Scripted[];
}

const v = (...values: string[]): Scripted[] => values.map((value) => ({ value }));

/** Twelve questions: each kind twice (a choice with one right answer, then with two; numbers, words, polls in their modes). */
export const MIXED_QUESTIONS: MixedQuestion[] = [
  {
    label: 'choice',
    kind: 'choice',
    text: 'Combien font 7 × 8 ?',
    settings: null,
    answers: [
      ['56', true],
      ['54', false],
      ['48', false],
      ['64', false],
    ],
    right: [{ choices: [0] }],
    wrong: [{ choices: [1] }, { choices: [2] }, { choices: [3] }],
  },
  {
    label: 'truefalse',
    kind: 'choice',
    text: 'La Terre tourne autour du Soleil.',
    settings: null,
    answers: [
      ['Vrai', true],
      ['Faux', false],
    ],
    explanation: 'Elle en fait le tour en un an.',
    right: [{ choices: [0] }],
    wrong: [{ choices: [1] }],
  },
  {
    label: 'number',
    kind: 'number',
    text: 'Donne $$\\pi$$ au centième.',
    settings: { value: 3.14, tolerance: 0.005, toleranceMode: 'absolute', unit: null },
    answers: [],
    explanation: '$$\\pi \\approx 3{,}14159$$',
    right: v('3,14', '3.14', '3,14159', '+3,14', ' 3,14 ', '314e-2', '3,1416', '0,314×10^1', '31,4 x 10^-1'),
    wrong: v('3,1', '3', '3,15', '31,4', '−3,14', '22', '3,2', '1 000'),
  },
  {
    label: 'text',
    kind: 'text',
    text: 'Qui fut sacré empereur des Français en 1804 ?',
    settings: {
      accepted: ['Napoléon Bonaparte', 'Napoléon Ier', 'Napoléon', 'Bonaparte'],
      ignoreCase: true,
      ignoreAccents: true,
      allowTypo: true,
    },
    answers: [],
    explanation: 'Napoléon Ier, sacré à Notre-Dame le 2 décembre 1804.',
    right: v(
      'Napoléon',
      'napoleon',
      'NAPOLÉON BONAPARTE',
      'Napoléon  Ier',
      'Napoleon Bonapart',
      'Napoélon',
      '  bonaparte ',
      'napoléon ier',
    ),
    wrong: v(
      'Louis XVI',
      'Charlemagne',
      'Robespierre',
      'Napoléon III',
      'je sais pas',
      "c'est l'empereur des Français sacré à Notre-Dame de Paris le 2 décembre 1804",
      'Jules César',
    ),
  },
  {
    label: 'order',
    kind: 'order',
    text: 'Range ces événements du plus ancien au plus récent.',
    settings: null,
    answers: [
      ['La prise de la Bastille', false],
      ['Le sacre de Napoléon', false],
      ['La bataille de Waterloo', false],
      ['La révolution de 1830', false],
    ],
    right: [{ order: [0, 1, 2, 3] }],
    wrong: [
      { order: [1, 0, 2, 3] },
      { order: [0, 2, 1, 3] },
      { order: [0, 1, 3, 2] },
      { order: [3, 2, 1, 0] },
    ],
  },
  {
    label: 'poll',
    kind: 'poll',
    text: 'Es-tu sûr de ta réponse ?',
    settings: { pollMode: 'choice' },
    answers: [
      ['Tout à fait', false],
      ['Plutôt', false],
      ['Pas vraiment', false],
      ['Pas du tout', false],
    ],
    right: [{ choices: [0] }, { choices: [1] }, { choices: [2] }, { choices: [3] }],
    wrong: [],
  },
  {
    label: 'choice',
    kind: 'choice',
    text: 'Quels nombres sont premiers ?',
    settings: null,
    answers: [
      ['7', true],
      ['9', false],
      ['11', true],
      ['15', false],
    ],
    right: [{ choices: [0, 2] }],
    wrong: [{ choices: [0] }, { choices: [2] }, { choices: [0, 1] }, { choices: [1, 3] }],
  },
  {
    label: 'truefalse',
    kind: 'choice',
    text: "L'eau bout à 50 °C au niveau de la mer.",
    settings: null,
    answers: [
      ['Vrai', false],
      ['Faux', true],
    ],
    right: [{ choices: [1] }],
    wrong: [{ choices: [0] }],
  },
  {
    label: 'number',
    kind: 'number',
    text: 'Une voiture parcourt 180 km en 2 h. Quelle est sa vitesse ?',
    settings: { value: 90, tolerance: 0.05, toleranceMode: 'relative', unit: 'km/h' },
    answers: [],
    right: v('90', '90 km/h', '90,0', '9e1', '92,5', '9×10^1', '88 km/h', '9,0 x 10^1 km/h'),
    wrong: v('25', '1 000', '360', '-90', '100 km/h', '9,0', '45'),
  },
  {
    label: 'text',
    kind: 'text',
    text: 'Quel est le pluriel de « cheval » ?',
    settings: { accepted: ['chevaux'], ignoreCase: true, ignoreAccents: false, allowTypo: false },
    answers: [],
    right: v('chevaux', 'Chevaux', ' chevaux', 'CHEVAUX'),
    wrong: v('chevals', 'chevaus', 'cheveux', 'des chevaux', 'chevau'),
  },
  {
    label: 'order',
    kind: 'order',
    text: 'Range ces nombres du plus petit au plus grand.',
    settings: null,
    answers: [
      ['-3', false],
      ['-1,5', false],
      ['0', false],
      ['0,25', false],
      ['1/2', false],
      ['2', false],
    ],
    right: [{ order: [0, 1, 2, 3, 4, 5] }],
    wrong: [{ order: [1, 0, 2, 3, 4, 5] }, { order: [0, 1, 2, 4, 3, 5] }, { order: [5, 4, 3, 2, 1, 0] }],
  },
  {
    label: 'poll',
    kind: 'poll',
    text: 'Un mot pour résumer la séance ?',
    settings: { pollMode: 'text' },
    answers: [],
    right: v('super', 'Difficile', 'difficile', 'les fractions', 'génial', 'Bof', 'intéressant', 'trop long'),
    wrong: [],
  },
];
