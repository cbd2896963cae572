// /prof/administration/class/:id? — without an id, the form that creates a class; with one, the class:
// its form, its registration code (modal with a QR code), its students and the teachers sharing it.
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type {
  ClassCodeDto,
  ClassProfessorDto,
  SchoolclassDto,
  SchoolclassInput,
} from '../../../../../shared/schemas/schoolclass';
import type { SubjectDto } from '../../../../../shared/types';
import { WORLDS } from '../../../../../shared/worlds';
import { listSubjects } from '../../../api/catalogue';
import {
  createClass,
  deleteClass,
  generateCode,
  getClass,
  listClassProfessors,
  listClassStudents,
  updateClass,
} from '../../../api/classes';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/dates';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorKey, errorStatus } from '../../auth/api-error';
import { ClassForm } from './ClassForm';
import { CodeDialog } from './CodeDialog';
import { ProfessorsPanel } from './ProfessorsPanel';
import { StudentTable } from './StudentTable';
import './classes.css';

const LIST = '/prof/administration/classlist';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link className="cls-back" to={LIST}>
      ← {t('CLASSES.BACK_TO_LIST')}
    </Link>
  );
}

function NewClass({ subjects }: { subjects: SubjectDto[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { record, refresh } = useSession();
  const first = record?.professor?.schoolclasses[0];

  async function create(values: SchoolclassInput) {
    const c = await createClass(values);
    void queryClient.invalidateQueries({ queryKey: keys.classes, refetchType: 'none' });
    void refresh();
    feedback({ status: 'success', message: 'CLASSES.CREATED', params: { name: c.name } });
    navigate(`/prof/administration/class/${c.id}`, { replace: true });
  }

  return (
    <section className="cls stack">
      <BackLink />
      <header>
        <h1>{t('CLASSES.NEW_TITLE')}</h1>
        <p className="muted">{t('CLASSES.NEW_INTRO')}</p>
      </header>
      <ClassForm
        initial={first ? { subjectId: first.subjectId } : null}
        subjects={subjects}
        onSubmit={create}
        onCancel={() => navigate(LIST)}
      />
    </section>
  );
}

function ExistingClass({ id, subjects }: { id: string; subjects: SubjectDto[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { refresh } = useSession();
  const [editing, setEditing] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // One query each for the class, its students and its teachers: another class's page never shows
  // this one's (its calls are cancelled when the teacher leaves).
  const classQuery = useQuery({
    queryKey: keys.schoolclass(id),
    queryFn: ({ signal }) => getClass(id, signal),
  });
  const studentsQuery = useQuery({
    queryKey: keys.classStudents(id),
    queryFn: ({ signal }) => listClassStudents(id, signal),
  });
  const professorsQuery = useQuery({
    queryKey: keys.classProfessors(id),
    queryFn: ({ signal }) => listClassProfessors(id, signal),
  });
  const queries = [classQuery, studentsQuery, professorsQuery];
  const error = queries.some((q) => q.isFetching) ? null : queries.find((q) => q.isError)?.error;
  const state: 'loading' | 'ready' | 'missing' | 'failed' = error
    ? errorStatus(error) === 404 || errorStatus(error) === 400
      ? 'missing'
      : 'failed'
    : classQuery.data && studentsQuery.data && professorsQuery.data
      ? 'ready'
      : 'loading';
  const load = () => {
    for (const q of queries) if (q.isError) void q.refetch();
  };

  if (state === 'loading') return <p role="status">{t('CLASSES.LOADING')}</p>;
  if (state !== 'ready' || !classQuery.data || !studentsQuery.data || !professorsQuery.data) {
    return (
      <section className="cls stack">
        <BackLink />
        <div className="card stack" role="alert">
          <p>{t(state === 'missing' ? 'CLASSES.NOT_FOUND' : 'CLASSES.LOAD_FAILED')}</p>
          {state === 'failed' ? (
            <div>
              <Button onClick={load}>{t('CLASSES.RETRY')}</Button>
            </div>
          ) : null}
        </div>
      </section>
    );
  }
  const data = {
    schoolclass: classQuery.data,
    students: studentsQuery.data,
    professors: professorsQuery.data,
  };

  const c = data.schoolclass;
  const world = WORLDS[c.planet] ?? WORLDS.nebula;
  const shared = data.professors.length > 1;
  const setCode = (code: ClassCodeDto) => {
    changed(keys.schoolclass(id), (d: SchoolclassDto) => ({
      ...d,
      code: code.code,
      codeExpiresAt: code.codeExpiresAt,
    }));
  };

  async function save(values: SchoolclassInput) {
    const saved = await updateClass(id, values);
    changed(keys.schoolclass(id), () => saved);
    setEditing(false);
    void refresh();
    feedback({ status: 'success', message: 'CLASSES.SAVED', params: { name: saved.name } });
  }

  async function firstCode() {
    setGenerating(true);
    try {
      setCode(await generateCode(id));
      setCodeOpen(true);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setGenerating(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteClass(id);
      queryClient.removeQueries({ queryKey: keys.schoolclass(id) });
      void queryClient.invalidateQueries({ queryKey: keys.classes, refetchType: 'none' });
      void refresh();
      feedback({
        status: 'success',
        message: shared ? 'CLASSES.LEFT' : 'CLASSES.DELETED',
        params: { name: c.name },
      });
      navigate(LIST, { replace: true });
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
      setDeleting(false);
    }
  }

  return (
    <section className="cls stack" style={{ '--world-color': world.color } as CSSProperties}>
      <BackLink />
      <header className="cls-hero">
        <img
          className="cls-hero__icon"
          src={world.icon}
          alt=""
          width={72}
          height={72}
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
        />
        <div className="cls-hero__text">
          <h1>{c.name}</h1>
          <p>
            {t(`LEVELS.${c.level}`)} · {t(`SUBJECTS.${c.subjectCode}`)} ·{' '}
            {t('CLASSES.WORLD_OF', { world: t(`WORLDS.${c.planet}`) })}
          </p>
        </div>
        {editing ? null : (
          <>
            <Link
              className="btn btn--small btn--secondary"
              to={`/prof/analytics/schoolclasses/${c.id}/${c.subjectId}`}
            >
              {t('CLASSES.RESULTS', { subject: t(`SUBJECTS.${c.subjectCode}`) })}
            </Link>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('CLASSES.EDIT')}
            </Button>
          </>
        )}
      </header>

      {editing ? (
        <ClassForm initial={c} subjects={subjects} onSubmit={save} onCancel={() => setEditing(false)} />
      ) : null}

      <section className="card cls-register" aria-labelledby="register-title">
        <div>
          <h2 id="register-title">{t('CLASSES.CODE.SECTION')}</h2>
          {c.division ? (
            <p>{t('CLASSES.CODE.DIVISION')}</p>
          ) : c.code && c.codeExpiresAt ? (
            <p>
              {t('CLASSES.CODE.CURRENT', { code: c.code })}{' '}
              <span className="muted">
                {t('CLASSES.CODE.VALID_UNTIL', { date: formatDateTime(c.codeExpiresAt) })}
              </span>
            </p>
          ) : (
            <p>{t('CLASSES.CODE.NONE_YET')}</p>
          )}
        </div>
        {c.division ? null : c.code ? (
          <Button size="medium" data-code-action onClick={() => setCodeOpen(true)}>
            {t('CLASSES.CODE.SHOW')}
          </Button>
        ) : (
          <Button size="medium" data-code-action loading={generating} onClick={() => void firstCode()}>
            {t('CLASSES.CODE.GENERATE')}
          </Button>
        )}
      </section>

      <section className="stack cls-print" aria-labelledby="students-title" data-class-name={c.name}>
        <div className="cls-section-head">
          <h2 id="students-title">{t('CLASSES.STUDENTS.TITLE', { count: data.students.length })}</h2>
          <div className="cls-head-actions">
            {c.division ? null : (
              <Link className="btn btn--secondary" to={`/prof/administration/class/${id}/import`}>
                {t('ROSTER.OPEN')}
              </Link>
            )}
            {data.students.length ? (
              <Button variant="secondary" onClick={() => window.print()}>
                {t('CLASSES.STUDENTS.PRINT')}
              </Button>
            ) : null}
          </div>
        </div>
        {data.students.length === 0 ? (
          <div className="card cls-empty">
            <p>{t(c.division ? 'CLASSES.STUDENTS.EMPTY_DIVISION' : 'CLASSES.STUDENTS.EMPTY')}</p>
          </div>
        ) : (
          <StudentTable
            schoolclassId={id}
            students={data.students}
            onChange={(students) => changed(keys.classStudents(id), () => students)}
          />
        )}
      </section>

      <ProfessorsPanel
        schoolclassId={id}
        professors={data.professors}
        subjects={subjects}
        onAdded={(x) => changed(keys.classProfessors(id), (d: ClassProfessorDto[]) => [...d, x])}
      />

      <section className="card cls-danger" aria-labelledby="danger-title">
        <h2 id="danger-title">{t(shared ? 'CLASSES.LEAVE_TITLE' : 'CLASSES.DELETE_TITLE')}</h2>
        <p className="muted">{t(shared ? 'CLASSES.LEAVE_TEXT' : 'CLASSES.DELETE_TEXT')}</p>
        {confirmDelete ? (
          <div className="cls-confirm cls-confirm--left">
            <span>{t(shared ? 'CLASSES.CONFIRM_LEAVE' : 'CLASSES.CONFIRM_DELETE', { name: c.name })}</span>
            <Button className="btn--danger" loading={deleting} onClick={() => void remove()}>
              {t(shared ? 'CLASSES.LEAVE' : 'CLASSES.DELETE')}
            </Button>
            <Button variant="secondary" disabled={deleting} onClick={() => setConfirmDelete(false)}>
              {t('CLASSES.CANCEL')}
            </Button>
          </div>
        ) : (
          <div>
            <Button
              variant="secondary"
              className="btn--danger-outline"
              onClick={() => setConfirmDelete(true)}
            >
              {t(shared ? 'CLASSES.LEAVE' : 'CLASSES.DELETE')}
            </Button>
          </div>
        )}
      </section>

      {codeOpen ? (
        <CodeDialog
          schoolclassId={id}
          className={c.name}
          code={{ schoolclassId: id, code: c.code, codeExpiresAt: c.codeExpiresAt }}
          onChange={setCode}
          onClose={() => setCodeOpen(false)}
        />
      ) : null}
    </section>
  );
}

/**
 * A change the server confirmed, shown at once; the class list (names, counts, codes) is read again when
 * next shown.
 */
function changed<T>(queryKey: readonly unknown[], update: (d: T) => T) {
  queryClient.setQueryData<T>(queryKey, (d) => (d === undefined ? d : update(d)));
  void queryClient.invalidateQueries({ queryKey: keys.classes, exact: true, refetchType: 'none' });
}

function ClassPage() {
  const { id } = useParams();
  const subjects =
    useQuery({ queryKey: keys.subjects, queryFn: ({ signal }) => listSubjects(signal) }).data ?? [];
  return id ? <ExistingClass key={id} id={id} subjects={subjects} /> : <NewClass subjects={subjects} />;
}

export default withQueries(ClassPage);
