import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/phone.json';
import fr from '../../i18n/locales/fr/phone.json';
import itPhone from '../../i18n/locales/it/phone.json';
import { classmateTurn, oneFinalPeriod, startsWithVowel } from './wording';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'fr',
  resources: { fr: { translation: fr }, en: { translation: en }, it: { translation: itPhone } },
});

describe("the phone's sentences in French", () => {
  const t = (k: string, o?: Record<string, unknown>) => i18n.getFixedT('fr')(k, o);

  it('elides "de" before a vowel, and prints one period after an initial', () => {
    expect(classmateTurn(t, 'Emma M.')).toBe("C'est au tour d'Emma M.");
    expect(classmateTurn(t, 'Élodie R.')).toBe("C'est au tour d'Élodie R.");
    expect(classmateTurn(t, 'Inès B.')).toBe("C'est au tour d'Inès B.");
    expect(classmateTurn(t, 'Léo M.')).toBe("C'est au tour de Léo M.");
  });

  it('keeps the plain sentence in a language without elision', () => {
    const en = (k: string, o?: Record<string, unknown>) => i18n.getFixedT('en')(k, o);
    expect(classmateTurn(en, 'Emma M.')).toBe("It's Emma M.'s turn.");
    const it = (k: string, o?: Record<string, unknown>) => i18n.getFixedT('it')(k, o);
    expect(classmateTurn(it, 'Emma M.')).toBe('Tocca a Emma M.');
  });

  it('knows vowels, accented or not, and leaves a name without a final period alone', () => {
    expect(startsWithVowel('Ymane')).toBe(true);
    expect(startsWithVowel('Hugo')).toBe(false);
    expect(oneFinalPeriod('Bravo Zoé.')).toBe('Bravo Zoé.');
  });
});
