// Between activities: the class's world, the student's avatar, and "wait for your teacher" (the
// lesson starts, or, after an activity, what comes next).
import { useTranslation } from 'react-i18next';
import type { RosterEntry } from '../../../../shared/game/contract';

export function WaitScreen({
  me,
  paused,
  className,
  between = false,
}: {
  me: RosterEntry | null;
  paused: boolean;
  className: string;
  /** An activity of this lesson is over: the next one comes (not "the lesson starts"). */
  between?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={`wait${paused ? ' wait--paused' : ''}`}>
      <div className="wait__avatar">
        {me?.avatarImage ? <img src={me.avatarImage} alt={t('PHONE.MY_AVATAR')} /> : null}
      </div>
      <h1 className="wait__title">
        {paused ? t('PHONE.PAUSED_TITLE') : t('PHONE.HELLO', { name: me?.firstName ?? '' })}
      </h1>
      <p className="wait__text">
        {paused
          ? t('PHONE.PAUSED_TEXT')
          : between
            ? t('PHONE.WAIT_NEXT')
            : t('PHONE.WAIT_TEXT', { className })}
      </p>
      {!paused ? (
        <div className="wait__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ) : null}
    </section>
  );
}
