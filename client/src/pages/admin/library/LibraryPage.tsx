// /prof/administration/library: raids other teachers share, searched by words (titles and questions,
// case and accents ignored) and filtered by level and subject; their questions on demand; a copy of the
// whole raid, or of chosen questions, into one of the teacher's chapters.
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLASS_LEVELS } from '../../../../../shared/constants';
import type { ChapterDto } from '../../../../../shared/schemas/raid';
import type { SubjectDto } from '../../../../../shared/types';
import { listSubjects } from '../../../api/catalogue';
import {
  copyLibraryRaid,
  getLibraryRaid,
  type LibraryRaid,
  type LibraryRaidDetail,
  searchLibrary,
} from '../../../api/library';
import { listChapters, listRaids, questionImageUrl } from '../../../api/raids';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { MathSpans, useKatex } from '../../../lib/math';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';
import { editorKind } from '../raids/kind-switch';
import './library.css';

interface Filters {
  q: string;
  level: string;
  subjectId: string;
}

function CopyPanel({
  raid,
  selected,
  chapters,
  onDone,
}: {
  raid: LibraryRaid;
  selected: string[];
  chapters: ChapterDto[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [chapterId, setChapterId] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The chosen chapter's raids, by chapter: a quick change of chapter never shows the previous one's.
  const raids = useQuery({
    queryKey: keys.chapterRaids(chapterId),
    queryFn: ({ signal }) => listRaids(chapterId, signal),
    enabled: !!chapterId,
  });
  const copying = useMutation({
    mutationFn: () =>
      copyLibraryRaid(raid.id, {
        chapterId,
        targetRaidId: target || undefined,
        questionIds: selected.length ? selected : undefined,
      }),
    // The chapter has one raid or some questions more: its lists are read again when shown.
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: keys.chapters });
      void queryClient.invalidateQueries({ queryKey: keys.chapterRaids(r.chapterId) });
    },
    onError: (err) => setError(errorKey(err)),
  });
  const result = copying.data;
  const busy = copying.isPending;

  function copy() {
    if (!chapterId) return setError('LIBRARY.ERRORS.CHAPTER_REQUIRED');
    setError(null);
    copying.mutate();
  }

  if (result)
    return (
      <div className="lib__copy lib__copy--done" role="status">
        <p>
          <strong>{t('LIBRARY.COPIED', { count: result.copied, title: result.title })}</strong>
        </p>
        {result.skipped.length ? (
          <div>
            <p>{t('LIBRARY.SKIPPED', { count: result.skipped.length })}</p>
            <ul className="lib__skipped">
              {result.skipped.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {result.missingImages ? <p>{t('LIBRARY.MISSING_IMAGES', { count: result.missingImages })}</p> : null}
        <div className="row">
          <Link
            className="btn btn--small btn--primary"
            to={`/prof/administration/chapters/${result.chapterId}/raids`}
          >
            {t('LIBRARY.OPEN_CHAPTER')}
          </Link>
          <Button variant="secondary" onClick={onDone}>
            {t('LIBRARY.CLOSE')}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="lib__copy">
      <h3>
        {selected.length ? t('LIBRARY.COPY_SELECTED', { count: selected.length }) : t('LIBRARY.COPY_ALL')}
      </h3>
      {chapters.length === 0 ? (
        <p className="muted">
          {t('LIBRARY.NO_CHAPTER')}{' '}
          <Link to="/prof/administration/chapters">{t('LIBRARY.CREATE_CHAPTER')}</Link>
        </p>
      ) : (
        <div className="lib__copy-fields">
          <SelectField
            label={t('LIBRARY.INTO_CHAPTER')}
            value={chapterId}
            onChange={(v) => {
              setChapterId(v);
              setTarget('');
              setError(null);
            }}
            placeholder={t('LIBRARY.CHOOSE')}
            options={chapters.map((c) => ({ value: c.id, label: `${c.name} (${t(`LEVELS.${c.level}`)})` }))}
          />
          <SelectField
            label={t('LIBRARY.INTO_RAID')}
            value={target}
            onChange={setTarget}
            disabled={!chapterId}
            options={[
              { value: '', label: t('LIBRARY.NEW_RAID') },
              ...(raids.data ?? []).map((r) => ({ value: r.id, label: r.title })),
            ]}
          />
        </div>
      )}
      {error ? (
        <div className="lib__error" role="alert">
          {translateError(error)}
        </div>
      ) : null}
      <div className="row">
        <Button loading={busy} disabled={!chapters.length} onClick={copy}>
          {t('LIBRARY.COPY')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDone}>
          {t('LIBRARY.CANCEL')}
        </Button>
      </div>
    </div>
  );
}

type LibraryQuestion = LibraryRaidDetail['questions'][number];
type Katex = ReturnType<typeof useKatex>;

/** A shared question's right answers, readable for each kind (issue 23), and its explanation. */
function QuestionAnswers({ q, katex }: { q: LibraryQuestion; katex: Katex }) {
  const { t, i18n } = useTranslation();
  const format = (v: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 12 }).format(v);
  const chips = (items: { text: string; isCorrect: boolean }[]) => (
    <ul className="lib__answers">
      {items.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id here and keep their order
        <li key={i} className={a.isCorrect ? 'lib__answer is-correct' : 'lib__answer'}>
          {a.isCorrect ? <span className="sr-only">{t('LIBRARY.CORRECT')} </span> : null}
          <MathSpans text={a.text} katex={katex} />
        </li>
      ))}
    </ul>
  );
  let body: ReactNode;
  if (q.kind === 'number' && q.number) {
    const n = q.number;
    const tolerance =
      n.tolerance > 0
        ? ` ${
            n.toleranceMode === 'relative'
              ? t('LIBRARY.TOLERANCE_REL', { pct: format(n.tolerance * 100) })
              : t('LIBRARY.TOLERANCE_ABS', { tol: format(n.tolerance) })
          }`
        : '';
    body = (
      <p className="lib__kind-line">
        <span className="lib__answer is-correct">
          {t('LIBRARY.RIGHT_VALUE', { value: `${format(n.value)}${n.unit ? ` ${n.unit}` : ''}` })}
          {tolerance}
        </span>
      </p>
    );
  } else if (q.kind === 'text' && q.textAnswer) {
    const s = q.textAnswer;
    const options = [
      s.ignoreCase ? t('RAIDS.FORM.IGNORE_CASE') : null,
      s.ignoreAccents ? t('RAIDS.FORM.IGNORE_ACCENTS') : null,
      s.allowTypo ? t('RAIDS.FORM.ALLOW_TYPO') : null,
    ].filter(Boolean);
    body = (
      <>
        <p className="lib__kind-line">{t('LIBRARY.ACCEPTED')}</p>
        {chips(s.accepted.map((text) => ({ text, isCorrect: true })))}
        {options.length ? (
          <p className="lib__kind-line muted">
            {t('LIBRARY.OPTIONS')} {options.join(' · ')}
          </p>
        ) : null}
      </>
    );
  } else if (q.kind === 'order') {
    body = (
      <>
        <p className="lib__kind-line">{t('LIBRARY.RIGHT_ORDER')}</p>
        <ol className="lib__order">
          {q.answers.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id here and keep their order
            <li key={i}>
              <MathSpans text={a.text} katex={katex} />
            </li>
          ))}
        </ol>
      </>
    );
  } else if (q.kind === 'poll') {
    const mode = q.poll?.pollMode ?? 'choice';
    body = (
      <>
        <p className="lib__kind-line muted">
          {t('LIBRARY.POLL')}
          {mode === 'number' ? ` · ${t('LIBRARY.POLL_TYPED_NUMBER')}` : ''}
          {mode === 'text' ? ` · ${t('LIBRARY.POLL_TYPED_TEXT')}` : ''}
        </p>
        {mode === 'choice' ? chips(q.answers.map((a) => ({ text: a.text, isCorrect: false }))) : null}
      </>
    );
  } else body = chips(q.answers);
  return (
    <>
      {body}
      {q.explanation || q.explanationImagePath ? (
        <div className="lib__explanation">
          <strong>{t('LIBRARY.EXPLANATION')}</strong>{' '}
          {q.explanation ? <MathSpans text={q.explanation} katex={katex} /> : null}
          {q.explanationImagePath ? (
            <img
              className="lib__image"
              src={questionImageUrl(q.explanationImagePath)}
              alt={t('LIBRARY.EXPLANATION_IMAGE')}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function LibraryCard({ raid, chapters }: { raid: LibraryRaid; chapters: ChapterDto[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copying, setCopying] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The questions, read the first time they are shown.
  const [asked, setAsked] = useState(false);
  const details = useQuery({
    queryKey: keys.libraryRaid(raid.id),
    queryFn: ({ signal }) => getLibraryRaid(raid.id, signal),
    enabled: asked,
  });
  const detail: LibraryRaidDetail | undefined = details.data;
  const failed = details.isError;
  // Formulas ($$…$$) render as on the board, not as raw TeX.
  const katex = useKatex(
    detail
      ? detail.questions.flatMap((q) => [q.text, q.explanation ?? '', ...q.answers.map((a) => a.text)])
      : [],
  );
  const civility = raid.author.civility ? `${t(`LIBRARY.CIVILITY.${raid.author.civility}`)} ` : '';

  function toggleQuestions() {
    setOpen((o) => !o);
    setAsked(true);
  }
  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const titleId = `lib-${raid.id}`;
  return (
    <li className="card lib__card" aria-labelledby={titleId}>
      <div className="lib__card-head">
        <div>
          <h2 id={titleId}>{raid.title}</h2>
          <p className="lib__meta">
            <span className="lib__tag">{t(`LEVELS.${raid.level}`)}</span>
            <span className="lib__tag">{t(`SUBJECTS.${raid.subject.code}`)}</span>
            <span>{t('LIBRARY.CHAPTER', { name: raid.chapterName })}</span>
          </p>
          <p className="muted lib__by">
            {t('LIBRARY.BY', { name: `${civility}${raid.author.lastName}` })} ·{' '}
            {t('LIBRARY.QUESTIONS', { count: raid.questionCount })} · {formatDateTime(raid.updatedAt)}
          </p>
        </div>
        <div className="lib__card-actions">
          <Button variant="secondary" aria-expanded={open} onClick={toggleQuestions}>
            {open ? t('LIBRARY.HIDE_QUESTIONS') : t('LIBRARY.SHOW_QUESTIONS')}
          </Button>
          <Button onClick={() => setCopying(true)} disabled={copying}>
            {t('LIBRARY.COPY')}
          </Button>
        </div>
      </div>
      {open ? (
        failed ? (
          <p role="alert">{t('LIBRARY.LOAD_FAILED')}</p>
        ) : !detail ? (
          <p className="muted">{t('LIBRARY.LOADING')}</p>
        ) : (
          <ol className="lib__questions">
            {detail.questions.map((q) => (
              <li key={q.id} className="lib__question">
                <label className="lib__question-text">
                  <input
                    type="checkbox"
                    checked={selected.has(q.id)}
                    onChange={() => toggle(q.id)}
                    aria-label={t('LIBRARY.SELECT_QUESTION', { text: q.text })}
                  />
                  <span>
                    <MathSpans text={q.text} katex={katex} />{' '}
                    <span className="lib__tag lib__kind">{t(`RAIDS.FORM.KINDS.${editorKind(q)}`)}</span>
                  </span>
                </label>
                {q.imagePath ? (
                  <img className="lib__image" src={questionImageUrl(q.imagePath)} alt="" />
                ) : null}
                <QuestionAnswers q={q} katex={katex} />
              </li>
            ))}
          </ol>
        )
      ) : null}
      {copying ? (
        <CopyPanel
          raid={raid}
          selected={open ? [...selected] : []}
          chapters={chapters}
          onDone={() => setCopying(false)}
        />
      ) : null}
    </li>
  );
}

function LibraryPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<Filters>({ q: '', level: '', subjectId: '' });
  const subjects: SubjectDto[] =
    useQuery({ queryKey: keys.subjects, queryFn: ({ signal }) => listSubjects(signal) }).data ?? [];
  const chapters: ChapterDto[] =
    useQuery({ queryKey: keys.chapters, queryFn: ({ signal }) => listChapters(signal) }).data ?? [];
  // One search per set of filters: a change cancels the search still under way.
  const search = useQuery({
    queryKey: keys.library(filters),
    queryFn: ({ signal }) =>
      searchLibrary(
        {
          q: filters.q || undefined,
          level: filters.level === '' ? undefined : Number(filters.level),
          subjectId: filters.subjectId || undefined,
        },
        signal,
      ),
  });
  const results: LibraryRaid[] | null = search.data ?? null;
  // A retry shows the loading line again, as a first search does.
  const failed = search.isError && !search.isFetching;

  function onSearch(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, q: draft.trim() }));
  }

  return (
    <div className="lib stack">
      <div>
        <h1>{t('LIBRARY.TITLE')}</h1>
        <p className="muted lib__intro">{t('LIBRARY.INTRO')}</p>
      </div>
      <form className="card lib__filters" onSubmit={onSearch} aria-label={t('LIBRARY.SEARCH_BUTTON')}>
        <TextField
          type="search"
          label={t('LIBRARY.SEARCH')}
          value={draft}
          onChange={setDraft}
          maxLength={200}
        />
        <SelectField
          label={t('LIBRARY.LEVEL')}
          value={filters.level}
          onChange={(level) => setFilters((f) => ({ ...f, level }))}
          options={[
            { value: '', label: t('LIBRARY.ALL_LEVELS') },
            ...CLASS_LEVELS.map((l) => ({ value: String(l), label: t(`LEVELS.${l}`) })),
          ]}
        />
        <SelectField
          label={t('LIBRARY.SUBJECT')}
          value={filters.subjectId}
          onChange={(subjectId) => setFilters((f) => ({ ...f, subjectId }))}
          options={[
            { value: '', label: t('LIBRARY.ALL_SUBJECTS') },
            ...subjects.map((s) => ({
              value: s.id,
              label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
            })),
          ]}
        />
        <Button type="submit" size="medium">
          {t('LIBRARY.SEARCH_BUTTON')}
        </Button>
      </form>
      {failed ? (
        <div className="card lib__empty" role="alert">
          <p>{t('LIBRARY.LOAD_FAILED')}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {t('LIBRARY.RETRY')}
          </Button>
        </div>
      ) : results === null ? (
        <p className="muted">{t('LIBRARY.LOADING')}</p>
      ) : results.length === 0 ? (
        <div className="card lib__empty">
          <p>{t('LIBRARY.EMPTY')}</p>
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('LIBRARY.RESULTS', { count: results.length })}
          </p>
          <ul className="lib__list">
            {results.map((r) => (
              <LibraryCard key={r.id} raid={r} chapters={chapters} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default withQueries(LibraryPage);
