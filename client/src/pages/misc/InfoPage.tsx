// A friendly one-message page (not found, error, account disabled, school sign-on help).
import type { ReactNode } from 'react';
import { Icon } from '../../components/layout/Icon';
import './misc.css';

type Tone = 'info' | 'warning' | 'danger';

export function InfoPage({
  icon,
  tone = 'info',
  title,
  children,
  actions,
  testId,
}: {
  icon: Parameters<typeof Icon>[0]['name'];
  tone?: Tone;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="info-page" data-testid={testId}>
      <div className="info-page__card card">
        <div className={`info-page__emblem info-page__emblem--${tone}`}>
          <Icon name={icon} size={44} />
        </div>
        <h1>{title}</h1>
        <div className="info-page__text">{children}</div>
        {actions ? <div className="info-page__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
