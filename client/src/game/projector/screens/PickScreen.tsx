// Random pick: random teams (2 to 6) for group work, or a random speaking order for a round of
// presentations. Unlike the summon it draws everybody present at once (docs/decisions.md).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarImage, studentLabel } from '../Avatar';
import type { ScreenProps } from '../Projector';

export interface PickSettings {
  mode: 'team' | 'order';
  teamSize: number;
}
export const TEAM_SIZES = [2, 3, 4, 5, 6] as const;

export function PickScreen({
  snapshot,
  run,
  settings,
  onSettings,
}: ScreenProps & { settings: PickSettings; onSettings: (s: PickSettings) => void }) {
  const { t } = useTranslation();
  const a = snapshot.activity?.kind === 'pick' ? snapshot.activity : null;
  const byId = new Map(snapshot.roster.map((r) => [r.studentId, r]));
  const [busy, setBusy] = useState(false);
  const draw = async () => {
    setBusy(true);
    await run('pick:draw', settings.mode === 'team' ? settings : { mode: 'order' });
    setBusy(false);
  };
  return (
    <div className="pick">
      <section className="panel pick__controls" aria-labelledby="pick-title">
        <h2 id="pick-title">{t('GAME.PICK.TITLE')}</h2>
        <fieldset className="pick__modes">
          <legend className="sr-only">{t('GAME.PICK.MODE')}</legend>
          {(['team', 'order'] as const).map((mode) => (
            <label key={mode} className={`pick__mode${settings.mode === mode ? ' pick__mode--on' : ''}`}>
              <input
                type="radio"
                name="pick-mode"
                checked={settings.mode === mode}
                onChange={() => onSettings({ ...settings, mode })}
              />
              {t(`GAME.PICK.MODE_${mode.toUpperCase()}`)}
            </label>
          ))}
        </fieldset>
        {settings.mode === 'team' ? (
          <fieldset className="pick__sizes">
            <legend>{t('GAME.PICK.TEAM_SIZE')}</legend>
            {TEAM_SIZES.map((n) => (
              <button
                key={n}
                type="button"
                className={`proj-chip${settings.teamSize === n ? ' proj-chip--on' : ''}`}
                aria-pressed={settings.teamSize === n}
                onClick={() => onSettings({ ...settings, teamSize: n })}
              >
                {n}
              </button>
            ))}
          </fieldset>
        ) : null}
        <button
          type="button"
          className="proj-btn proj-btn--primary"
          disabled={busy}
          onClick={() => void draw()}
        >
          {t(a ? 'GAME.PICK.DRAW_AGAIN' : 'GAME.PICK.DRAW')}
        </button>
      </section>
      {a ? (
        a.groups.length === 0 ? (
          <p className="panel">{t('GAME.PICK.NOBODY')}</p>
        ) : a.mode === 'team' ? (
          <ol className="pick__teams" data-testid="pick-groups">
            {a.groups.map((g, i) => (
              <li key={g.join()} className="pick__team">
                <h3>{t('GAME.PICK.TEAM', { n: i + 1 })}</h3>
                <ul>
                  {g.map((id) => {
                    const s = byId.get(id);
                    return s ? (
                      <li key={id}>
                        <AvatarImage student={s} size={56} />
                        <span>{studentLabel(s)}</span>
                      </li>
                    ) : null;
                  })}
                </ul>
              </li>
            ))}
          </ol>
        ) : (
          <ol className="pick__order" data-testid="pick-groups">
            {(a.groups[0] ?? []).map((id, i) => {
              const s = byId.get(id);
              return s ? (
                <li key={id}>
                  <span className="pick__rank">{i + 1}</span>
                  <AvatarImage student={s} size={56} />
                  <span>{studentLabel(s)}</span>
                </li>
              ) : null;
            })}
          </ol>
        )
      ) : null}
    </div>
  );
}
