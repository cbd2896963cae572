// /prof/administration/chapters/:chapterId/raids/create and …/:raidId: the raid form. Title, library
// sharing, and questions of every kind (QuestionFields.tsx), reordered by drag and drop or the up/down
// buttons. Checked with the shared schema before sending; the server's error points at the same field.
// The chapter and the raid load through TanStack Query; a saved raid exports as GIFT, Moodle XML, XLSX.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import { FormProvider, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { RAID_TITLE_MAX } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import { IMPORT_XML_MAX_BYTES } from '../../../../../shared/question-import';
import { type RaidDto, type RaidSaveInput, raidSaveSchema } from '../../../../../shared/schemas/raid';
import {
  createRaid,
  exportRaid,
  getChapter,
  getRaid,
  getSharePreference,
  type RaidExportFormat,
  updateRaid,
} from '../../../api/raids';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { FieldShell } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorField, errorKey } from '../../auth/api-error';
import {
  errorAt,
  newQuestion,
  type QuestionDrag,
  QuestionFields,
  type RaidFormValues,
} from './QuestionFields';
import './raids.css';

export { FormulaPreview } from './QuestionFields';

/**
 * The saved raid as a question file (Moodle XML, GIFT, our XLSX template): what is stored, not the
 * form. Only Moodle XML carries images: the menu says so when the raid has some, and an export that
 * left images out says how many.
 */
function ExportMenu({ raidId, dirty }: { raidId: string; dirty: boolean }) {
  const { t } = useTranslation();
  // Read here (the form's context), so that typing elsewhere re-renders this menu only.
  const questions = useWatch<RaidFormValues, 'questions'>({ name: 'questions' });
  const hasImages = questions.some((q) => q.imagePath || q.explanationImagePath);
  const feedback = useFeedback();
  const [busy, setBusy] = useState<RaidExportFormat | null>(null);
  const formats: { format: RaidExportFormat; label: string }[] = [
    { format: 'gift', label: t('RAIDS.FORM.EXPORT_GIFT') },
    { format: 'moodle', label: t('RAIDS.FORM.EXPORT_MOODLE') },
    { format: 'xlsx', label: t('RAIDS.FORM.EXPORT_XLSX') },
  ];
  return (
    <details className="raid-form__export">
      <summary className="btn btn--secondary">{t('RAIDS.FORM.EXPORT')}</summary>
      <div className="raid-form__export-menu card">
        {dirty ? <p className="muted">{t('RAIDS.FORM.EXPORT_UNSAVED')}</p> : null}
        {hasImages ? <p className="muted">{t('RAIDS.FORM.EXPORT_IMAGES_NOTE')}</p> : null}
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            variant="secondary"
            loading={busy === format}
            onClick={() => {
              setBusy(format);
              exportRaid(raidId, format)
                .then(({ imagesLeftOut: count }) => {
                  if (count === 0) return;
                  feedback(
                    format === 'moodle'
                      ? {
                          status: 'success',
                          message: 'RAIDS.FORM.EXPORT_IMAGES_TOO_MANY',
                          params: { count, maxMb: IMPORT_XML_MAX_BYTES / (1024 * 1024) },
                        }
                      : {
                          status: 'success',
                          message: 'RAIDS.FORM.EXPORT_IMAGES_NOT_CARRIED',
                          params: { count },
                        },
                  );
                })
                .catch(() => feedback({ status: 'error', message: 'RAIDS.FORM.EXPORT_FAILED' }))
                .finally(() => setBusy(null));
            }}
          >
            {label}
          </Button>
        ))}
      </div>
    </details>
  );
}

const ImportQuestionsDialog = lazy(() => import('./import/ImportQuestionsDialog'));

const fromRaid = (r: RaidDto): RaidFormValues => ({
  title: r.title,
  shared: r.shared,
  questions: r.questions.map(newQuestion),
});

/** The body of a save: the form's values, an empty explanation sent as none. */
const toSave = (v: RaidFormValues): RaidSaveInput => ({
  ...v,
  questions: v.questions.map((q) => ({ ...q, explanation: q.explanation.trim() ? q.explanation : null })),
});

// The shared schema checks the whole form (resolver), on save and then on each change; `raw` keeps
// the values as typed (the server trims and cleans them the same way). The form's values are the
// schema's output shape (every default filled in), which its input accepts.
const resolver = zodResolver(raidSaveSchema, undefined, { raw: true }) as unknown as Resolver<RaidFormValues>;

function RaidEditPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { user, record } = useSession();
  const { chapterId = '', raidId } = useParams();
  const listUrl = `/prof/administration/chapters/${chapterId}/raids`;
  const [loaded, setLoaded] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  /** Questions whose image is uploading: saving waits for them. */
  const uploads = useRef(0);

  const form = useForm<RaidFormValues>({
    resolver,
    defaultValues: { title: '', shared: false, questions: [] },
    // Errors show from the first save on; the page focuses the first one itself (in the page's order).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, reset, getValues, trigger, watch, formState } = form;
  const { errors, isDirty, isSubmitted } = formState;
  const questions = useFieldArray({ control, name: 'questions' });
  const title = useWatch({ control, name: 'title' });

  // The session's sharing preference, read once when a new raid's form loads (a fallback when the
  // preference cannot be fetched). Not a dependency of the load: the session record arrives or
  // refreshes while a teacher types, and reloading then would throw their edits away.
  const sessionShare = useRef(false);
  sessionShare.current = record?.professor?.shareRaids ?? false;

  // The chapter, and the raid or the sharing preference for a new one (TanStack Query: a raid
  // opened again shows what was read a moment ago while it checks for news).
  const professorId = user?.professorId;
  const chapterQuery = useQuery({
    queryKey: keys.chapter(chapterId),
    queryFn: ({ signal }) => getChapter(chapterId, signal),
  });
  const raidQuery = useQuery({
    queryKey: keys.raid(raidId ?? ''),
    queryFn: ({ signal }) => getRaid(raidId ?? '', signal),
    enabled: !!raidId,
  });
  const shareQuery = useQuery({
    queryKey: keys.sharePreference(professorId ?? ''),
    queryFn: () =>
      getSharePreference(professorId ?? '').then(
        (p) => p.shareRaids,
        () => sessionShare.current,
      ),
    enabled: !raidId && !!professorId,
  });
  const chapter = chapterQuery.data ?? null;
  const source: RaidDto | boolean | undefined = raidId
    ? raidQuery.data
    : professorId
      ? shareQuery.data
      : false;
  const failure = chapterQuery.error ?? raidQuery.error;
  const loadError = failure
    ? errorKey(failure) === ERR.NOT_FOUND
      ? ERR.NOT_FOUND
      : 'RAIDS.LOAD_FAILED'
    : null;

  // The loaded values are the form's defaults (leaving with other values asks first). A newer copy
  // of the raid replaces them while the teacher has not typed; a new raid's form is set once.
  const loadedFrom = useRef<{ key: string; source: unknown } | null>(null);
  const dirtyNow = useRef(false);
  dirtyNow.current = isDirty;
  useEffect(() => {
    if (source === undefined) return;
    const key = raidId ?? 'new';
    const last = loadedFrom.current;
    if (last?.key === key && (!raidId || last.source === source || dirtyNow.current)) return;
    loadedFrom.current = { key, source };
    reset(
      typeof source === 'boolean'
        ? { title: '', shared: source, questions: [newQuestion()] }
        : fromRaid(source),
    );
    setLoaded(true);
  }, [source, raidId, reset]);

  // Any change drops the server's refusal; after a first save, the whole form is checked again (a
  // rule across fields, such as a duplicate question or a correct answer, follows each edit).
  useEffect(() => {
    const sub = watch(() => {
      setServerError(null);
      if (isSubmitted) void trigger();
    });
    return () => sub.unsubscribe();
  }, [watch, trigger, isSubmitted]);

  /** The message under a field: the shared rules first, then the server's refusal. */
  const message = (path: string) =>
    errorAt(errors, path) ?? (serverError?.field === path ? serverError.message : undefined);

  const dirty = loaded && !saving && isDirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const confirmLeave = (e: MouseEvent<HTMLAnchorElement>) => {
    if (dirty && !window.confirm(t('RAIDS.FORM.LEAVE_CONFIRM'))) e.preventDefault();
  };

  // After a refused save, the first field in error gets the focus.
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const el = document.querySelector<HTMLElement>(
      '.raid-form [aria-invalid="true"], .raid-form .field__error',
    );
    el?.scrollIntoView?.({ block: 'center' });
    if (el && 'focus' in el) el.focus();
  });

  if (loadError)
    return (
      <section className="adm stack">
        <Link className="adm__crumb" to={listUrl}>
          ← {t('RAIDS.FORM.CANCEL')}
        </Link>
        <div className="card" role="alert">
          {t(loadError)}
        </div>
      </section>
    );
  if (!loaded || !chapter) return <p role="status">{t('RAIDS.LOADING')}</p>;

  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= questions.fields.length || from === to) return;
    questions.move(from, to);
    setAnnounce(t('RAIDS.FORM.MOVED', { n: to + 1 }));
  };

  const save = handleSubmit(
    async (values) => {
      if (uploads.current > 0) {
        focusFirstError.current = true;
        return;
      }
      setSaving(true);
      try {
        const body = toSave(values);
        const saved = raidId ? await updateRaid(raidId, body) : await createRaid(chapterId, body);
        queryClient.setQueryData(keys.raid(saved.id), saved);
        void queryClient.invalidateQueries({ queryKey: keys.chapterRaids(chapterId) });
        void queryClient.invalidateQueries({ queryKey: keys.libraryAll, refetchType: 'none' });
        feedback({ status: 'success', message: 'RAIDS.FORM.SAVED', params: { title: saved.title } });
        navigate(listUrl);
      } catch (err) {
        setServerError({ field: errorField(err) ?? '_', message: errorKey(err) });
        focusFirstError.current = true;
        setSaving(false);
      }
    },
    () => {
      focusFirstError.current = true;
    },
  );

  const titleError = message('title');
  const questionsError = message('questions');
  const hasErrors = Object.keys(errors).length > 0 || !!serverError;
  const drag = (key: string, index: number): QuestionDrag => ({
    start: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', key);
      // The whole card follows the pointer, not only the handle.
      const card = (e.currentTarget as HTMLElement).closest('li');
      if (card) e.dataTransfer.setDragImage(card, 24, 24);
      setDragged(key);
    },
    enter: (e: DragEvent) => {
      e.preventDefault();
      if (dragged !== null) setOverKey(key);
    },
    drop: (e: DragEvent) => {
      e.preventDefault();
      const from = questions.fields.findIndex((x) => x.id === dragged);
      if (from >= 0) moveQuestion(from, index);
      setDragged(null);
      setOverKey(null);
    },
    end: () => {
      setDragged(null);
      setOverKey(null);
    },
  });

  return (
    <FormProvider {...form}>
      <section className="adm stack raid-form">
        <Link className="adm__crumb" to={listUrl} onClick={confirmLeave}>
          ← {chapter.name}
        </Link>
        <header className="adm__head">
          <div>
            <h1>{t(raidId ? 'RAIDS.FORM.TITLE_EDIT' : 'RAIDS.FORM.TITLE_NEW')}</h1>
            <p className="muted">
              {chapter.name} · {t(`LEVELS.${chapter.level}`)} · {t(`SUBJECTS.${chapter.subjectCode}`)}
            </p>
          </div>
          {raidId ? <ExportMenu raidId={raidId} dirty={isDirty} /> : null}
        </header>

        <div className="card raid-form__top">
          <div>
            <FieldShell label={t('RAIDS.FORM.RAID_TITLE')} error={titleError}>
              {(id, describedBy) => (
                <input
                  id={id}
                  className="field__input"
                  maxLength={RAID_TITLE_MAX + 20}
                  placeholder={t('RAIDS.FORM.RAID_TITLE_HINT')}
                  aria-invalid={!!titleError || undefined}
                  aria-describedby={describedBy}
                  {...register('title')}
                />
              )}
            </FieldShell>
            <div className={`rq__counter${title.trim().length > RAID_TITLE_MAX ? ' rq__counter--over' : ''}`}>
              {t('RAIDS.FORM.COUNTER', { count: title.trim().length, max: RAID_TITLE_MAX })}
            </div>
          </div>
          <div className="raid-form__share">
            <label className="raid-form__check">
              <input type="checkbox" {...register('shared')} />
              <strong>{t('RAIDS.FORM.SHARE')}</strong>
            </label>
            <p className="muted">{t('RAIDS.FORM.SHARE_HINT')}</p>
          </div>
        </div>

        <div className="raid-form__bar">
          <h2>
            {t('RAIDS.FORM.QUESTIONS')} ({questions.fields.length})
          </h2>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('RAIDS.FORM.IMPORT')}
          </Button>
        </div>
        {questionsError ? (
          <div className="field__error" role="alert">
            {translateError(questionsError)}
          </div>
        ) : null}
        <div className="sr-only" aria-live="polite">
          {announce}
        </div>
        <ol className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {questions.fields.map((field, i) => (
            <QuestionFields
              key={field.id}
              fieldKey={field.id}
              index={i}
              count={questions.fields.length}
              message={message}
              dragging={dragged === field.id}
              over={overKey === field.id && dragged !== field.id}
              drag={drag(field.id, i)}
              onMove={(to) => moveQuestion(i, to)}
              onRemove={() => questions.remove(i)}
              onUploading={(on) => {
                uploads.current += on ? 1 : -1;
              }}
            />
          ))}
        </ol>
        <div>
          <Button
            size="medium"
            variant="secondary"
            onClick={() => questions.append(newQuestion(), { shouldFocus: false })}
          >
            + {t('RAIDS.FORM.ADD_QUESTION')}
          </Button>
        </div>

        <div className="raid-form__footer">
          <Button size="medium" loading={saving} onClick={() => void save()}>
            {t('RAIDS.FORM.SAVE')}
          </Button>
          <Link className="btn btn--medium btn--secondary" to={listUrl} onClick={confirmLeave}>
            {t('RAIDS.FORM.CANCEL')}
          </Link>
          {hasErrors ? (
            <div className="field__error" role="alert">
              {serverError && !serverError.field.startsWith('questions') && serverError.field !== 'title'
                ? translateError(serverError.message)
                : t('RAIDS.FORM.FIX_ERRORS')}
            </div>
          ) : null}
        </div>

        {importing ? (
          <Suspense fallback={null}>
            <ImportQuestionsDialog
              existingQuestions={getValues('questions').map((q) => q.text)}
              onClose={() => setImporting(false)}
              onImport={(qs) => {
                setImporting(false);
                questions.replace([
                  ...getValues('questions').filter((q) => q.text.trim() || q.imagePath),
                  ...qs.map((d) => newQuestion(d)),
                ]);
                feedback({ status: 'success', message: 'RAIDS.FORM.IMPORTED', params: { count: qs.length } });
              }}
            />
          </Suspense>
        ) : null}
      </section>
    </FormProvider>
  );
}

export default withQueries(RaidEditPage);
