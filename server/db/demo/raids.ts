// The demo school's chapters and raids: real lesson content, with $$ formulas and one image.
export interface DemoQuestion {
  text: string;
  answers: [string, boolean][];
  equationMode?: boolean;
  image?: string;
}
export interface DemoRaid {
  title: string;
  questions: DemoQuestion[];
}
export interface DemoChapter {
  owner: 'prof-demo' | 'prof-sciences';
  name: string;
  level: number;
  subject: string;
  raids: DemoRaid[];
}

export const DEMO_CHAPTERS: DemoChapter[] = [
  {
    owner: 'prof-demo',
    name: 'Fractions et puissances',
    level: 5,
    subject: 'MATHEMATICS',
    raids: [
      {
        title: 'Les fractions',
        questions: [
          {
            text: 'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
            equationMode: true,
            answers: [
              ['$$\\frac{3}{4}$$', true],
              ['$$\\frac{2}{6}$$', false],
              ['$$\\frac{1}{6}$$', false],
              ['$$\\frac{2}{4}$$', false],
            ],
          },
          {
            text: 'Quelle fraction est égale à $$\\frac{6}{8}$$ ?',
            equationMode: true,
            answers: [
              ['$$\\frac{3}{4}$$', true],
              ['$$\\frac{2}{3}$$', false],
              ['$$\\frac{4}{6}$$', false],
            ],
          },
          {
            text: 'Simplifie $$\\frac{12}{18}$$.',
            equationMode: true,
            answers: [
              ['$$\\frac{2}{3}$$', true],
              ['$$\\frac{6}{9}$$', false],
              ['$$\\frac{4}{6}$$', false],
              ['$$\\frac{3}{2}$$', false],
            ],
          },
          {
            text: 'Quelle est la plus grande fraction ?',
            answers: [
              ['5/6', true],
              ['2/3', false],
              ['3/4', false],
              ['1/2', false],
            ],
          },
          {
            text: 'Combien font les trois quarts de 20 ?',
            answers: [
              ['15', true],
              ['12', false],
              ['16', false],
              ['5', false],
            ],
          },
          {
            text: 'Combien vaut $$\\frac{2}{3} \\times \\frac{3}{5}$$ ?',
            equationMode: true,
            answers: [
              ['$$\\frac{2}{5}$$', true],
              ['$$\\frac{6}{8}$$', false],
              ['$$\\frac{5}{15}$$', false],
            ],
          },
          {
            text: 'Quelle fraction du disque est coloriée si 3 parts sur 8 le sont ?',
            answers: [
              ['3/8', true],
              ['8/3', false],
              ['3/5', false],
              ['5/8', false],
            ],
          },
          {
            text: 'Lesquelles sont égales à 1/2 ?',
            answers: [
              ['2/4', true],
              ['5/10', true],
              ['3/5', false],
              ['4/6', false],
            ],
          },
          {
            text: 'Combien vaut $$1 - \\frac{2}{7}$$ ?',
            equationMode: true,
            answers: [
              ['$$\\frac{5}{7}$$', true],
              ['$$\\frac{1}{7}$$', false],
              ['$$\\frac{2}{7}$$', false],
              ['$$\\frac{6}{7}$$', false],
            ],
          },
        ],
      },
      {
        title: 'Puissances et Pythagore',
        questions: [
          {
            text: 'Combien vaut $$2^5$$ ?',
            equationMode: true,
            answers: [
              ['32', true],
              ['10', false],
              ['25', false],
              ['16', false],
            ],
          },
          {
            text: 'Combien vaut $$10^3$$ ?',
            equationMode: true,
            answers: [
              ['1 000', true],
              ['30', false],
              ['100', false],
              ['10 000', false],
            ],
          },
          {
            text: 'Dans ce triangle rectangle en A, combien mesure BC ?',
            image: 'triangle-rectangle.png',
            answers: [
              ['10 cm', true],
              ['14 cm', false],
              ['12 cm', false],
              ['9 cm', false],
            ],
          },
          {
            text: 'Le théorème de Pythagore s’écrit, pour un triangle rectangle en A :',
            equationMode: true,
            answers: [
              ['$$BC^2 = AB^2 + AC^2$$', true],
              ['$$AB^2 = BC^2 + AC^2$$', false],
              ['$$BC = AB + AC$$', false],
            ],
          },
          {
            text: 'Combien vaut $$3^2 + 4^2$$ ?',
            equationMode: true,
            answers: [
              ['25', true],
              ['49', false],
              ['14', false],
              ['7', false],
            ],
          },
          {
            text: 'Quel est le carré de 9 ?',
            answers: [
              ['81', true],
              ['18', false],
              ['99', false],
              ['72', false],
            ],
          },
          {
            text: 'Combien vaut $$\\sqrt{49}$$ ?',
            equationMode: true,
            answers: [
              ['7', true],
              ['24,5', false],
              ['9', false],
              ['14', false],
            ],
          },
          {
            text: 'Lesquels sont des carrés parfaits ?',
            answers: [
              ['36', true],
              ['64', true],
              ['50', false],
              ['20', false],
            ],
          },
          {
            text: 'Combien vaut $$5^0$$ ?',
            equationMode: true,
            answers: [
              ['1', true],
              ['0', false],
              ['5', false],
            ],
          },
        ],
      },
    ],
  },
  {
    owner: 'prof-sciences',
    name: 'Mouvement et interactions',
    level: 2,
    subject: 'PHYSICS_CHEMISTRY',
    raids: [
      {
        title: 'Vitesse et forces',
        questions: [
          {
            text: 'Un cycliste parcourt 30 km en 1 h 30. Sa vitesse moyenne est :',
            answers: [
              ['20 km/h', true],
              ['45 km/h', false],
              ['30 km/h', false],
              ['15 km/h', false],
            ],
          },
          {
            text: 'La relation entre vitesse, distance et durée est :',
            equationMode: true,
            answers: [
              ['$$v = \\frac{d}{t}$$', true],
              ['$$v = d \\times t$$', false],
              ['$$v = \\frac{t}{d}$$', false],
            ],
          },
          {
            text: 'Quelle est l’unité du newton ?',
            answers: [
              ['Une force', true],
              ['Une énergie', false],
              ['Une masse', false],
              ['Une vitesse', false],
            ],
          },
          {
            text: 'Le poids d’un objet de masse m vaut :',
            equationMode: true,
            answers: [
              ['$$P = m \\times g$$', true],
              ['$$P = \\frac{m}{g}$$', false],
              ['$$P = m + g$$', false],
            ],
          },
          {
            text: 'Sur Terre, g vaut environ :',
            answers: [
              ['9,8 N/kg', true],
              ['1,6 N/kg', false],
              ['98 N/kg', false],
              ['0,98 N/kg', false],
            ],
          },
          {
            text: 'Un objet immobile est soumis à des forces qui :',
            answers: [
              ['se compensent', true],
              ['s’additionnent toujours', false],
              ['sont toutes nulles', false],
            ],
          },
          {
            text: 'Convertir 36 km/h en m/s :',
            answers: [
              ['10 m/s', true],
              ['36 m/s', false],
              ['3,6 m/s', false],
              ['100 m/s', false],
            ],
          },
          {
            text: 'Quelles grandeurs sont des vecteurs ?',
            answers: [
              ['La vitesse', true],
              ['La force', true],
              ['La masse', false],
              ['La durée', false],
            ],
          },
          {
            text: 'Le principe d’inertie est dû à :',
            answers: [
              ['Newton', true],
              ['Pascal', false],
              ['Lavoisier', false],
              ['Curie', false],
            ],
          },
        ],
      },
    ],
  },
];

/** Codex phrases written by 5e B students to prof-demo, one or more per status. */
export const DEMO_CODEX: { student: number; text: string; status: 0 | 1 | 2 | 3 | 4 }[] = [
  {
    student: 1,
    text: 'Pour additionner deux fractions, on les met d’abord au même dénominateur.',
    status: 0,
  },
  { student: 2, text: 'Un carré parfait, c’est un nombre qui est le carré d’un entier.', status: 0 },
  { student: 3, text: 'Dans un triangle rectangle, l’hypoténuse est le plus grand côté.', status: 1 },
  {
    student: 4,
    text: 'Multiplier deux fractions : numérateur fois numérateur, dénominateur fois dénominateur.',
    status: 1,
  },
  { student: 5, text: 'Les maths c’est nul.', status: 2 },
  { student: 6, text: 'Tout nombre puissance zéro est égal à un, sauf zéro.', status: 3 },
  {
    student: 7,
    text: 'Une fraction se simplifie en divisant en haut et en bas par le même nombre.',
    status: 4,
  },
];

export const STUDENT_NAMES: [string, string][] = [
  ['Emma', 'Martin'],
  ['Lucas', 'Bernard'],
  ['Chloé', 'Dubois'],
  ['Hugo', 'Thomas'],
  ['Léa', 'Robert'],
  ['Louis', 'Richard'],
  ['Manon', 'Petit'],
  ['Nathan', 'Durand'],
  ['Camille', 'Leroy'],
  ['Gabriel', 'Moreau'],
  ['Inès', 'Simon'],
  ['Jules', 'Laurent'],
  ['Sarah', 'Lefebvre'],
  ['Arthur', 'Michel'],
  ['Jade', 'Garcia'],
  ['Adam', 'David'],
  ['Louise', 'Bertrand'],
  ['Raphaël', 'Roux'],
  ['Lina', 'Vincent'],
  ['Théo', 'Fournier'],
  ['Zoé', 'Morel'],
  ['Noah', 'Girard'],
  ['Alice', 'André'],
  ['Ethan', 'Lefèvre'],
  ['Rose', 'Mercier'],
  ['Tom', 'Dupont'],
  ['Anna', 'Lambert'],
  ['Maël', 'Bonnet'],
  ['Lola', 'François'],
  ['Sacha', 'Martinez'],
  ['Mathis', 'Legrand'],
  ['Clara', 'Garnier'],
  ['Yanis', 'Faure'],
  ['Juliette', 'Rousseau'],
  ['Paul', 'Blanc'],
  ['Ambre', 'Guerin'],
  ['Enzo', 'Muller'],
  ['Lucie', 'Henry'],
  ['Nolan', 'Roussel'],
  ['Margaux', 'Nicolas'],
];
