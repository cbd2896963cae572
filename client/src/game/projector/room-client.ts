// The board's side of one live room: opens it, keeps the snapshot in step with numbered patches
// (a gap or a reconnection asks for a full snapshot), and sends the teacher's commands.
import {
  type Ack,
  applyPatch,
  type CommandPayload,
  type ProfessorCommand,
  type RaidSettings,
  type RoomKey,
  type RoomPatch,
  type RoomSnapshot,
} from '../../../../shared/game/contract';
import { command, type GameSocket } from '../socket';

export type RoomStatus = 'connecting' | 'open' | 'reconnecting' | 'error';

export interface RoomState {
  status: RoomStatus;
  snapshot: RoomSnapshot | null;
  /** An error key when the room could not be opened (GAME.NO_ROOM, ERRORS.FORBIDDEN …). */
  error: string | null;
  /** The raid settings this teacher last chose for the class (from room:open). */
  settings?: RaidSettings;
}

type Listener = (s: RoomState) => void;

/** Wait before reconnecting after the server closed the connection itself (it is restarting). */
export const RECONNECT_AFTER_SERVER_CLOSE_MS = 1000;
type PatchMessage = { seq: number; patch: RoomPatch };

export class RoomClient {
  private state: RoomState = { status: 'connecting', snapshot: null, error: null };
  private listeners = new Set<Listener>();
  /** Patches that arrive while a snapshot is on its way. */
  private buffered: PatchMessage[] = [];
  private loading = false;
  private opened = false;
  private disposed = false;

  constructor(
    readonly socket: GameSocket,
    readonly key: RoomKey,
  ) {
    socket.on('connect', this.onConnect);
    socket.on('disconnect', this.onDisconnect);
    socket.on('room:patch', this.onPatch);
    socket.on('room:snapshot', this.onSnapshot);
    if (socket.connected) this.onConnect();
  }

  getState = (): RoomState => this.state;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };

  /** Sends a teacher command; the room's change arrives as a patch. */
  async send<C extends ProfessorCommand>(name: C, payload: CommandPayload<C>): Promise<Ack> {
    const ack = await command(this.socket, name, payload);
    // The server remembers the settings a raid started with: so does the board, for the next raid.
    if (ack.ok && name === 'raid:start') {
      const chosen = (payload as CommandPayload<'raid:start'>).settings;
      if (chosen) this.set({ settings: chosen });
    }
    return ack;
  }

  /** Asks for a full snapshot (after a gap, a reconnection or a "no room" answer). */
  async sync(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    try {
      const ack = await command<'room:sync', { snapshot: RoomSnapshot }>(this.socket, 'room:sync', {});
      if (ack.ok) this.setSnapshot(ack.snapshot);
      // The server forgot this socket (a new connection): attach again. Over budget: the next gap
      // or reconnection asks again.
      else if (ack.message !== 'GAME.RATE_LIMITED') await this.open();
    } finally {
      this.loading = false;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.socket.off('connect', this.onConnect);
    this.socket.off('disconnect', this.onDisconnect);
    this.socket.off('room:patch', this.onPatch);
    this.socket.off('room:snapshot', this.onSnapshot);
    this.socket.disconnect();
    this.listeners.clear();
  }

  private async open(): Promise<void> {
    const ack = await command<'room:open', { snapshot: RoomSnapshot; settings?: RaidSettings }>(
      this.socket,
      'room:open',
      this.key,
    );
    if (ack.ok) {
      this.opened = true;
      if (ack.settings) this.set({ settings: ack.settings });
      this.setSnapshot(ack.snapshot);
    } else if (!this.opened) {
      this.set({ status: 'error', error: ack.message });
    }
  }

  private onConnect = () => {
    if (!this.opened) {
      this.loading = true;
      void this.open().finally(() => {
        this.loading = false;
        // Patches that arrived between the snapshot and now were held back: apply them.
        const held = this.buffered.sort((a, b) => a.seq - b.seq);
        this.buffered = [];
        for (const p of held) this.onPatch(p);
      });
    } else void this.sync();
  };

  private onDisconnect = (reason: string) => {
    if (this.state.status === 'open') this.set({ status: 'reconnecting' });
    // A server that shuts down (a deploy, a crash caught by its supervisor) closes its sockets:
    // Socket.IO does not reconnect by itself after that, the board must.
    if (reason === 'io server disconnect' && !this.disposed) {
      setTimeout(() => {
        if (!this.disposed && !this.socket.connected) this.socket.connect();
      }, RECONNECT_AFTER_SERVER_CLOSE_MS);
    }
  };

  private onSnapshot = (s: RoomSnapshot) => {
    if (s.id === this.state.snapshot?.id || this.state.snapshot === null) this.setSnapshot(s);
  };

  private onPatch = (p: PatchMessage) => {
    const current = this.state.snapshot;
    if (!current || this.loading) {
      this.buffered.push(p);
      return;
    }
    const next = applyPatch(current, p);
    if (next === null) {
      void this.sync();
      return;
    }
    if (next !== current) this.set({ snapshot: next });
  };

  private setSnapshot(s: RoomSnapshot) {
    let snapshot: RoomSnapshot | null = s;
    const pending = this.buffered.sort((a, b) => a.seq - b.seq);
    this.buffered = [];
    for (const p of pending) {
      if (!snapshot || p.seq <= snapshot.seq) continue;
      snapshot = applyPatch(snapshot, p);
    }
    if (snapshot === null) {
      // A buffered patch did not follow: keep the snapshot we have and ask again.
      this.set({ status: 'open', snapshot: s, error: null });
      queueMicrotask(() => void this.sync());
      return;
    }
    this.set({ status: 'open', snapshot, error: null });
  }

  private set(partial: Partial<RoomState>) {
    this.state = { ...this.state, ...partial };
    for (const fn of this.listeners) fn(this.state);
  }
}
