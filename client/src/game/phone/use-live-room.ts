// The phone's side of a live room: one socket, the room snapshot kept current by numbered patches
// (a gap asks for room:sync), the phone's own state, and the answer queue. The page comes back by
// itself after a drop, a sleep or a change of network: on (re)connect it joins again, and on
// visibilitychange / online it syncs and re-sends a pending answer.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Ack,
  applyPatch,
  type PhoneState,
  type RoomPatch,
  type RoomSnapshot,
} from '../../../../shared/game/views';
import { getStoredUser } from '../../app/auth-store';
import { measureServerClock } from '../server-clock';
import { command, connectGame, type GameSocket } from '../socket';
import { type AnswerQueue, type AnswerResponse, createAnswerQueue, type QueueEntry } from './answer-queue';

export type Connection = 'connecting' | 'online' | 'offline';

export interface LiveRoom {
  connection: Connection;
  /** Why the room could not be joined (GAME.NO_ROOM, ERRORS.FORBIDDEN…). */
  joinError: string | null;
  snapshot: RoomSnapshot | null;
  phone: PhoneState | null;
  answer: QueueEntry | null;
  /** Sends an answer: the choices' ids, or any kind's response (an order, a typed value). */
  choose: (questionId: string, response: string[] | AnswerResponse) => void;
  activatePower: () => Promise<Ack>;
  retry: () => void;
}

/** The question a phone may answer now: the raid's current one while its phase is `question`. */
export function openQuestionId(s: RoomSnapshot | null): string | null {
  const a = s?.activity;
  return a?.kind === 'raid' && a.phase === 'question' && a.question ? a.question.id : null;
}

const SYNC_TIMEOUT_MS = 5000;
const RETRY_MS = 2000;

export function useLiveRoom(
  schoolclassId: string,
  subjectId: string,
  connect: () => GameSocket = connectGame,
): LiveRoom {
  const [connection, setConnection] = useState<Connection>('connecting');
  const [joinError, setJoinError] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<RoomSnapshot | null>(null);
  const [phone, setPhone] = useState<PhoneState | null>(null);
  const [answer, setAnswer] = useState<QueueEntry | null>(null);

  const snapRef = useRef<RoomSnapshot | null>(null);
  const socketRef = useRef<GameSocket | null>(null);
  const joinedRef = useRef(false);
  const retryRef = useRef<() => void>(() => undefined);
  /** Joins the room again (the server answered GAME.REJOIN: the lesson joined was closed, another opened). */
  const rejoin = useCallback(() => {
    joinedRef.current = false;
    retryRef.current();
  }, []);

  const userId = getStoredUser()?.id ?? 'anonymous';
  const queue: AnswerQueue = useMemo(
    () =>
      createAnswerQueue({
        storage: sessionStorage,
        key: `classe-raid:answer:${schoolclassId}:${subjectId}:${userId}`,
        send: async (a) => {
          const socket = socketRef.current;
          // A socket that is not connected would buffer the emit and send it again on reconnect,
          // next to the queue's own re-send: keep one sender.
          if (!socket?.connected || !joinedRef.current) return { ok: false, message: 'GAME.OFFLINE' };
          const ack = await command<'answer:submit', { status: 'counted' | 'duplicate' }>(
            socket,
            'answer:submit',
            a,
          );
          // The lesson joined is over and another one opened: join it; the queue sends again after.
          if (!ack.ok && ack.message === 'GAME.REJOIN') {
            rejoin();
            return { ok: false, message: 'GAME.OFFLINE' };
          }
          return ack;
        },
        onChange: setAnswer,
        retryMs: RETRY_MS,
      }),
    [schoolclassId, subjectId, userId, rejoin],
  );

  useEffect(() => {
    setAnswer(queue.current());
    void measureServerClock();
    const socket = connect();
    socketRef.current = socket;
    let syncing = false;
    // Aborted when this room's socket is closed: a late acknowledgement is dropped.
    const closed = new AbortController();

    const receive = (s: RoomSnapshot, p?: PhoneState | null) => {
      snapRef.current = s;
      setSnapshot(s);
      if (p) {
        setPhone(p);
        queue.confirm(p.myAnswer);
      }
      void queue.flush(openQuestionId(s));
    };

    const join = async () => {
      const ack = await command<'room:join', { snapshot: RoomSnapshot; phone: PhoneState }>(
        socket,
        'room:join',
        { schoolclassId, subjectId },
      );
      if (closed.signal.aborted) return;
      if (!ack.ok) {
        // No ack in time: the next connect or visibilitychange tries again.
        if (ack.message !== 'GAME.TIMEOUT') setJoinError(ack.message);
        return;
      }
      joinedRef.current = true;
      setJoinError(null);
      receive(ack.snapshot, ack.phone);
    };

    const sync = async () => {
      if (!joinedRef.current) return join();
      if (syncing) return;
      syncing = true;
      const ack = await command<'room:sync', { snapshot: RoomSnapshot; phone?: PhoneState }>(
        socket,
        'room:sync',
        {},
        SYNC_TIMEOUT_MS,
      );
      syncing = false;
      if (closed.signal.aborted) return;
      if (ack.ok) receive(ack.snapshot, ack.phone);
      else if (ack.message === 'GAME.TIMEOUT') {
        // A phone back from sleep may hold a dead connection that has not noticed yet: drop the
        // transport, the manager reconnects and we join again.
        socket.io.engine?.close();
      } else if (ack.message === 'GAME.NO_ROOM' || ack.message === 'GAME.REJOIN') {
        joinedRef.current = false;
        void join();
      }
    };

    const onPatch = (p: { seq: number; patch: RoomPatch }) => {
      const cur = snapRef.current;
      if (!cur || syncing) return;
      const next = applyPatch(cur, p);
      if (next === null) void sync();
      else if (next !== cur) {
        snapRef.current = next;
        setSnapshot(next);
        if (p.patch.type === 'activity') void queue.flush(openQuestionId(next));
      }
    };

    const onConnect = () => {
      setConnection('online');
      joinedRef.current = false;
      void join();
    };
    const onDisconnect = () => {
      joinedRef.current = false;
      setConnection('offline');
    };
    const wake = () => {
      if (document.visibilityState === 'hidden') return;
      if (socket.connected) void sync();
      else socket.connect();
    };
    // The browser knows the Wi-Fi is gone long before the socket's ping times out (about 20 s):
    // drop the transport now, so a tap meanwhile is queued at once instead of sent into the void.
    const offline = () => {
      if (socket.connected) socket.io.engine?.close();
    };
    retryRef.current = () => {
      setJoinError(null);
      if (socket.connected) void join();
      else socket.connect();
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('room:patch', onPatch);
    socket.on('room:snapshot', (s, p) => receive(s, p));
    socket.on('phone:state', (p) => {
      setPhone(p);
      queue.confirm(p.myAnswer);
    });
    // The teacher opened the board while this phone was waiting on "no game yet": join now.
    socket.on('rooms:live', (rooms) => {
      if (joinedRef.current) return;
      // A room waiting for its board (gone past the grace) is joined once the board is back.
      if (rooms.some((r) => r.schoolclassId === schoolclassId && r.subjectId === subjectId && !r.waiting))
        void join();
    });
    if (socket.connected) onConnect();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    window.addEventListener('offline', offline);
    window.addEventListener('focus', wake);
    return () => {
      closed.abort();
      queue.dispose();
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', wake);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      joinedRef.current = false;
    };
  }, [connect, queue, schoolclassId, subjectId]);

  const choose = useCallback(
    (questionId: string, response: string[] | AnswerResponse) => {
      void queue.choose(questionId, response, openQuestionId(snapRef.current));
    },
    [queue],
  );

  const activatePower = useCallback(async (): Promise<Ack> => {
    const socket = socketRef.current;
    if (!socket?.connected) return { ok: false, message: 'GAME.OFFLINE' };
    const ack = await command(socket, 'power:activate', {});
    if (!ack.ok && ack.message === 'GAME.REJOIN') rejoin();
    if (ack.ok) {
      // The phone state (power XP spent, power on) comes with the next sync.
      const res = await command<'room:sync', { snapshot: RoomSnapshot; phone?: PhoneState }>(
        socket,
        'room:sync',
        {},
      );
      if (res.ok) {
        snapRef.current = res.snapshot;
        setSnapshot(res.snapshot);
        if (res.phone) setPhone(res.phone);
      }
    }
    return ack;
  }, [rejoin]);

  const retry = useCallback(() => retryRef.current(), []);

  return { connection, joinError, snapshot, phone, answer, choose, activatePower, retry };
}
