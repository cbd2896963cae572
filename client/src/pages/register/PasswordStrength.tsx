// A short hint while typing a password. Only a hint: the real quality check runs on the server.
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../../shared/constants';

const LEVELS = ['WEAK', 'FAIR', 'GOOD', 'STRONG'] as const;

export function passwordScore(p: string): number {
  if (p.length < PASSWORD_MIN || !/[^A-Za-z]/.test(p)) return 0;
  let score = 1;
  if (p.length >= 12) score++;
  if (/[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p)) score++;
  return score;
}

export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return <span>{t('PASSWORD_STRENGTH.HINT')}</span>;
  const score = passwordScore(password);
  return (
    <span className={`strength strength--${score}`}>
      <span className="strength__bar" aria-hidden="true">
        {LEVELS.map((l, i) => (
          <span key={l} className={i <= score ? 'is-on' : undefined} />
        ))}
      </span>
      {t('PASSWORD_STRENGTH.LABEL', { level: t(`PASSWORD_STRENGTH.${LEVELS[score]}`) })}
      {score === 0 ? ` · ${t('PASSWORD_STRENGTH.HINT')}` : null}
    </span>
  );
}
