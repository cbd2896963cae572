// Where live rooms live: one interface, in memory on one node, in Redis when several nodes share
// rooms. The room record is updated by compare-and-set; answers go to their own set so that a
// thousand phones answering at once never contend on the record.
import type { CodexView, PickView, RosterEntry, SummonView } from '../../shared/game/contract.js';
import type { RaidState } from './raid.js';

export type ActivityState =
  | { kind: 'raid'; raid: RaidState }
  | { kind: 'summon'; view: SummonView }
  | { kind: 'pick'; view: PickView }
  | { kind: 'codex'; view: CodexView; pending: { id: string; text: string; author: string }[] };

export interface RoomRecord {
  id: string;
  schoolclassId: string;
  subjectId: string;
  professorId: string;
  className: string;
  planet: string;
  powerMode: boolean;
  paused: boolean;
  /** The teacher quit (room:close): phones are told the lesson is over; disposed at a later sweep. */
  closed?: boolean;
  closedAt?: number | null;
  /**
   * One lesson of this room: a new id each time a closed (or disposed) room is opened afresh. A phone
   * joined to an earlier lesson is refused (GAME.REJOIN) until it joins again.
   */
  lessonId?: string;
  /** When the room was paused (ms): resuming moves an open question's deadline by the pause's length. */
  pausedAt?: number | null;
  roster: Omit<RosterEntry, 'connected' | 'powerActive'>[];
  activePowers: string[];
  summonPool: string[];
  /** The pupil called last: not called again first when the pool refills. */
  lastSummoned?: string | null;
  activity: ActivityState | null;
  /** XP and coins won by each student since the room opened (the phone's "XP won during this lesson"). */
  lessonGains?: Record<string, { xp: number; coins: number }>;
  updatedAt: number;
}

export interface RoomStore {
  readRoom(id: string): Promise<RoomRecord | null>;
  /**
   * Applies `fn` atomically: it receives the current record and answers the new one, or null to
   * change nothing. Retried when another node changed the record meanwhile.
   */
  updateRoom(id: string, fn: (r: RoomRecord | null) => RoomRecord | null): Promise<RoomRecord | null>;
  deleteRoom(id: string): Promise<void>;
  /** A number that changes with every update of the record: a node may cache what it read at a revision. */
  revision(id: string): Promise<number>;
  liveRooms(): Promise<string[]>;
  /** Patch numbers. */
  nextSeq(id: string): Promise<number>;
  currentSeq(id: string): Promise<number>;
  /** Stores one answer per student and question (not replaced when one is there); the count after. */
  addAnswer(
    id: string,
    questionId: string,
    studentId: string,
    value: string,
  ): Promise<{ added: boolean; count: number }>;
  /**
   * addAnswer, only while the room's record is still at `revision` (the one the answer was checked
   * against), in one atomic step; null when the record moved on (a reveal, the next question).
   */
  addAnswerAt(
    id: string,
    revision: number,
    questionId: string,
    studentId: string,
    value: string,
  ): Promise<{ added: boolean; count: number } | null>;
  answers(id: string, questionId: string): Promise<Record<string, string>>;
  /** Presence: the last time each student was seen connected. */
  touch(id: string, studentIds: string[], now: number): Promise<void>;
  lastSeen(id: string): Promise<Record<string, number>>;
  /** The board's presence: the last time a board of the room was seen connected. */
  touchBoard(id: string, now: number): Promise<void>;
  boardSeen(id: string): Promise<number | null>;
  /** A lease decides which node runs a room's timers; renewing one's own lease succeeds. */
  lease(id: string, nodeId: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function memoryStore(): RoomStore {
  const rooms = new Map<string, string>();
  const revisions = new Map<string, number>();
  const seqs = new Map<string, number>();
  const answers = new Map<string, Map<string, string>>();
  const seen = new Map<string, Map<string, number>>();
  const leases = new Map<string, { node: string; until: number }>();
  const boards = new Map<string, number>();
  return {
    async readRoom(id) {
      const raw = rooms.get(id);
      return raw ? (JSON.parse(raw) as RoomRecord) : null;
    },
    async updateRoom(id, fn) {
      // Single-threaded: read and write happen in the same tick.
      const raw = rooms.get(id);
      const next = fn(raw ? (JSON.parse(raw) as RoomRecord) : null);
      if (next) {
        rooms.set(id, JSON.stringify(next));
        revisions.set(id, (revisions.get(id) ?? 0) + 1);
      }
      return next ?? (raw ? (JSON.parse(raw) as RoomRecord) : null);
    },
    async revision(id) {
      return revisions.get(id) ?? 0;
    },
    async deleteRoom(id) {
      rooms.delete(id);
      revisions.delete(id);
      seqs.delete(id);
      seqs.delete(`${id}#phones`);
      seen.delete(id);
      boards.delete(id);
      leases.delete(id);
      for (const k of answers.keys()) if (k.startsWith(`${id}|`)) answers.delete(k);
    },
    async liveRooms() {
      return [...rooms.keys()];
    },
    async nextSeq(id) {
      const n = (seqs.get(id) ?? 0) + 1;
      seqs.set(id, n);
      return n;
    },
    async currentSeq(id) {
      return seqs.get(id) ?? 0;
    },
    async addAnswer(id, questionId, studentId, value) {
      const key = `${id}|${questionId}`;
      let m = answers.get(key);
      if (!m) {
        m = new Map();
        answers.set(key, m);
      }
      if (m.has(studentId)) return { added: false, count: m.size };
      m.set(studentId, value);
      return { added: true, count: m.size };
    },
    async addAnswerAt(id, revision, questionId, studentId, value) {
      // Single-threaded: the check and the write happen in the same tick.
      if ((revisions.get(id) ?? 0) !== revision) return null;
      return this.addAnswer(id, questionId, studentId, value);
    },
    async answers(id, questionId) {
      return Object.fromEntries(answers.get(`${id}|${questionId}`) ?? []);
    },
    async touch(id, studentIds, now) {
      // A phone still connected to a disposed room does not bring part of it back.
      if (!rooms.has(id)) return;
      let m = seen.get(id);
      if (!m) {
        m = new Map();
        seen.set(id, m);
      }
      for (const s of studentIds) m.set(s, now);
    },
    async lastSeen(id) {
      return Object.fromEntries(seen.get(id) ?? []);
    },
    async touchBoard(id, now) {
      if (rooms.has(id)) boards.set(id, now);
    },
    async boardSeen(id) {
      return boards.get(id) ?? null;
    },
    async lease(id, nodeId, ttlMs) {
      const now = Date.now();
      const l = leases.get(id);
      if (l && l.node !== nodeId && l.until > now) return false;
      leases.set(id, { node: nodeId, until: now + ttlMs });
      return true;
    },
    async close() {},
  };
}
