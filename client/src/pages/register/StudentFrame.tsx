// The frame of the student registration steps: world art, progress "n/3", the class joined.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WORLD_NAMES, type WorldName } from '../../../../shared/worlds';
import { AuthScreen } from '../auth/AuthScreen';
import { Stepper } from './Stepper';
import { readDraft } from './student-draft';

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
  // Once the code is known, every step shows the world of the class (a random one before).
  const planet = readDraft().planet;
  return (
    <AuthScreen
      planet={(WORLD_NAMES as readonly string[]).includes(planet ?? '') ? (planet as WorldName) : undefined}
    >
      {step !== undefined ? <Stepper current={step} total={3} /> : null}
      {className ? <p className="class-badge">{t('REGISTER.STUDENT.JOINING', { name: className })}</p> : null}
      {children}
    </AuthScreen>
  );
}
