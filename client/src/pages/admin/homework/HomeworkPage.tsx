// /prof/administration/homework: the teacher's homework raids (name, raid, class, subject, date sent,
// students who completed it), to stop or delete; and a way to send another raid as homework.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChapterDto, RaidSummaryDto } from '../../../../../shared/schemas/raid';
import {
  deleteHomework,
  listProfessorHomework,
  type ProfessorHomework,
  stopHomework,
} from '../../../api/homework';
import { listChapters, listRaids } from '../../../api/raids';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';
import SendHomeworkDialog from './SendHomeworkDialog';
import './homework.css';

function HomeworkRow({ hw, onChanged }: { hw: ProfessorHomework; onChanged(): void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'stop' | 'delete' | null>(null);

  async function act(kind: 'stop' | 'delete') {
    setBusy(kind);
    try {
      if (kind === 'stop') await stopHomework(hw.id);
      else await deleteHomework(hw.id);
      feedback({ status: 'success', message: kind === 'stop' ? 'HOMEWORK.STOPPED' : 'HOMEWORK.DELETED' });
      onChanged();
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  return (
    <tr>
      <th scope="row" data-label={t('HOMEWORK.COL.NAME')}>
        {hw.name}
        {hw.name !== hw.raidTitle ? <div className="muted hw__sub">{hw.raidTitle}</div> : null}
      </th>
      <td data-label={t('HOMEWORK.COL.CLASS')}>{hw.schoolclassName}</td>
      <td data-label={t('HOMEWORK.COL.SUBJECT')}>{t(`SUBJECTS.${hw.subject.code}`)}</td>
      <td data-label={t('HOMEWORK.COL.CREATED')} className="hw__num">
        {formatDateTime(hw.createdAt)}
      </td>
      <td data-label={t('HOMEWORK.COL.COMPLETED')} className="hw__num">
        {t('HOMEWORK.COMPLETED_OF', { count: hw.completedCount, total: hw.studentCount })}
        {hw.lateCount ? (
          <div className="muted hw__sub">{t('HOMEWORK.LATE_OF', { count: hw.lateCount })}</div>
        ) : null}
        {hw.startsOn ? (
          <div className="muted hw__sub">{t('HOMEWORK.FROM', { date: formatDay(hw.startsOn) })}</div>
        ) : null}
        {hw.dueOn ? (
          <div className="muted hw__sub">{t('HOMEWORK.DUE', { date: formatDay(hw.dueOn) })}</div>
        ) : null}
        {hw.maxTries && hw.maxTries > 1 ? (
          <div className="muted hw__sub">{t('HOMEWORK.TRIES_N', { count: hw.maxTries })}</div>
        ) : null}
      </td>
      <td data-label={t('HOMEWORK.COL.STATUS')}>
        <span className={`hw__status hw__status--${hw.isOnGoing ? 'on' : 'off'}`}>
          {t(hw.isOnGoing ? 'HOMEWORK.ONGOING' : 'HOMEWORK.FINISHED')}
        </span>
      </td>
      <td>
        <div className="hw__actions">
          {confirming ? (
            <div className="hw__confirm">
              <span>{t('HOMEWORK.CONFIRM_DELETE', { name: hw.name })}</span>
              <Button className="hw__danger" loading={busy === 'delete'} onClick={() => void act('delete')}>
                {t('HOMEWORK.DELETE')}
              </Button>
              <Button variant="secondary" disabled={!!busy} onClick={() => setConfirming(false)}>
                {t('HOMEWORK.CANCEL')}
              </Button>
            </div>
          ) : (
            <>
              <Link
                className="btn btn--small btn--secondary"
                aria-label={t('HOMEWORK.REPORT_FOR', { name: hw.name })}
                // A homework's play has the homework's id: its report opens whatever its date.
                to={`/prof/analytics/report/${hw.id}`}
              >
                {t('HOMEWORK.REPORT')}
              </Link>
              {hw.isOnGoing ? (
                <Button variant="secondary" loading={busy === 'stop'} onClick={() => void act('stop')}>
                  {t('HOMEWORK.STOP')}
                </Button>
              ) : null}
              <Button variant="secondary" disabled={!!busy} onClick={() => setConfirming(true)}>
                {t('HOMEWORK.DELETE')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Chapter, then raid: the raid to send (the raids list also opens the dialog). */
function RaidPicker({ onPick, onCancel }: { onPick(raid: RaidSummaryDto): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [chapterId, setChapterId] = useState('');
  const [raidId, setRaidId] = useState('');
  const chaptersQuery = useQuery({ queryKey: keys.chapters, queryFn: ({ signal }) => listChapters(signal) });
  // The chosen chapter's raids, by chapter: a quick change never shows the previous chapter's.
  const raidsQuery = useQuery({
    queryKey: keys.chapterRaids(chapterId),
    queryFn: ({ signal }) => listRaids(chapterId, signal),
    enabled: !!chapterId,
  });
  const chapters: ChapterDto[] | null = chaptersQuery.data ?? null;
  const raids: RaidSummaryDto[] | null = (chapterId && raidsQuery.data) || null;
  const failed = chaptersQuery.isError || (!!chapterId && raidsQuery.isError);

  const raid = raids?.find((r) => r.id === raidId);
  return (
    <div className="card hw__picker">
      <h2>{t('HOMEWORK.PICK_TITLE')}</h2>
      {failed ? <p role="alert">{t('HOMEWORK.LOAD_FAILED')}</p> : null}
      <div className="hw__picker-fields">
        <SelectField
          label={t('HOMEWORK.CHAPTER')}
          value={chapterId}
          onChange={(id) => {
            setChapterId(id);
            setRaidId('');
          }}
          placeholder={t('HOMEWORK.CHOOSE')}
          options={(chapters ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label={t('HOMEWORK.RAID')}
          value={raidId}
          onChange={setRaidId}
          disabled={!raids}
          placeholder={t('HOMEWORK.CHOOSE')}
          options={(raids ?? []).map((r) => ({ value: r.id, label: r.title }))}
        />
      </div>
      <div className="hw-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('HOMEWORK.CANCEL')}
        </Button>
        <Button disabled={!raid} onClick={() => raid && onPick(raid)}>
          {t('HOMEWORK.NEXT')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A homework sent, stopped or deleted: the homework lists are read again. The raids' lists carry a
 * "homework" badge per raid: the copies kept are dropped (not just marked stale), so that a list
 * opened next never shows a badge that is no longer true while it asks the server again.
 */
function homeworkChanged() {
  void queryClient.invalidateQueries({ queryKey: keys.homework });
  queryClient.removeQueries({ queryKey: keys.chapters, predicate: (q) => q.queryKey[2] === 'raids' });
  void queryClient.invalidateQueries({ queryKey: keys.chapters, refetchType: 'none' });
}

function HomeworkPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const professorId = user?.professorId ?? '';
  const [picking, setPicking] = useState(false);
  const [sending, setSending] = useState<{ id: string; title: string } | null>(null);
  const homework = useQuery({
    queryKey: keys.professorHomework(professorId),
    queryFn: ({ signal }) => listProfessorHomework(professorId, signal),
    enabled: !!professorId,
  });
  const list: ProfessorHomework[] | null = homework.data ?? null;
  const failed = homework.isError && !homework.isFetching;
  const load = () => void homework.refetch();

  return (
    <div className="hw stack">
      <div className="hw__head">
        <div>
          <h1>{t('HOMEWORK.TITLE')}</h1>
          <p className="muted">{t('HOMEWORK.INTRO')}</p>
        </div>
        {picking ? null : <Button onClick={() => setPicking(true)}>{t('HOMEWORK.NEW')}</Button>}
      </div>
      {picking ? (
        <RaidPicker
          onCancel={() => setPicking(false)}
          onPick={(r) => {
            setPicking(false);
            setSending({ id: r.id, title: r.title });
          }}
        />
      ) : null}
      {failed ? (
        <div className="card hw__empty" role="alert">
          <p>{t('HOMEWORK.LOAD_FAILED')}</p>
          <Button variant="secondary" onClick={load}>
            {t('HOMEWORK.RETRY')}
          </Button>
        </div>
      ) : list === null ? (
        <p className="muted">{t('HOMEWORK.LOADING')}</p>
      ) : list.length === 0 ? (
        <div className="card hw__empty">
          <p>{t('HOMEWORK.EMPTY')}</p>
        </div>
      ) : (
        <div className="hw__wrap">
          <table className="hw__table">
            <thead>
              <tr>
                <th scope="col">{t('HOMEWORK.COL.NAME')}</th>
                <th scope="col">{t('HOMEWORK.COL.CLASS')}</th>
                <th scope="col">{t('HOMEWORK.COL.SUBJECT')}</th>
                <th scope="col">{t('HOMEWORK.COL.CREATED')}</th>
                <th scope="col">{t('HOMEWORK.COL.COMPLETED')}</th>
                <th scope="col">{t('HOMEWORK.COL.STATUS')}</th>
                <th scope="col">
                  <span className="sr-only">{t('HOMEWORK.COL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((hw) => (
                <HomeworkRow key={hw.id} hw={hw} onChanged={homeworkChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {sending ? (
        <SendHomeworkDialog
          raid={sending}
          onClose={() => setSending(null)}
          onSent={() => {
            setSending(null);
            homeworkChanged();
          }}
        />
      ) : null}
    </div>
  );
}

export default withQueries(HomeworkPage);
