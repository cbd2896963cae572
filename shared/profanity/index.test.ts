import { describe, expect, it } from 'vitest';
import { CO } from './co.js';
import { EN } from './en.js';
import { FR } from './fr.js';
import { containsProfanity, findProfanity, normalise, words } from './index.js';
import { IT } from './it.js';

describe('normalise and words', () => {
  it('drops case and accents and reads leetspeak as letters', () => {
    expect(normalise('ÉLÈVE Ça')).toBe('eleve ca');
    expect(normalise('c0nn4rd 3ncul3 $@l0p3 5hit 1diot')).toBe('connard encule salope shit idiot');
  });

  it('reads spelled-out letters as one word as well', () => {
    expect(words('p.u.t.e')).toContain('pute');
    expect(words('p u t e !')).toContain('pute');
    expect(words('f-u-c-k')).toContain('fuck');
    expect(words("l'élève")).toEqual(['l', 'eleve']);
  });
});

describe('findProfanity flags', () => {
  it.each([
    ['fr', 'T’es un CONNARD', 'connard'],
    ['fr', 'le prof est con', 'con'],
    ['fr', 'espèce de pétasse', 'petasse'],
    ['fr', 'enculé va', 'encule'],
    ['fr', 'ferme ta gueule', 'ta gueule'],
    ['fr', 'fils de pute', 'fils de pute'],
    ['en', 'what the fuck', 'fuck'],
    ['en', 'you are a bitch', 'bitch'],
    ['en', 'son of a bitch', 'son of a bitch'],
    ['it', 'sei uno stronzo', 'stronzo'],
    ['it', 'vaffanculo!', 'vaffanculo'],
    ['it', 'testa di cazzo', 'testa di cazzo'],
    ['co', 'sì un cuglione', 'cuglione'],
    ['co', 'stu stronzu', 'stronzu'],
    ['co', 'figliolu di puttana', 'figliolu di puttana'],
  ])('%s: %s', (_lang, text, word) => {
    expect(findProfanity(text)).toContain(word);
  });

  it('sees through leetspeak, stretched letters and separators', () => {
    expect(findProfanity('c0nn4rd')).toContain('connard');
    expect(findProfanity('$@l0p3')).toContain('salope');
    expect(findProfanity('sh1t')).toContain('shit');
    expect(findProfanity('connnnnard')).toContain('connard');
    expect(findProfanity('puuuuuute')).toContain('pute');
    expect(findProfanity('merrrrde')).toContain('merde');
    expect(findProfanity('p.u.t.e')).toContain('pute');
    expect(findProfanity('m e r d e')).toContain('merde');
    expect(findProfanity('F*U*C*K')).toContain('fuck');
    expect(findProfanity('asssss')).toContain('ass');
  });
});

describe('findProfanity leaves ordinary words alone', () => {
  it.each([
    'Il était une fois un conte de fées.',
    'Le concours de maths est demain, je suis content.',
    'On a construit un cône et un cylindre.',
    'Scunthorpe is a town in England.',
    'My class has a cocktail party in the passage.',
    'Le capitaine a passé la classe en revue.',
    'Les élèves analysent un cul-de-sac de la phrase.',
    'Tant pis, on recommence.',
    'Un as de pique et une chatte noire.',
    'Putin et Staline au XXe siècle.',
    'Je mange une figue et une poire.',
    'Il gatto è sul tetto.',
    'Un triangle rectangle a un angle droit : 90°.',
    'Trooop bien, j’adore les fractions !',
    'Aaah, le théorème de Pythagore.',
    '1 2 3 soleil',
    'Je suis en retard, je prends une douche.',
    'Le bouffon du roi amuse la cour.',
    'El gato negro duerme.',
  ])('%s', (text) => {
    expect(findProfanity(text)).toEqual([]);
  });

  it('does not flag "con" ("with") in an Italian or Corsican phrase, but does in French', () => {
    expect(containsProfanity('Vado al mare con mia sorella.', 'it')).toBe(false);
    expect(containsProfanity('Vogu à u mare con a mo surella.', 'co')).toBe(false);
    expect(containsProfanity('Vado al mare con mia sorella.', 'fr')).toBe(true);
    // English "bite" is an ordinary word; French "bite" is not.
    expect(containsProfanity('A bite of an apple.', 'en')).toBe(false);
    expect(containsProfanity('Quelle bite !', 'fr')).toBe(true);
  });
});

describe('word lists', () => {
  it.each([
    ['fr', FR],
    ['en', EN],
    ['it', IT],
    ['co', CO],
  ])('%s holds 40 to 80 entries, each found by the matcher', (_lang, list) => {
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list.length).toBeLessThanOrEqual(80);
    for (const entry of list) expect(findProfanity(`xx ${entry} xx`)).not.toEqual([]);
  });
});
