// The frame of the sign-in and registration screens: a world illustration with the logo, and a card.
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORLD_NAMES, WORLDS, type WorldName } from '../../../../shared/worlds';
import './auth.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className="auth-logo" aria-label={t('BRAND.HOME')}>
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
        <path
          d="M24 3 41 9v13c0 11-7.5 19.5-17 23C14.5 41.5 7 33 7 22V9z"
          fill="var(--world-color)"
          stroke="#fff"
          strokeWidth="3"
        />
        <path d="m24 13 3.2 6.6 7.2 1-5.2 5 1.3 7.2L24 29.4l-6.5 3.4 1.3-7.2-5.2-5 7.2-1z" fill="#ffc94a" />
      </svg>
      <span className="auth-logo__name">{t('BRAND.NAME')}</span>
    </Link>
  );
}

export interface AuthScreenProps {
  children: ReactNode;
  /** The world shown; a random one by default. */
  planet?: WorldName;
  /** Wider card, for forms with many fields. */
  wide?: boolean;
}

export function AuthScreen({ children, planet, wide }: AuthScreenProps) {
  const [world] = useState(
    () => WORLDS[planet ?? WORLD_NAMES[Math.floor(Math.random() * WORLD_NAMES.length)]],
  );
  const [art, setArt] = useState(true);
  return (
    <div className="auth" style={{ '--world-color': world.color } as CSSProperties}>
      <div className="auth__hero" style={{ backgroundImage: `url(${world.background})` }}>
        {art ? <img className="auth__art" src={world.header} alt="" onError={() => setArt(false)} /> : null}
        <Logo />
      </div>
      <div className={`auth__card card${wide ? ' auth__card--wide' : ''}`}>{children}</div>
    </div>
  );
}
