// The one-character boxes of a class code (SPEC points 2 and 9): digits only in number mode,
// backspace on an empty box moves back, arrows move, a paste fills the boxes, and onFinish fires
// once every box is filled.
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASS_CODE_LENGTH } from '../../../shared/constants';
import { translateError } from '../i18n';
import './CodeInput.css';

export interface CodeInputProps {
  length?: number;
  type?: 'text' | 'number';
  /** Visible label of the group. */
  label: string;
  /** An i18n key or server message, shown below the boxes. */
  error?: string | null;
  defaultValue?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onChange?: (value: string) => void;
  onFinish?: (value: string) => void;
}

export function CodeInput({
  length = CLASS_CODE_LENGTH,
  type = 'text',
  label,
  error,
  defaultValue = '',
  disabled,
  autoFocus,
  onChange,
  onFinish,
}: CodeInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const allowed = (c: string) => (type === 'number' ? /^\d$/.test(c) : /^\S$/.test(c));
  const [chars, setChars] = useState<string[]>(() =>
    Array.from({ length }, (_, i) => (allowed(defaultValue[i] ?? '') ? defaultValue[i] : '')),
  );
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (i: number) => {
    const el = boxes.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[]) => {
    setChars(next);
    const value = next.join('');
    onChange?.(value);
    if (next.every((c) => c !== '')) onFinish?.(value);
  };

  /** Writes `text` from box `start` on, skipping characters the mode refuses. */
  const fill = (start: number, text: string) => {
    const accepted = [...text].filter(allowed);
    if (accepted.length === 0) return;
    const next = [...chars];
    let i = start;
    for (const c of accepted) {
      if (i >= length) break;
      next[i++] = c;
    }
    commit(next);
    focus(Math.min(i, length - 1));
  };

  const onInput = (i: number, raw: string) => {
    if (raw === '') {
      const next = [...chars];
      next[i] = '';
      commit(next);
      return;
    }
    // Typing into a filled box leaves the old character next to the new one: keep the new one.
    const typed = raw.length > 1 && raw.startsWith(chars[i]) ? raw.slice(chars[i].length) : raw;
    fill(i, typed);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && chars[i] === '' && i > 0) {
      e.preventDefault();
      const next = [...chars];
      next[i - 1] = '';
      commit(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focus(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focus(length - 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text').trim());
  };

  return (
    <fieldset className={`code-input${error ? ' code-input--error' : ''}`}>
      <legend className="field__label">{label}</legend>
      <div className="code-input__boxes">
        {chars.map((c, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never move
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="code-input__box"
            type="text"
            inputMode={type === 'number' ? 'numeric' : 'text'}
            pattern={type === 'number' ? '[0-9]*' : undefined}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoCapitalize="off"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing on its screen
            autoFocus={autoFocus && i === 0}
            disabled={disabled}
            value={c}
            aria-label={t('CODE_INPUT.BOX', { index: i + 1, length })}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      {error ? (
        <div id={`${id}-err`} className="field__error" role="alert">
          {translateError(error)}
        </div>
      ) : null}
    </fieldset>
  );
}
