// Two big cards, one of which is chosen: native radio buttons dressed as cards (power mode, sharing).
import { useId } from 'react';
import { Glyph, type GlyphName } from '../auth/Glyph';

export interface ChoiceOption<T> {
  value: T;
  icon: GlyphName;
  title: string;
  text: string;
}

export function ChoiceCards<T extends string | boolean>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ChoiceOption<T>[];
  value: T;
  onChange: (v: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="choice-fieldset">
      <legend className="sr-only">{label}</legend>
      <div className="choices choices--two">
        {options.map((o) => (
          <label key={String(o.value)} className={`choice${o.value === value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={String(o.value)}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span className="choice__icon">
              <Glyph name={o.icon} />
            </span>
            <span className="choice__body">
              <span className="choice__title">{o.title}</span>
              <span className="choice__text">{o.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
