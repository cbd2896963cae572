// The power-mode and sharing steps of the teacher's preferences: first set-up and account settings.
import { useTranslation } from 'react-i18next';
import { ChoiceCards } from './ChoiceCards';

interface StepProps {
  value: boolean;
  onChange: (value: boolean) => void;
}

export function PowersStep({ value, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('ONBOARDING.POWERS_TITLE')}</h2>
      <p className="muted">{t('ONBOARDING.POWERS_TEXT')}</p>
      <ChoiceCards
        label={t('ONBOARDING.POWERS_TITLE')}
        value={value}
        onChange={onChange}
        options={[
          {
            value: true,
            icon: 'bolt',
            title: t('ONBOARDING.POWERS_ON'),
            text: t('ONBOARDING.POWERS_ON_TEXT'),
          },
          {
            value: false,
            icon: 'book',
            title: t('ONBOARDING.POWERS_OFF'),
            text: t('ONBOARDING.POWERS_OFF_TEXT'),
          },
        ]}
      />
    </>
  );
}

export function SharingStep({ value, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('ONBOARDING.SHARING_TITLE')}</h2>
      <p className="muted">{t('ONBOARDING.SHARING_TEXT')}</p>
      <ChoiceCards
        label={t('ONBOARDING.SHARING_TITLE')}
        value={value}
        onChange={onChange}
        options={[
          {
            value: true,
            icon: 'share',
            title: t('ONBOARDING.SHARE_ON'),
            text: t('ONBOARDING.SHARE_ON_TEXT'),
          },
          {
            value: false,
            icon: 'lock',
            title: t('ONBOARDING.SHARE_OFF'),
            text: t('ONBOARDING.SHARE_OFF_TEXT'),
          },
        ]}
      />
    </>
  );
}
