// /prof/analytics/students/:studentId: a teacher's page about one pupil (issue 21), across live raids
// and homework, in the classes and subjects this teacher teaches the pupil: level and XP, the XP
// curve, good answers per subject, and each raid or homework answered with a link to its report.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getPupilPage } from '../../api/analytics';
import { formatDateTime } from '../../lib/dates';
import { keys, withQueries } from '../../lib/query';
import { ExportButtons } from './ExportButtons';
import { PeriodPicker } from './PeriodPicker';
import { percent, usePeriod } from './period';
import { LoadStatus, Rate } from './Status';
import { TimeChart } from './TimeChart';
import { useQueryLoad } from './use-query-load';
import './analytics.css';

function PupilPage() {
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const [period, setPeriod] = usePeriod();
  const { data, error, reload } = useQueryLoad(keys.analytics('pupil', studentId, period), () =>
    getPupilPage(studentId, period),
  );
  const name = data ? `${data.student.firstName} ${data.student.lastName}` : '';
  return (
    <div className="an stack">
      <div className="an__head">
        <h1>{data ? t('ANALYTICS.PUPIL.TITLE', { name }) : t('ANALYTICS.PUPIL.TITLE_LOADING')}</h1>
        {data?.classes.length ? (
          <p className="an__crumb">
            {data.classes.map((c, i) => (
              <span key={`${c.schoolclassId}-${c.subjectId}`}>
                {i > 0 ? ' · ' : null}
                <Link to={`/prof/analytics/schoolclasses/${c.schoolclassId}/${c.subjectId}`}>
                  {c.schoolclassName} ({t(`SUBJECTS.${c.subjectCode}`)})
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <p className="muted">{t('ANALYTICS.PUPIL.INTRO')}</p>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <LoadStatus error={error} onRetry={reload} />
      ) : (
        <>
          <ul className="an-cards">
            <li className="card an-card">
              <span className="an-card__value" data-testid="pupil-level">
                {data.stats.level}
              </span>
              <span className="an-card__label">{t('ANALYTICS.PUPIL.LEVEL')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value" data-testid="pupil-xp">
                {data.stats.xp}
              </span>
              <span className="an-card__label">{t('ANALYTICS.PUPIL.XP')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value" data-testid="pupil-live">
                {data.stats.raidsPlayed.live}
              </span>
              <span className="an-card__label">{t('ANALYTICS.PUPIL.LIVE')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value" data-testid="pupil-homework">
                {data.stats.raidsPlayed.homework}
              </span>
              <span className="an-card__label">{t('ANALYTICS.PUPIL.HOMEWORK')}</span>
            </li>
          </ul>
          <section className="card stack">
            <TimeChart
              caption={t('ANALYTICS.PUPIL.CHART')}
              xLabel={t('ANALYTICS.ME.WHEN')}
              fillZero={false}
              stepped
              format={(x) => formatDateTime(x)}
              series={[
                {
                  label: t('ANALYTICS.PUPIL.XP'),
                  points: data.stats.xpHistory.map((p) => [p.at, p.xp] as [string, number]),
                },
              ]}
            />
          </section>
          <section className="card stack" aria-labelledby="an-pupil-subjects">
            <h2 id="an-pupil-subjects">{t('ANALYTICS.PUPIL.SUBJECTS')}</h2>
            {data.stats.subjects.length === 0 ? (
              <p className="muted">{t('ANALYTICS.PUPIL.NO_ANSWERS')}</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard (WCAG 2.1.1)
              <div className="an-table-wrap" tabIndex={0}>
                <table className="an-table">
                  <caption className="sr-only">{t('ANALYTICS.PUPIL.SUBJECTS')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('ANALYTICS.CLASSES.SUBJECT')}</th>
                      <th scope="col">{t('ANALYTICS.ME.GOOD_RATE')}</th>
                      <th scope="col">{t('ANALYTICS.ME.ANSWERS')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.stats.subjects.map((s) => (
                      <tr key={s.subjectId}>
                        <th scope="row">{t(`SUBJECTS.${s.subjectCode}`)}</th>
                        <td className="an-num">
                          <Rate value={s.goodAnswerRate} />
                        </td>
                        <td className="an-num">
                          {t('ANALYTICS.REPORT.OF', { count: s.correct, total: s.answers })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className="card stack" aria-labelledby="an-pupil-plays">
            <h2 id="an-pupil-plays">{t('ANALYTICS.PUPIL.PLAYS')}</h2>
            {data.plays.length === 0 ? (
              <p className="muted">{t('ANALYTICS.PUPIL.NO_ANSWERS')}</p>
            ) : (
              <>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard (WCAG 2.1.1) */}
                <div className="an-table-wrap" tabIndex={0}>
                  <table className="an-table" data-testid="pupil-plays">
                    <caption className="sr-only">{t('ANALYTICS.PUPIL.PLAYS')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('ANALYTICS.PUPIL.RAID')}</th>
                        <th scope="col">{t('ANALYTICS.PUPIL.KIND')}</th>
                        <th scope="col">{t('ANALYTICS.PUPIL.WHEN')}</th>
                        <th scope="col">{t('ANALYTICS.ME.GOOD_RATE')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.plays.map((p) => (
                        <tr key={p.playId}>
                          <th scope="row">
                            <Link to={`/prof/analytics/report/${p.playId}`}>{p.raidTitle}</Link>
                          </th>
                          <td>{t(`ANALYTICS.PUPIL.KINDS.${p.kind.toUpperCase()}`)}</td>
                          <td>{formatDateTime(p.answeredAt)}</td>
                          <td className="an-num">
                            {t('ANALYTICS.REPORT.OF', { count: p.correct, total: p.answers })} (
                            <Rate value={p.goodAnswerRate} />)
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <ExportButtons
                  table={() => ({
                    name: t('ANALYTICS.PUPIL.FILE', { name }),
                    header: [
                      t('ANALYTICS.PUPIL.RAID'),
                      t('ANALYTICS.PUPIL.KIND'),
                      t('ANALYTICS.PUPIL.WHEN'),
                      `${t('ANALYTICS.ME.GOOD_RATE')} (%)`,
                      t('ANALYTICS.ME.ANSWERS'),
                    ],
                    rows: data.plays.map((p) => [
                      p.raidTitle,
                      t(`ANALYTICS.PUPIL.KINDS.${p.kind.toUpperCase()}`),
                      new Date(p.answeredAt),
                      percent(p.goodAnswerRate),
                      `${p.correct} / ${p.answers}`,
                    ]),
                  })}
                />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default withQueries(PupilPage);
