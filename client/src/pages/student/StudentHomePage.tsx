// /student: the student's home on a phone (360x800 first). Kept light: no zod, KaTeX or Pixi here.
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORLDS } from '../../../../shared/worlds';
import { countHomework } from '../../api/student';
import { useSession } from '../../app/session';
import { Icon } from '../../components/layout/Icon';
import { Button } from '../../components/ui/Button';
import { LiveRoomCard } from '../../game/phone/LiveRoomCard';
import { useAsync } from '../../lib/use-async';
import './student-home.css';

const TILES = [
  {
    id: 'raids',
    to: '/student/raid-list',
    icon: 'raid',
    label: 'STUDENT_HOME.TILE_RAIDS',
    hint: 'STUDENT_HOME.TILE_RAIDS_HINT',
  },
  {
    id: 'codex',
    to: '/student/edit-codex',
    icon: 'codex',
    label: 'STUDENT_HOME.TILE_CODEX',
    hint: 'STUDENT_HOME.TILE_CODEX_HINT',
  },
  {
    id: 'avatars',
    to: '/student/avatar-selection',
    icon: 'avatar',
    label: 'STUDENT_HOME.TILE_AVATARS',
    hint: 'STUDENT_HOME.TILE_AVATARS_HINT',
  },
  {
    id: 'shop',
    to: '/student/skin-shop',
    icon: 'shop',
    label: 'STUDENT_HOME.TILE_SHOP',
    hint: 'STUDENT_HOME.TILE_SHOP_HINT',
  },
] as const;

/** Ongoing homework not done yet, for the badge on the Raids tile (none shown while unknown). */
function useHomeworkToDo(studentId: string | null | undefined): number {
  const counted = useAsync(studentId || null, (signal) => countHomework(studentId ?? '', signal));
  return counted?.ok ? counted.data.count : 0;
}

export default function StudentHomePage() {
  const { t } = useTranslation();
  const { user, record, refresh } = useSession();
  const toDo = useHomeworkToDo(user?.studentId);
  // Back from a lesson (or any page that changed them), the level, XP and coins are read again.
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!record) {
    return (
      <div className="card narrow stack" role="alert">
        <p>{t('ERRORS.GENERIC')}</p>
        <Button onClick={() => void refresh()}>{t('COMMON.RETRY')}</Button>
      </div>
    );
  }
  const s = record.student;
  const progress = Math.max(0, Math.min(100, Math.round(s?.levelProgression ?? 0)));
  const classes = s?.schoolclasses ?? [];
  const mainWorld = classes[0] ? WORLDS[classes[0].planet] : null;

  return (
    <div
      className="student-home"
      style={mainWorld ? ({ '--world-color': mainWorld.color } as CSSProperties) : undefined}
    >
      <LiveRoomCard />

      <section className="hero-card">
        <div className="hero-card__avatar">
          {record.avatar?.image ? (
            <img src={record.avatar.image} alt={t('STUDENT_HOME.AVATAR_ALT')} />
          ) : (
            <Link to="/student/avatar-selection" className="hero-card__choose">
              {t('STUDENT_HOME.CHOOSE_AVATAR')}
            </Link>
          )}
        </div>
        <div className="hero-card__body">
          <h1 className="hero-card__name">
            {record.firstName} {record.lastName}
          </h1>
          <p className="hero-card__username">@{record.username}</p>
          <div className="level">
            <span className="level__badge">{t('STUDENT_HOME.LEVEL', { level: s?.level ?? 1 })}</span>
            <div
              className="level__bar"
              role="progressbar"
              aria-label={t('STUDENT_HOME.PROGRESS_LABEL')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <div className="level__fill" style={{ width: `${progress}%` }} />
            </div>
            <span className="level__pct">{progress}%</span>
          </div>
        </div>
      </section>

      <ul className="stats" aria-label={t('STUDENT_HOME.STATS')}>
        <li className="stat stat--coin">
          <Icon name="coin" size={24} />
          <span className="stat__value">{s?.coin ?? 0}</span>
          <span className="stat__label">{t('STUDENT_HOME.COINS')}</span>
        </li>
        <li className="stat stat--xp">
          <Icon name="star" size={24} />
          <span className="stat__value">{s?.xp ?? 0}</span>
          <span className="stat__label">{t('STUDENT_HOME.XP')}</span>
        </li>
        <li className="stat stat--power">
          <Icon name="bolt" size={24} />
          <span className="stat__value">{s?.powerXp ?? 0}</span>
          <span className="stat__label">{t('STUDENT_HOME.POWER_XP')}</span>
        </li>
      </ul>

      <nav className="tiles" aria-label={t('STUDENT_HOME.TILES')}>
        {TILES.map((tile) => (
          <Link key={tile.id} to={tile.to} className={`tile tile--${tile.id}`}>
            <Icon name={tile.icon} size={36} />
            <span className="tile__label">{t(tile.label)}</span>
            <span className="tile__hint">{t(tile.hint)}</span>
            {tile.id === 'raids' && toDo > 0 ? (
              <span className="tile__badge" data-testid="raids-to-do">
                {t('STUDENT_HOME.TILE_RAIDS_TODO', { count: toDo })}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>

      <section className="my-classes">
        <h2>{t('STUDENT_HOME.MY_CLASSES')}</h2>
        {classes.length === 0 ? (
          <p className="muted">{t(record.isGar ? 'STUDENT_HOME.NO_CLASS_GAR' : 'STUDENT_HOME.NO_CLASS')}</p>
        ) : (
          <ul className="my-classes__list">
            {classes.map((c) => (
              <li
                key={c.id}
                className="my-classes__item"
                style={{ '--world-color': WORLDS[c.planet]?.color } as CSSProperties}
              >
                <span className="my-classes__dot" aria-hidden="true" />
                <span className="my-classes__name">{c.name}</span>
                <span className="my-classes__world">{t(`WORLDS.${c.planet}`)}</span>
              </li>
            ))}
          </ul>
        )}
        {!record.isGar ? (
          <Link to="/student/account/join-class" className="my-classes__join">
            {t('STUDENT_HOME.JOIN_CLASS')}
          </Link>
        ) : null}
      </section>

      <p className="student-home__signout">
        <Link to="/sign-out-student">{t('STUDENT_HOME.SIGN_OUT')}</Link>
      </p>
    </div>
  );
}
