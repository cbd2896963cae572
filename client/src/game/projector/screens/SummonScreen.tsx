// Random summon: draws a present student from the turn pool (no repeats until it is empty), with
// the scene's drawing animation; the teacher marks the oral answer right or wrong.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studentLabel } from '../Avatar';
import type { ScreenProps } from '../Projector';
import { SUMMON_DRAW_MS } from '../scene/model';

export function SummonScreen({ snapshot, run }: ScreenProps) {
  const { t } = useTranslation();
  const a = snapshot.activity?.kind === 'summon' ? snapshot.activity : null;
  const drawn = a?.drawn ? snapshot.roster.find((r) => r.studentId === a.drawn) : undefined;
  const drawKey = a?.drawn ? `${a.drawn}:${a.poolLeft}` : null;
  // The name shows when the scene's animation lands on the student.
  const [shownKey, setShownKey] = useState<string | null>(drawKey);
  useEffect(() => {
    if (!drawKey) return;
    const id = setTimeout(() => setShownKey(drawKey), SUMMON_DRAW_MS);
    return () => clearTimeout(id);
  }, [drawKey]);
  const landed = drawKey !== null && shownKey === drawKey;
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  return (
    <div className="summon">
      <div className="summon__side">
        <section className="summon__spot" aria-live="polite" aria-labelledby="summon-title">
          <h2 id="summon-title" className="sr-only">
            {t('GAME.SUMMON.TITLE')}
          </h2>
          {drawn && landed ? (
            <div className="summon__drawn" data-testid="summon-drawn">
              <p className="summon__name">{studentLabel(drawn)}</p>
              {a?.marked === null ? (
                <div className="summon__marks">
                  <button
                    type="button"
                    className="proj-btn proj-btn--right"
                    disabled={busy}
                    onClick={() =>
                      void act(() => run('summon:mark', { studentId: drawn.studentId, right: true }))
                    }
                  >
                    ✔ {t('GAME.SUMMON.RIGHT')}
                  </button>
                  <button
                    type="button"
                    className="proj-btn proj-btn--wrong"
                    disabled={busy}
                    onClick={() =>
                      void act(() => run('summon:mark', { studentId: drawn.studentId, right: false }))
                    }
                  >
                    ✘ {t('GAME.SUMMON.WRONG')}
                  </button>
                </div>
              ) : (
                <p className={`summon__marked summon__marked--${a?.marked ? 'right' : 'wrong'}`}>
                  {t(a?.marked ? 'GAME.SUMMON.MARKED_RIGHT' : 'GAME.SUMMON.MARKED_WRONG')}
                </p>
              )}
            </div>
          ) : drawKey ? (
            <p className="summon__drawing">{t('GAME.SUMMON.DRAWING')}</p>
          ) : (
            <p className="summon__intro">{t('GAME.SUMMON.INTRO')}</p>
          )}
        </section>
        <div className="summon__bar">
          <button
            type="button"
            className="proj-btn proj-btn--primary"
            disabled={busy}
            onClick={() => void act(() => run('summon:draw', {}))}
          >
            {t(drawKey ? 'GAME.SUMMON.DRAW_AGAIN' : 'GAME.SUMMON.DRAW')}
          </button>
          <span className="summon__pool" data-testid="pool-left">
            {a ? t('GAME.SUMMON.POOL_LEFT', { count: a.poolLeft }) : null}
          </span>
          <button
            type="button"
            className="proj-btn proj-btn--ghost"
            disabled={busy}
            onClick={() => void act(() => run('summon:reset', {}))}
          >
            {t('GAME.SUMMON.RESET')}
          </button>
        </div>
      </div>
    </div>
  );
}
