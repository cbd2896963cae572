// How the teacher plays a raid, chosen before its lobby opens: question time (or no clock), end
// the question when everyone answered, ask every question, scoring (and, for questions with several
// right answers, all-or-nothing or partial credit). The server remembers the choice
// for this class and offers it again next time.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RaidSettings } from '../../../../../shared/game/contract';
import './lifecycle.css';

const TIMES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

export function RaidSettingsPanel({
  title,
  initial,
  busy,
  onStart,
  onBack,
}: {
  title: string;
  initial: RaidSettings;
  busy: boolean;
  onStart: (s: RaidSettings) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [s, setS] = useState<RaidSettings>(initial);
  const times: number[] = [...TIMES];
  if (s.questionSeconds !== null && !times.includes(s.questionSeconds)) {
    times.push(s.questionSeconds);
    times.sort((a, b) => a - b);
  }
  return (
    <section
      className="panel raid-settings"
      aria-labelledby="raid-settings-title"
      data-testid="raid-settings"
    >
      <h2 id="raid-settings-title">{t('GAME.SETTINGS.TITLE', { title })}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onStart(s);
        }}
      >
        <label className="raid-settings__row">
          <span>{t('GAME.SETTINGS.TIME')}</span>
          <select
            value={s.questionSeconds === null ? 'none' : String(s.questionSeconds)}
            onChange={(e) =>
              setS({ ...s, questionSeconds: e.target.value === 'none' ? null : Number(e.target.value) })
            }
          >
            {times.map((n) => (
              <option key={n} value={n}>
                {t('GAME.SETTINGS.SECONDS', { count: n })}
              </option>
            ))}
            <option value="none">{t('GAME.SETTINGS.NO_CLOCK')}</option>
          </select>
        </label>
        <label className="raid-settings__check">
          <input
            type="checkbox"
            checked={s.endWhenAllAnswered}
            onChange={(e) => setS({ ...s, endWhenAllAnswered: e.target.checked })}
          />
          <span>{t('GAME.SETTINGS.END_EARLY')}</span>
        </label>
        <label className="raid-settings__check">
          <input
            type="checkbox"
            checked={s.askEveryQuestion}
            onChange={(e) => setS({ ...s, askEveryQuestion: e.target.checked })}
          />
          <span>{t('GAME.SETTINGS.ASK_ALL')}</span>
        </label>
        <fieldset className="raid-settings__scoring">
          <legend>{t('GAME.SETTINGS.SCORING')}</legend>
          {(['accuracy', 'speed'] as const).map((scoring) => (
            <div key={scoring}>
              <label className="raid-settings__check">
                <input
                  type="radio"
                  name="scoring"
                  value={scoring}
                  checked={s.scoring === scoring}
                  onChange={() => setS({ ...s, scoring })}
                  aria-describedby={`scoring-hint-${scoring}`}
                />
                <span>
                  {t(scoring === 'speed' ? 'GAME.SETTINGS.SCORING_SPEED' : 'GAME.SETTINGS.SCORING_ACCURACY')}
                </span>
              </label>
              {/* What the choice does, in one line (issue 21). */}
              <p id={`scoring-hint-${scoring}`} className="raid-settings__note raid-settings__hint">
                {t(
                  scoring === 'speed'
                    ? 'GAME.SETTINGS.SCORING_SPEED_HINT'
                    : 'GAME.SETTINGS.SCORING_ACCURACY_HINT',
                )}
              </p>
            </div>
          ))}
        </fieldset>
        <fieldset className="raid-settings__scoring">
          <legend>{t('GAME.SETTINGS.MULTI')}</legend>
          {(['all', 'partial'] as const).map((mode) => (
            <label key={mode} className="raid-settings__check">
              <input
                type="radio"
                name="multiScoring"
                value={mode}
                checked={(s.multiScoring ?? 'all') === mode}
                onChange={() => setS({ ...s, multiScoring: mode })}
              />
              <span>{t(mode === 'partial' ? 'GAME.SETTINGS.MULTI_PARTIAL' : 'GAME.SETTINGS.MULTI_ALL')}</span>
            </label>
          ))}
        </fieldset>
        <p className="raid-settings__note">{t('GAME.SETTINGS.REMEMBERED')}</p>
        <div className="raid-settings__actions">
          <button type="button" className="proj-btn" onClick={onBack}>
            {t('GAME.SETTINGS.BACK')}
          </button>
          <button
            type="submit"
            className="proj-btn proj-btn--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {t('GAME.SETTINGS.OPEN_LOBBY')}
          </button>
        </div>
      </form>
    </section>
  );
}
