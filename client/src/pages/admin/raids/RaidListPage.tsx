// /prof/administration/chapters/:chapterId/raids: the raids of one of the teacher's chapters, with
// edit, send as homework and delete (after confirmation).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ChapterDto, RaidSummaryDto } from '../../../../../shared/schemas/raid';
import { deleteRaid, getChapter, listRaids } from '../../../api/raids';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/dates';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';
import './raids.css';

const SendHomeworkDialog = lazy(() => import('../homework/SendHomeworkDialog'));

function RaidRow({
  r,
  base,
  onSend,
  onDeleted,
}: {
  r: RaidSummaryDto;
  base: string;
  onSend(r: RaidSummaryDto): void;
  onDeleted(r: RaidSummaryDto): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await deleteRaid(r.id);
      feedback({ status: 'success', message: 'RAIDS.DELETED', params: { title: r.title } });
      onDeleted(r);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
      setBusy(false);
    }
  }

  return (
    <tr>
      <th scope="row">
        <Link className="adm__name" to={`${base}/${r.id}`}>
          {r.title}
        </Link>
      </th>
      <td>{t('RAIDS.QUESTION_COUNT', { count: r.questionCount })}</td>
      <td>
        {r.shared ? <span className="adm__badge">{t('RAIDS.SHARED_BADGE')}</span> : null}
        {r.isHomework ? <span className="adm__badge adm__badge--hw">{t('RAIDS.HOMEWORK_BADGE')}</span> : null}
      </td>
      <td>{formatDateTime(r.updatedAt)}</td>
      <td>
        {confirming ? (
          <div className="adm__confirm">
            <span>{t('RAIDS.CONFIRM_DELETE', { title: r.title })}</span>
            <Button className="btn--danger" loading={busy} onClick={() => void remove()}>
              {t('RAIDS.CONFIRM')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t('RAIDS.CANCEL')}
            </Button>
          </div>
        ) : (
          <div className="adm__actions">
            <Link className="btn btn--small btn--primary" to={`${base}/${r.id}`}>
              {t('RAIDS.EDIT')}
            </Link>
            <Button
              variant="secondary"
              onClick={() => onSend(r)}
              aria-label={`${t('RAIDS.SEND_HOMEWORK')} ${r.title}`}
            >
              {t('RAIDS.SEND_HOMEWORK')}
            </Button>
            <Button
              variant="secondary"
              className="btn--danger-outline"
              onClick={() => setConfirming(true)}
              aria-label={`${t('RAIDS.DELETE')} ${r.title}`}
            >
              {t('RAIDS.DELETE')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

function RaidListPage() {
  const { t } = useTranslation();
  const { chapterId = '' } = useParams();
  const [sending, setSending] = useState<RaidSummaryDto | null>(null);
  const base = `/prof/administration/chapters/${chapterId}/raids`;
  // By chapter: another chapter's page never shows this one's raids, and its calls are cancelled.
  const chapterQuery = useQuery({
    queryKey: keys.chapter(chapterId),
    queryFn: ({ signal }) => getChapter(chapterId, signal),
  });
  const raidsQuery = useQuery({
    queryKey: keys.chapterRaids(chapterId),
    queryFn: ({ signal }) => listRaids(chapterId, signal),
  });
  const chapter: ChapterDto | null = chapterQuery.data ?? null;
  const raids: RaidSummaryDto[] | null = raidsQuery.data ?? null;
  const error =
    chapterQuery.isFetching || raidsQuery.isFetching ? null : (chapterQuery.error ?? raidsQuery.error);
  const failed: string | null = error
    ? errorKey(error) === 'ERRORS.NOT_FOUND'
      ? 'ERRORS.NOT_FOUND'
      : 'RAIDS.LOAD_FAILED'
    : null;
  function load() {
    if (chapterQuery.isError) void chapterQuery.refetch();
    if (raidsQuery.isError) void raidsQuery.refetch();
  }
  function deleted(r: RaidSummaryDto) {
    // Gone from the list at once; the chapters (their raid counts) are read again when next shown.
    queryClient.setQueryData<RaidSummaryDto[]>(keys.chapterRaids(chapterId), (list) =>
      list?.filter((y) => y.id !== r.id),
    );
    void queryClient.invalidateQueries({ queryKey: keys.chapters, refetchType: 'none' });
  }

  return (
    <section className="adm stack">
      <Link className="adm__crumb" to="/prof/administration/chapters">
        ← {t('RAIDS.BACK_TO_CHAPTERS')}
      </Link>
      {failed ? (
        <div className="card stack" role="alert">
          <p>{t(failed)}</p>
          {failed === 'RAIDS.LOAD_FAILED' ? (
            <div>
              <Button onClick={load}>{t('RAIDS.RETRY')}</Button>
            </div>
          ) : null}
        </div>
      ) : !chapter || !raids ? (
        <p role="status">{t('RAIDS.LOADING')}</p>
      ) : (
        <>
          <header className="adm__head">
            <div>
              <h1>{chapter.name}</h1>
              <p className="muted">
                {t(`LEVELS.${chapter.level}`)} · {t(`SUBJECTS.${chapter.subjectCode}`)} —{' '}
                {t('RAIDS.LIST_INTRO')}
              </p>
            </div>
            <Link className="btn btn--medium btn--primary" to={`${base}/create`}>
              {t('RAIDS.NEW')}
            </Link>
          </header>
          {raids.length === 0 ? (
            <div className="card adm__empty stack">
              <p>{t('RAIDS.EMPTY')}</p>
              <div>
                <Link className="btn btn--medium btn--primary" to={`${base}/create`}>
                  {t('RAIDS.NEW')}
                </Link>
              </div>
            </div>
          ) : (
            <div className="adm__wrap">
              <table className="adm__table">
                <caption className="sr-only">{t('RAIDS.COUNT', { count: raids.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('RAIDS.COL.TITLE')}</th>
                    <th scope="col">{t('RAIDS.COL.QUESTIONS')}</th>
                    <th scope="col">{t('RAIDS.COL.STATUS')}</th>
                    <th scope="col">{t('RAIDS.COL.UPDATED')}</th>
                    <th scope="col">
                      <span className="sr-only">{t('RAIDS.COL.ACTIONS')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {raids.map((r) => (
                    <RaidRow key={r.id} r={r} base={base} onSend={setSending} onDeleted={deleted} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {sending ? (
        <Suspense fallback={null}>
          <SendHomeworkDialog
            raid={{ id: sending.id, title: sending.title }}
            onClose={() => setSending(null)}
            onSent={() => {
              setSending(null);
              // The raid's status changes: its chapter's list is read again, the homework too.
              void queryClient.invalidateQueries({ queryKey: keys.chapterRaids(chapterId) });
              void queryClient.invalidateQueries({ queryKey: keys.homework });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

export default withQueries(RaidListPage);
