// /prof/administration/codex: the phrases students wrote to this teacher. Filters by status (never
// DELETED: the trash is its own view), subject and class, a search that ignores case and accents;
// approve, reject, delete (to the trash) and restore. Flagged pending phrases come first.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CODEX_STATUS,
  CODEX_TRANSITIONS,
  type CodexStatus,
  codexLabel,
  codexStatusName,
  type Phrase,
} from '../../../../../shared/codex';
import { deletePhrase, listProfessorCodex, setPhraseStatus } from '../../../api/codex';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { formatDateTime } from '../../../lib/dates';
import { errorKey } from '../../auth/api-error';
import { moderationOrder, searchKey } from './moderation';
import './codex-moderation.css';

const FILTER_STATUSES = [
  CODEX_STATUS.PENDING,
  CODEX_STATUS.APPROVED,
  CODEX_STATUS.REJECTED,
  CODEX_STATUS.DISPLAYED,
] as const;

type Action = 'approve' | 'reject' | 'delete' | 'restore';
const DONE: Record<Action, string> = {
  approve: 'CODEX.MODERATION.DONE_APPROVE',
  reject: 'CODEX.MODERATION.DONE_REJECT',
  delete: 'CODEX.MODERATION.DONE_DELETE',
  restore: 'CODEX.MODERATION.DONE_RESTORE',
};
const run = (c: Phrase, a: Action) =>
  a === 'delete'
    ? deletePhrase(c.id)
    : setPhraseStatus(
        c.id,
        a === 'approve'
          ? CODEX_STATUS.APPROVED
          : a === 'reject'
            ? CODEX_STATUS.REJECTED
            : CODEX_STATUS.PENDING,
      );

function FlagIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 2 1 21h22zm-1 7h2v6h-2zm0 8h2v2h-2z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4zM6 9h12l-1 12H7zm4 2v8h1.5v-8zm2.5 0v8H14v-8z" />
    </svg>
  );
}

function PhraseRow({ c, trash, onDone }: { c: Phrase; trash: boolean; onDone: (e: Phrase) => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [busy, setBusy] = useState<Action | null>(null);
  const label = codexLabel(c.status);
  const can = (to: CodexStatus) => CODEX_TRANSITIONS[c.status].includes(to);

  async function act(a: Action) {
    setBusy(a);
    try {
      const updated = await run(c, a);
      feedback({ status: 'success', message: DONE[a] });
      onDone(updated);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(null);
    }
  }
  const button = (a: Action, text: string, variant: 'primary' | 'secondary', className?: string) => (
    <Button
      variant={variant}
      className={className}
      loading={busy === a}
      disabled={!!busy}
      onClick={() => void act(a)}
    >
      {text}
    </Button>
  );

  return (
    <tr className={c.flagged ? 'cm__row--flagged' : undefined}>
      <td data-label={t('CODEX.MODERATION.COL.TEXT')} className="cm__text">
        <span>{c.text}</span>
        {c.flagged ? (
          <span className="cm__flag">
            <FlagIcon />
            {t('CODEX.MODERATION.FLAGGED')}
          </span>
        ) : null}
      </td>
      <th scope="row" data-label={t('CODEX.MODERATION.COL.AUTHOR')}>
        {c.firstName} {c.lastName}
      </th>
      <td data-label={t('CODEX.MODERATION.COL.CLASS')}>
        {c.schoolclass.name}
        <span className="cm__subject">
          {t(`SUBJECTS.${c.subject.code}`, { defaultValue: c.subject.name })}
        </span>
      </td>
      <td data-label={t('CODEX.MODERATION.COL.DATE')} className="cm__date">
        {formatDateTime(c.date)}
      </td>
      <td data-label={t('CODEX.MODERATION.COL.STATUS')}>
        <span className={`cm__status cm__status--${label.toLowerCase()}`}>{t(`CODEX.STATUS.${label}`)}</span>
        {c.status === CODEX_STATUS.DISPLAYED ? (
          <span className="cm__shown">{t('CODEX.MODERATION.SHOWN')}</span>
        ) : null}
      </td>
      <td className="cm__actions">
        <div className="cm__buttons">
          {trash ? (
            button('restore', t('CODEX.MODERATION.RESTORE'), 'primary')
          ) : (
            <>
              {can(CODEX_STATUS.APPROVED)
                ? button('approve', t('CODEX.MODERATION.APPROVE'), 'primary')
                : null}
              {can(CODEX_STATUS.REJECTED)
                ? button('reject', t('CODEX.MODERATION.REJECT'), 'secondary', 'btn--danger-outline')
                : null}
              <Button
                variant="secondary"
                className="cm__delete"
                loading={busy === 'delete'}
                disabled={!!busy}
                aria-label={t('CODEX.MODERATION.DELETE')}
                title={t('CODEX.MODERATION.DELETE')}
                onClick={() => void act('delete')}
              >
                {busy === 'delete' ? null : <TrashIcon />}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

export default function CodexModerationPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const professorId = user?.professorId ?? '';
  const [trash, setTrash] = useState(false);
  const [rows, setRows] = useState<Phrase[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState('');
  const [subject, setSubject] = useState('');
  const [schoolclass, setSchoolclass] = useState('');
  const [search, setSearch] = useState('');

  const load = useCallback(() => {
    setFailed(false);
    setRows(null);
    listProfessorCodex(professorId, trash)
      .then(setRows)
      .catch(() => setFailed(true));
  }, [professorId, trash]);
  useEffect(load, [load]);

  // A row whose status left this view (deleted, restored) goes; otherwise it is updated in place.
  const onDone = (e: Phrase) =>
    setRows(
      (list) =>
        list
          ?.map((c) => (c.id === e.id ? e : c))
          .filter((c) => (c.status === CODEX_STATUS.DELETED) === trash) ?? null,
    );

  const all = rows ?? [];
  const subjects = useMemo(() => [...new Map(all.map((c) => [c.subjectId, c.subject])).values()], [all]);
  const classes = useMemo(
    () =>
      [...new Map(all.map((c) => [c.schoolclassId, c.schoolclass])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [all],
  );
  const counts = useMemo(() => {
    const n = new Map<number, number>();
    for (const c of all) n.set(c.status, (n.get(c.status) ?? 0) + 1);
    return n;
  }, [all]);
  const shown = useMemo(() => {
    const q = searchKey(search.trim());
    return all
      .filter(
        (c) =>
          (trash || status === '' || c.status === Number(status)) &&
          (subject === '' || c.subjectId === subject) &&
          (schoolclass === '' || c.schoolclassId === schoolclass) &&
          (!q || searchKey(`${c.text} ${c.firstName} ${c.lastName}`).includes(q)),
      )
      .sort(moderationOrder);
  }, [all, trash, status, subject, schoolclass, search]);

  const statusName = (s: number) => t(`CODEX.STATUS.${codexStatusName(s)}`);

  return (
    <section className="cm stack">
      <header className="cm__header">
        <div>
          <h1>{trash ? t('CODEX.MODERATION.TRASH') : t('CODEX.MODERATION.TITLE')}</h1>
          <p className="muted">{trash ? t('CODEX.MODERATION.TRASH_INTRO') : t('CODEX.MODERATION.INTRO')}</p>
        </div>
        <Button variant="secondary" onClick={() => setTrash((v) => !v)}>
          {trash ? t('CODEX.MODERATION.BACK_TO_LIST') : t('CODEX.MODERATION.TRASH')}
        </Button>
      </header>

      {!trash && rows ? (
        <ul className="cm__counts" aria-label={t('CODEX.MODERATION.COUNTS')}>
          {FILTER_STATUSES.map((s) => (
            <li key={s}>
              <button
                type="button"
                className={`cm__count${status === String(s) ? ' cm__count--on' : ''}`}
                aria-pressed={status === String(s)}
                onClick={() => setStatus((cur) => (cur === String(s) ? '' : String(s)))}
              >
                <strong>{counts.get(s) ?? 0}</strong> {statusName(s)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="cm__filters card">
        {!trash ? (
          <SelectField
            label={t('CODEX.MODERATION.FILTER_STATUS')}
            value={status}
            placeholder={t('CODEX.MODERATION.ALL_STATUSES')}
            options={FILTER_STATUSES.map((s) => ({ value: String(s), label: statusName(s) }))}
            onChange={setStatus}
          />
        ) : null}
        <SelectField
          label={t('CODEX.MODERATION.FILTER_SUBJECT')}
          value={subject}
          placeholder={t('CODEX.MODERATION.ALL_SUBJECTS')}
          options={subjects.map((s) => ({
            value: s.id,
            label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
          }))}
          onChange={setSubject}
        />
        <SelectField
          label={t('CODEX.MODERATION.FILTER_CLASS')}
          value={schoolclass}
          placeholder={t('CODEX.MODERATION.ALL_CLASSES')}
          options={classes.map((c) => ({ value: c.id, label: c.name }))}
          onChange={setSchoolclass}
        />
        <TextField
          label={t('CODEX.MODERATION.SEARCH')}
          type="search"
          value={search}
          placeholder={t('CODEX.MODERATION.SEARCH_PLACEHOLDER')}
          onChange={setSearch}
        />
      </div>

      {failed ? (
        <div className="card stack" role="alert">
          <p>{t('CODEX.MODERATION.LOAD_FAILED')}</p>
          <div>
            <Button onClick={load}>{t('COMMON.RETRY')}</Button>
          </div>
        </div>
      ) : rows === null ? (
        <p role="status">{t('COMMON.LOADING')}</p>
      ) : all.length === 0 ? (
        <p className="card cm__empty">
          {trash ? t('CODEX.MODERATION.TRASH_EMPTY') : t('CODEX.MODERATION.EMPTY')}
        </p>
      ) : shown.length === 0 ? (
        <p className="card cm__empty">{t('CODEX.MODERATION.NO_MATCH')}</p>
      ) : (
        <div className="cm__wrap">
          <table className="cm__table">
            <caption className="sr-only">
              {t('CODEX.MODERATION.SHOWING', { count: shown.length, total: all.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('CODEX.MODERATION.COL.TEXT')}</th>
                <th scope="col">{t('CODEX.MODERATION.COL.AUTHOR')}</th>
                <th scope="col">{t('CODEX.MODERATION.COL.CLASS')}</th>
                <th scope="col">{t('CODEX.MODERATION.COL.DATE')}</th>
                <th scope="col">{t('CODEX.MODERATION.COL.STATUS')}</th>
                <th scope="col">
                  <span className="sr-only">{t('CODEX.MODERATION.COL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <PhraseRow key={c.id} c={c} trash={trash} onDone={onDone} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows && shown.length > 0 ? (
        <p className="muted cm__showing">
          {t('CODEX.MODERATION.SHOWING', { count: shown.length, total: all.length })}
        </p>
      ) : null}
    </section>
  );
}
