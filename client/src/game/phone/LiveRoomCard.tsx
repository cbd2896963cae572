// The student home's "a game is live" card: one big button per open room of the student's classes.
// Polled every 15 s while the page is visible. Imported by the home page, so it stays tiny: no zod,
// no KaTeX, and the socket only while a room is shown (loaded then), so that a room the teacher
// closes leaves the home at once (the server's `rooms:live` push) instead of at the next poll.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LiveRoom, listLiveRooms } from '../../api/live';
import { Icon } from '../../components/layout/Icon';
import { loadTexts } from '../../i18n';
import './live-card.css';

export const LIVE_POLL_MS = 15_000;

export function useLiveRooms(): LiveRoom[] {
  const [rooms, setRooms] = useState<LiveRoom[]>([]);
  const [reload, setReload] = useState(0);
  const showing = rooms.length > 0;
  useEffect(() => {
    if (!showing) return;
    // Aborted when the card goes: the socket is never opened, or is closed.
    const stop = new AbortController();
    void import('../socket')
      .then(({ connectGame }) => {
        if (stop.signal.aborted) return;
        const socket = connectGame();
        socket.on('rooms:live', () => setReload((n) => n + 1));
        stop.signal.addEventListener('abort', () => socket.disconnect());
      })
      .catch(() => undefined);
    return () => stop.abort();
  }, [showing]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the push asking to load again
  useEffect(() => {
    // Aborted on a push or when the card goes: the poll in flight is cancelled, its answer dropped.
    const stop = new AbortController();
    let timer: ReturnType<typeof setInterval> | undefined;
    const load = () => {
      listLiveRooms(stop.signal)
        .then(async (r) => {
          const list = Array.isArray(r) ? r : [];
          // The card's strings are the phone's: fetched once there is a game to join, not with the home.
          if (list.length) await loadTexts(['phone', 'subjects']).catch(() => undefined);
          return list;
        })
        .then(
          (list) => {
            if (!stop.signal.aborted) setRooms(list);
          },
          () => undefined,
        );
    };
    const start = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      load();
      timer = setInterval(load, LIVE_POLL_MS);
    };
    start();
    document.addEventListener('visibilitychange', start);
    return () => {
      stop.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', start);
    };
  }, [reload]);
  return rooms;
}

export function LiveRoomCard() {
  const { t } = useTranslation();
  const rooms = useLiveRooms();
  if (rooms.length === 0) return null;
  return (
    <section className="live-card" aria-label={t('PHONE.LIVE_NOW')}>
      {rooms.map((r) =>
        r.waiting ? (
          <div
            key={`${r.schoolclassId}:${r.subjectId}`}
            className="live-card__join live-card__join--waiting"
            data-testid="live-waiting"
          >
            <span className="live-card__badge">{t('PHONE.WAITING_TITLE')}</span>
            <span className="live-card__label">{t('PHONE.JOIN_LIVE', { className: r.className })}</span>
            <span className="live-card__hint">{t('PHONE.WAITING_HINT')}</span>
          </div>
        ) : (
          <Link
            key={`${r.schoolclassId}:${r.subjectId}`}
            to={`/student/live/${r.schoolclassId}/${r.subjectId}`}
            className="live-card__join"
          >
            <span className="live-card__badge">
              <span className="live-card__pulse" aria-hidden="true" />
              {t('PHONE.LIVE_NOW')}
            </span>
            <span className="live-card__label">
              <Icon name="play" size={28} />
              {t('PHONE.JOIN_LIVE', { className: r.className })}
            </span>
            <span className="live-card__hint">
              {r.subjectCode
                ? t('PHONE.LIVE_SUBJECT', {
                    subject: t(`SUBJECTS.${r.subjectCode}`, { defaultValue: r.subjectCode }),
                  })
                : t('PHONE.LIVE_HINT')}
            </span>
          </Link>
        ),
      )}
    </section>
  );
}
