// The frame of the student registration steps: world art, progress "n/3", the class joined.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthScreen } from '../auth/AuthScreen';
import { Stepper } from './Stepper';

export function StudentFrame({
  step,
  className,
  children,
}: {
  step?: number;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthScreen>
      {step !== undefined ? <Stepper current={step} total={3} /> : null}
      {className ? <p className="class-badge">{t('REGISTER.STUDENT.JOINING', { name: className })}</p> : null}
      {children}
    </AuthScreen>
  );
}
