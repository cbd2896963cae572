// /prof/administration/chapters/:chapterId/raids/create and …/:raidId: the raid form. Title, library
// sharing, and questions (text, optional image, equation mode with a live KaTeX preview, 2 to 6 answers
// with at least one correct), reordered by drag and drop or the up/down buttons. Checked with the
// shared schema before sending; the server's error points at the same field.
import {
  type ChangeEvent,
  type DragEvent,
  lazy,
  type MouseEvent,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ANSWERS_MIN, IMAGE_MAX_BYTES, QUESTION_MAX, RAID_TITLE_MAX } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import {
  ANSWER_MAX,
  ANSWERS_MAX,
  type ChapterDto,
  type QuestionDraft,
  type RaidDto,
  type RaidSaveInput,
  raidSaveSchema,
} from '../../../../../shared/schemas/raid';
import {
  createRaid,
  getChapter,
  getRaid,
  getSharePreference,
  questionImageUrl,
  updateRaid,
  uploadQuestionImage,
} from '../../../api/raids';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { FieldShell } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { hasFormula, MathSpans, useKatex } from '../../../lib/math';
import { errorField, errorKey } from '../../auth/api-error';
import './raids.css';

const ImportQuestionsDialog = lazy(() => import('./import/ImportQuestionsDialog'));

interface AnswerForm {
  key: number;
  text: string;
  isCorrect: boolean;
}
interface QuestionForm {
  key: number;
  /** The stored question's id (kept on save); none for a new or imported question. */
  id?: string;
  text: string;
  equationMode: boolean;
  imagePath: string | null;
  uploading: boolean;
  /** A refused file (type or size), shown under the image until another is chosen. */
  imageError: string | null;
  answers: AnswerForm[];
}
interface FormState {
  title: string;
  shared: boolean;
  questions: QuestionForm[];
}

let nextKey = 1;
const newAnswer = (text = '', isCorrect = false): AnswerForm => ({ key: nextKey++, text, isCorrect });
const newQuestion = (
  d?: Partial<QuestionDraft> & { id?: string; imagePath?: string | null },
): QuestionForm => ({
  key: nextKey++,
  id: d?.id,
  text: d?.text ?? '',
  equationMode: d?.equationMode ?? false,
  imagePath: d?.imagePath ?? null,
  uploading: false,
  imageError: null,
  answers: d?.answers?.map((a) => newAnswer(a.text, a.isCorrect)) ?? [newAnswer(), newAnswer()],
});
const fromRaid = (r: RaidDto): FormState => ({
  title: r.title,
  shared: r.shared,
  questions: r.questions.map(newQuestion),
});

const toBody = (f: FormState): RaidSaveInput => ({
  title: f.title,
  shared: f.shared,
  questions: f.questions.map((q) => ({
    ...(q.id ? { id: q.id } : {}),
    text: q.text,
    equationMode: q.equationMode,
    imagePath: q.imagePath,
    answers: q.answers.map((a) => ({ text: a.text, isCorrect: a.isCorrect })),
  })),
});

/** The first message per field path ("title", "questions.2.answers.1.text", …). */
function checkForm(f: FormState): Record<string, string> {
  const r = raidSaveSchema.safeParse(toBody(f));
  const errors: Record<string, string> = {};
  if (!r.success) for (const issue of r.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

// The preview renders through the one KaTeX helper (client/src/lib/math.tsx: fetched the first time
// a preview needs it, limits, clamped box), in display style as on the board. A formula KaTeX cannot
// render stays as its own plain text, without an error.
export function FormulaPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const katex = useKatex([text]);
  return (
    <div className="rq__preview" data-testid="formula-preview">
      <span className="rq__preview-label">{t('RAIDS.FORM.PREVIEW')}</span>
      <MathSpans text={text} katex={katex} display />
    </div>
  );
}

interface QuestionCardProps {
  q: QuestionForm;
  index: number;
  count: number;
  errors: Record<string, string>;
  dragging: boolean;
  over: boolean;
  onChange(update: (q: QuestionForm) => QuestionForm): void;
  onImage(file: File): void;
  onMove(to: number): void;
  onRemove(): void;
  drag: {
    start(e: DragEvent): void;
    enter(e: DragEvent): void;
    drop(e: DragEvent): void;
    end(): void;
  };
}

function QuestionCard({
  q,
  index,
  count,
  errors,
  dragging,
  over,
  onChange,
  onImage,
  onMove,
  onRemove,
  drag,
}: QuestionCardProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const path = `questions.${index}`;
  const fileRef = useRef<HTMLInputElement>(null);
  const listError = errors[`${path}.answers`];
  const imageError = q.imageError ?? errors[`${path}.imagePath`];
  const setText = (text: string) =>
    onChange((x) => ({ ...x, text, equationMode: x.equationMode || text.includes('$$') }));
  const setAnswer = (key: number, patch: Partial<AnswerForm>) =>
    onChange((x) => ({
      ...x,
      equationMode: x.equationMode || !!patch.text?.includes('$$'),
      answers: x.answers.map((a) => (a.key === key ? { ...a, ...patch } : a)),
    }));

  return (
    <li
      className={`card rq${dragging ? ' rq--dragging' : ''}${over ? ' rq--over' : ''}`}
      onDragEnter={drag.enter}
      onDragOver={(e) => e.preventDefault()}
      onDrop={drag.drop}
      data-testid="question-card"
      aria-labelledby={`q-title-${q.key}`}
    >
      <div className="rq__handle">
        <span className="rq__num" aria-hidden="true">
          {n}
        </span>
        {/* The mouse handle; the keyboard uses the buttons below (same move, announced). */}
        <span
          className="rq__grip"
          draggable
          title={t('RAIDS.FORM.DRAG', { n })}
          aria-hidden="true"
          onDragStart={drag.start}
          onDragEnd={drag.end}
        >
          ⠿
        </span>
        <button
          type="button"
          className="rq__move"
          aria-label={t('RAIDS.FORM.MOVE_UP', { n })}
          title={t('RAIDS.FORM.MOVE_UP', { n })}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ▲
        </button>
        <button
          type="button"
          className="rq__move"
          aria-label={t('RAIDS.FORM.MOVE_DOWN', { n })}
          title={t('RAIDS.FORM.MOVE_DOWN', { n })}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ▼
        </button>
      </div>
      <div className="rq__body">
        <div className="rq__head">
          <h3 id={`q-title-${q.key}`}>{t('RAIDS.FORM.QUESTION_N', { n })}</h3>
          <label className="raid-form__check">
            <input
              type="checkbox"
              checked={q.equationMode}
              onChange={(e) => onChange((x) => ({ ...x, equationMode: e.target.checked }))}
            />
            {t('RAIDS.FORM.EQUATION_MODE')}
          </label>
          <Button variant="secondary" className="btn--danger-outline" onClick={onRemove}>
            {t('RAIDS.FORM.REMOVE_QUESTION')}
          </Button>
        </div>
        <FieldShell
          label={t('RAIDS.FORM.QUESTION_TEXT')}
          error={errors[`${path}.text`]}
          hint={q.equationMode ? t('RAIDS.FORM.EQUATION_HINT') : undefined}
        >
          {(id, describedBy) => (
            <textarea
              id={id}
              className="field__input rq__text"
              value={q.text}
              rows={2}
              aria-invalid={!!errors[`${path}.text`] || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </FieldShell>
        <div className={`rq__counter${q.text.trim().length > QUESTION_MAX ? ' rq__counter--over' : ''}`}>
          {t('RAIDS.FORM.COUNTER', { count: q.text.trim().length, max: QUESTION_MAX })}
        </div>
        {q.equationMode ? <FormulaPreview text={q.text} /> : null}

        <div className="rq__media">
          {q.imagePath ? (
            <img src={questionImageUrl(q.imagePath)} alt={t('RAIDS.FORM.IMAGE_ALT', { n })} />
          ) : null}
          <input
            ref={fileRef}
            className="rq__file"
            type="file"
            accept="image/png,image/jpeg"
            tabIndex={-1}
            aria-label={t('RAIDS.FORM.IMAGE')}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onImage(file);
            }}
          />
          <Button variant="secondary" loading={q.uploading} onClick={() => fileRef.current?.click()}>
            {t(q.imagePath ? 'RAIDS.FORM.CHANGE_IMAGE' : 'RAIDS.FORM.ADD_IMAGE')}
          </Button>
          {q.imagePath ? (
            <Button
              variant="secondary"
              onClick={() => onChange((x) => ({ ...x, imagePath: null, imageError: null }))}
            >
              {t('RAIDS.FORM.REMOVE_IMAGE')}
            </Button>
          ) : null}
          <span className="muted">{q.uploading ? t('RAIDS.FORM.UPLOADING') : t('RAIDS.FORM.IMAGE')}</span>
          {imageError ? (
            <div className="field__error" role="alert">
              {translateError(imageError)}
            </div>
          ) : null}
        </div>

        <fieldset className="rq__fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="field__label">{t('RAIDS.FORM.ANSWERS')}</legend>
          <div className="rq__answers">
            {q.answers.map((a, ai) => {
              const err = errors[`${path}.answers.${ai}.text`];
              const inputId = `a-${a.key}`;
              return (
                <div
                  key={a.key}
                  className={`rq__answer${a.isCorrect ? ' rq__answer--correct' : ''}${err ? ' field--error' : ''}`}
                >
                  <div className="rq__answer-row">
                    <input
                      type="checkbox"
                      checked={a.isCorrect}
                      aria-label={`${t('RAIDS.FORM.CORRECT')} (${t('RAIDS.FORM.ANSWER_N', { n: ai + 1 })})`}
                      title={t('RAIDS.FORM.CORRECT')}
                      onChange={(e) => setAnswer(a.key, { isCorrect: e.target.checked })}
                    />
                    <input
                      id={inputId}
                      className="field__input"
                      value={a.text}
                      maxLength={ANSWER_MAX + 20}
                      placeholder={t('RAIDS.FORM.ANSWER_N', { n: ai + 1 })}
                      aria-label={t('RAIDS.FORM.ANSWER_N', { n: ai + 1 })}
                      aria-invalid={!!err || undefined}
                      aria-describedby={err ? `${inputId}-err` : undefined}
                      onChange={(e) => setAnswer(a.key, { text: e.target.value })}
                    />
                    <button
                      type="button"
                      className="rq__icon"
                      aria-label={t('RAIDS.FORM.REMOVE_ANSWER', { n: ai + 1 })}
                      title={t('RAIDS.FORM.REMOVE_ANSWER', { n: ai + 1 })}
                      disabled={q.answers.length <= ANSWERS_MIN}
                      onClick={() =>
                        onChange((x) => ({ ...x, answers: x.answers.filter((y) => y.key !== a.key) }))
                      }
                    >
                      ✕
                    </button>
                  </div>
                  {err ? (
                    <div id={`${inputId}-err`} className="field__error" role="alert">
                      {translateError(err)}
                    </div>
                  ) : null}
                  {q.equationMode && hasFormula(a.text) ? <FormulaPreview text={a.text} /> : null}
                </div>
              );
            })}
          </div>
          {listError ? (
            <div className="field__error" role="alert">
              {translateError(listError)}
            </div>
          ) : null}
          {q.answers.length < ANSWERS_MAX ? (
            <div>
              <Button
                variant="secondary"
                onClick={() => onChange((x) => ({ ...x, answers: [...x.answers, newAnswer()] }))}
              >
                + {t('RAIDS.FORM.ADD_ANSWER')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </div>
    </li>
  );
}

export default function RaidEditPage() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { user, record } = useSession();
  const { chapterId = '', raidId } = useParams();
  const listUrl = `/prof/administration/chapters/${chapterId}/raids`;
  const [chapter, setChapter] = useState<ChapterDto | null>(null);
  const [form, setForm] = useState<FormState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  /** The form as loaded: leaving with other values asks first. */
  const [initial, setInitial] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [overKey, setOverKey] = useState<number | null>(null);

  // The session's sharing preference, read once when a new raid's form loads (a fallback when the
  // preference cannot be fetched). Not a dependency of the load: the session record arrives or
  // refreshes while a teacher types, and reloading then would throw their edits away.
  const sessionShare = useRef(false);
  sessionShare.current = record?.professor?.shareRaids ?? false;

  // Load the chapter, and the raid or the sharing preference for a new one.
  useEffect(() => {
    let live = true;
    setLoadError(null);
    const professorId = user?.professorId;
    const shareDefault = professorId
      ? getSharePreference(professorId).then(
          (p) => p.shareRaids,
          () => sessionShare.current,
        )
      : Promise.resolve(false);
    Promise.all([
      getChapter(chapterId),
      raidId
        ? getRaid(raidId).then(fromRaid)
        : shareDefault.then((shared) => ({ title: '', shared, questions: [newQuestion()] })),
    ])
      .then(([c, f]) => {
        if (!live) return;
        setChapter(c);
        setForm(f);
        setInitial(JSON.stringify(toBody(f)));
      })
      .catch(
        (err) => live && setLoadError(errorKey(err) === ERR.NOT_FOUND ? ERR.NOT_FOUND : 'RAIDS.LOAD_FAILED'),
      );
    return () => {
      live = false;
    };
  }, [chapterId, raidId, user?.professorId]);

  const errors = useMemo(() => {
    const e = form && submitted ? checkForm(form) : {};
    if (serverError && !e[serverError.field]) e[serverError.field] = serverError.message;
    return e;
  }, [form, submitted, serverError]);

  // After a refused save, the first field in error gets the focus.
  const dirty = !!form && !saving && initial !== null && JSON.stringify(toBody(form)) !== initial;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const confirmLeave = (e: MouseEvent<HTMLAnchorElement>) => {
    if (dirty && !window.confirm(t('RAIDS.FORM.LEAVE_CONFIRM'))) e.preventDefault();
  };

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
  if (!form || !chapter) return <p role="status">{t('RAIDS.LOADING')}</p>;

  const update = (f: (s: FormState) => FormState) => {
    setServerError(null);
    setForm((s) => (s ? f(s) : s));
  };
  const updateQuestion = (key: number, f: (q: QuestionForm) => QuestionForm) =>
    update((s) => ({ ...s, questions: s.questions.map((q) => (q.key === key ? f(q) : q)) }));
  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= form.questions.length || from === to) return;
    update((s) => ({ ...s, questions: move(s.questions, from, to) }));
    setAnnounce(t('RAIDS.FORM.MOVED', { n: to + 1 }));
  };

  async function chooseImage(key: number, file: File) {
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      updateQuestion(key, (q) => ({ ...q, imageError: ERR.IMAGE_TYPE }));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      updateQuestion(key, (q) => ({ ...q, imageError: ERR.IMAGE_TOO_LARGE }));
      return;
    }
    updateQuestion(key, (q) => ({ ...q, uploading: true, imageError: null }));
    try {
      const { imagePath } = await uploadQuestionImage(file);
      updateQuestion(key, (q) => ({ ...q, uploading: false, imagePath }));
    } catch (err) {
      updateQuestion(key, (q) => ({ ...q, uploading: false, imageError: errorKey(err) }));
    }
  }

  async function save() {
    if (!form) return;
    setSubmitted(true);
    if (Object.keys(checkForm(form)).length > 0 || form.questions.some((q) => q.uploading)) {
      focusFirstError.current = true;
      return;
    }
    setSaving(true);
    try {
      const saved = raidId
        ? await updateRaid(raidId, toBody(form))
        : await createRaid(chapterId, toBody(form));
      feedback({ status: 'success', message: 'RAIDS.FORM.SAVED', params: { title: saved.title } });
      navigate(listUrl);
    } catch (err) {
      setServerError({ field: errorField(err) ?? '_', message: errorKey(err) });
      focusFirstError.current = true;
      setSaving(false);
    }
  }

  const titleError = errors.title;
  const hasErrors = Object.keys(errors).length > 0;
  const drag = (q: QuestionForm, index: number) => ({
    start: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(q.key));
      // The whole card follows the pointer, not only the handle.
      const card = (e.currentTarget as HTMLElement).closest('li');
      if (card) e.dataTransfer.setDragImage(card, 24, 24);
      setDragged(q.key);
    },
    enter: (e: DragEvent) => {
      e.preventDefault();
      if (dragged !== null) setOverKey(q.key);
    },
    drop: (e: DragEvent) => {
      e.preventDefault();
      const from = form.questions.findIndex((x) => x.key === dragged);
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
      </header>

      <div className="card raid-form__top">
        <div>
          <FieldShell label={t('RAIDS.FORM.RAID_TITLE')} error={titleError}>
            {(id, describedBy) => (
              <input
                id={id}
                className="field__input"
                value={form.title}
                maxLength={RAID_TITLE_MAX + 20}
                placeholder={t('RAIDS.FORM.RAID_TITLE_HINT')}
                aria-invalid={!!titleError || undefined}
                aria-describedby={describedBy}
                onChange={(e) => update((s) => ({ ...s, title: e.target.value }))}
              />
            )}
          </FieldShell>
          <div
            className={`rq__counter${form.title.trim().length > RAID_TITLE_MAX ? ' rq__counter--over' : ''}`}
          >
            {t('RAIDS.FORM.COUNTER', { count: form.title.trim().length, max: RAID_TITLE_MAX })}
          </div>
        </div>
        <div className="raid-form__share">
          <label className="raid-form__check">
            <input
              type="checkbox"
              checked={form.shared}
              onChange={(e) => update((s) => ({ ...s, shared: e.target.checked }))}
            />
            <strong>{t('RAIDS.FORM.SHARE')}</strong>
          </label>
          <p className="muted">{t('RAIDS.FORM.SHARE_HINT')}</p>
        </div>
      </div>

      <div className="raid-form__bar">
        <h2>
          {t('RAIDS.FORM.QUESTIONS')} ({form.questions.length})
        </h2>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          {t('RAIDS.FORM.IMPORT')}
        </Button>
      </div>
      {errors.questions ? (
        <div className="field__error" role="alert">
          {translateError(errors.questions)}
        </div>
      ) : null}
      <div className="sr-only" aria-live="polite">
        {announce}
      </div>
      <ol className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {form.questions.map((q, i) => (
          <QuestionCard
            key={q.key}
            q={q}
            index={i}
            count={form.questions.length}
            errors={errors}
            dragging={dragged === q.key}
            over={overKey === q.key && dragged !== q.key}
            onChange={(f) => updateQuestion(q.key, f)}
            onImage={(file) => void chooseImage(q.key, file)}
            onMove={(to) => moveQuestion(i, to)}
            onRemove={() => update((s) => ({ ...s, questions: s.questions.filter((x) => x.key !== q.key) }))}
            drag={drag(q, i)}
          />
        ))}
      </ol>
      <div>
        <Button
          size="medium"
          variant="secondary"
          onClick={() => update((s) => ({ ...s, questions: [...s.questions, newQuestion()] }))}
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
            existingQuestions={form.questions.map((q) => q.text)}
            onClose={() => setImporting(false)}
            onImport={(qs) => {
              setImporting(false);
              update((s) => ({
                ...s,
                questions: [
                  ...s.questions.filter((q) => q.text.trim() || q.imagePath),
                  ...qs.map((d) => newQuestion(d)),
                ],
              }));
              feedback({ status: 'success', message: 'RAIDS.FORM.IMPORTED', params: { count: qs.length } });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
