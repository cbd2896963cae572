// Codex reveal: the class's APPROVED phrases one at a time (each then DISPLAYED), the author shown
// or hidden by the teacher.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../MathText';
import type { ScreenProps } from '../Projector';

export function CodexScreen({
  snapshot,
  run,
  showAuthor,
  onShowAuthor,
}: ScreenProps & { showAuthor: boolean; onShowAuthor: (v: boolean) => void }) {
  const { t } = useTranslation();
  const a = snapshot.activity?.kind === 'codex' ? snapshot.activity : null;
  const [busy, setBusy] = useState(false);
  const next = async () => {
    setBusy(true);
    await run('codex:next', { showAuthor });
    setBusy(false);
  };
  const over = a !== null && a.phrase === null && a.left === 0;
  return (
    <div className="codex">
      <section className="codex__card" aria-live="polite" data-testid="codex-card">
        {a?.phrase ? (
          <figure>
            <blockquote className="codex__phrase">
              <MathText text={a.phrase.text} />
            </blockquote>
            {showAuthor && a.phrase.author ? (
              <figcaption className="codex__author">— {a.phrase.author}</figcaption>
            ) : null}
          </figure>
        ) : over ? (
          <p className="codex__empty" data-testid="codex-empty">
            {t('GAME.CODEX.NO_MORE')}
          </p>
        ) : (
          <p className="codex__intro">{t('GAME.CODEX.INTRO')}</p>
        )}
      </section>
      <div className="codex__bar">
        <label className="proj-switch">
          <input type="checkbox" checked={showAuthor} onChange={(e) => onShowAuthor(e.target.checked)} />
          {t('GAME.CODEX.SHOW_AUTHOR')}
        </label>
        <button
          type="button"
          className="proj-btn proj-btn--primary"
          disabled={busy || over}
          onClick={() => void next()}
        >
          {t(a?.phrase ? 'GAME.CODEX.NEXT' : 'GAME.CODEX.FIRST')}
        </button>
        {a ? <span className="codex__left">{t('GAME.CODEX.LEFT', { count: a.left })}</span> : null}
      </div>
    </div>
  );
}
