// The live game: every command of the contract, checked against who sends it, applied to the room
// record by compare-and-set, then broadcast as a numbered patch. No HTTP or Socket.IO in here.

import { inArray } from 'drizzle-orm';
import type {
  ActivityView,
  PhoneState,
  RoomKey,
  RoomPatch,
  RoomSnapshot,
} from '../../shared/game/contract.js';
import { roomId as makeRoomId } from '../../shared/game/contract.js';
import { drawFromPool, POWER_COST, XP_SUMMON_RIGHT } from '../../shared/game/rules.js';
import type { Db } from '../db/client.js';
import { gameEvents, raidPlays, students } from '../db/schema.js';
import {
  type AnswerRow,
  type AnswerWriter,
  createAnswerWriter,
  endLivePlay,
  livePlayId,
} from './answer-writer.js';
import {
  approvedPhrases,
  deletePausedRoom,
  isStudentOfClass,
  loadPausedRoom,
  loadRaid,
  loadRoomBase,
  loadRoster,
  markPhraseDisplayed,
  pickBoss,
  recordEvent,
  rewardStudents,
  savePausedRoom,
  spendPowerXp,
} from './loaders.js';
import { end, isRight, next, type RaidState, raidView, reveal, startRaid, submitAnswer } from './raid.js';
import type { ActivityState, RoomRecord, RoomStore } from './store.js';

/** A dropped phone stays "connected" this long before the board shows it away. */
export const PRESENCE_GRACE_MS = 20_000;
/** The board learns who answered at most this late (one batched patch per room). */
export const ANSWERED_BATCH_MS = 100;
/** An active power adds half of the XP a raid gives. */
export const POWER_XP_BONUS = 0.5;

export class GameError extends Error {}

function shuffle<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Answers are stored per play of a raid and question. */
const answerKey = (raid: { runId: string }, questionId: string) => `${raid.runId}|${questionId}`;
const fail = (key: string): never => {
  throw new GameError(key);
};

export type Audience = 'board' | 'phones';
export interface Broadcaster {
  /** The board gets every patch; phones only the activity and the pause, with their own numbering. */
  patch(roomId: string, audience: Audience, p: { seq: number; patch: RoomPatch }): void;
  phone(studentId: string, s: PhoneState): void;
  /** The set of open rooms changed for a class (student homes refresh their join button). */
  roomsChanged(schoolclassId: string): void;
}

export interface GameDeps {
  db: Db;
  store: RoomStore;
  out: Broadcaster;
  now?: () => number;
  random?: () => number;
  questionSeconds?: number;
  presenceGraceMs?: number;
  /** Where revealed answers go (issue 13); by default a writer of its own on `db`. */
  answers?: AnswerWriter;
}

export interface Teacher {
  professorId: string;
}
export interface Student {
  studentId: string;
}

export function createGameService(deps: GameDeps) {
  const { db, store, out } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const grace = deps.presenceGraceMs ?? PRESENCE_GRACE_MS;
  const questionMs = (deps.questionSeconds ?? 30) * 1000;
  const answerWriter = deps.answers ?? createAnswerWriter(db);

  /**
   * The answers to the open question of a play, as rows for the answer writer: taken when the
   * teacher reveals the question or ends the raid (the room store holds them until then).
   */
  function answerRows(roomId: string, raid: RaidState): AnswerRow[] {
    const q = raid.questions[raid.index];
    if (!q) return [];
    const playId = livePlayId(roomId, raid.runId);
    const openedAt = raid.deadline === null ? null : raid.deadline - questionMs;
    return Object.entries(raid.answers).map(([studentId, a]) => {
      const at = (a as { at?: number }).at ?? now();
      return {
        playId,
        questionId: q.id,
        studentId,
        answerIds: a.answerIds,
        correct: isRight(q, a.answerIds),
        timeMs: openedAt === null ? null : Math.max(0, Math.round(at - openedAt)),
        answeredAt: new Date(at),
      };
    });
  }

  const phoneSeqKey = (id: string) => `${id}#phones`;

  /**
   * "Who answered" goes to the board in batches: one patch per room every ANSWERED_BATCH_MS instead
   * of one per answer (30 phones answering within a second in each of 300 rooms would otherwise be
   * 9,000 numbered patches a second through the adapter). Any other patch of the room flushes first.
   */
  const answeredBatches = new Map<
    string,
    { questionId: string; ids: string[]; count: number; timer: ReturnType<typeof setTimeout> }
  >();

  async function flushAnswered(id: string) {
    const b = answeredBatches.get(id);
    if (!b) return;
    answeredBatches.delete(id);
    clearTimeout(b.timer);
    const patch: RoomPatch = {
      type: 'answered',
      questionId: b.questionId,
      studentIds: b.ids,
      count: b.count,
    };
    out.patch(id, 'board', { seq: await store.nextSeq(id), patch });
  }

  function queueAnswered(id: string, questionId: string, studentId: string, count: number) {
    let b = answeredBatches.get(id);
    if (b && b.questionId !== questionId) {
      void flushAnswered(id).catch(() => {});
      b = undefined;
    }
    if (!b) {
      b = {
        questionId,
        ids: [],
        count: 0,
        timer: setTimeout(() => void flushAnswered(id).catch(() => {}), ANSWERED_BATCH_MS),
      };
      answeredBatches.set(id, b);
    }
    b.ids.push(studentId);
    b.count = Math.max(b.count, count);
  }

  async function broadcast(id: string, patch: RoomPatch) {
    await flushAnswered(id);
    out.patch(id, 'board', { seq: await store.nextSeq(id), patch });
    if (patch.type === 'activity' || patch.type === 'paused') {
      const forPhones =
        patch.type === 'activity' ? { ...patch, activity: phoneActivity(patch.activity) } : patch;
      out.patch(id, 'phones', { seq: await store.nextSeq(phoneSeqKey(id)), patch: forPhones });
    }
  }

  /** Phones do not need who answered nor everybody's gains: a thousand phones would pay for it. */
  function phoneActivity(a: ActivityView | null): ActivityView | null {
    if (a?.kind !== 'raid') return a;
    return { ...a, answeredStudentIds: [], result: a.result ? { ...a.result, gains: {} } : null };
  }

  function activityView(a: ActivityState | null): ActivityView | null {
    if (!a) return null;
    if (a.kind === 'raid') return raidView(a.raid);
    return a.view;
  }

  async function presentIds(r: RoomRecord): Promise<string[]> {
    const seen = await store.lastSeen(r.id);
    const t = now() - grace;
    return r.roster.filter((s) => (seen[s.studentId] ?? 0) >= t).map((s) => s.studentId);
  }

  async function snapshot(r: RoomRecord, forStudent?: string): Promise<RoomSnapshot> {
    // The sequence number is read before the state: a patch racing with us is at worst applied twice,
    // and every patch is idempotent.
    const seq = await store.currentSeq(forStudent ? phoneSeqKey(r.id) : r.id);
    const present = new Set(await presentIds(r));
    let activity = activityView(r.activity);
    if (forStudent) {
      const me = r.roster.filter((s) => s.studentId === forStudent);
      return {
        id: r.id,
        seq,
        schoolclassId: r.schoolclassId,
        subjectId: r.subjectId,
        className: r.className,
        planet: r.planet,
        paused: r.paused,
        powerMode: r.powerMode,
        roster: me.map((s) => ({ ...s, connected: true, powerActive: r.activePowers.includes(s.studentId) })),
        activity: phoneActivity(activity),
      };
    }
    if (activity?.kind === 'raid' && r.activity?.kind === 'raid' && activity.phase === 'question') {
      const q = r.activity.raid.questions[r.activity.raid.index];
      activity = {
        ...activity,
        answeredStudentIds: Object.keys(await store.answers(r.id, answerKey(r.activity.raid, q.id))),
      };
    }
    return {
      id: r.id,
      seq,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      className: r.className,
      planet: r.planet,
      paused: r.paused,
      powerMode: r.powerMode,
      roster: r.roster.map((s) => ({
        ...s,
        connected: present.has(s.studentId),
        powerActive: r.activePowers.includes(s.studentId),
      })),
      activity,
    };
  }

  async function phoneState(r: RoomRecord, studentId: string): Promise<PhoneState> {
    const me = r.roster.find((s) => s.studentId === studentId);
    const state: PhoneState = {
      studentId,
      myAnswer: null,
      lastResult: null,
      xpGained: 0,
      coinsGained: 0,
      powerXp: me?.powerXp ?? 0,
      powerActive: r.activePowers.includes(studentId),
    };
    if (r.activity?.kind !== 'raid') return state;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    if (q) {
      const mine = (await store.answers(r.id, answerKey(r.activity.raid, q.id)))[studentId];
      if (mine) {
        const answerIds = (JSON.parse(mine) as { answerIds: string[] }).answerIds;
        state.myAnswer = { questionId: q.id, answerIds };
        if (raid.phase === 'revealed')
          state.lastResult = { questionId: q.id, correct: isRight(q, answerIds) };
      }
    }
    state.xpGained = raid.result?.gains[studentId]?.xp ?? 0;
    state.coinsGained = raid.result?.gains[studentId]?.coins ?? 0;
    return state;
  }

  async function requireRoom(id: string): Promise<RoomRecord> {
    return (await store.readRoom(id)) ?? fail('GAME.NO_ROOM');
  }

  /** The record as of its current revision, read from the store only when it changed. */
  const cache = new Map<string, { rev: number; record: RoomRecord; members: Set<string> }>();
  async function cachedRoom(id: string) {
    const rev = await store.revision(id);
    const hit = cache.get(id);
    if (hit && hit.rev === rev) return hit;
    const record = await requireRoom(id);
    const entry = { rev, record, members: new Set(record.roster.map((x) => x.studentId)) };
    // Records are never changed in place, so a cached one stays true to its revision.
    cache.set(id, entry);
    return entry;
  }

  /** Applies `change` to the room of this teacher; `change` may throw a GameError to refuse. */
  async function teacherUpdate(
    t: Teacher,
    id: string,
    change: (r: RoomRecord) => RoomRecord,
  ): Promise<{ before: RoomRecord; after: RoomRecord }> {
    let before: RoomRecord | null = null;
    const after = await store.updateRoom(id, (r) => {
      if (!r) return fail('GAME.NO_ROOM');
      if (r.professorId !== t.professorId) return fail('ERRORS.FORBIDDEN');
      before = r;
      return { ...change(r), updatedAt: now() };
    });
    if (!after || !before) return fail('GAME.NO_ROOM');
    return { before, after };
  }

  const ev = (r: RoomRecord, type: string, payload: object = {}, studentId?: string) =>
    recordEvent(db, {
      type,
      professorId: r.professorId,
      schoolclassId: r.schoolclassId,
      subjectId: r.subjectId,
      studentId,
      payload,
    });

  async function finishRaid(r: RoomRecord) {
    if (r.activity?.kind !== 'raid' || !r.activity.raid.result) return;
    const { raid } = r.activity;
    const gains = raid.result?.gains ?? {};
    const rewarded = await rewardStudents(db, gains);
    // The report opens from the end screen: every answer of the play is stored before it shows.
    await answerWriter.flush().catch(() => {});
    const playId = livePlayId(r.id, raid.runId);
    await endLivePlay(db, playId, raid.result?.outcome ?? null);
    await recordXpGains(r, playId, gains);
    await ev(r, 'RAID_RESULT', {
      raidId: raid.raidId,
      outcome: raid.result?.outcome,
      participants: Object.keys(gains).length,
      bossHp: raid.boss.hp,
    });
    // The board shows the new levels; phones their own gain.
    await store.updateRoom(r.id, (cur) =>
      cur
        ? {
            ...cur,
            roster: cur.roster.map((s) => (rewarded[s.studentId] ? { ...s, ...rewarded[s.studentId] } : s)),
          }
        : null,
    );
  }

  /** The student's XP curve ("My stats"): one event per student who gained XP in the play. */
  async function recordXpGains(r: RoomRecord, playId: string, gains: Record<string, { xp: number }>) {
    const ids = Object.keys(gains).filter((id) => gains[id].xp !== 0);
    if (!ids.length) return;
    const progress = await db
      .select({ id: students.id, xp: students.xp, level: students.level })
      .from(students)
      .where(inArray(students.id, ids));
    await db.insert(gameEvents).values(
      progress.map((s) => ({
        type: 'XP_GAIN',
        professorId: r.professorId,
        schoolclassId: r.schoolclassId,
        subjectId: r.subjectId,
        studentId: s.id,
        payload: { source: 'live', playId, amount: gains[s.id].xp, xp: s.xp, level: s.level },
      })),
    );
  }

  function withPowerBonus(r: RoomRecord, state: ActivityState): ActivityState {
    if (state.kind !== 'raid' || !state.raid.result) return state;
    const gains = { ...state.raid.result.gains };
    for (const id of r.activePowers) {
      if (gains[id]) gains[id] = { ...gains[id], xp: Math.round(gains[id].xp * (1 + POWER_XP_BONUS)) };
    }
    return { kind: 'raid', raid: { ...state.raid, result: { ...state.raid.result, gains } } };
  }

  async function withAnswers(r: RoomRecord): Promise<RoomRecord> {
    if (r.activity?.kind !== 'raid') return r;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    if (!q || raid.phase !== 'question') return r;
    const raw = await store.answers(r.id, answerKey(r.activity.raid, q.id));
    const answers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(v)]));
    return { ...r, activity: { kind: 'raid', raid: { ...raid, answers } } };
  }

  return {
    snapshot,
    phoneState,
    /** Writes the buffered answers now (tests, shutdown). */
    flushAnswers: () => answerWriter.flush(),
    closeAnswers: () => answerWriter.close(),

    async open(t: Teacher, key: RoomKey): Promise<RoomSnapshot> {
      const base = await loadRoomBase(db, t.professorId, key.schoolclassId, key.subjectId);
      if (!base) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      // A room paused at the end of a lesson may have left the store since (expiry, restart): it
      // comes back from the database, still paused, with the answers already given.
      const saved = (await store.readRoom(id)) ? null : await loadPausedRoom(db, id);
      if (saved && saved.record.activity?.kind === 'raid') {
        const raid = saved.record.activity.raid;
        const q = raid.questions[raid.index];
        for (const [studentId, value] of Object.entries(saved.answers)) {
          if (q) await store.addAnswer(id, answerKey(raid, q.id), studentId, value);
        }
      }
      let created = false;
      const r = await store.updateRoom(id, (cur) => {
        created = !cur;
        // Re-opening keeps the running activity and the pools; the roster is refreshed (new students).
        if (cur) return { ...cur, ...base, updatedAt: now() };
        if (saved) return { ...saved.record, ...base, paused: true, updatedAt: now() };
        return {
          id,
          ...base,
          paused: false,
          activePowers: [],
          summonPool: base.roster.map((s) => s.studentId),
          activity: null,
          updatedAt: now(),
        };
      });
      if (!r) return fail('GAME.NO_ROOM');
      if (created && !saved) {
        out.roomsChanged(key.schoolclassId);
        await ev(r, 'ROOM_OPENED');
      }
      return snapshot(r);
    },

    async setPaused(t: Teacher, id: string, paused: boolean) {
      const { before, after } = await teacherUpdate(t, id, (r) => {
        if (r.paused === paused) return r;
        if (paused) return { ...r, paused, pausedAt: now() };
        // The open question keeps the time it had left when the lesson stopped.
        let activity = r.activity;
        if (activity?.kind === 'raid' && activity.raid.deadline !== null && r.pausedAt) {
          const shift = Math.max(0, now() - r.pausedAt);
          activity = { kind: 'raid', raid: { ...activity.raid, deadline: activity.raid.deadline + shift } };
        }
        return { ...r, paused, pausedAt: null, activity };
      });
      if (paused) {
        const raid = after.activity?.kind === 'raid' ? after.activity.raid : null;
        const q = raid?.questions[raid.index];
        await savePausedRoom(db, after, raid && q ? await store.answers(id, answerKey(raid, q.id)) : {});
      } else {
        await deletePausedRoom(db, id);
        if (before.activity !== after.activity) {
          await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
        }
      }
      await broadcast(id, { type: 'paused', paused });
      out.roomsChanged(after.schoolclassId);
    },

    async startRaid(t: Teacher, id: string, raidId: string) {
      const raid = await loadRaid(db, t.professorId, raidId);
      if (!raid) return fail('ERRORS.NOT_FOUND');
      if (raid.questions.length === 0) return fail('GAME.EMPTY_RAID');
      const cur = await requireRoom(id);
      // Answers are shuffled for each play (the same order on the board and the phones): a class
      // must not learn that "the right one is A".
      const shuffled = {
        ...raid,
        questions: raid.questions.map((q) => ({ ...q, answers: shuffle(q.answers, random) })),
      };
      const state = startRaid(shuffled, pickBoss(cur.planet, raidId), now(), deps.questionSeconds);
      const { after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind === 'raid' && r.activity.raid.phase !== 'ended') fail('GAME.WRONG_PHASE');
        return { ...r, activity: { kind: 'raid', raid: state } };
      });
      await db
        .insert(raidPlays)
        .values({
          id: livePlayId(id, state.runId),
          raidId,
          professorId: after.professorId,
          schoolclassId: after.schoolclassId,
          subjectId: after.subjectId,
          kind: 'live',
          startedAt: new Date(now()),
        })
        .onConflictDoNothing();
      await ev(after, 'RAID_STARTED', { raidId, questions: raid.questions.length });
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async reveal(t: Teacher, id: string) {
      const cur = await withAnswers(await requireRoom(id));
      const present = await presentIds(cur);
      const { after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind !== 'raid' || r.activity.raid.phase !== 'question')
          return fail('GAME.WRONG_PHASE');
        if (cur.activity?.kind !== 'raid' || cur.activity.raid.index !== r.activity.raid.index)
          fail('GAME.WRONG_PHASE');
        const answers = cur.activity?.kind === 'raid' ? cur.activity.raid.answers : {};
        return { ...r, activity: { kind: 'raid', raid: reveal({ ...r.activity.raid, answers }, present) } };
      });
      if (cur.activity?.kind === 'raid') answerWriter.add(answerRows(id, cur.activity.raid));
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async next(t: Teacher, id: string, endNow = false) {
      // Ending during a question keeps the answers already given to it.
      const cur = endNow ? await withAnswers(await requireRoom(id)) : await requireRoom(id);
      const participants = await presentIds(cur);
      const { before, after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind !== 'raid') return fail('GAME.WRONG_PHASE');
        const raid = r.activity.raid;
        if (endNow) {
          if (raid.phase === 'ended') return fail('GAME.WRONG_PHASE');
          return { ...r, activity: withPowerBonus(r, { kind: 'raid', raid: end(raid, participants) }) };
        }
        if (raid.phase !== 'revealed') return fail('GAME.WRONG_PHASE');
        const moved: ActivityState = {
          kind: 'raid',
          raid: next(raid, participants, now(), deps.questionSeconds),
        };
        return { ...r, activity: withPowerBonus(r, moved) };
      });
      const ended =
        after.activity?.kind === 'raid' &&
        after.activity.raid.phase === 'ended' &&
        !(before.activity?.kind === 'raid' && before.activity.raid.phase === 'ended');
      if (
        endNow &&
        before.activity?.kind === 'raid' &&
        before.activity.raid.phase === 'question' &&
        cur.activity?.kind === 'raid' &&
        cur.activity.raid.index === before.activity.raid.index
      )
        answerWriter.add(answerRows(id, cur.activity.raid));
      if (ended) await finishRaid(after);
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
      if (ended && after.activity?.kind === 'raid') {
        const fresh = await requireRoom(id);
        for (const studentId of Object.keys(after.activity.raid.result?.gains ?? {})) {
          out.phone(studentId, await phoneState(fresh, studentId));
        }
      }
    },

    async summonDraw(t: Teacher, id: string) {
      const cur = await requireRoom(id);
      const present = new Set(await presentIds(cur));
      let drawn: string | null = null;
      const { after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind === 'raid' && r.activity.raid.phase !== 'ended') return fail('GAME.WRONG_PHASE');
        const everyone = r.roster.map((s) => s.studentId);
        const d = drawFromPool(r.summonPool, everyone, (s) => present.has(s), random);
        drawn = d.drawn;
        if (!drawn) return fail('GAME.NOBODY_PRESENT');
        return {
          ...r,
          summonPool: d.pool,
          activity: {
            kind: 'summon',
            // "Left to call" counts the students here now: absent ones are never drawn.
            view: {
              kind: 'summon',
              drawn,
              poolLeft: d.pool.filter((s) => present.has(s)).length,
              marked: null,
            },
          },
        };
      });
      await ev(after, 'SUMMON', {}, drawn ?? undefined);
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async summonMark(t: Teacher, id: string, studentId: string, right: boolean) {
      const { after } = await teacherUpdate(t, id, (r) => {
        if (
          r.activity?.kind !== 'summon' ||
          r.activity.view.drawn !== studentId ||
          r.activity.view.marked !== null
        ) {
          return fail('GAME.WRONG_PHASE');
        }
        return { ...r, activity: { kind: 'summon', view: { ...r.activity.view, marked: right } } };
      });
      if (right) await rewardStudents(db, { [studentId]: { xp: XP_SUMMON_RIGHT, coins: 1 } });
      await ev(after, 'SUMMON_MARK', { right }, studentId);
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async summonReset(t: Teacher, id: string) {
      const present = (await presentIds(await requireRoom(id))).length;
      const { after } = await teacherUpdate(t, id, (r) => ({
        ...r,
        summonPool: r.roster.map((s) => s.studentId),
        activity:
          r.activity?.kind === 'summon'
            ? { kind: 'summon', view: { ...r.activity.view, poolLeft: present } }
            : r.activity,
      }));
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async pickDraw(t: Teacher, id: string, mode: 'team' | 'order', teamSize = 4) {
      const cur = await requireRoom(id);
      const present = await presentIds(cur);
      const shuffled = shuffle(present, random);
      if (shuffled.length === 0) return fail('GAME.NOBODY_PRESENT');
      const groups: string[][] = [];
      if (mode === 'order') groups.push(shuffled);
      else {
        for (let i = 0; i < shuffled.length; i += teamSize) groups.push(shuffled.slice(i, i + teamSize));
        // Nobody works alone: a last student joins the previous team.
        if (groups.length > 1 && groups[groups.length - 1].length === 1) {
          const [alone] = groups.pop() as string[];
          groups[groups.length - 1].push(alone);
        }
      }
      const { after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind === 'raid' && r.activity.raid.phase !== 'ended') return fail('GAME.WRONG_PHASE');
        return { ...r, activity: { kind: 'pick', view: { kind: 'pick', mode, groups } } };
      });
      await ev(after, 'PICK', { mode, groups: groups.length, students: shuffled.length });
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async codexNext(t: Teacher, id: string, showAuthor: boolean) {
      const cur = await requireRoom(id);
      // Starting the codex reads the approved phrases once; then each call shows the next one.
      const queue =
        cur.activity?.kind === 'codex'
          ? []
          : (await approvedPhrases(db, t.professorId, cur.schoolclassId, cur.subjectId)).map((p) => ({
              id: p.id,
              text: p.text,
              author: `${p.firstName} ${p.lastName.slice(0, 1)}.`,
            }));
      let shown: string | null = null;
      const { after } = await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind === 'raid' && r.activity.raid.phase !== 'ended') return fail('GAME.WRONG_PHASE');
        const pending = r.activity?.kind === 'codex' ? r.activity.pending : queue;
        const [first, ...rest] = pending;
        shown = first?.id ?? null;
        return {
          ...r,
          activity: {
            kind: 'codex',
            pending: rest,
            view: {
              kind: 'codex',
              phrase: first
                ? { id: first.id, text: first.text, author: showAuthor ? first.author : null }
                : null,
              left: rest.length,
            },
          },
        };
      });
      if (shown) {
        await markPhraseDisplayed(db, shown);
        await ev(after, 'CODEX_DISPLAYED', { codexId: shown, showAuthor });
      }
      await broadcast(id, { type: 'activity', activity: activityView(after.activity) });
    },

    async closeActivity(t: Teacher, id: string) {
      await teacherUpdate(t, id, (r) => {
        if (r.activity?.kind === 'raid' && r.activity.raid.phase !== 'ended') return fail('GAME.WRONG_PHASE');
        return { ...r, activity: null };
      });
      await broadcast(id, { type: 'activity', activity: null });
    },

    async join(s: Student, key: RoomKey): Promise<{ snapshot: RoomSnapshot; phone: PhoneState; id: string }> {
      if (!(await isStudentOfClass(db, s.studentId, key.schoolclassId))) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      const r = await requireRoom(id);
      if (!r.roster.some((x) => x.studentId === s.studentId)) {
        // Joined the class after the board opened: add them to the roster.
        const roster = await loadRoster(db, key.schoolclassId);
        await store.updateRoom(id, (cur) => (cur ? { ...cur, roster } : null));
      }
      await store.touch(id, [s.studentId], now());
      await broadcast(id, { type: 'presence', studentId: s.studentId, connected: true });
      const fresh = await requireRoom(id);
      return {
        id,
        snapshot: await snapshot(fresh, s.studentId),
        phone: await phoneState(fresh, s.studentId),
      };
    },

    async answer(s: Student, id: string, a: { questionId: string; answerIds: string[]; clientId: string }) {
      // The hot path: a thousand phones answer within a second. The answer is checked against the
      // record cached at its revision and stored only if the room is still at that revision (one
      // round trip); when it moved on (a reveal, the next question), the record is read again.
      // `at`: when it arrived, for the report's time to answer (issue 13).
      const value = JSON.stringify({ answerIds: [...new Set(a.answerIds)], clientId: a.clientId, at: now() });
      for (let attempt = 0; attempt < 3; attempt++) {
        // The first try reads the cache as it is; later ones check the current revision first.
        const cached = attempt === 0 ? cache.get(id) : undefined;
        const entry = cached ?? (await cachedRoom(id));
        const r = entry.record;
        let refusal: string | null = null;
        if (!entry.members.has(s.studentId)) refusal = 'ERRORS.FORBIDDEN';
        else if (r.paused) refusal = 'GAME.PAUSED';
        else if (r.activity?.kind !== 'raid') refusal = 'GAME.NOT_CURRENT_QUESTION';
        else {
          // Checks the question, the phase, the deadline and the answer ids (the answer map is empty).
          const checked = submitAnswer({ ...r.activity.raid, answers: {} }, s.studentId, a, now());
          if (!checked.ok) refusal = checked.message;
        }
        // A refusal read from an unchecked cache may be out of date: it is checked again.
        if (refusal && cached) continue;
        if (refusal || r.activity?.kind !== 'raid') return fail(refusal ?? 'GAME.NOT_CURRENT_QUESTION');
        const stored = await store.addAnswerAt(
          id,
          entry.rev,
          answerKey(r.activity.raid, a.questionId),
          s.studentId,
          value,
        );
        if (!stored) continue;
        if (!stored.added) return 'duplicate' as const;
        queueAnswered(id, a.questionId, s.studentId, stored.count);
        return 'counted' as const;
      }
      return fail('GAME.NOT_CURRENT_QUESTION');
    },

    async activatePower(s: Student, id: string) {
      // The power is claimed in the room record first (compare-and-set, on either store): of ten
      // activations sent at once, one goes on to spend the power XP, the others are refused here.
      await store.updateRoom(id, (cur) => {
        if (!cur) return fail('GAME.NO_ROOM');
        if (!cur.roster.some((x) => x.studentId === s.studentId)) return fail('ERRORS.FORBIDDEN');
        if (!cur.powerMode) return fail('GAME.POWERS_OFF');
        if (cur.activePowers.includes(s.studentId)) return fail('GAME.POWER_ALREADY_ACTIVE');
        return { ...cur, activePowers: [...cur.activePowers, s.studentId] };
      });
      const release = () =>
        store.updateRoom(id, (cur) =>
          cur ? { ...cur, activePowers: cur.activePowers.filter((x) => x !== s.studentId) } : null,
        );
      let left: number | null;
      try {
        left = await spendPowerXp(db, s.studentId, POWER_COST);
      } catch (err) {
        await release();
        throw err;
      }
      if (left === null) {
        await release();
        return fail('GAME.NOT_ENOUGH_POWER_XP');
      }
      const spent = left;
      const after = await store.updateRoom(id, (cur) =>
        cur
          ? {
              ...cur,
              roster: cur.roster.map((x) => (x.studentId === s.studentId ? { ...x, powerXp: spent } : x)),
            }
          : null,
      );
      if (after) await ev(after, 'POWER_ACTIVATED', {}, s.studentId);
      await broadcast(id, { type: 'power', studentId: s.studentId, active: true, powerXp: left });
    },

    async sync(id: string, studentId?: string) {
      const r = await requireRoom(id);
      return {
        snapshot: await snapshot(r, studentId),
        phone: studentId ? await phoneState(r, studentId) : undefined,
      };
    },

    /** Rooms a student may join now (open, not paused). */
    async liveRoomsFor(classIds: string[]) {
      const ids = await store.liveRooms();
      const rooms: { schoolclassId: string; subjectId: string; className: string }[] = [];
      for (const id of ids) {
        const [schoolclassId, subjectId] = id.split(':');
        if (!classIds.includes(schoolclassId)) continue;
        const r = await store.readRoom(id);
        if (r && !r.paused) rooms.push({ schoolclassId, subjectId, className: r.className });
      }
      return rooms;
    },

    /** Presence sweep for one room, by the node holding its lease: announces who went away. */
    async sweep(id: string, announcedAway: Set<string>) {
      // Only presence matters here: the record (roster, questions) is not parsed every 2 s per room.
      if ((await store.revision(id)) === 0) return;
      const seen = await store.lastSeen(id);
      const limit = now() - grace;
      for (const [studentId, at] of Object.entries(seen)) {
        if (at < limit && !announcedAway.has(studentId)) {
          announcedAway.add(studentId);
          await broadcast(id, { type: 'presence', studentId, connected: false });
        } else if (at >= limit) {
          announcedAway.delete(studentId);
        }
      }
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
export { makeRoomId };
