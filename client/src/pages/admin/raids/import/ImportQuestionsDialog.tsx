// Question import from a CSV or XLSX file (issue 4): the format in words and two templates, a file
// picked or dropped, a real upload progress bar, then the server's report line by line. Only whole
// valid questions are added, and only when the teacher confirms.
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWERS_MIN, IMAGE_MAX_BYTES, QUESTION_MAX } from '../../../../../../shared/constants';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_XML_MAX_BYTES,
  type ImportIssue,
  type ImportResult,
  importMaxBytes,
} from '../../../../../../shared/question-import';
import { ANSWERS_MAX, QUESTIONS_PER_RAID_MAX } from '../../../../../../shared/schemas/raid';
import {
  ImportFileError,
  type ImportUpload,
  importQuestionFile,
  type UploadProgress,
} from '../../../../api/question-import';
import { Button } from '../../../../components/ui/Button';
import { Dialog } from '../../../../components/ui/Dialog';
import { translateError } from '../../../../i18n';
import './import.css';

export interface ImportQuestionsDialogProps {
  /** Questions already in the raid form: an imported line repeating one is refused. */
  existingQuestions: string[];
  onClose(): void;
  /** Called with the valid questions when the teacher confirms (with the images a Moodle XML file carried). */
  onImport(questions: ImportResult['questions']): void;
}

const MB = 1024 * 1024;
const MAX_MB = IMPORT_FILE_MAX_BYTES / MB;
// Issue 23: Moodle XML (.xml) and GIFT (.gift, or .txt as Moodle names it) too.
const ACCEPT =
  '.csv,.tsv,.txt,.xlsx,.xml,.gift,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type State =
  | { step: 'choose' }
  | { step: 'sending'; name: string; progress: UploadProgress }
  | { step: 'refused'; name: string; message: string; params?: Record<string, string | number> }
  | { step: 'report'; name: string; result: ImportResult };

export default function ImportQuestionsDialog({
  existingQuestions,
  onClose,
  onImport,
}: ImportQuestionsDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uploadRef = useRef<ImportUpload | null>(null);
  const [state, setState] = useState<State>({ step: 'choose' });
  const [dragging, setDragging] = useState(false);

  // The dialog (components/ui/Dialog.tsx) keeps Tab inside and closes on Escape; the title takes the
  // focus first, so a screen reader starts with it.
  useEffect(() => {
    headingRef.current?.focus();
    return () => uploadRef.current?.abort();
  }, []);

  function start(file: File) {
    uploadRef.current?.abort();
    const name = file.name;
    // Refused before sending: the server would refuse it too, after a long upload.
    if (file.size > importMaxBytes(name)) {
      setState({
        step: 'refused',
        name,
        message: 'IMPORT.ERRORS.FILE_TOO_LARGE',
        params: { maxMb: importMaxBytes(name) / MB },
      });
      return;
    }
    setState({ step: 'sending', name, progress: { phase: 'upload', fraction: 0 } });
    const upload = importQuestionFile(file, existingQuestions, (progress) =>
      setState((s) => (s.step === 'sending' && s.name === name ? { ...s, progress } : s)),
    );
    uploadRef.current = upload;
    upload.promise.then(
      (result) => {
        if (uploadRef.current === upload) setState({ step: 'report', name, result });
      },
      (err: unknown) => {
        if (uploadRef.current !== upload) return;
        const e = err instanceof ImportFileError ? err : null;
        setState({
          step: 'refused',
          name,
          message: e?.message ?? (err instanceof Error ? err.message : 'ERRORS.GENERIC'),
          params: e?.params,
        });
      },
    );
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) start(file);
  }

  function chooseAgain() {
    uploadRef.current?.abort();
    uploadRef.current = null;
    setState({ step: 'choose' });
  }

  const issueText = (issue: ImportIssue) => {
    const params = issue.params ?? {};
    // A repeat of an earlier line of the file says which line; a repeat of the raid uses the form's words.
    if (issue.key === 'RAIDS.ERRORS.DUPLICATE_QUESTION' && params.line)
      return t('IMPORT.SAME_AS_LINE', { line: params.line });
    const answer =
      typeof params.answer === 'number' ? t('IMPORT.ANSWER_PREFIX', { answer: params.answer }) : '';
    return `${answer}${i18nMessage(issue.key, params)}`;
  };

  /** A server key in the words of the interface, with its parameters ({{max}}, {{column}}…). */
  function i18nMessage(key: string, params: Record<string, string | number>) {
    return i18n.exists(key) ? t(key, params) : translateError(key);
  }

  // Refused lines first, each group in file order: what needs fixing is read before what went in.
  const report =
    state.step === 'report'
      ? [...state.result.report].sort(
          (a, b) => Number(a.status !== 'refused') - Number(b.status !== 'refused') || a.line - b.line,
        )
      : [];
  const valid = state.step === 'report' ? state.result.questions : [];
  const refusedCount = report.filter((l) => l.status === 'refused').length;

  return (
    <Dialog className="qi-dialog card" labelledBy={titleId} initialFocus="dialog" onClose={onClose}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {t('IMPORT.TITLE')}
      </h2>

      {state.step === 'choose' ? (
        <>
          <section className="qi-format" aria-label={t('IMPORT.FORMAT_TITLE')}>
            <p>{t('IMPORT.INTRO')}</p>
            <ul>
              <li>{t('IMPORT.FORMAT_HEADER', { max: ANSWERS_MAX })}</li>
              <li>{t('IMPORT.FORMAT_QUESTION', { max: QUESTION_MAX })}</li>
              <li>{t('IMPORT.FORMAT_EQUATION')}</li>
              <li>{t('IMPORT.FORMAT_ANSWERS', { min: ANSWERS_MIN, max: ANSWERS_MAX })}</li>
              <li>{t('IMPORT.FORMAT_LIMITS', { max: QUESTIONS_PER_RAID_MAX, size: MAX_MB })}</li>
              <li>{t('IMPORT.FORMAT_KAHOOT')}</li>
              <li>
                {t('IMPORT.FORMAT_IMAGES', {
                  size: IMPORT_XML_MAX_BYTES / MB,
                  imageMb: IMAGE_MAX_BYTES / MB,
                })}
              </li>
            </ul>
            <p className="qi-templates">
              <span>{t('IMPORT.TEMPLATES')}</span>
              <a href="/assets/templates/questions-template.xlsx" download={t('IMPORT.TEMPLATE_FILE_XLSX')}>
                {t('IMPORT.TEMPLATE_XLSX')}
              </a>
              <a href="/assets/templates/questions-template.csv" download={t('IMPORT.TEMPLATE_FILE_CSV')}>
                {t('IMPORT.TEMPLATE_CSV')}
              </a>
            </p>
          </section>
          <section
            className={`qi-drop${dragging ? ' qi-drop--over' : ''}`}
            aria-label={t('IMPORT.DROP_ZONE')}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>{t('IMPORT.DROP')}</p>
            <Button size="medium" onClick={() => inputRef.current?.click()}>
              {t('IMPORT.CHOOSE')}
            </Button>
            <input
              ref={inputRef}
              className="qi-drop__input"
              type="file"
              accept={ACCEPT}
              // The button above opens it: one control for keyboards and screen readers.
              tabIndex={-1}
              aria-hidden="true"
              aria-label={t('IMPORT.CHOOSE')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) start(file);
              }}
            />
          </section>
        </>
      ) : null}

      {state.step === 'sending' ? (
        <div className="qi-progress">
          <p className="qi-file">{state.name}</p>
          <progress
            className="qi-progress__bar"
            max={100}
            value={state.progress.phase === 'upload' ? Math.round(state.progress.fraction * 100) : undefined}
            aria-label={t('IMPORT.PROGRESS')}
          />
          <p aria-live="polite">
            {state.progress.phase === 'upload'
              ? t('IMPORT.UPLOADING', { percent: Math.round(state.progress.fraction * 100) })
              : t('IMPORT.ANALYSING')}
          </p>
        </div>
      ) : null}

      {state.step === 'refused' ? (
        <div className="qi-refused" role="alert">
          <p className="qi-file">{t('IMPORT.FILE_REFUSED', { name: state.name })}</p>
          <p>{i18nMessage(state.message, state.params ?? {})}</p>
          <p className="muted">{t('IMPORT.NOTHING_ADDED')}</p>
        </div>
      ) : null}

      {state.step === 'report' ? (
        <div className="qi-report">
          <p className="qi-file">{state.name}</p>
          <p className="qi-summary" role="status">
            <span className="qi-summary__ok">{t('IMPORT.IMPORTED_COUNT', { count: valid.length })}</span>
            <span className="qi-summary__ko">{t('IMPORT.REFUSED_COUNT', { count: refusedCount })}</span>
          </p>
          {/* Focusable: a keyboard scrolls the long report (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard. */}
          <ol className="qi-lines" aria-label={t('IMPORT.REPORT')} tabIndex={0}>
            {report.map((l) => (
              <li key={l.line} className={`qi-line qi-line--${l.status}`}>
                <span className="qi-line__head">
                  <span className="qi-line__number">{t('IMPORT.LINE', { line: l.line })}</span>
                  <span className="qi-line__status">
                    {t(l.status === 'imported' ? 'IMPORT.IMPORTED' : 'IMPORT.REFUSED')}
                  </span>
                </span>
                <span className="qi-line__question">{l.question || t('IMPORT.EMPTY_QUESTION')}</span>
                {l.errors?.length ? (
                  <ul className="qi-line__errors">
                    {l.errors.map((e) => (
                      <li key={`${e.key}${JSON.stringify(e.params ?? {})}`}>{issueText(e)}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          {valid.length === 0 ? <p className="muted">{t('IMPORT.NOTHING_TO_ADD')}</p> : null}
        </div>
      ) : null}

      <div className="qi-dialog__actions">
        {state.step === 'report' || state.step === 'refused' ? (
          <Button variant="secondary" onClick={chooseAgain}>
            {t('IMPORT.OTHER_FILE')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('IMPORT.CANCEL')}
        </Button>
        {state.step === 'report' && valid.length > 0 ? (
          <Button onClick={() => onImport(valid)}>{t('IMPORT.ADD', { count: valid.length })}</Button>
        ) : null}
      </div>
    </Dialog>
  );
}
