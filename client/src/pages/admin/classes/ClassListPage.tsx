// /prof/administration/classlist: the teacher's classes as cards in their world's colour, with the
// number of students and the registration code, and the button that creates a class.
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SchoolclassDto } from '../../../../../shared/schemas/schoolclass';
import { WORLDS } from '../../../../../shared/worlds';
import { listClasses } from '../../../api/classes';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/dates';
import { keys, withQueries } from '../../../lib/query';
import { SchoolDivisions } from './SchoolDivisions';
import './classes.css';

const NEW = '/prof/administration/class';

function ClassTile({ c }: { c: SchoolclassDto }) {
  const { t } = useTranslation();
  const world = WORLDS[c.planet] ?? WORLDS.nebula;
  const url = `/prof/administration/class/${c.id}`;
  return (
    <li
      className="cls-tile"
      style={{ '--world-color': world.color } as CSSProperties}
      data-testid="class-tile"
    >
      <div className="cls-tile__band">
        <span>{t(`WORLDS.${c.planet}`)}</span>
      </div>
      <div className="cls-tile__body">
        <h2 className="cls-tile__name">
          <Link to={url}>{c.name}</Link>
        </h2>
        <p className="muted">
          {t(`LEVELS.${c.level}`)} · {t(`SUBJECTS.${c.subjectCode}`)}
        </p>
        <p>{t('CLASSES.LIST.STUDENTS', { count: c.studentCount })}</p>
        <p className={c.code ? 'cls-tile__code' : 'muted'}>
          {c.division
            ? t('CLASSES.LIST.DIVISION_NO_CODE')
            : c.code && c.codeExpiresAt
              ? t('CLASSES.LIST.CODE', { code: c.code, date: formatDateTime(c.codeExpiresAt) })
              : t('CLASSES.LIST.NO_CODE')}
        </p>
        <Link
          className="btn btn--small btn--primary"
          to={url}
          aria-label={t('CLASSES.LIST.OPEN_NAMED', { name: c.name })}
        >
          {t('CLASSES.LIST.OPEN')}
        </Link>
      </div>
    </li>
  );
}

function ClassListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useQuery({ queryKey: keys.classes, queryFn: ({ signal }) => listClasses(signal) });
  const classes = query.data ?? null;
  const failed = query.isError && !query.isFetching;
  const load = () => void query.refetch();

  return (
    <section className="cls stack">
      <header className="cls-head">
        <div>
          <h1>{t('CLASSES.LIST.TITLE')}</h1>
          <p className="muted">{t('CLASSES.LIST.INTRO')}</p>
        </div>
        <Link className="btn btn--medium btn--primary" to={NEW}>
          {t('CLASSES.LIST.NEW')}
        </Link>
      </header>
      {user?.isGar ? <SchoolDivisions onCreated={load} /> : null}
      {failed ? (
        <div className="card stack" role="alert">
          <p>{t('CLASSES.LOAD_FAILED')}</p>
          <div>
            <Button onClick={load}>{t('CLASSES.RETRY')}</Button>
          </div>
        </div>
      ) : classes === null ? (
        <p role="status">{t('CLASSES.LOADING')}</p>
      ) : classes.length === 0 ? (
        <div className="card cls-empty stack">
          <h2>{t('CLASSES.LIST.EMPTY_TITLE')}</h2>
          <ol className="cls-empty__steps">
            {/* A GAR/ENT teacher's pupils come from the school's divisions, with no code (item 15). */}
            <li>{t(user?.isGar ? 'CLASSES.LIST.EMPTY_GAR_STEP_1' : 'CLASSES.LIST.EMPTY_STEP_1')}</li>
            <li>{t(user?.isGar ? 'CLASSES.LIST.EMPTY_GAR_STEP_2' : 'CLASSES.LIST.EMPTY_STEP_2')}</li>
            <li>{t(user?.isGar ? 'CLASSES.LIST.EMPTY_GAR_STEP_3' : 'CLASSES.LIST.EMPTY_STEP_3')}</li>
          </ol>
          <div>
            <Link className="btn btn--medium btn--primary" to={NEW}>
              {t('CLASSES.LIST.NEW')}
            </Link>
          </div>
        </div>
      ) : (
        <ul className="cls-tiles">
          {classes.map((c) => (
            <ClassTile key={c.id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default withQueries(ClassListPage);
