// Options → Display (issue 24): the pupil switches on read-aloud, the reading-friendly display and
// fewer animations for themselves (extra time is only ever set by a teacher). Saved at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayPrefs } from '../../../../../shared/schemas/accommodations';
import { setMyDisplay } from '../../../api/accommodations';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { loadReadingFont, setDisplayPrefs, useDisplayPrefs } from '../../../lib/display-prefs';
import { errorKey } from '../../auth/api-error';

const SETTINGS = [
  { key: 'readAloud', label: 'STUDENT.DISPLAY.READ_ALOUD', hint: 'STUDENT.DISPLAY.READ_ALOUD_HINT' },
  { key: 'readingFriendly', label: 'STUDENT.DISPLAY.READING', hint: 'STUDENT.DISPLAY.READING_HINT' },
  { key: 'fewerAnimations', label: 'STUDENT.DISPLAY.CALM', hint: 'STUDENT.DISPLAY.CALM_HINT' },
] as const;

export function DisplaySettings() {
  const { t } = useTranslation();
  const { user } = useSession();
  const feedback = useFeedback();
  const prefs = useDisplayPrefs();
  const [busy, setBusy] = useState<keyof DisplayPrefs | null>(null);

  async function change(key: keyof DisplayPrefs, on: boolean) {
    if (!user?.studentId) return;
    setBusy(key);
    if (key === 'readingFriendly' && on) void loadReadingFont();
    try {
      const next = await setMyDisplay(user.studentId, {
        readAloud: prefs.readAloud,
        readingFriendly: prefs.readingFriendly,
        fewerAnimations: prefs.fewerAnimations,
        [key]: on,
      });
      setDisplayPrefs(next);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="options__data options__display" aria-labelledby="options-display">
      <h2 id="options-display">{t('STUDENT.DISPLAY.TITLE')}</h2>
      {SETTINGS.map((s) => (
        <label key={s.key} className="options__switch">
          <input
            type="checkbox"
            checked={prefs[s.key]}
            disabled={busy !== null}
            aria-describedby={`display-${s.key}-hint`}
            onChange={(e) => void change(s.key, e.target.checked)}
          />
          <span className="options__switch-text">
            <span>{t(s.label)}</span>
            <span id={`display-${s.key}-hint`} className="options__data-text">
              {t(s.hint)}
            </span>
          </span>
        </label>
      ))}
    </section>
  );
}
