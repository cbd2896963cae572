// /prof/analytics/schoolclasses/:schoolclassId/:subjectId: each student's phrases created, acceptance
// rate, good-answer rates (live and homework), XP and level, with manual XP; then the raids the class
// played, each opening its report.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { RaidPlay, StudentRow } from '../../../../shared/schemas/analytics';
import { getClassPlays, getClassStudents } from '../../api/analytics';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { formatDateTime as formatDate } from '../../lib/dates';
import { keys, queryClient, withQueries } from '../../lib/query';
import { ExportButtons } from './ExportButtons';
import { ManualXpDialog } from './ManualXpDialog';
import { PeriodPicker } from './PeriodPicker';
import { percent, usePeriod } from './period';
import { LoadStatus, Rate } from './Status';
import { useQueryLoad } from './use-query-load';
import './analytics.css';

function ClassStudentsPage() {
  const { schoolclassId = '', subjectId = '' } = useParams();
  // Another class (or subject) is another page: it never shows this one's rows while its own load.
  return (
    <ClassStudents
      key={`${schoolclassId}/${subjectId}`}
      schoolclassId={schoolclassId}
      subjectId={subjectId}
    />
  );
}

function ClassStudents({ schoolclassId, subjectId }: { schoolclassId: string; subjectId: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [period, setPeriod] = usePeriod();
  // One query per class, subject and period (a new period shows the last one's until it is read).
  const about = [schoolclassId, subjectId, period] as const;
  const students = useQueryLoad(keys.analytics('class-students', ...about), (signal) =>
    getClassStudents(schoolclassId, subjectId, period, signal),
  );
  const plays = useQueryLoad(keys.analytics('class-plays', ...about), (signal) =>
    getClassPlays(schoolclassId, subjectId, period, undefined, signal),
  );
  const [xpFor, setXpFor] = useState<StudentRow | null>(null);
  const data = students.data;
  const cols = [
    t('ANALYTICS.STUDENTS.LAST_NAME'),
    t('ANALYTICS.STUDENTS.FIRST_NAME'),
    t('ANALYTICS.STUDENTS.PHRASES'),
    t('ANALYTICS.STUDENTS.ACCEPTANCE'),
    t('ANALYTICS.STUDENTS.LIVE_RATE'),
    t('ANALYTICS.STUDENTS.HOMEWORK_RATE'),
    t('ANALYTICS.STUDENTS.XP'),
    t('ANALYTICS.STUDENTS.LEVEL'),
  ];
  return (
    <div className="an stack">
      <header className="an__head">
        <div>
          <p className="an__crumb">
            <Link to="/prof/analytics/schoolclasses">{t('ANALYTICS.CLASSES.TITLE')}</Link>
          </p>
          <h1>
            {data
              ? t('ANALYTICS.STUDENTS.TITLE', {
                  name: data.schoolclassName,
                  subject: t(`SUBJECTS.${data.subjectCode}`),
                })
              : t('ANALYTICS.STUDENTS.TITLE_LOADING')}
          </h1>
        </div>
      </header>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <LoadStatus error={students.error} onRetry={students.reload} />
      ) : (
        <section className="card stack" aria-labelledby="an-students">
          <h2 id="an-students">{t('ANALYTICS.STUDENTS.HEADING')}</h2>
          {data.students.length === 0 ? (
            <p className="muted">{t('ANALYTICS.STUDENTS.EMPTY')}</p>
          ) : (
            <div className="an-table-wrap">
              <table className="an-table">
                <caption className="sr-only">{t('ANALYTICS.STUDENTS.HEADING')}</caption>
                <thead>
                  <tr>
                    {cols.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="sr-only">{t('ANALYTICS.ACTIONS')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.students.map((s) => (
                    <tr key={s.studentId}>
                      <th scope="row">
                        {/* The row's header stays the last name: the link opens the pupil's page. */}
                        <Link to={`/prof/analytics/students/${s.studentId}`}>{s.lastName}</Link>
                      </th>
                      <td>{s.firstName}</td>
                      <td className="an-num">{s.phrasesCreated}</td>
                      <td className="an-num">
                        <Rate value={s.acceptanceRate} />
                      </td>
                      <td className="an-num">
                        <Rate value={s.liveGoodAnswerRate} />
                      </td>
                      <td className="an-num">
                        <Rate value={s.homeworkGoodAnswerRate} />
                      </td>
                      <td className="an-num">{s.xp}</td>
                      <td className="an-num">{s.level}</td>
                      <td>
                        <Button
                          variant="secondary"
                          aria-label={t('ANALYTICS.XP.OPEN_FOR', { name: `${s.firstName} ${s.lastName}` })}
                          onClick={() => setXpFor(s)}
                        >
                          {t('ANALYTICS.XP.OPEN')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ExportButtons
            table={() => ({
              name: `${data.schoolclassName} ${t(`SUBJECTS.${data.subjectCode}`)}`,
              header: [
                ...cols.slice(0, 2),
                t('ANALYTICS.STUDENTS.USERNAME'),
                cols[2],
                `${cols[3]} (%)`,
                `${cols[4]} (%)`,
                `${cols[5]} (%)`,
                cols[6],
                cols[7],
              ],
              rows: data.students.map((s) => [
                s.lastName,
                s.firstName,
                s.username,
                s.phrasesCreated,
                percent(s.acceptanceRate),
                percent(s.liveGoodAnswerRate),
                percent(s.homeworkGoodAnswerRate),
                s.xp,
                s.level,
              ]),
            })}
          />
        </section>
      )}
      <section className="card stack" aria-labelledby="an-plays">
        <h2 id="an-plays">{t('ANALYTICS.PLAYS.HEADING')}</h2>
        {!plays.data ? (
          <LoadStatus error={plays.error} onRetry={plays.reload} />
        ) : plays.data.plays.length === 0 ? (
          <p className="muted">{t('ANALYTICS.PLAYS.EMPTY')}</p>
        ) : (
          <PlaysTable
            plays={plays.data.plays}
            name={`${t('ANALYTICS.PLAYS.HEADING')} ${data?.schoolclassName ?? ''} ${data ? t(`SUBJECTS.${data.subjectCode}`) : ''}`}
          />
        )}
      </section>
      {xpFor ? (
        <ManualXpDialog
          schoolclassId={schoolclassId}
          subjectId={subjectId}
          student={xpFor}
          onClose={() => setXpFor(null)}
          onDone={(r) => {
            setXpFor(null);
            feedback({ status: 'success', message: 'ANALYTICS.XP.DONE' });
            students.setData((d) =>
              d
                ? {
                    ...d,
                    students: d.students.map((s) =>
                      s.studentId === r.studentId ? { ...s, xp: r.xp, level: r.level } : s,
                    ),
                  }
                : d,
            );
            // The XP shown elsewhere (other periods, the pupil's page) is read again when next shown.
            void queryClient.invalidateQueries({ queryKey: keys.analytics(), refetchType: 'none' });
          }}
        />
      ) : null}
    </div>
  );
}

export default withQueries(ClassStudentsPage);

function PlaysTable({ plays, name }: { plays: RaidPlay[]; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="an-table-wrap">
        <table className="an-table">
          <caption className="sr-only">{t('ANALYTICS.PLAYS.HEADING')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ANALYTICS.PLAYS.RAID')}</th>
              <th scope="col">{t('ANALYTICS.PLAYS.KIND')}</th>
              <th scope="col">{t('ANALYTICS.PLAYS.DATE')}</th>
              <th scope="col">{t('ANALYTICS.PLAYS.RESULT')}</th>
              <th scope="col">{t('ANALYTICS.PLAYS.PARTICIPANTS')}</th>
              <th scope="col">{t('ANALYTICS.PLAYS.GOOD_RATE')}</th>
            </tr>
          </thead>
          <tbody>
            {plays.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <Link to={`/prof/analytics/report/${p.id}`}>{p.raidTitle}</Link>
                </th>
                <td>{t(`ANALYTICS.KIND.${p.kind.toUpperCase()}`)}</td>
                <td className="an-num">{formatDate(p.startedAt)}</td>
                <td>{p.result ? t(`ANALYTICS.RESULT.${p.result}`) : '–'}</td>
                <td className="an-num">{p.participants}</td>
                <td className="an-num">
                  <Rate value={p.goodAnswerRate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ExportButtons
        table={() => ({
          name,
          header: [
            t('ANALYTICS.PLAYS.RAID'),
            t('ANALYTICS.PLAYS.KIND'),
            t('ANALYTICS.PLAYS.DATE'),
            t('ANALYTICS.PLAYS.RESULT'),
            t('ANALYTICS.PLAYS.PARTICIPANTS'),
            `${t('ANALYTICS.PLAYS.GOOD_RATE')} (%)`,
          ],
          rows: plays.map((p) => [
            p.raidTitle,
            t(`ANALYTICS.KIND.${p.kind.toUpperCase()}`),
            new Date(p.startedAt),
            p.result ? t(`ANALYTICS.RESULT.${p.result}`) : null,
            p.participants,
            percent(p.goodAnswerRate),
          ]),
        })}
      />
    </>
  );
}
