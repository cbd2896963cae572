// Where the user is in a multi-step form: numbered steps with labels, or a bar with "2/3".
import { useTranslation } from 'react-i18next';

export function Stepper({ current, total, labels }: { current: number; total: number; labels?: string[] }) {
  const { t } = useTranslation();
  const text = t('REGISTER.STEP', { current: current + 1, total });
  if (!labels) {
    return (
      <div className="progress">
        <div
          className="progress__bar"
          role="progressbar"
          aria-label={text}
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={current + 1}
          aria-valuetext={text}
        >
          <span style={{ width: `${((current + 1) / total) * 100}%` }} />
        </div>
        <span className="progress__text">{`${current + 1}/${total}`}</span>
      </div>
    );
  }
  return (
    <nav aria-label={text}>
      <ol className="stepper">
        {labels.map((label, i) => (
          <li
            key={label}
            className={`stepper__step${i === current ? ' is-current' : ''}${i < current ? ' is-done' : ''}`}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="stepper__dot" aria-hidden="true">
              {i < current ? '✓' : i + 1}
            </span>
            <span className="stepper__label">{label}</span>
          </li>
        ))}
      </ol>
      <p className="stepper__count">{text}</p>
    </nav>
  );
}
