// /prof/administration/chapters: the teacher's chapters (level, subject, raids, updated date) and the
// chapter form (create or edit). Deleting a chapter asks first: its raids go with it.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAPTER_NAME_MAX, CLASS_LEVELS } from '../../../../../shared/constants';
import { type ChapterDto, chapterSchema } from '../../../../../shared/schemas/raid';
import type { SubjectDto } from '../../../../../shared/types';
import { listSubjects } from '../../../api/catalogue';
import { createChapter, deleteChapter, listChapters, updateChapter } from '../../../api/raids';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { formatDateTime } from '../../../lib/dates';
import { validate } from '../../../lib/form';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorField, errorKey } from '../../auth/api-error';
import './raids.css';

interface FormValues {
  name: string;
  level: string;
  subjectId: string;
}
type Editing = { id: string | null; values: FormValues };

function ChapterForm({
  editing,
  subjects,
  onCancel,
  onSaved,
}: {
  editing: Editing;
  subjects: SubjectDto[];
  onCancel(): void;
  onSaved(chapter: ChapterDto, created: boolean): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(editing.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof FormValues) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(chapterSchema, {
      name: values.name,
      level: values.level === '' ? undefined : Number(values.level),
      subjectId: values.subjectId || undefined,
    });
    if (!v.ok) {
      setErrors(v.errors);
      return;
    }
    setBusy(true);
    try {
      const saved = editing.id ? await updateChapter(editing.id, v.data) : await createChapter(v.data);
      onSaved(saved, !editing.id);
    } catch (err) {
      setErrors({ [errorField(err) ?? 'name']: errorKey(err) });
      setBusy(false);
    }
  }

  return (
    <form className="card adm__form" onSubmit={submit} noValidate aria-labelledby="chapter-form-title">
      <h2 id="chapter-form-title">{t(editing.id ? 'CHAPTERS.FORM_EDIT' : 'CHAPTERS.FORM_NEW')}</h2>
      <TextField
        label={t('CHAPTERS.NAME')}
        value={values.name}
        maxLength={CHAPTER_NAME_MAX + 20}
        placeholder={t('CHAPTERS.NAME_HINT')}
        error={errors.name}
        onChange={set('name')}
        autoFocus
      />
      <SelectField
        label={t('CHAPTERS.LEVEL')}
        value={values.level}
        placeholder={t('CHAPTERS.CHOOSE')}
        options={CLASS_LEVELS.map((l) => ({ value: String(l), label: t(`LEVELS.${l}`) }))}
        error={errors.level}
        onChange={set('level')}
      />
      <SelectField
        label={t('CHAPTERS.SUBJECT')}
        value={values.subjectId}
        placeholder={t('CHAPTERS.CHOOSE')}
        options={subjects.map((s) => ({
          value: s.id,
          label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
        }))}
        error={errors.subjectId}
        onChange={set('subjectId')}
      />
      <div className="adm__form-actions">
        <Button type="submit" size="medium" loading={busy}>
          {t(editing.id ? 'CHAPTERS.SAVE' : 'CHAPTERS.CREATE')}
        </Button>
        <Button variant="secondary" size="medium" onClick={onCancel} disabled={busy}>
          {t('CHAPTERS.CANCEL')}
        </Button>
      </div>
    </form>
  );
}

function ChapterRow({
  c,
  onEdit,
  onDeleted,
}: {
  c: ChapterDto;
  onEdit(c: ChapterDto): void;
  onDeleted(c: ChapterDto): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const raidsUrl = `/prof/administration/chapters/${c.id}/raids`;

  async function remove() {
    setBusy(true);
    try {
      await deleteChapter(c.id);
      feedback({ status: 'success', message: 'CHAPTERS.DELETED', params: { name: c.name } });
      onDeleted(c);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
      setBusy(false);
    }
  }

  return (
    <tr>
      <th scope="row">
        <Link className="adm__name" to={raidsUrl}>
          {c.name}
        </Link>
      </th>
      <td>{t(`LEVELS.${c.level}`)}</td>
      <td>{t(`SUBJECTS.${c.subjectCode}`)}</td>
      <td className="num">{c.raidCount}</td>
      <td>{formatDateTime(c.updatedAt)}</td>
      <td>
        {confirming ? (
          <div className="adm__confirm">
            <span>{t('CHAPTERS.CONFIRM_DELETE', { name: c.name, count: c.raidCount })}</span>
            <Button className="btn--danger" loading={busy} onClick={() => void remove()}>
              {t('CHAPTERS.CONFIRM')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t('CHAPTERS.CANCEL')}
            </Button>
          </div>
        ) : (
          <div className="adm__actions">
            <Link className="btn btn--small btn--primary" to={raidsUrl}>
              {t('CHAPTERS.OPEN')}
            </Link>
            <Button
              variant="secondary"
              onClick={() => onEdit(c)}
              aria-label={`${t('CHAPTERS.EDIT')} ${c.name}`}
            >
              {t('CHAPTERS.EDIT')}
            </Button>
            <Button
              variant="secondary"
              className="btn--danger-outline"
              onClick={() => setConfirming(true)}
              aria-label={`${t('CHAPTERS.DELETE')} ${c.name}`}
            >
              {t('CHAPTERS.DELETE')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * The chapters list as the server answered a change: shown at once, and every other query about
 * chapters (a chapter's raids, the library's chapter picker) is read again when next shown.
 */
function updateChapters(change: (list: ChapterDto[]) => ChapterDto[]) {
  queryClient.setQueryData<ChapterDto[]>(keys.chapters, (list) => (list ? change(list) : list));
  void queryClient.invalidateQueries({ queryKey: keys.chapters, refetchType: 'none' });
}

function ChaptersPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { record } = useSession();
  const [editing, setEditing] = useState<Editing | null>(null);
  const chaptersQuery = useQuery({ queryKey: keys.chapters, queryFn: ({ signal }) => listChapters(signal) });
  const subjectsQuery = useQuery({ queryKey: keys.subjects, queryFn: ({ signal }) => listSubjects(signal) });
  // Shown once both are read, as one load; a retry shows the loading line again.
  const chapters: ChapterDto[] | null = (subjectsQuery.data && chaptersQuery.data) ?? null;
  const subjects: SubjectDto[] = subjectsQuery.data ?? [];
  const failed =
    (chaptersQuery.isError || subjectsQuery.isError) &&
    !chaptersQuery.isFetching &&
    !subjectsQuery.isFetching;
  function load() {
    if (chaptersQuery.isError) void chaptersQuery.refetch();
    if (subjectsQuery.isError) void subjectsQuery.refetch();
  }

  // A new chapter starts with the level and subject of the teacher's first class.
  function startNew() {
    const first = record?.professor?.schoolclasses[0];
    setEditing({
      id: null,
      values: { name: '', level: first ? String(first.level) : '', subjectId: first?.subjectId ?? '' },
    });
  }

  function saved(c: ChapterDto, created: boolean) {
    setEditing(null);
    updateChapters((list) => [c, ...list.filter((x) => x.id !== c.id)]);
    feedback({
      status: 'success',
      message: created ? 'CHAPTERS.CREATED' : 'CHAPTERS.SAVED',
      params: { name: c.name },
    });
  }

  return (
    <section className="adm stack">
      <header className="adm__head">
        <div>
          <h1>{t('CHAPTERS.TITLE')}</h1>
          <p className="muted">{t('CHAPTERS.INTRO')}</p>
        </div>
        {!editing && chapters?.length ? (
          <Button size="medium" onClick={startNew}>
            {t('CHAPTERS.NEW')}
          </Button>
        ) : null}
      </header>
      {editing ? (
        <ChapterForm
          key={editing.id ?? 'new'}
          editing={editing}
          subjects={subjects}
          onCancel={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      {failed ? (
        <div className="card stack" role="alert">
          <p>{t('CHAPTERS.LOAD_FAILED')}</p>
          <div>
            <Button onClick={load}>{t('CHAPTERS.RETRY')}</Button>
          </div>
        </div>
      ) : chapters === null ? (
        <p role="status">{t('CHAPTERS.LOADING')}</p>
      ) : chapters.length === 0 ? (
        editing ? null : (
          <div className="card adm__empty stack">
            <p>{t('CHAPTERS.EMPTY')}</p>
            <div>
              <Button size="medium" onClick={startNew}>
                {t('CHAPTERS.NEW')}
              </Button>
            </div>
          </div>
        )
      ) : (
        <div className="adm__wrap">
          <table className="adm__table">
            <caption className="sr-only">{t('CHAPTERS.COUNT', { count: chapters.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('CHAPTERS.COL.NAME')}</th>
                <th scope="col">{t('CHAPTERS.COL.LEVEL')}</th>
                <th scope="col">{t('CHAPTERS.COL.SUBJECT')}</th>
                <th scope="col" className="num">
                  {t('CHAPTERS.COL.RAIDS')}
                </th>
                <th scope="col">{t('CHAPTERS.COL.UPDATED')}</th>
                <th scope="col">
                  <span className="sr-only">{t('CHAPTERS.COL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {chapters.map((c) => (
                <ChapterRow
                  key={c.id}
                  c={c}
                  onEdit={(x) =>
                    setEditing({
                      id: x.id,
                      values: { name: x.name, level: String(x.level), subjectId: x.subjectId },
                    })
                  }
                  onDeleted={(x) => updateChapters((list) => list.filter((y) => y.id !== x.id))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default withQueries(ChaptersPage);
