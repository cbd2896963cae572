// Read-aloud (issue 24): one button that reads the question and its answers with the phone's own
// speech synthesis, in the interface's language. Only ever started by the pupil's tap (never
// automatically in a classroom); a second tap stops it. Where the phone has no voice for the
// language (or no speech synthesis at all), the button says so and does nothing.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEECH_LANG, spokenText, voiceFor } from '../lib/speech';

const synth = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;

/** The voice of a language as the phone lists it; the list may come a moment after the page loads. */
function useVoice(lang: string): SpeechSynthesisVoice | null | 'loading' {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null | 'loading'>(() => {
    const s = synth();
    if (!s) return null;
    const voices = s.getVoices();
    return voices.length ? voiceFor(voices, lang) : 'loading';
  });
  useEffect(() => {
    const s = synth();
    if (!s) return;
    const read = () => {
      const voices = s.getVoices();
      setVoice(voices.length ? voiceFor(voices, lang) : null);
    };
    const voices = s.getVoices();
    if (voices.length) read();
    s.addEventListener?.('voiceschanged', read);
    // A browser that never fires the event with an empty list has no voice at all.
    const give = window.setTimeout(read, 1500);
    return () => {
      s.removeEventListener?.('voiceschanged', read);
      window.clearTimeout(give);
    };
  }, [lang]);
  return voice;
}

/**
 * The button's icon, drawn here: a speaker, crossed out without a voice, a square while reading
 * (an emoji would depend on the phone's fonts, and shows as an empty box where it has none).
 */
function Icon({ kind }: { kind: 'speaker' | 'mute' | 'stop' }) {
  return (
    <svg className="read-aloud__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      {kind === 'stop' ? (
        <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
      ) : (
        <>
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {kind === 'speaker' ? (
            <path
              d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          ) : (
            <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </>
      )}
    </svg>
  );
}

export function ReadAloudButton({ parts, className }: { parts: string[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || 'fr').slice(0, 2);
  const voice = useVoice(lang);
  const [speaking, setSpeaking] = useState(false);
  const text = parts
    .map((p) => spokenText(p, lang))
    .filter(Boolean)
    .join('. ');

  // Leaving the question stops the reading.
  useEffect(
    () => () => {
      synth()?.cancel();
    },
    [],
  );

  if (voice === null) {
    return (
      <button type="button" className={`read-aloud ${className ?? ''}`} disabled data-testid="read-aloud">
        <Icon kind="mute" /> {t('READ_ALOUD.NO_VOICE')}
      </button>
    );
  }

  const toggle = () => {
    const s = synth();
    if (!s) return;
    s.cancel();
    if (speaking) {
      setSpeaking(false);
      return;
    }
    const u = new SpeechSynthesisUtterance(text);
    u.lang = SPEECH_LANG[lang] ?? lang;
    if (voice !== 'loading') u.voice = voice;
    u.rate = 0.95;
    u.onend = () => setSpeaking(false);
    u.onerror = () => setSpeaking(false);
    setSpeaking(true);
    s.speak(u);
  };

  return (
    <button
      type="button"
      className={`read-aloud ${className ?? ''}`}
      onClick={toggle}
      aria-pressed={speaking}
      data-testid="read-aloud"
    >
      <Icon kind={speaking ? 'stop' : 'speaker'} /> {t(speaking ? 'READ_ALOUD.STOP' : 'READ_ALOUD.READ')}
    </button>
  );
}
