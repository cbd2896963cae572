// /prof/analytics/schoolclasses: one row per class and subject of the teacher, with its students,
// homework (individual) and live (collective) raids completed and the victory rate (SPEC point 2).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getClassesAnalytics } from '../../api/analytics';
import { keys, withQueries } from '../../lib/query';
import { ExportButtons } from './ExportButtons';
import { PeriodPicker } from './PeriodPicker';
import { percent, usePeriod } from './period';
import { LoadStatus, Rate } from './Status';
import { useQueryLoad } from './use-query-load';
import './analytics.css';

function ClassesPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const { data, error, reload } = useQueryLoad(keys.analytics('classes', period), () =>
    getClassesAnalytics(period),
  );
  const search = new URLSearchParams(
    Object.entries(period).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  const cols = [
    t('ANALYTICS.CLASSES.CLASS'),
    t('ANALYTICS.CLASSES.SUBJECT'),
    t('ANALYTICS.CLASSES.STUDENTS'),
    t('ANALYTICS.CLASSES.INDIVIDUAL'),
    t('ANALYTICS.CLASSES.COLLECTIVE'),
    t('ANALYTICS.CLASSES.VICTORY_RATE'),
  ];
  return (
    <div className="an stack">
      <header className="an__head">
        <div>
          <h1>{t('ANALYTICS.CLASSES.TITLE')}</h1>
          <p className="muted">{t('ANALYTICS.CLASSES.INTRO')}</p>
        </div>
      </header>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <LoadStatus error={error} onRetry={reload} />
      ) : data.classes.length === 0 ? (
        <div className="card an-empty">
          <p>{t('ANALYTICS.CLASSES.EMPTY')}</p>
        </div>
      ) : (
        <section className="card stack">
          <div className="an-table-wrap">
            <table className="an-table">
              <caption>{t('ANALYTICS.CLASSES.CAPTION')}</caption>
              <thead>
                <tr>
                  {cols.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.classes.map((c) => (
                  <tr key={`${c.schoolclassId}/${c.subjectId}`}>
                    <th scope="row">
                      <Link to={`/prof/analytics/schoolclasses/${c.schoolclassId}/${c.subjectId}?${search}`}>
                        {c.schoolclassName}
                      </Link>
                    </th>
                    <td>{t(`SUBJECTS.${c.subjectCode}`)}</td>
                    <td className="an-num">{c.studentsCount}</td>
                    <td className="an-num">{c.individualRaidsCompleted}</td>
                    <td className="an-num">{c.collectiveRaidsCompleted}</td>
                    <td className="an-num">
                      <Rate value={c.victoryRate} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ExportButtons
            table={() => ({
              name: t('ANALYTICS.CLASSES.FILE'),
              header: cols.map((c, i) => (i === 5 ? `${c} (%)` : c)),
              rows: data.classes.map((c) => [
                c.schoolclassName,
                t(`SUBJECTS.${c.subjectCode}`),
                c.studentsCount,
                c.individualRaidsCompleted,
                c.collectiveRaidsCompleted,
                percent(c.victoryRate),
              ]),
            })}
          />
        </section>
      )}
    </div>
  );
}

export default withQueries(ClassesPage);
