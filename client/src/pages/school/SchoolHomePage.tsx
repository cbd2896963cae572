// /school: the home of a school's management (SCHOOL role, issue 14), addressed as "vous": usage
// counts over a period, the school's teachers (pending ones first, approved or rejected here for the
// ENT) and its classes with head counts. No pupil's name, answer or phrase is ever shown or fetched.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  decideSchoolTeacher,
  getSchoolUsage,
  listSchoolClasses,
  listSchoolTeachers,
  type SchoolClass,
  type SchoolTeacher,
  type SchoolUsage,
} from '../../api/school';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';

const PERIODS = [7, 30, 365] as const;
const COUNTS = ['teachers', 'classes', 'raidsPlayed', 'homeworkSent', 'activeStudents'] as const;

export default function SchoolHomePage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [days, setDays] = useState<number>(30);
  const [usage, setUsage] = useState<SchoolUsage | null>(null);
  const [teachers, setTeachers] = useState<SchoolTeacher[] | null>(null);
  const [classes, setClasses] = useState<SchoolClass[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    Promise.all([listSchoolTeachers(), listSchoolClasses()])
      .then(([ts, cs]) => {
        setTeachers(ts);
        setClasses(cs);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    getSchoolUsage(days)
      .then(setUsage)
      .catch(() => setFailed(true));
  }, [days]);

  async function decide(teacher: SchoolTeacher, action: 'approve-ent' | 'reject') {
    setBusy(teacher.id);
    try {
      await decideSchoolTeacher(teacher.id, action);
      const name = `${teacher.firstName} ${teacher.lastName}`;
      feedback({
        status: 'success',
        message: action === 'reject' ? 'SCHOOL_HOME.REJECTED' : 'SCHOOL_HOME.APPROVED',
        params: { name },
      });
      load();
      getSchoolUsage(days)
        .then(setUsage)
        .catch(() => {});
    } catch {
      feedback({ status: 'error', message: 'ERRORS.GENERIC' });
    } finally {
      setBusy(null);
    }
  }

  if (failed)
    return (
      <div className="card stack" role="alert">
        <p>{t('SCHOOL_HOME.LOAD_FAILED')}</p>
        <div>
          <Button onClick={load}>{t('SCHOOL_HOME.RETRY')}</Button>
        </div>
      </div>
    );

  return (
    <section className="stack">
      <header className="stack">
        <h1>{t('SCHOOL_HOME.TITLE')}</h1>
        <p className="muted">{usage ? t('SCHOOL_HOME.UAI', { uai: usage.uai }) : t('SCHOOL_HOME.LOADING')}</p>
        <p className="muted">{t('SCHOOL_HOME.INTRO')}</p>
      </header>

      <section className="card stack" aria-labelledby="school-usage">
        <h2 id="school-usage">{t('SCHOOL_HOME.USAGE_TITLE')}</h2>
        <label>
          {t('SCHOOL_HOME.PERIOD')}{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                {t('SCHOOL_HOME.DAYS', { count: d })}
              </option>
            ))}
          </select>
        </label>
        {usage ? (
          <dl className="school__counts">
            {COUNTS.map((k) => (
              <div key={k}>
                <dt>{t(`SCHOOL_HOME.COUNT.${k}`)}</dt>
                <dd>{usage[k]}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p role="status">{t('SCHOOL_HOME.LOADING')}</p>
        )}
        <p className="muted">{t('SCHOOL_HOME.PRIVACY')}</p>
      </section>

      <section className="card stack" aria-labelledby="school-teachers">
        <h2 id="school-teachers">{t('SCHOOL_HOME.TEACHERS_TITLE')}</h2>
        {teachers === null ? (
          <p role="status">{t('SCHOOL_HOME.LOADING')}</p>
        ) : teachers.length === 0 ? (
          <p>{t('SCHOOL_HOME.NO_TEACHERS')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('SCHOOL_HOME.COL.NAME')}</th>
                <th scope="col">{t('SCHOOL_HOME.COL.STATUS')}</th>
                <th scope="col">{t('SCHOOL_HOME.COL.CLASSES')}</th>
                <th scope="col">
                  <span className="sr-only">{t('SCHOOL_HOME.COL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {teachers.map((teacher) => (
                <tr key={teacher.id}>
                  <th scope="row">
                    {teacher.firstName} {teacher.lastName}
                  </th>
                  <td>{t(`SCHOOL_HOME.STATUS.${teacher.status}`, { defaultValue: teacher.status })}</td>
                  <td>{teacher.classes}</td>
                  <td>
                    {teacher.status === 'PENDING_APPROVAL' ? (
                      <>
                        <Button
                          loading={busy === teacher.id}
                          disabled={!!busy}
                          onClick={() => void decide(teacher, 'approve-ent')}
                        >
                          {t('SCHOOL_HOME.APPROVE')}
                        </Button>{' '}
                        <Button
                          variant="secondary"
                          disabled={!!busy}
                          onClick={() => void decide(teacher, 'reject')}
                        >
                          {t('SCHOOL_HOME.REJECT')}
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card stack" aria-labelledby="school-classes">
        <h2 id="school-classes">{t('SCHOOL_HOME.CLASSES_TITLE')}</h2>
        {classes === null ? (
          <p role="status">{t('SCHOOL_HOME.LOADING')}</p>
        ) : classes.length === 0 ? (
          <p>{t('SCHOOL_HOME.NO_CLASSES')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('SCHOOL_HOME.COL.CLASS')}</th>
                <th scope="col">{t('SCHOOL_HOME.COL.SUBJECT')}</th>
                <th scope="col">{t('SCHOOL_HOME.COL.STUDENTS')}</th>
                <th scope="col">{t('SCHOOL_HOME.COL.TEACHERS')}</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.name}</th>
                  <td>{t(`SUBJECTS.${c.subjectCode}`)}</td>
                  <td>{c.students}</td>
                  <td>{c.teachers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <p>
        <Link to="/sign-out-school">{t('SCHOOL_HOME.SIGN_OUT')}</Link>
      </p>
    </section>
  );
}
