// The projector's top bar: world and class, live count, and the teacher's controls. On a window
// narrower than a projector's or short (a tablet, a phone held sideways: projector.css), the bar
// keeps one row: the way out (Quit, or back to the board) stays in it, the other tools fold under a
// Menu button that opens them in a panel below the bar.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_FONT_SIZE_MAX_REM, GAME_FONT_SIZE_MIN_REM } from '../../../../shared/constants';
import type { RoomSnapshot } from '../../../../shared/game/contract';
import type { World } from '../../../../shared/worlds';
import type { Place } from './navigation';
import type { RoomStatus } from './room-client';

interface Props {
  snapshot: RoomSnapshot;
  world: World;
  place: Place;
  status: RoomStatus;
  fontSize: number;
  onFont: (dir: 1 | -1) => void;
  /** Fewer animations on the board (issue 24). */
  calm: boolean;
  onCalm: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onBlank: () => void;
  onPause: () => void;
  onBoard: (() => void) | null;
  /** Quit: ends the lesson (room:close). */
  onQuit: () => void;
}

export function TopBar(p: Props) {
  const { t } = useTranslation();
  const connected = p.snapshot.roster.filter((r) => r.connected).length;
  const [menu, setMenu] = useState(false);
  const moreId = useId();
  return (
    <header className="proj-top">
      <img className="proj-top__icon" src={p.world.icon} alt="" width={56} height={56} />
      <div className="proj-top__title">
        <h1>{p.snapshot.className}</h1>
        <span>{t(`GAME.SCREEN.${p.place.screen}`)}</span>
      </div>
      <p className="proj-top__count" data-testid="connected-count">
        {t('GAME.CONNECTED', { count: connected, total: p.snapshot.roster.length })}
      </p>
      {p.status === 'reconnecting' ? (
        <p className="proj-top__status" role="status">
          {t('GAME.RECONNECTING')}
        </p>
      ) : null}
      <nav className="proj-top__tools" aria-label={t('GAME.TOOLS')}>
        <button
          type="button"
          className="proj-tool proj-top__menu"
          aria-expanded={menu}
          aria-controls={moreId}
          onClick={() => setMenu((m) => !m)}
        >
          <span aria-hidden="true">☰</span> {t('GAME.TOOLS_MENU')}
        </button>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape folds the panel back */}
        <div
          id={moreId}
          className={`proj-top__more${menu ? ' proj-top__more--open' : ''}`}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && menu) setMenu(false);
          }}
        >
          <fieldset className="proj-font">
            <legend className="sr-only">{t('GAME.FONT_SIZE')}</legend>
            <button
              type="button"
              className="proj-tool"
              onClick={() => p.onFont(-1)}
              disabled={p.fontSize <= GAME_FONT_SIZE_MIN_REM}
              title={t('GAME.FONT_SMALLER')}
            >
              {/* The accessible name starts with the visible text (axe: label-content-name-mismatch). */}
              A− <span className="sr-only">{t('GAME.FONT_SMALLER')}</span>
            </button>
            <button
              type="button"
              className="proj-tool"
              onClick={() => p.onFont(1)}
              disabled={p.fontSize >= GAME_FONT_SIZE_MAX_REM}
              title={t('GAME.FONT_BIGGER')}
            >
              A+ <span className="sr-only">{t('GAME.FONT_BIGGER')}</span>
            </button>
          </fieldset>
          <button
            type="button"
            className="proj-tool"
            onClick={p.onCalm}
            aria-pressed={p.calm}
            title={t('GAME.CALM_HINT')}
            data-testid="board-calm"
          >
            {t('GAME.CALM')}
          </button>
          <button type="button" className="proj-tool" onClick={p.onPause} title={t('GAME.PAUSE_HINT')}>
            {p.snapshot.paused ? t('GAME.RESUME') : t('GAME.PAUSE')}
          </button>
          <button type="button" className="proj-tool" onClick={p.onBlank} title={t('GAME.BLANK_HINT')}>
            {t('GAME.BLANK')}
          </button>
          <button
            type="button"
            className="proj-tool"
            onClick={p.onFullscreen}
            aria-pressed={p.fullscreen}
            title={t('GAME.FULLSCREEN_HINT')}
          >
            {p.fullscreen ? t('GAME.EXIT_FULLSCREEN') : t('GAME.FULLSCREEN')}
          </button>
        </div>
        {p.onBoard ? (
          <button type="button" className="proj-tool proj-tool--strong" onClick={p.onBoard}>
            {t('GAME.BACK_TO_BOARD')}
          </button>
        ) : (
          <button type="button" className="proj-tool" onClick={p.onQuit} data-testid="quit">
            {t('GAME.QUIT')}
          </button>
        )}
      </nav>
    </header>
  );
}
