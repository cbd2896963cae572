// /student/live/:schoolclassId/:subjectId: the student's phone during a live lesson. It shows what
// the room is doing (waiting, a raid question, the reveal, the end, or "look at the board") and
// keeps working through Wi-Fi drops, sleep and reloads (see use-live-room.ts).
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WORLDS } from '../../../../shared/worlds';
import { useApplyDisplayPrefs } from '../../lib/display-prefs';
import type { GameSocket } from '../socket';
import { BoardScreen } from './BoardScreen';
import { ClosedScreen } from './ClosedScreen';
import { EndScreen } from './EndScreen';
import { LobbyScreen } from './LobbyScreen';
import { PhoneBar } from './PhoneBar';
import { phoneError } from './phone-error';
import { QuestionScreen } from './QuestionScreen';
import { useLiveRoom } from './use-live-room';
import { WaitScreen } from './WaitScreen';
import './phone.css';

const NO_ROOM_RETRY_MS = 10_000;

export default function LivePage({ connect }: { connect?: () => GameSocket }) {
  const { t } = useTranslation();
  const { schoolclassId = '', subjectId = '' } = useParams();
  const room = useLiveRoom(schoolclassId, subjectId, connect);
  // Issue 24: the pupil's reading-friendly display and fewer animations, while the phone plays.
  useApplyDisplayPrefs();
  const { snapshot, phone, joinError, retry } = room;
  // Once an activity was played, the wait screen no longer says the lesson is about to start.
  const played = useRef(false);
  if (snapshot?.activity) played.current = true;

  // The teacher may open the board a moment after the student taps "join", or bring it back.
  const waiting = joinError === 'GAME.NO_ROOM' || joinError === 'GAME.WAITING_FOR_PROFESSOR';
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(retry, NO_ROOM_RETRY_MS);
    return () => clearInterval(id);
  }, [waiting, retry]);

  const world = snapshot ? WORLDS[snapshot.planet as keyof typeof WORLDS] : undefined;
  const style = world ? ({ '--world-color': world.color } as CSSProperties) : undefined;

  if (snapshot?.closed || (joinError === 'GAME.ROOM_CLOSED' && !snapshot)) return <ClosedScreen />;

  if (joinError && !snapshot) {
    return (
      <main className="phone phone--message" style={style}>
        <section className="wait">
          <h1 className="wait__title">
            {joinError === 'GAME.NO_ROOM'
              ? t('PHONE.NO_ROOM_TITLE')
              : joinError === 'GAME.WAITING_FOR_PROFESSOR'
                ? t('PHONE.WAITING_TITLE')
                : t('PHONE.JOIN_FAILED')}
          </h1>
          <p className="wait__text">
            {joinError === 'GAME.NO_ROOM'
              ? t('PHONE.NO_ROOM_TEXT')
              : joinError === 'GAME.WAITING_FOR_PROFESSOR'
                ? t('PHONE.WAITING_TEXT')
                : phoneError(joinError)}
          </p>
          <button type="button" className="validate" onClick={retry}>
            {t('PHONE.RETRY')}
          </button>
          <Link className="phone__home" to="/student">
            {t('PHONE.BACK_HOME')}
          </Link>
        </section>
      </main>
    );
  }

  if (!snapshot) {
    return (
      <main className="phone phone--message" aria-busy="true">
        <section className="wait">
          <div className="wait__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <p className="wait__text">
            {t(room.connection === 'offline' ? 'PHONE.RECONNECTING' : 'PHONE.CONNECTING')}
          </p>
          <Link className="phone__home" to="/student">
            {t('PHONE.BACK_HOME')}
          </Link>
        </section>
      </main>
    );
  }

  const studentId = phone?.studentId ?? null;
  const me = snapshot.roster.find((r) => r.studentId === studentId) ?? null;
  const a = snapshot.activity;
  let screen: ReactNode;
  if (snapshot.paused && !(a?.kind === 'raid' && a.phase !== 'question')) {
    screen = <WaitScreen me={me} paused className={snapshot.className} />;
  } else if (!a) {
    screen = <WaitScreen me={me} paused={false} className={snapshot.className} between={played.current} />;
  } else if (a.kind === 'raid') {
    screen =
      a.phase === 'lobby' ? (
        <LobbyScreen raid={a} me={me} />
      ) : a.phase === 'ended' ? (
        <EndScreen raid={a} phone={phone} />
      ) : (
        <QuestionScreen
          key={a.question?.id ?? a.index}
          raid={a}
          phone={phone}
          answer={room.answer}
          paused={snapshot.paused}
          onChoose={room.choose}
        />
      );
  } else {
    screen = <BoardScreen activity={a} studentId={studentId} roster={snapshot.roster} />;
  }

  return (
    <main className="phone" style={style}>
      <PhoneBar
        snapshot={snapshot}
        phone={phone}
        me={me}
        connection={room.connection}
        onPower={room.activatePower}
        inQuestion={a?.kind === 'raid' && a.phase === 'question'}
      />
      <div className="phone__screen">{screen}</div>
    </main>
  );
}
