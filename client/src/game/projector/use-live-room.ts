import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RoomKey } from '../../../../shared/game/contract';
import { measureServerClock } from '../server-clock';
import type { RoomClient, RoomState } from './room-client';
import { type RoomRegistry, roomRegistry } from './room-registry';

const idle: RoomState = { status: 'connecting', snapshot: null, error: null };
const noop = () => () => {};

/** The live room of a class and subject, shared by the projector's pages. */
export function useLiveRoom(
  key: RoomKey,
  registry: RoomRegistry = roomRegistry,
): { client: RoomClient | null; state: RoomState } {
  const [client, setClient] = useState<RoomClient | null>(null);
  const { schoolclassId, subjectId } = key;
  useEffect(() => {
    // Deadlines are server times; a school computer's clock is often minutes off.
    void measureServerClock();
    const k = { schoolclassId, subjectId };
    setClient(registry.acquire(k));
    return () => {
      setClient(null);
      registry.release(k);
    };
  }, [schoolclassId, subjectId, registry]);
  const state = useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? (() => idle));
  return { client, state };
}
