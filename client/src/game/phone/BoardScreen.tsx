// Summon, pick and codex happen on the board: the phone says where to look, and "it's you!" when
// the student is the one drawn.
import { useTranslation } from 'react-i18next';
import type { CodexView, PickView, RosterEntry, SummonView } from '../../../../shared/game/contract';
import { classmateTurn } from './wording';

interface Props {
  activity: SummonView | PickView | CodexView;
  studentId: string | null;
  roster: RosterEntry[];
}

export function BoardScreen({ activity, studentId, roster }: Props) {
  const { t } = useTranslation();
  // Phones know only their own roster entry: the server names the students of the activity.
  const names = activity.kind === 'codex' ? undefined : activity.names;
  const name = (id: string) => {
    const r = roster.find((x) => x.studentId === id);
    return names?.[id] ?? (r ? `${r.firstName} ${r.lastInitial}.` : '?');
  };

  if (activity.kind === 'summon' && studentId && activity.drawn === studentId) {
    return (
      <section className="board board--me" role="status">
        <h1 className="board__me">{t('PHONE.ITS_YOU')}</h1>
        <p className="board__text">
          {activity.marked === null
            ? t('PHONE.SUMMON_ANSWER')
            : activity.marked
              ? t('PHONE.SUMMON_RIGHT')
              : t('PHONE.SUMMON_WRONG')}
        </p>
      </section>
    );
  }

  let detail: string | null = null;
  let members: string[] = [];
  if (activity.kind === 'summon') {
    detail = activity.drawn ? classmateTurn(t, name(activity.drawn)) : t('PHONE.SUMMON_WAIT');
  } else if (activity.kind === 'pick' && studentId) {
    if (activity.mode === 'order') {
      const rank = (activity.groups[0] ?? []).indexOf(studentId);
      if (rank >= 0) detail = t('PHONE.PICK_ORDER', { rank: rank + 1 });
    } else {
      const g = activity.groups.findIndex((group) => group.includes(studentId));
      if (g >= 0) {
        detail = t('PHONE.PICK_TEAM', { team: g + 1 });
        members = (activity.groups[g] ?? []).filter((id) => id !== studentId).map(name);
      }
    }
  } else if (activity.kind === 'codex') {
    detail = t('PHONE.CODEX_TEXT');
  }

  return (
    <section className="board" role="status">
      <div className="board__eyes" aria-hidden="true">
        <span />
        <span />
      </div>
      <h1 className="board__title">{t('PHONE.LOOK_AT_BOARD')}</h1>
      {detail ? <p className="board__text">{detail}</p> : null}
      {members.length ? (
        <ul className="board__team" aria-label={t('PHONE.MY_TEAM')}>
          {members.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
