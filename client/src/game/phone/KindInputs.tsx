// The pupil's inputs for the kinds of question that are not ticked choices (issue 23), on the live
// phone and in homework: a typed number (numeric keypad, the unit beside it) or word, and an order
// built by tapping the items one after the other (with undo). They send what the pupil gave; the
// server judges (a number is read there: French comma, spaces, 1,5e3…). Each item keeps the shape,
// letter and colour of an answer button (issue 24).
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicAnswer } from '../../../../shared/game/contract';
import { parseNumber } from '../../../../shared/questions/judge';
import { TYPED_ANSWER_MAX } from '../../../../shared/questions/kind-rules';
import { answerStyle } from '../answer-style';
import { AnswerShapeIcon } from './AnswerButtons';
import { MathText, type useKatex } from './math-text';
import { phoneError } from './phone-error';

type Katex = ReturnType<typeof useKatex>;

// How a question is answered, and the read-aloud's hint: kind-input.ts (loaded with the page; this
// module loads only for a number, a text or an order, QuestionScreen.tsx).
export { type InputKind, inputOf, readHintOf } from './kind-input';

/** A typed number or word. `sent`: what was sent (shown, locked). */
export function TypedAnswer({
  mode,
  unit,
  sent,
  locked,
  onSubmit,
}: {
  mode: 'number' | 'text';
  unit?: string | null;
  sent: string | null;
  locked: boolean;
  onSubmit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = sent ?? value;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (locked) return;
    const v = value.trim();
    if (!v) return setError('GAME.ERRORS.ANSWER_EMPTY');
    // The server reads the number again and judges it; this only spares a refused send.
    if (mode === 'number' && parseNumber(v, unit) === null)
      return setError('GAME.ERRORS.ANSWER_NOT_A_NUMBER');
    setError(null);
    onSubmit(v);
  };
  return (
    <form className="typed" onSubmit={submit} noValidate>
      <label className="typed__label" htmlFor={id}>
        {t(mode === 'number' ? 'PHONE.TYPE_NUMBER' : 'PHONE.TYPE_TEXT')}
      </label>
      <div className="typed__row">
        <input
          id={id}
          className="typed__input"
          type="text"
          inputMode={mode === 'number' ? 'decimal' : 'text'}
          enterKeyHint="send"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={TYPED_ANSWER_MAX}
          value={shown}
          readOnly={locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(null);
          }}
        />
        {unit ? (
          <span className="typed__unit" data-testid="typed-unit">
            {unit}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="typed__error" role="alert">
          {phoneError(error)}
        </p>
      ) : null}
      {!locked ? (
        <button type="submit" className="validate" disabled={!value.trim()}>
          {t('PHONE.VALIDATE', { count: 1 })}
        </button>
      ) : null}
    </form>
  );
}

/** The badge of an item: its shape and letter, from its place in the list as shown. */
function ItemBadge({ index }: { index: number }) {
  const s = answerStyle(index);
  return (
    <span className="answer__badge">
      <AnswerShapeIcon index={index} size={22} />
      <span className="answer__letter">{s.letter}</span>
    </span>
  );
}

const itemStyle = (index: number) => {
  const s = answerStyle(index);
  return { '--answer-color': s.color, '--answer-ink': s.ink } as CSSProperties;
};

/**
 * An order question: the pupil taps the items in the order they choose; each tap fills the next
 * place. A placed item tapped again goes back (and the ones after it stay); "undo" takes back the
 * last one. Validate once every item has its place. `sent`: the order sent (shown, locked).
 */
export function OrderAnswer({
  items,
  katex,
  sent,
  locked,
  onSubmit,
}: {
  items: PublicAnswer[];
  katex: Katex;
  sent: string[] | null;
  locked: boolean;
  onSubmit: (order: string[]) => void;
}) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<string[]>([]);
  const seq = sent ?? order;
  const indexOf = (id: string) => items.findIndex((a) => a.id === id);
  const left = items.filter((a) => !seq.includes(a.id));
  const complete = seq.length === items.length;
  return (
    <div className="order">
      <ol className="order__sequence" aria-label={t('PHONE.ORDER_YOURS')}>
        {items.map((_, place) => {
          const id = seq[place];
          const i = id ? indexOf(id) : -1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the places are fixed, 1 to n
            <li key={place} className={`order__slot${id ? ' order__slot--filled' : ''}`}>
              <span className="order__rank" aria-hidden="true">
                {place + 1}
              </span>
              {id && i >= 0 ? (
                <button
                  type="button"
                  className="order__item"
                  style={itemStyle(i)}
                  disabled={locked}
                  aria-label={t('PHONE.ORDER_REMOVE', {
                    rank: place + 1,
                    letter: answerStyle(i).letter,
                    text: items[i].text,
                  })}
                  onClick={() => setOrder((o) => o.filter((x) => x !== id))}
                >
                  <ItemBadge index={i} />
                  <span className="order__text">
                    <MathText text={items[i].text} katex={katex} />
                  </span>
                  {!locked ? (
                    <span className="order__out" aria-hidden="true">
                      ✕
                    </span>
                  ) : null}
                </button>
              ) : (
                <span className="order__empty">{t('PHONE.ORDER_EMPTY_SLOT')}</span>
              )}
            </li>
          );
        })}
      </ol>
      {!locked && left.length > 0 ? (
        <>
          <p className="question__hint" id="order-hint">
            {t(seq.length === 0 ? 'PHONE.ORDER_HINT_FIRST' : 'PHONE.ORDER_HINT_NEXT', {
              rank: seq.length + 1,
            })}
          </p>
          <ul className="answers answers--rows order__pool" aria-describedby="order-hint">
            {left.map((a) => {
              const i = indexOf(a.id);
              return (
                <li key={a.id}>
                  <button
                    type="button"
                    className="answer"
                    style={itemStyle(i)}
                    onClick={() => setOrder((o) => (o.includes(a.id) ? o : [...o, a.id]))}
                  >
                    <ItemBadge index={i} />
                    <span className="answer__text">
                      <span className="sr-only">
                        {t('PHONE.ORDER_PLACE', { rank: seq.length + 1, letter: answerStyle(i).letter })} :{' '}
                      </span>
                      <MathText text={a.text} katex={katex} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {!locked ? (
        <div className="order__actions">
          <button
            type="button"
            className="order__undo"
            disabled={order.length === 0}
            onClick={() => setOrder((o) => o.slice(0, -1))}
          >
            {t('PHONE.ORDER_UNDO')}
          </button>
          {complete ? (
            <button type="button" className="validate" onClick={() => onSubmit(order)}>
              {t('PHONE.ORDER_VALIDATE')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
