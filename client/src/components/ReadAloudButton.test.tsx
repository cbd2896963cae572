import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadAloudButton } from './ReadAloudButton';

class Utterance {
  lang = '';
  voice: unknown = null;
  rate = 1;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public text: string) {}
}

function installSpeech(voices: { lang: string; name: string }[]) {
  const speak = vi.fn();
  const synth = {
    getVoices: () => voices,
    speak,
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  (globalThis as unknown as { SpeechSynthesisUtterance: unknown }).SpeechSynthesisUtterance = Utterance;
  return speak;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'speechSynthesis');
});

describe('the read-aloud button', () => {
  it('reads the question and its answers when tapped, with the voice of the language', () => {
    const speak = installSpeech([{ lang: 'fr-FR', name: 'Amélie' }]);
    render(<ReadAloudButton parts={['Que vaut $\\frac{1}{2}$ ?', 'A : 0,5']} />);
    expect(speak).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('read-aloud'));
    expect(speak).toHaveBeenCalledTimes(1);
    const u = speak.mock.calls[0][0] as Utterance;
    expect(u.text).toBe('Que vaut 1 sur 2 ?. A : 0,5');
    expect(u.lang).toBe('fr-FR');
    expect(screen.getByTestId('read-aloud').getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the phone has no voice for the language', () => {
    installSpeech([{ lang: 'en-US', name: 'Sam' }]);
    render(<ReadAloudButton parts={['Question']} />);
    const button = screen.getByTestId('read-aloud') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/READ_ALOUD\.NO_VOICE|Pas de voix/);
  });
});
