// A grid of avatars to pick one from: native radio buttons dressed as pictures (arrows move).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvatarDto } from '../../../../shared/types';

export function AvatarGrid({
  avatars,
  selected,
  onSelect,
  label,
}: {
  avatars: AvatarDto[];
  selected: string | null;
  onSelect: (id: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="avatar-fieldset">
      <legend className="sr-only">{label}</legend>
      <div className="avatar-grid">
        {avatars.map((a, i) => (
          <label key={a.id} className={`avatar-pick${a.id === selected ? ' is-checked' : ''}`}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={a.id}
              checked={a.id === selected}
              onChange={() => onSelect(a.id)}
            />
            <img src={a.image} alt="" loading="lazy" />
            <span className="sr-only">{t('REGISTER.AVATAR_ALT', { index: i + 1 })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
