// VICTORY or DEFEAT, with each student's gain, and the way back to the board. The report opens with
// names hidden: it shows on the projector (issue 21).
import { useTranslation } from 'react-i18next';
import type { RaidView } from '../../../../../shared/game/contract';
import { AvatarImage, studentLabel } from '../Avatar';
import type { ScreenProps } from '../Projector';

export function RaidResult({ raid, snapshot, toBoard }: ScreenProps & { raid: RaidView }) {
  const { t } = useTranslation();
  const outcome = raid.result?.outcome ?? 'DEFEAT';
  const gains = raid.result?.gains ?? {};
  const rows = snapshot.roster
    .filter((r) => gains[r.studentId])
    .sort((a, b) => gains[b.studentId].xp - gains[a.studentId].xp || a.firstName.localeCompare(b.firstName));
  return (
    <section
      className={`result result--${outcome.toLowerCase()}`}
      aria-labelledby="result-title"
      data-testid="result"
    >
      <h2 id="result-title" className="result__title">
        {t(`GAME.RESULT.${outcome}`)}
      </h2>
      <p className="result__subtitle">
        {t(outcome === 'VICTORY' ? 'GAME.RESULT.VICTORY_TEXT' : 'GAME.RESULT.DEFEAT_TEXT', {
          boss: raid.boss.name,
        })}
      </p>
      {rows.length ? (
        <ul className="result__gains">
          {rows.map((r) => (
            <li key={r.studentId}>
              <AvatarImage student={r} size={48} />
              <span className="result__name">{studentLabel(r)}</span>
              <span className="result__xp">{t('GAME.RESULT.XP', { xp: gains[r.studentId].xp })}</span>
              <span className="result__coins">
                {t('GAME.RESULT.COINS', { count: gains[r.studentId].coins })}
              </span>
              {raid.result?.levelUps?.[r.studentId] ? (
                <span className="result__level-up" data-testid="result-level-up">
                  {t('GAME.RESULT.LEVEL_UP', { level: raid.result.levelUps[r.studentId] })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('GAME.RESULT.NO_PLAYERS')}</p>
      )}
      <div className="result__actions">
        <a
          className="proj-btn"
          href={`/prof/analytics/report/latest?${new URLSearchParams({
            schoolclassId: snapshot.schoolclassId,
            subjectId: snapshot.subjectId,
            raidId: raid.raidId,
            // Projected: students are numbered until the teacher shows their names (issue 21).
            names: 'hidden',
          })}`}
          target="_blank"
          rel="noopener"
        >
          {t('GAME.RESULT.OPEN_REPORT')}
        </a>
        <button type="button" className="proj-btn proj-btn--primary" onClick={() => void toBoard()}>
          {t('GAME.BACK_TO_BOARD')}
        </button>
      </div>
    </section>
  );
}
