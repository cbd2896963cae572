// A raid's lobby on the phone: the raid is chosen, the first question comes when the teacher starts it.
import { useTranslation } from 'react-i18next';
import type { RaidView, RosterEntry } from '../../../../shared/game/contract';

export function LobbyScreen({ raid, me }: { raid: RaidView; me: RosterEntry | null }) {
  const { t } = useTranslation();
  return (
    <section className="wait" data-testid="phone-lobby">
      <div className="wait__avatar">
        {me?.avatarImage ? <img src={me.avatarImage} alt={t('PHONE.MY_AVATAR')} /> : null}
      </div>
      <h1 className="wait__title">{t('PHONE.LOBBY_TITLE')}</h1>
      <p className="wait__text">{t('PHONE.LOBBY_TEXT', { title: raid.title })}</p>
      <div className="wait__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </section>
  );
}
