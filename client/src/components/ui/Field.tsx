import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../i18n';

interface FieldShellProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** Label, control and a translated error below it. `error` is an i18n key or a server message. */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children(id, error ? errId : undefined)}
      {hint && !error ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <div id={errId} className="field__error" role="alert">
          {translateError(error)}
        </div>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  onChange: (value: string) => void;
}

export function TextField({ label, error, hint, onChange, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          className="field__input"
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy}
          {...input}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { label, error, hint, onChange, ...input } = props;
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <div className="field__password">
          <input
            id={id}
            className="field__input"
            type={visible ? 'text' : 'password'}
            aria-invalid={!!error || undefined}
            aria-describedby={describedBy}
            {...input}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="field__reveal"
            onClick={() => setVisible((v) => !v)}
            aria-label={t(visible ? 'COMMON.HIDE_PASSWORD' : 'COMMON.SHOW_PASSWORD')}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  error?: string | null;
  options: { value: string; label: string }[];
  placeholder?: string;
  onChange: (value: string) => void;
}

export function SelectField({ label, error, options, placeholder, onChange, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error}>
      {(id, describedBy) => (
        <select
          id={id}
          className="field__input"
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy}
          {...select}
          onChange={(e) => onChange(e.target.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** Inline pictogram: emoji fonts are missing on some school machines. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 8.6 1 12c1.7 3.4 5.5 7 11 7s9.3-3.6 11-7c-1.7-3.4-5.5-7-11-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
      />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /> : null}
    </svg>
  );
}
