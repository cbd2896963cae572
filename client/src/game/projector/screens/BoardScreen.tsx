// The board: the class's world and every student (drawn by the scene), and the menu to start an
// activity. A list for screen readers repeats who is there.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomKey } from '../../../../../shared/game/contract';
import { studentLabel } from '../Avatar';
import { gamePath } from '../navigation';
import type { ScreenProps } from '../Projector';

const MENU = [
  { screen: 'select-raid', key: 'GAME.MENU.RAID', hint: 'GAME.MENU.RAID_HINT', glyph: '⚔' },
  { screen: 'summon', key: 'GAME.MENU.SUMMON', hint: 'GAME.MENU.SUMMON_HINT', glyph: '✦' },
  { screen: 'pick', key: 'GAME.MENU.PICK', hint: 'GAME.MENU.PICK_HINT', glyph: '⚄' },
  { screen: 'codex', key: 'GAME.MENU.CODEX', hint: 'GAME.MENU.CODEX_HINT', glyph: '❝' },
] as const;

export function BoardScreen({
  snapshot,
  powers,
  roomKey,
}: ScreenProps & { powers: ReadonlySet<string>; roomKey: RoomKey }) {
  const { t } = useTranslation();
  return (
    <div className="board">
      <nav className="board__menu" aria-label={t('GAME.MENU.TITLE')}>
        {MENU.map((m) => (
          <Link
            key={m.screen}
            className="board__item"
            to={gamePath(roomKey, { screen: m.screen, raidId: null })}
          >
            <span className="board__glyph" aria-hidden="true">
              {m.glyph}
            </span>
            <span className="board__label">{t(m.key)}</span>
            <span className="board__hint">{t(m.hint)}</span>
          </Link>
        ))}
      </nav>
      {snapshot.roster.length === 0 ? <p className="board__empty">{t('GAME.NO_STUDENTS')}</p> : null}
      <ul className="sr-only" aria-label={t('GAME.STUDENTS')} data-testid="roster">
        {snapshot.roster.map((r) => (
          <li key={r.studentId} data-connected={r.connected} data-power={powers.has(r.studentId)}>
            {studentLabel(r)}, {t('GAME.LEVEL', { level: r.level })},{' '}
            {r.connected ? t('GAME.PRESENT') : t('GAME.AWAY')}
            {powers.has(r.studentId) ? `, ${t('GAME.POWER_ACTIVE')}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
