// /prof/select: the teacher's home. One card per class, in its world's colour, with a Play button.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserRecord } from '../../../../shared/types';
import { WORLDS } from '../../../../shared/worlds';
import { useSession } from '../../app/session';
import { Icon } from '../../components/layout/Icon';
import { Button } from '../../components/ui/Button';
import './professor-home.css';

type SchoolclassLink = NonNullable<UserRecord['professor']>['schoolclasses'][number];

export default function ProfessorHomePage() {
  const { t } = useTranslation();
  const { record, refresh } = useSession();
  if (!record) {
    return (
      <div className="card narrow stack" role="alert">
        <p>{t('ERRORS.GENERIC')}</p>
        <Button onClick={() => void refresh()}>{t('COMMON.RETRY')}</Button>
      </div>
    );
  }
  const classes = record.professor?.schoolclasses ?? [];
  return (
    <div className="prof-home">
      <section className="prof-home__hero">
        {record.avatar?.image ? (
          <img className="prof-home__avatar" src={record.avatar.image} alt={t('PROF_HOME.AVATAR_ALT')} />
        ) : null}
        <div className="prof-home__greeting">
          <h1>{t('PROF_HOME.HELLO', { name: `${record.firstName} ${record.lastName}` })}</h1>
          <p>{t(classes.length ? 'PROF_HOME.PICK_CLASS' : 'PROF_HOME.FIRST_STEPS')}</p>
          <div className="row">
            <Link
              className="btn btn--small btn--secondary prof-home__quick"
              to="/prof/administration/classlist"
            >
              <Icon name="admin" size={18} /> {t('PROF_HOME.MANAGE_CLASSES')}
            </Link>
            <Link
              className="btn btn--small btn--secondary prof-home__quick"
              to="/prof/administration/chapters"
            >
              <Icon name="raid" size={18} /> {t('PROF_HOME.MANAGE_RAIDS')}
            </Link>
            {record.isAdmin ? (
              <>
                <Link className="btn btn--small btn--secondary prof-home__quick" to="/users-validation">
                  <Icon name="account" size={18} /> {t('PROF_HOME.USERS_VALIDATION')}
                </Link>
                <Link className="btn btn--small btn--secondary prof-home__quick" to="/admin/tickets">
                  <Icon name="admin" size={18} /> {t('PROF_HOME.BUG_REPORTS')}
                </Link>
              </>
            ) : null}
          </div>
        </div>
      </section>

      {classes.length === 0 ? (
        <section className="prof-home__empty card" data-testid="prof-home-empty">
          <h2>{t('PROF_HOME.EMPTY_TITLE')}</h2>
          <p>{t('PROF_HOME.EMPTY_TEXT')}</p>
          <ol>
            <li>{t('PROF_HOME.EMPTY_STEP_1')}</li>
            <li>{t('PROF_HOME.EMPTY_STEP_2')}</li>
            <li>{t('PROF_HOME.EMPTY_STEP_3')}</li>
          </ol>
          <Link className="btn btn--medium btn--primary" to="/prof/administration/classlist">
            {t('PROF_HOME.CREATE_CLASS')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="prof-home-classes">
          <h2 id="prof-home-classes" className="prof-home__title">
            {t('PROF_HOME.MY_CLASSES', { count: classes.length })}
          </h2>
          <ul className="prof-home__grid">
            {classes.map((c) => (
              <ClassCard key={`${c.id}-${c.subjectId}`} schoolclass={c} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ClassCard({ schoolclass: c }: { schoolclass: SchoolclassLink }) {
  const { t } = useTranslation();
  const world = WORLDS[c.planet] ?? WORLDS.nebula;
  return (
    <li
      className="class-card"
      style={{ '--world-color': world.color } as CSSProperties}
      data-testid="class-card"
    >
      <div className="class-card__top">
        <img
          className="class-card__icon"
          src={world.icon}
          alt=""
          width={64}
          height={64}
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
        />
        <span className="class-card__world">{t(`WORLDS.${c.planet}`)}</span>
      </div>
      <h3 className="class-card__name">{c.name}</h3>
      <p className="class-card__meta">
        <span>{t(`LEVELS.${c.level}`)}</span>
        <span aria-hidden="true"> · </span>
        <span>{t(`SUBJECTS.${c.subjectCode}`)}</span>
      </p>
      <Link
        className="btn btn--medium class-card__play"
        to={`/prof/game/${c.id}/${c.subjectId}`}
        aria-label={t('PROF_HOME.PLAY_WITH', { name: c.name })}
      >
        <Icon name="play" size={20} /> {t('PROF_HOME.PLAY')}
      </Link>
    </li>
  );
}
