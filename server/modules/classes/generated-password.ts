// Passwords a teacher generates for a student: two words, a number and a symbol (`Tigre-Nuage-427!`).
// A child reads them off a slip of paper and types them on a phone; they still pass the sign-up rules
// (length, a digit or symbol, the strength estimator), checked here before one is handed out.
import { randomInt } from 'node:crypto';
import { isStrongPassword } from '../../lib/passwords.js';

// Nouns without accents (every keyboard has them) and with no gender agreement to get wrong.
const WORDS = [
  'Tigre',
  'Nuage',
  'Lune',
  'Soleil',
  'Etoile',
  'Comete',
  'Volcan',
  'Riviere',
  'Foret',
  'Montagne',
  'Dragon',
  'Licorne',
  'Renard',
  'Hibou',
  'Dauphin',
  'Baleine',
  'Panda',
  'Castor',
  'Loutre',
  'Faucon',
  'Cactus',
  'Tulipe',
  'Cerise',
  'Citron',
  'Mangue',
  'Pomme',
  'Olive',
  'Noisette',
  'Banane',
  'Fraise',
  'Robot',
  'Fusee',
  'Planete',
  'Galaxie',
  'Orage',
  'Neige',
  'Tempete',
  'Vague',
  'Corail',
  'Caillou',
  'Pirate',
  'Chateau',
  'Tresor',
  'Boussole',
  'Lanterne',
  'Trompette',
  'Guitare',
  'Tambour',
  'Crayon',
  'Cahier',
  'Girafe',
  'Zebre',
  'Koala',
  'Pingouin',
  'Kangourou',
  'Marmotte',
  'Herisson',
  'Ecureuil',
  'Papillon',
  'Abeille',
];
const SYMBOLS = ['!', '?', '#', '+'];

const pick = <T>(list: readonly T[]): T => list[randomInt(0, list.length)];

export function generateStudentPassword(userInputs: string[] = []): string {
  for (;;) {
    const a = pick(WORDS);
    let b = pick(WORDS);
    while (b === a) b = pick(WORDS);
    const candidate = `${a}-${b}-${randomInt(10, 1000)}${pick(SYMBOLS)}`;
    if (isStrongPassword(candidate, userInputs)) return candidate;
  }
}
