// The projector's routes are separate pages (the router remounts the page when the URL changes), so
// the room connection outlives a page: a page acquires it, releases it when it unmounts, and the
// connection lingers a few seconds for the next page of the same room to pick it up.
import { type RoomKey, roomId } from '../../../../shared/game/views';
import { connectGame } from '../socket';
import { RoomClient } from './room-client';

export const ROOM_LINGER_MS = 15_000;

interface Entry {
  client: RoomClient;
  refs: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createRoomRegistry(make: (key: RoomKey) => RoomClient, lingerMs = ROOM_LINGER_MS) {
  const entries = new Map<string, Entry>();
  return {
    acquire(key: RoomKey): RoomClient {
      const id = roomId(key);
      let entry = entries.get(id);
      if (!entry) {
        // One room at a time on a projector: a board for another class closes the previous one.
        for (const [other, e] of entries) {
          if (e.refs === 0) {
            if (e.timer) clearTimeout(e.timer);
            e.client.dispose();
            entries.delete(other);
          }
        }
        entry = { client: make(key), refs: 0, timer: null };
        entries.set(id, entry);
      }
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.refs += 1;
      return entry.client;
    },
    release(key: RoomKey): void {
      const id = roomId(key);
      const entry = entries.get(id);
      if (!entry) return;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      entry.timer = setTimeout(() => {
        entry.client.dispose();
        entries.delete(id);
      }, lingerMs);
    },
    size: () => entries.size,
  };
}

export type RoomRegistry = ReturnType<typeof createRoomRegistry>;

export const roomRegistry: RoomRegistry = createRoomRegistry((key) => new RoomClient(connectGame(), key));
