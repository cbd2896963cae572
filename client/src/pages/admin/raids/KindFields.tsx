// The kind of a question in the raid form (issue 23) and the fields of each kind: choices (one or
// several right, or the true/false shortcut), a number with its tolerance and unit, a short text's
// accepted answers and options, an order's items, a poll's choices or typed mode. Limits come from
// shared/questions/kinds.ts; the messages from the shared rules (the page's resolver). A switch of
// kind keeps what the new kind can hold and names the rest before it happens.
import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import { type UseFieldArrayReturn, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ANSWERS_MIN } from '../../../../../shared/constants';
import { parseNumber } from '../../../../../shared/questions/judge';
import {
  ACCEPTED_ANSWER_MAX,
  ACCEPTED_MAX,
  type NumberSettings,
  ORDER_ITEMS_MAX,
  ORDER_ITEMS_MIN,
  type TextSettings,
  UNIT_MAX,
} from '../../../../../shared/questions/kinds';
import { ANSWER_MAX, ANSWERS_MAX } from '../../../../../shared/schemas/raid';
import { Button } from '../../../components/ui/Button';
import { FieldShell } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { hasFormula } from '../../../lib/math';
import {
  EDITOR_KINDS,
  type EditorKind,
  editorKind,
  type Loss,
  newTextAnswer,
  type PollMode,
  switchKind,
} from './kind-switch';
import { type AnswerValues, FormulaPreview, newAnswer, type RaidFormValues } from './QuestionFields';

type Message = (path: string) => string | undefined;

/** Switches question `index` to another kind (or poll mode), after the teacher agrees to what is lost. */
function useKindSwitch(index: number) {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext<RaidFormValues>();
  const path = `questions.${index}` as const;
  return (to: EditorKind, mode?: PollMode) => {
    const q = getValues(path);
    const { next, lost } = switchKind(
      q,
      to,
      { true: t('RAIDS.FORM.TRUE'), false: t('RAIDS.FORM.FALSE') },
      mode,
    );
    if (lost.length) {
      const words = lost.map((l: Loss) =>
        l.what === 'answers'
          ? t('RAIDS.FORM.LOST_ANSWERS', { count: l.count })
          : l.what === 'accepted'
            ? t('RAIDS.FORM.LOST_ACCEPTED', { count: l.count })
            : l.what === 'number'
              ? t('RAIDS.FORM.LOST_NUMBER')
              : t('RAIDS.FORM.LOST_CORRECT'),
      );
      const kind = t(`RAIDS.FORM.KINDS.${to}`);
      if (!window.confirm(t('RAIDS.FORM.SWITCH_CONFIRM', { n: index + 1, kind, lost: words.join(', ') })))
        return false;
    }
    const dirty = { shouldDirty: true };
    setValue(`${path}.kind`, next.kind, dirty);
    setValue(`${path}.number`, next.number, dirty);
    setValue(`${path}.textAnswer`, next.textAnswer, dirty);
    setValue(`${path}.poll`, next.poll, dirty);
    setValue(`${path}.answers`, next.answers, dirty);
    return true;
  };
}

/** The kind selector in a question's head. */
export function KindSelect({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<RaidFormValues>();
  const q = useWatch({ control, name: `questions.${index}` });
  const apply = useKindSwitch(index);
  if (!q) return null;
  return (
    <label className="rq__kind">
      <span>{t('RAIDS.FORM.KIND')}</span>
      <select
        className="field__input"
        value={editorKind(q)}
        onChange={(e) => apply(e.target.value as EditorKind)}
      >
        {EDITOR_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`RAIDS.FORM.KINDS.${k}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A number as a teacher types it (a comma or a point, an exponent); NaN while it is not one. */
function NumberInput({
  id,
  value,
  onValue,
  scale = 1,
  invalid,
  describedBy,
}: {
  id: string;
  value: number;
  onValue(v: number): void;
  /** 100 shows a fraction as a percentage. */
  scale?: number;
  invalid: boolean;
  describedBy?: string;
}) {
  const { i18n } = useTranslation();
  const point = i18n.language.startsWith('en') ? '.' : ',';
  const show = (v: number) =>
    Number.isFinite(v) ? String(Number((v * scale).toPrecision(12))).replace('.', point) : '';
  const [text, setText] = useState(() => show(value));
  const read = (s: string) => {
    const p = parseNumber(s);
    return p === null ? Number.NaN : p / scale;
  };
  // A value set from outside (a load, a switch of kind or mode) replaces what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the value or scale resets the text
  useEffect(() => {
    const cur = read(text);
    if (!(Object.is(cur, value) || (Number.isNaN(cur) && Number.isNaN(value)))) setText(show(value));
  }, [value, scale]);
  return (
    <input
      id={id}
      className="field__input rq__number"
      type="text"
      inputMode="text"
      autoComplete="off"
      value={text}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => {
        setText(e.target.value);
        onValue(read(e.target.value));
      }}
    />
  );
}

function ErrorLine({ message }: { message: string | undefined }) {
  return message ? (
    <div className="field__error" role="alert">
      {translateError(message)}
    </div>
  ) : null;
}

/** One row of an EditableRows list: its text input, what stands before and after it, its error. */
interface EditableRow {
  key: string;
  /** The input's accessible name and placeholder. */
  name: string;
  inputId: string;
  /** The input's value and handlers (a registered field or a controlled one), its length limit. */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  error: string | undefined;
  className?: string;
  /** Before the input (the "right answer" box, the rank). */
  lead?: ReactNode;
  /** Between the input and the remove button (move buttons). */
  tools?: ReactNode;
  /** Under the row (a formula's preview). */
  below?: ReactNode;
  removeLabel: string;
  onRemove(): void;
}

/**
 * A list the teacher edits row by row (choices, poll choices, order items, accepted answers): each
 * row's input, remove button and error, then the list's error and the add button while there is room.
 */
function EditableRows({
  legend,
  className = '',
  listClassName = '',
  rows,
  listError,
  min,
  max,
  addLabel,
  onAdd,
  children,
}: {
  legend: string;
  className?: string;
  listClassName?: string;
  rows: EditableRow[];
  listError: string | undefined;
  min: number;
  max: number;
  addLabel: string;
  onAdd(): void;
  /** After the add button, in the same fieldset (a short text's options). */
  children?: ReactNode;
}) {
  return (
    <fieldset className={`rq__fieldset${className}`} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field__label">{legend}</legend>
      <div className={`rq__answers${listClassName}`}>
        {rows.map((r) => (
          <div key={r.key} className={`rq__answer${r.className ?? ''}${r.error ? ' field--error' : ''}`}>
            <div className="rq__answer-row">
              {r.lead}
              <input
                id={r.inputId}
                className="field__input"
                placeholder={r.name}
                aria-label={r.name}
                aria-invalid={!!r.error || undefined}
                aria-describedby={r.error ? `${r.inputId}-err` : undefined}
                {...r.input}
              />
              {r.tools}
              <button
                type="button"
                className="rq__icon"
                aria-label={r.removeLabel}
                title={r.removeLabel}
                disabled={rows.length <= min}
                onClick={r.onRemove}
              >
                ✕
              </button>
            </div>
            {r.error ? (
              <div id={`${r.inputId}-err`} className="field__error" role="alert">
                {translateError(r.error)}
              </div>
            ) : null}
            {r.below}
          </div>
        ))}
      </div>
      <ErrorLine message={listError} />
      {rows.length < max ? (
        <div>
          <Button variant="secondary" onClick={onAdd}>
            + {addLabel}
          </Button>
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}

/** A list of answers rows (choices, poll choices, order items) with their add, remove and move buttons. */
function AnswerRows({
  index,
  answers,
  message,
  onFormula,
  legend,
  label,
  correct,
  min,
  max,
  addLabel,
  removeLabel,
  movable,
}: {
  index: number;
  answers: UseFieldArrayReturn<RaidFormValues, `questions.${number}.answers`>;
  message: Message;
  onFormula(text: string): void;
  legend: string;
  label(n: number): string;
  /** Each row has its "right answer" box (choices). */
  correct: boolean;
  min: number;
  max: number;
  addLabel: string;
  removeLabel(n: number): string;
  /** Each row moves up and down (an order's items). */
  movable?: { up(n: number): string; down(n: number): string };
}) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<RaidFormValues>();
  const path = `questions.${index}` as const;
  const q = useWatch({ control, name: path });
  const rows = answers.fields.map((field, ai): EditableRow => {
    const a: AnswerValues = q.answers[ai] ?? newAnswer();
    const name = label(ai + 1);
    return {
      key: field.id,
      name,
      inputId: `a-${field.id}`,
      input: {
        maxLength: ANSWER_MAX + 20,
        ...register(`${path}.answers.${ai}.text`, { onChange: (e) => onFormula(e.target.value) }),
      },
      error: message(`${path}.answers.${ai}.text`),
      className: correct && a.isCorrect ? ' rq__answer--correct' : '',
      lead: correct ? (
        <input
          type="checkbox"
          aria-label={`${t('RAIDS.FORM.CORRECT')} (${name})`}
          title={t('RAIDS.FORM.CORRECT')}
          {...register(`${path}.answers.${ai}.isCorrect`)}
        />
      ) : movable ? (
        <span className="rq__rank" aria-hidden="true">
          {ai + 1}
        </span>
      ) : null,
      tools: movable ? (
        <>
          <button
            type="button"
            className="rq__icon"
            aria-label={movable.up(ai + 1)}
            title={movable.up(ai + 1)}
            disabled={ai === 0}
            onClick={() => answers.swap(ai, ai - 1)}
          >
            ▲
          </button>
          <button
            type="button"
            className="rq__icon"
            aria-label={movable.down(ai + 1)}
            title={movable.down(ai + 1)}
            disabled={ai === answers.fields.length - 1}
            onClick={() => answers.swap(ai, ai + 1)}
          >
            ▼
          </button>
        </>
      ) : null,
      below: q.equationMode && hasFormula(a.text) ? <FormulaPreview text={a.text} /> : null,
      removeLabel: removeLabel(ai + 1),
      onRemove: () => answers.remove(ai),
    };
  });
  return (
    <EditableRows
      legend={legend}
      listClassName={movable ? ' rq__answers--list' : ''}
      rows={rows}
      listError={message(`${path}.answers`)}
      min={min}
      max={max}
      addLabel={addLabel}
      onAdd={() => answers.append(newAnswer(), { shouldFocus: false })}
    />
  );
}

/** True/false: which of the two is right. */
function TrueFalseFields({ index, message }: { index: number; message: Message }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RaidFormValues>();
  const path = `questions.${index}` as const;
  const answers = useWatch({ control, name: `${path}.answers` }) ?? [];
  return (
    <fieldset className="rq__fieldset rq__tf" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field__label">{t('RAIDS.FORM.CORRECT')}</legend>
      <div className="row">
        {answers.map((a, ai) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: always the same two answers in the same order
          <label key={ai} className="raid-form__check">
            <input
              type="radio"
              name={`tf-${index}`}
              checked={a.isCorrect}
              onChange={() =>
                setValue(
                  `${path}.answers`,
                  answers.map((x, xi) => ({ ...x, isCorrect: xi === ai })),
                  { shouldDirty: true },
                )
              }
            />
            {a.text}
          </label>
        ))}
      </div>
      <ErrorLine message={message(`${path}.answers`)} />
    </fieldset>
  );
}

function NumberFields({ index, message }: { index: number; message: Message }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RaidFormValues>();
  const path = `questions.${index}.number` as const;
  const n = useWatch({ control, name: path });
  if (!n) return null;
  const set = (change: Partial<NumberSettings>) => setValue(path, { ...n, ...change }, { shouldDirty: true });
  const valueError = message(`${path}.value`);
  const toleranceError = message(`${path}.tolerance`);
  const unitError = message(`${path}.unit`);
  const relative = n.toleranceMode === 'relative';
  return (
    <div className="rq__kind-fields rq__grid">
      <FieldShell label={t('RAIDS.FORM.NUMBER_VALUE')} error={valueError} hint={t('RAIDS.FORM.NUMBER_HINT')}>
        {(id, describedBy) => (
          <NumberInput
            id={id}
            value={n.value}
            invalid={!!valueError}
            describedBy={describedBy}
            onValue={(value) => set({ value })}
          />
        )}
      </FieldShell>
      <FieldShell label={t('RAIDS.FORM.TOLERANCE')} error={toleranceError}>
        {(id, describedBy) => (
          <div className="row rq__tolerance">
            <NumberInput
              id={id}
              value={n.tolerance}
              scale={relative ? 100 : 1}
              invalid={!!toleranceError}
              describedBy={describedBy}
              onValue={(tolerance) => set({ tolerance })}
            />
            <select
              className="field__input"
              aria-label={t('RAIDS.FORM.TOLERANCE_MODE')}
              value={n.toleranceMode}
              onChange={(e) => {
                // The number shown stays; its meaning changes (5 → 5 %).
                const toleranceMode = e.target.value as NumberSettings['toleranceMode'];
                const shown = relative ? n.tolerance * 100 : n.tolerance;
                const tolerance = toleranceMode === 'relative' ? shown / 100 : shown;
                set({ toleranceMode, tolerance: Number(tolerance.toPrecision(12)) });
              }}
            >
              <option value="absolute">{t('RAIDS.FORM.TOL_ABSOLUTE')}</option>
              <option value="relative">{t('RAIDS.FORM.TOL_RELATIVE')}</option>
            </select>
          </div>
        )}
      </FieldShell>
      <FieldShell label={t('RAIDS.FORM.UNIT')} error={unitError} hint={t('RAIDS.FORM.UNIT_HINT')}>
        {(id, describedBy) => (
          <input
            id={id}
            className="field__input"
            maxLength={UNIT_MAX + 10}
            value={n.unit ?? ''}
            aria-invalid={!!unitError || undefined}
            aria-describedby={describedBy}
            onChange={(e) => set({ unit: e.target.value.trim() ? e.target.value : null })}
          />
        )}
      </FieldShell>
    </div>
  );
}

function TextFields({ index, message }: { index: number; message: Message }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RaidFormValues>();
  const path = `questions.${index}.textAnswer` as const;
  const s = useWatch({ control, name: path }) ?? newTextAnswer();
  const set = (change: Partial<TextSettings>) => setValue(path, { ...s, ...change }, { shouldDirty: true });
  const option = (key: 'ignoreCase' | 'ignoreAccents' | 'allowTypo', label: string): ReactNode => (
    <label className="raid-form__check">
      <input type="checkbox" checked={s[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );
  // A row's key is its place: the inputs are controlled.
  const rows = s.accepted.map(
    (a, ai): EditableRow => ({
      key: String(ai),
      name: t('RAIDS.FORM.ACCEPTED_N', { n: ai + 1 }),
      inputId: `acc-${index}-${ai}`,
      input: {
        maxLength: ACCEPTED_ANSWER_MAX + 20,
        value: a,
        onChange: (e) => set({ accepted: s.accepted.map((x, xi) => (xi === ai ? e.target.value : x)) }),
      },
      error: message(`${path}.accepted.${ai}`),
      removeLabel: t('RAIDS.FORM.REMOVE_ACCEPTED', { n: ai + 1 }),
      onRemove: () => set({ accepted: s.accepted.filter((_, xi) => xi !== ai) }),
    }),
  );
  return (
    <EditableRows
      legend={t('RAIDS.FORM.ACCEPTED')}
      className=" rq__kind-fields"
      rows={rows}
      listError={message(`${path}.accepted`)}
      min={1}
      max={ACCEPTED_MAX}
      addLabel={t('RAIDS.FORM.ADD_ACCEPTED')}
      onAdd={() => set({ accepted: [...s.accepted, ''] })}
    >
      <div className="row rq__options">
        {option('ignoreCase', t('RAIDS.FORM.IGNORE_CASE'))}
        {option('ignoreAccents', t('RAIDS.FORM.IGNORE_ACCENTS'))}
        {option('allowTypo', t('RAIDS.FORM.ALLOW_TYPO'))}
      </div>
    </EditableRows>
  );
}

/** The fields of the question's kind, under its text and image. */
export function KindFields({
  index,
  message,
  onFormula,
}: {
  index: number;
  message: Message;
  onFormula(text: string): void;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<RaidFormValues>();
  const path = `questions.${index}` as const;
  const q = useWatch({ control, name: path });
  // The answers rows' field array lives here whatever the kind (a switch of kind replaces its rows).
  const answers = useFieldArray({ control, name: `${path}.answers` });
  const apply = useKindSwitch(index);
  if (!q) return null;
  const kind = editorKind(q);
  const rows = { index, answers, message, onFormula };

  if (kind === 'truefalse') return <TrueFalseFields index={index} message={message} />;
  if (kind === 'choice')
    return (
      <AnswerRows
        {...rows}
        legend={t('RAIDS.FORM.ANSWERS')}
        label={(n) => t('RAIDS.FORM.ANSWER_N', { n })}
        correct
        min={ANSWERS_MIN}
        max={ANSWERS_MAX}
        addLabel={t('RAIDS.FORM.ADD_ANSWER')}
        removeLabel={(n) => t('RAIDS.FORM.REMOVE_ANSWER', { n })}
      />
    );
  if (kind === 'number') return <NumberFields index={index} message={message} />;
  if (kind === 'text') return <TextFields index={index} message={message} />;
  if (kind === 'order')
    return (
      <AnswerRows
        {...rows}
        legend={t('RAIDS.FORM.ITEMS')}
        label={(n) => t('RAIDS.FORM.ITEM_N', { n })}
        correct={false}
        min={ORDER_ITEMS_MIN}
        max={ORDER_ITEMS_MAX}
        addLabel={t('RAIDS.FORM.ADD_ITEM')}
        removeLabel={(n) => t('RAIDS.FORM.REMOVE_ITEM', { n })}
        movable={{
          up: (n) => t('RAIDS.FORM.ITEM_UP', { n }),
          down: (n) => t('RAIDS.FORM.ITEM_DOWN', { n }),
        }}
      />
    );
  // A poll: its mode, then its choices (none right) or a word on what pupils type.
  const mode = q.poll?.pollMode ?? 'choice';
  return (
    <div className="rq__kind-fields">
      <label className="rq__kind">
        <span>{t('RAIDS.FORM.POLL_MODE')}</span>
        <select
          className="field__input"
          value={mode}
          onChange={(e) => apply('poll', e.target.value as PollMode)}
        >
          <option value="choice">{t('RAIDS.FORM.POLL_CHOICE')}</option>
          <option value="number">{t('RAIDS.FORM.POLL_NUMBER')}</option>
          <option value="text">{t('RAIDS.FORM.POLL_TEXT')}</option>
        </select>
      </label>
      {mode === 'choice' ? (
        <AnswerRows
          {...rows}
          legend={t('RAIDS.FORM.POLL_CHOICES')}
          label={(n) => t('RAIDS.FORM.CHOICE_N', { n })}
          correct={false}
          min={ANSWERS_MIN}
          max={ANSWERS_MAX}
          addLabel={t('RAIDS.FORM.ADD_CHOICE')}
          removeLabel={(n) => t('RAIDS.FORM.REMOVE_CHOICE', { n })}
        />
      ) : (
        <p className="muted">{t('RAIDS.FORM.POLL_TYPED_HINT')}</p>
      )}
    </div>
  );
}
