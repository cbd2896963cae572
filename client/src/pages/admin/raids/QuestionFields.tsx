// One question of the raid form: its kind (issue 23), its text (with the equation mode and a live KaTeX
// preview), its image, the fields of its kind (KindFields.tsx: choices, true/false, number, short text,
// order, poll) and its explanation after the reveal (formula preview, image). It reads and writes the
// raid form (react-hook-form, from the page's FormProvider) at `questions.${index}`.
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, QUESTION_MAX } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import {
  EXPLANATION_MAX,
  type NumberSettings,
  type PollSettings,
  type QuestionKind,
  type TextSettings,
} from '../../../../../shared/questions/kinds';
import type { QuestionDraft } from '../../../../../shared/schemas/raid';
import { questionImageUrl, uploadQuestionImage } from '../../../api/raids';
import { Button } from '../../../components/ui/Button';
import { FieldShell } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { hasFormula, MathSpans, useKatex } from '../../../lib/math';
import { errorKey } from '../../auth/api-error';
import { KindFields, KindSelect } from './KindFields';
import { newNumber, newTextAnswer } from './kind-switch';

/** The raid form's values: the body of a save (shared/schemas/raid.ts `raidSaveSchema`) as typed. */
export interface AnswerValues {
  text: string;
  isCorrect: boolean;
}
export interface QuestionValues {
  /** The stored question's id (kept on save); none for a new or imported question. */
  id?: string;
  /** Issue 23: what the other fields mean (shared/questions/kinds.ts); `answers` are a choice's or a
   * choice poll's options, or an order's items in their right order. */
  kind: QuestionKind;
  text: string;
  equationMode: boolean;
  imagePath: string | null;
  answers: AnswerValues[];
  /** The settings of a number, a short text, a poll (null unless of that kind; a number's value is NaN while empty). */
  number: NumberSettings | null;
  textAnswer: TextSettings | null;
  poll: PollSettings | null;
  /** Shown after the reveal; '' for none (the shared rules store null). */
  explanation: string;
  explanationImagePath: string | null;
}
export interface RaidFormValues {
  title: string;
  shared: boolean;
  questions: QuestionValues[];
}

export const newAnswer = (text = '', isCorrect = false): AnswerValues => ({ text, isCorrect });
/** A form question from a stored or imported one (a new choice question without one). */
export const newQuestion = (
  d?: Partial<QuestionDraft> & {
    id?: string;
    imagePath?: string | null;
    explanationImagePath?: string | null;
  },
): QuestionValues => {
  const kind = d?.kind ?? 'choice';
  return {
    ...(d?.id ? { id: d.id } : {}),
    kind,
    text: d?.text ?? '',
    equationMode: d?.equationMode ?? false,
    imagePath: d?.imagePath ?? null,
    answers:
      d?.answers?.map((a) => newAnswer(a.text, a.isCorrect)) ??
      (kind === 'choice' ? [newAnswer(), newAnswer()] : []),
    number: kind === 'number' ? { ...newNumber(), ...d?.number } : null,
    textAnswer: kind === 'text' ? { ...newTextAnswer(), ...d?.textAnswer } : null,
    poll: kind === 'poll' ? { pollMode: d?.poll?.pollMode ?? 'choice' } : null,
    explanation: d?.explanation ?? '',
    explanationImagePath: d?.explanationImagePath ?? null,
  };
};

/** The message of a field's error, or of an array's own rule (the resolver puts it under `root`). */
export function errorAt(errors: object, path: string): string | undefined {
  const e = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

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

export interface QuestionDrag {
  start(e: DragEvent): void;
  enter(e: DragEvent): void;
  drop(e: DragEvent): void;
  end(): void;
}

export interface QuestionFieldsProps {
  /** The field array's key of this question (stable across moves). */
  fieldKey: string;
  index: number;
  count: number;
  /** The message to show under a field ("questions.2.text", …): the form's rules, then the server's. */
  message(path: string): string | undefined;
  dragging: boolean;
  over: boolean;
  drag: QuestionDrag;
  onMove(to: number): void;
  onRemove(): void;
  /** An image upload starts or ends (saving waits for none). */
  onUploading(uploading: boolean): void;
}

/**
 * A question's image or its explanation's image: upload, change, remove. The upload ends after the
 * teacher may have moved or removed the question: it writes where the question is then, or nowhere.
 */
function ImageField({
  index,
  field,
  labels,
  error,
  onUploading,
}: {
  index: number;
  field: 'imagePath' | 'explanationImagePath';
  labels: { alt: string; add: string; change: string; remove: string; input: string };
  error: string | undefined;
  onUploading(uploading: boolean): void;
}) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RaidFormValues>();
  const value = useWatch({ control, name: `questions.${index}.${field}` });
  const fileRef = useRef<HTMLInputElement>(null);
  const where = useRef<number | null>(index);
  where.current = index;
  useEffect(
    () => () => {
      where.current = null;
    },
    [],
  );
  const [uploading, setUploading] = useState(false);
  /** A refused file (type or size), shown under the image until another is chosen. */
  const [refused, setRefused] = useState<string | null>(null);

  async function chooseImage(file: File) {
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return setRefused(ERR.IMAGE_TYPE);
    if (file.size > IMAGE_MAX_BYTES) return setRefused(ERR.IMAGE_TOO_LARGE);
    setRefused(null);
    setUploading(true);
    onUploading(true);
    try {
      const { imagePath } = await uploadQuestionImage(file);
      if (where.current !== null)
        setValue(`questions.${where.current}.${field}`, imagePath, { shouldDirty: true });
    } catch (err) {
      if (where.current !== null) setRefused(errorKey(err));
    } finally {
      onUploading(false);
      if (where.current !== null) setUploading(false);
    }
  }
  const imageError = refused ?? error;
  return (
    <div className="rq__media">
      {value ? <img src={questionImageUrl(value)} alt={labels.alt} /> : null}
      <input
        ref={fileRef}
        className="rq__file"
        type="file"
        accept="image/png,image/jpeg"
        tabIndex={-1}
        aria-label={labels.input}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void chooseImage(file);
        }}
      />
      <Button variant="secondary" loading={uploading} onClick={() => fileRef.current?.click()}>
        {value ? labels.change : labels.add}
      </Button>
      {value ? (
        <Button
          variant="secondary"
          onClick={() => {
            setRefused(null);
            setValue(`questions.${index}.${field}`, null, { shouldDirty: true });
          }}
        >
          {labels.remove}
        </Button>
      ) : null}
      <span className="muted">{uploading ? t('RAIDS.FORM.UPLOADING') : t('RAIDS.FORM.IMAGE')}</span>
      {imageError ? (
        <div className="field__error" role="alert">
          {translateError(imageError)}
        </div>
      ) : null}
    </div>
  );
}

export function QuestionFields({
  fieldKey,
  index,
  count,
  message,
  dragging,
  over,
  drag,
  onMove,
  onRemove,
  onUploading,
}: QuestionFieldsProps) {
  const { t } = useTranslation();
  const { control, register, setValue, getValues } = useFormContext<RaidFormValues>();
  const n = index + 1;
  const path = `questions.${index}` as const;
  const q = useWatch({ control, name: path });
  /** Typing a formula ($$…$$) in the question, an answer or the explanation turns the equation mode on. */
  const onFormula = (text: string) => {
    if (text.includes('$$') && !getValues(`${path}.equationMode`))
      setValue(`${path}.equationMode`, true, { shouldDirty: true });
  };

  if (!q) return null;
  const textError = message(`${path}.text`);
  const explanationError = message(`${path}.explanation`);
  const text = register(`${path}.text`, { onChange: (e) => onFormula(e.target.value) });
  const explanation = register(`${path}.explanation`, { onChange: (e) => onFormula(e.target.value) });
  const explanationLength = (q.explanation ?? '').trim().length;

  return (
    <li
      className={`card rq${dragging ? ' rq--dragging' : ''}${over ? ' rq--over' : ''}`}
      onDragEnter={drag.enter}
      onDragOver={(e) => e.preventDefault()}
      onDrop={drag.drop}
      data-testid="question-card"
      data-kind={q.kind}
      aria-labelledby={`q-title-${fieldKey}`}
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
          <h3 id={`q-title-${fieldKey}`}>{t('RAIDS.FORM.QUESTION_N', { n })}</h3>
          <KindSelect index={index} />
          <label className="raid-form__check">
            <input type="checkbox" {...register(`${path}.equationMode`)} />
            {t('RAIDS.FORM.EQUATION_MODE')}
          </label>
          <Button variant="secondary" className="btn--danger-outline" onClick={onRemove}>
            {t('RAIDS.FORM.REMOVE_QUESTION')}
          </Button>
        </div>
        <FieldShell
          label={t('RAIDS.FORM.QUESTION_TEXT')}
          error={textError}
          hint={q.equationMode ? t('RAIDS.FORM.EQUATION_HINT') : undefined}
        >
          {(id, describedBy) => (
            <textarea
              id={id}
              className="field__input rq__text"
              rows={2}
              aria-invalid={!!textError || undefined}
              aria-describedby={describedBy}
              {...text}
            />
          )}
        </FieldShell>
        <div className={`rq__counter${q.text.trim().length > QUESTION_MAX ? ' rq__counter--over' : ''}`}>
          {t('RAIDS.FORM.COUNTER', { count: q.text.trim().length, max: QUESTION_MAX })}
        </div>
        {q.equationMode ? <FormulaPreview text={q.text} /> : null}

        <ImageField
          index={index}
          field="imagePath"
          error={message(`${path}.imagePath`)}
          onUploading={onUploading}
          labels={{
            alt: t('RAIDS.FORM.IMAGE_ALT', { n }),
            add: t('RAIDS.FORM.ADD_IMAGE'),
            change: t('RAIDS.FORM.CHANGE_IMAGE'),
            remove: t('RAIDS.FORM.REMOVE_IMAGE'),
            input: t('RAIDS.FORM.IMAGE'),
          }}
        />

        <KindFields index={index} message={message} onFormula={onFormula} />

        <div className="rq__explanation">
          <FieldShell
            label={t('RAIDS.FORM.EXPLANATION')}
            error={explanationError}
            hint={t('RAIDS.FORM.EXPLANATION_HINT')}
          >
            {(id, describedBy) => (
              <textarea
                id={id}
                className="field__input rq__text"
                rows={2}
                aria-invalid={!!explanationError || undefined}
                aria-describedby={describedBy}
                {...explanation}
              />
            )}
          </FieldShell>
          <div className={`rq__counter${explanationLength > EXPLANATION_MAX ? ' rq__counter--over' : ''}`}>
            {t('RAIDS.FORM.COUNTER', { count: explanationLength, max: EXPLANATION_MAX })}
          </div>
          {explanationLength && (q.equationMode || hasFormula(q.explanation)) ? (
            <FormulaPreview text={q.explanation} />
          ) : null}
          <ImageField
            index={index}
            field="explanationImagePath"
            error={message(`${path}.explanationImagePath`)}
            onUploading={onUploading}
            labels={{
              alt: t('RAIDS.FORM.EXPLANATION_IMAGE_ALT', { n }),
              add: t('RAIDS.FORM.ADD_EXPLANATION_IMAGE'),
              change: t('RAIDS.FORM.CHANGE_EXPLANATION_IMAGE'),
              remove: t('RAIDS.FORM.REMOVE_EXPLANATION_IMAGE'),
              input: t('RAIDS.FORM.ADD_EXPLANATION_IMAGE'),
            }}
          />
        </div>
      </div>
    </li>
  );
}
