// /school: the home of a school's management (SCHOOL role, issue 14), addressed as "vous": usage
// counts over a period, the school's teachers (pending ones first, approved or rejected here for the
// ENT) and its classes with head counts. No pupil's name, answer or phrase is ever shown or fetched.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  decideSchoolProfessor,
  getSchoolUsage,
  listSchoolClasses,
  listSchoolProfessors,
  type SchoolClass,
  type SchoolProfessor,
  type SchoolUsage,
} from '../../api/school';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';

const PERIODS = [7, 30, 365] as const;
const COUNTS = ['professors', 'classes', 'raidsPlayed', 'homeworkSent', 'activeStudents'] as const;

export default function SchoolHomePage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [days, setDays] = useState<number>(30);
  const [usage, setUsage] = useState<SchoolUsage | null>(null);
  const [professors, setProfessors] = useState<SchoolProfessor[] | null>(null);
  const [classes, setClasses] = useState<SchoolClass[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    Promise.all([listSchoolProfessors(), listSchoolClasses()])
      .then(([ts, cs]) => {
        setProfessors(ts);
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

  async function decide(professor: SchoolProfessor, action: 'approve-ent' | 'reject') {
    setBusy(professor.id);
    try {
      await decideSchoolProfessor(professor.id, action);
      const name = `${professor.firstName} ${professor.lastName}`;
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

      <section className="card stack" aria-labelledby="school-professors">
        <h2 id="school-professors">{t('SCHOOL_HOME.PROFESSORS_TITLE')}</h2>
        {professors === null ? (
          <p role="status">{t('SCHOOL_HOME.LOADING')}</p>
        ) : professors.length === 0 ? (
          <p>{t('SCHOOL_HOME.NO_PROFESSORS')}</p>
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
              {professors.map((professor) => (
                <tr key={professor.id}>
                  <th scope="row">
                    {professor.firstName} {professor.lastName}
                  </th>
                  <td>{t(`SCHOOL_HOME.STATUS.${professor.status}`, { defaultValue: professor.status })}</td>
                  <td>{professor.classes}</td>
                  <td>
                    {professor.status === 'PENDING_APPROVAL' ? (
                      <>
                        <Button
                          loading={busy === professor.id}
                          disabled={!!busy}
                          onClick={() => void decide(professor, 'approve-ent')}
                        >
                          {t('SCHOOL_HOME.APPROVE')}
                        </Button>{' '}
                        <Button
                          variant="secondary"
                          disabled={!!busy}
                          onClick={() => void decide(professor, 'reject')}
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
                <th scope="col">{t('SCHOOL_HOME.COL.PROFESSORS')}</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.name}</th>
                  <td>{t(`SUBJECTS.${c.subjectCode}`)}</td>
                  <td>{c.students}</td>
                  <td>{c.professors}</td>
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
