// A grid of avatars to pick one from: native radio buttons dressed as pictures (arrows move).
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvatarDto } from '../../../../shared/types';
import { listAvatars } from '../../api/catalogue';
import { Button } from '../../components/ui/Button';

/** The avatars of a catalogue query, loaded once by the page, with a retry after a failure. */
export function useAvatarList(query: Parameters<typeof listAvatars>[0]) {
  const [avatars, setAvatars] = useState<AvatarDto[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { userType, starter } = query;
  const load = useCallback(() => {
    setLoadFailed(false);
    listAvatars({ userType, starter })
      .then(setAvatars)
      .catch(() => setLoadFailed(true));
  }, [userType, starter]);
  useEffect(load, [load]);
  return { avatars, loadFailed, reload: load };
}

/** The grid once loaded; meanwhile a loading line, or the failure with a retry button. */
export function AvatarChoice({
  list,
  ...grid
}: { list: ReturnType<typeof useAvatarList> } & Omit<Parameters<typeof AvatarGrid>[0], 'avatars'>) {
  const { t } = useTranslation();
  if (list.loadFailed) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('REGISTER.AVATARS_LOAD_FAILED')}</p>
        <Button variant="secondary" onClick={list.reload}>
          {t('REGISTER.RETRY')}
        </Button>
      </div>
    );
  }
  if (!list.avatars) return <p role="status">{t('REGISTER.LOADING')}</p>;
  return <AvatarGrid avatars={list.avatars} {...grid} />;
}

export function AvatarGrid({
  avatars,
  selected,
  onSelect,
  label,
  itemLabel,
}: {
  avatars: AvatarDto[];
  selected: string | null;
  onSelect: (id: string) => void;
  label: string;
  /** What a screen reader says for each picture (default: "Character n"). */
  itemLabel?: (avatar: AvatarDto, index: number) => string;
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
            <span className="sr-only">
              {itemLabel ? itemLabel(a, i) : t('REGISTER.AVATAR_ALT', { index: i + 1 })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
