// /student/raid-list: a card per ongoing homework raid of the student's classes (name, subject,
// teacher, done or not with the score), or the student's character waiting when there is none.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { HomeworkRaidDto } from '../../../../../shared/types';
import { listHomework, retryHomework } from '../../../api/student';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { translateError } from '../../../i18n';
import { formatDay } from '../../../lib/dates';
import { useApplyDisplayPrefs } from '../../../lib/display-prefs';
import { errorKey } from '../../auth/api-error';
import './homework.css';

/** The character shown when the student has no avatar yet. */
export const WAITING_CHARACTER = '/assets/avatars/eleves/body/nefielmafe.webp';

export const playPath = (h: HomeworkRaidDto) =>
  `/student/raid/${h.id}/${h.professor.id}/${h.subject.id}/${h.raidId}/${h.schoolclassId}`;

export function professorName(t: (k: string) => string, h: Pick<HomeworkRaidDto, 'professor' | 'user'>) {
  const civility = h.professor.civility
    ? t(`STUDENT.RAIDS.CIVILITY_${h.professor.civility}`)
    : h.user.firstName;
  return `${civility} ${h.user.lastName}`;
}

/** A score with its decimal in the page's language (partial credit gives halves: "1,5"). */
export const scoreText = (score: number, lang: string) => new Intl.NumberFormat(lang).format(score);

export default function RaidListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState<string | null>(null);
  const { user, record } = useSession();
  // The pupil's reading-friendly display and fewer animations (issue 24), as on the homework itself.
  useApplyDisplayPrefs();
  const [list, setList] = useState<HomeworkRaidDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!user?.studentId) return;
    setError(null);
    try {
      setList(await listHomework(user.studentId));
    } catch (err) {
      setError(errorKey(err));
    }
  }, [user?.studentId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function newTry(h: HomeworkRaidDto) {
    if (!user?.studentId) return;
    setRetrying(h.id);
    try {
      await retryHomework(user.studentId, h.id);
      navigate(playPath(h));
    } catch (err) {
      setError(errorKey(err));
      setRetrying(null);
    }
  }

  return (
    <div className="homework-list">
      <h1>{t('STUDENT.RAIDS.TITLE')}</h1>
      {error ? (
        <div className="card stack" role="alert">
          <p>{translateError(error)}</p>
          <Button onClick={() => void load()}>{t('COMMON.RETRY')}</Button>
        </div>
      ) : list === null ? (
        <p className="muted" role="status">
          {t('STUDENT.RAIDS.LOADING')}
        </p>
      ) : list.length === 0 ? (
        <section className="waiting" aria-labelledby="waiting-title">
          <div className="waiting__bubble" aria-hidden="true">
            Zzz…
          </div>
          <img className="waiting__hero" src={record?.avatar?.image ?? WAITING_CHARACTER} alt="" />
          <h2 id="waiting-title">{t('STUDENT.RAIDS.EMPTY_TITLE')}</h2>
          <p>{t('STUDENT.RAIDS.EMPTY_TEXT')}</p>
        </section>
      ) : (
        <ul className="homework-cards" aria-label={t('STUDENT.RAIDS.TITLE')}>
          {list.map((h) => {
            // A new try under way plays like a homework not done yet (issue 21).
            const done = h.completion && !h.completion.retrying ? h.completion : null;
            const started = !done && h.answeredCount > 0;
            const triesLeft = h.completion ? h.maxTries - h.completion.tries : h.maxTries;
            return (
              <li
                key={h.id}
                className={`homework-card${done ? ' homework-card--done' : ''}`}
                data-testid="homework-card"
              >
                <div className="homework-card__top">
                  <span className="homework-card__subject">{t(`SUBJECTS.${h.subject.code}`)}</span>
                  <span className={`homework-card__state${done ? ' is-done' : ''}`}>
                    {done
                      ? t('STUDENT.RAIDS.DONE_SCORE', {
                          score: scoreText(done.score, i18n.language),
                          total: done.total,
                        })
                      : h.upcoming
                        ? t('STUDENT.RAIDS.UPCOMING')
                        : h.overdue
                          ? t('STUDENT.RAIDS.OVERDUE')
                          : t('STUDENT.RAIDS.TODO')}
                  </span>
                </div>
                <h2 className="homework-card__name">{h.name}</h2>
                <p className="homework-card__meta">
                  {professorName(t, h)} · {h.schoolclassName} ·{' '}
                  {t('STUDENT.RAIDS.QUESTIONS', { count: h.questionCount })}
                </p>
                {h.upcoming && h.startsOn ? (
                  <p className="homework-card__meta">
                    {t('STUDENT.RAIDS.FROM', { date: formatDay(h.startsOn) })}
                  </p>
                ) : null}
                {h.dueOn ? (
                  <p className={`homework-card__meta${!done && h.overdue ? ' is-late' : ''}`}>
                    {t('STUDENT.RAIDS.DUE', { date: formatDay(h.dueOn) })}
                    {done?.late ? ` · ${t('STUDENT.RAIDS.DONE_LATE')}` : ''}
                  </p>
                ) : null}
                {done && triesLeft > 0 && h.isOnGoing ? (
                  <p className="homework-card__meta">{t('STUDENT.RAIDS.TRIES_LEFT', { count: triesLeft })}</p>
                ) : null}
                {started ? (
                  <div
                    className="homework-card__progress"
                    role="progressbar"
                    aria-label={t('STUDENT.RAIDS.PROGRESS', {
                      answered: h.answeredCount,
                      total: h.questionCount,
                    })}
                    aria-valuemin={0}
                    aria-valuemax={h.questionCount}
                    aria-valuenow={h.answeredCount}
                  >
                    <span style={{ width: `${(100 * h.answeredCount) / Math.max(1, h.questionCount)}%` }} />
                  </div>
                ) : null}
                {done && triesLeft > 0 && h.isOnGoing ? (
                  <Button
                    className="homework-card__go"
                    loading={retrying === h.id}
                    onClick={() => void newTry(h)}
                  >
                    {t('STUDENT.RAIDS.NEW_TRY')}
                  </Button>
                ) : null}
                {h.upcoming ? (
                  <span className="btn btn--medium btn--secondary homework-card__go" aria-disabled="true">
                    {t('STUDENT.RAIDS.NOT_YET')}
                  </span>
                ) : (
                  <Link
                    to={playPath(h)}
                    className={`btn btn--medium ${done ? 'btn--secondary' : 'btn--primary'} homework-card__go`}
                    aria-label={`${t(done ? 'STUDENT.RAIDS.SEE' : started ? 'STUDENT.RAIDS.CONTINUE' : 'STUDENT.RAIDS.PLAY')} : ${h.name}`}
                  >
                    {t(
                      done ? 'STUDENT.RAIDS.SEE' : started ? 'STUDENT.RAIDS.CONTINUE' : 'STUDENT.RAIDS.PLAY',
                    )}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
