import { describe, expect, it } from 'vitest';
import { latexToSpeech, spokenText, voiceFor } from './speech';

describe('formulas read aloud', () => {
  it('reads common forms in French', () => {
    expect(latexToSpeech('v = \\frac{d}{t}')).toBe('v égale d sur t');
    expect(latexToSpeech('x^2 + y^3')).toBe('x au carré plus y au cube');
    expect(latexToSpeech('\\sqrt{25} = 5')).toBe('racine carrée de 25 égale 5');
    expect(latexToSpeech('2 \\times 3,5')).toBe('2 fois 3 virgule 5');
    expect(latexToSpeech('a^{n+1}')).toBe('a puissance n plus 1');
    expect(latexToSpeech('x \\le 3')).toBe('x inférieur ou égal à 3');
  });
  it('reads them in the interface language', () => {
    expect(latexToSpeech('v = \\frac{d}{t}', 'en')).toBe('v equals d over t');
    expect(latexToSpeech('v = \\frac{d}{t}', 'it')).toBe('v uguale d fratto t');
    expect(latexToSpeech('x^2', 'co')).toBe('x à u quadratu');
  });
  it('reads a question with its formulas, never the LaTeX', () => {
    const text = spokenText('Que vaut $v = \\frac{d}{t}$ si $d = 100$ ?');
    expect(text).toBe('Que vaut v égale d sur t si d égale 100 ?');
    expect(text).not.toMatch(/[\\{}$]/);
  });
});

describe('the phone voice', () => {
  const v = (lang: string) => ({ lang, name: lang }) as SpeechSynthesisVoice;
  it('is the first one of the interface language, or none', () => {
    expect(voiceFor([v('en-US'), v('fr-FR'), v('fr-CA')], 'fr')?.lang).toBe('fr-FR');
    expect(voiceFor([v('en-US')], 'co')).toBeNull();
    expect(voiceFor([v('it_IT')], 'it')?.lang).toBe('it_IT');
  });
});
