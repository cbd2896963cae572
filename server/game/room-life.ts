// A room's own life: the board opens it (afresh, or as a lesson paused last time), pauses, resumes,
// closes it and goes back to the menu; phones join it and ask for snapshots; student homes list it.
import { randomUUID } from 'node:crypto';
import {
  type LiveRoomEntry,
  roomId as makeRoomId,
  type PhoneState,
  type RaidSettings,
  type RoomKey,
  type RoomSnapshot,
} from '../../shared/game/contract.js';
import { inClass } from '../policies/index.js';
import type { createAnswerPath } from './answer-path.js';
import { sameLesson } from './answer-path.js';
import { fail } from './errors.js';
import { apply, check } from './lifecycle.js';
import {
  deletePausedRoom,
  loadPausedRoom,
  loadRaidSettings,
  loadRoomBase,
  loadRoster,
  savePausedRoom,
} from './loaders.js';
import { answerKey, type Professor, type RoomContext, type Student } from './room-context.js';
import type { createViews } from './room-views.js';
import type { RoomRecord } from './store.js';
import { resumedDeadline } from './timers.js';

export function createRoomLife(
  ctx: RoomContext,
  views: ReturnType<typeof createViews>,
  answers: ReturnType<typeof createAnswerPath>,
) {
  const { db, store, out, now } = ctx;
  const { snapshot, phoneState } = views;

  return {
    async open(t: Professor, key: RoomKey): Promise<{ snapshot: RoomSnapshot; settings: RaidSettings }> {
      const base = await loadRoomBase(db, t.professorId, key.schoolclassId, key.subjectId);
      if (!base) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      // A room paused at the end of a lesson may have left the store since (expiry, restart, its
      // board gone): it comes back from the database, still paused, with the answers already given.
      const inStore = await store.readRoom(id);
      const saved = inStore && !inStore.closed ? null : await loadPausedRoom(db, id);
      if (saved && saved.record.activity?.kind === 'raid') {
        const raid = saved.record.activity.raid;
        const q = raid.questions[raid.index];
        for (const [studentId, value] of Object.entries(saved.answers)) {
          if (q) await store.addAnswer(id, answerKey(raid, q.id), studentId, value);
        }
      }
      /**
       * A new lesson: phones joined to an earlier one must join again (GAME.REJOIN). Its raid
       * resumes, but every pupil may be called again (docs/decisions.md, "Lesson live").
       */
      const lesson = (): RoomRecord => {
        const lessonId = randomUUID();
        if (saved)
          return {
            ...saved.record,
            ...base,
            lessonId,
            paused: true,
            closed: false,
            summonPool: base.roster.map((s) => s.studentId),
            lastSummoned: null,
            updatedAt: now(),
          };
        return {
          id,
          lessonId,
          ...base,
          paused: false,
          closed: false,
          closedAt: null,
          activePowers: [],
          summonPool: base.roster.map((s) => s.studentId),
          activity: null,
          updatedAt: now(),
        };
      };
      let created = false;
      const r = await store.updateRoom(id, (cur) => {
        // A closed room is opened afresh: a new lesson.
        created = !cur || !!cur.closed;
        // Re-opening keeps the running activity and the pools; the roster is refreshed (new students).
        return apply(
          cur,
          'room:open',
          (c) => (c.closed ? lesson() : { ...c, ...base, updatedAt: now() }),
          lesson,
        );
      });
      if (!r) return fail('GAME.NO_ROOM');
      const wasAway = !created && inStore !== null && (await ctx.boardAway(inStore));
      await store.touchBoard(id, now());
      // The board is back after its room waited for it: homes show the join button again.
      const told = ctx.toldAway.delete(id);
      if (wasAway || told) out.roomsChanged(key.schoolclassId);
      if (created && !saved) {
        out.roomsChanged(key.schoolclassId);
        await ctx.ev(r, 'ROOM_OPENED');
      }
      const settings = (await loadRaidSettings(db, t.professorId, key.schoolclassId)) ?? ctx.defaultSettings;
      return { snapshot: await snapshot(r), settings };
    },

    async setPaused(t: Professor, id: string, paused: boolean) {
      const { before, after } = await ctx.update(t, id, paused ? 'room:pause' : 'room:resume', (r) => {
        if (r.paused === paused) return r;
        if (paused) return { ...r, paused, pausedAt: now() };
        // The open question keeps the time it had left when the lesson stopped.
        let activity = r.activity;
        if (activity?.kind === 'raid' && activity.raid.deadline !== null && r.pausedAt) {
          const deadline = resumedDeadline(activity.raid.deadline, r.pausedAt, now());
          activity = { kind: 'raid', raid: { ...activity.raid, deadline } };
        }
        return { ...r, paused, pausedAt: null, activity };
      });
      if (paused) {
        const raid = after.activity?.kind === 'raid' ? after.activity.raid : null;
        const q = raid?.questions[raid.index];
        await savePausedRoom(db, after, raid && q ? await store.answers(id, answerKey(raid, q.id)) : {});
      } else {
        await deletePausedRoom(db, id);
        if (before.activity !== after.activity) await ctx.showActivity(id, after);
      }
      await ctx.broadcast(id, { type: 'paused', paused });
      out.roomsChanged(after.schoolclassId);
    },

    /**
     * The teacher quits: the lesson is over. Phones are told and go home, student homes drop the
     * room, joining is refused, active powers end; nothing is kept for the next lesson.
     */
    async close(t: Professor, id: string) {
      const open = await store.readRoom(id).catch(() => null);
      const { before, after } = await ctx.update(t, id, 'room:close', (r) =>
        r.closed
          ? r
          : {
              ...r,
              closed: true,
              closedAt: now(),
              paused: false,
              pausedAt: null,
              activePowers: [],
              activity: null,
            },
      );
      await deletePausedRoom(db, id);
      if (before.closed) return;
      // The lesson is over: its answers (an open question's too) are written now.
      if (open && !open.closed) await answers.keepOpenAnswers(open);
      await ctx.answerWriter.flush().catch(() => {});
      await ctx.broadcast(id, { type: 'closed' });
      out.roomsChanged(after.schoolclassId);
      await ctx.ev(after, 'ROOM_CLOSED');
    },

    async closeActivity(t: Professor, id: string) {
      await ctx.update(t, id, 'activity:close', (r) => ({ ...r, activity: null }));
      await ctx.broadcast(id, { type: 'activity', activity: null });
    },

    /**
     * A phone joins. `attach` puts its connection in the room's audience before the snapshot is
     * taken, so that every patch numbered after the snapshot reaches it.
     */
    async join(
      s: Student,
      key: RoomKey,
      attach?: (id: string) => Promise<void>,
    ): Promise<{ snapshot: RoomSnapshot; phone: PhoneState; id: string; lesson: string | null }> {
      if (!(await inClass(db, s.studentId, key.schoolclassId))) return fail('ERRORS.FORBIDDEN');
      const id = makeRoomId(key);
      const r = await ctx.requireRoom(id);
      check(r, 'room:join');
      if (await ctx.boardAway(r)) return fail('GAME.WAITING_FOR_PROFESSOR');
      if (!r.roster.some((x) => x.studentId === s.studentId)) {
        // Joined the class after the board opened: add them to the roster.
        const roster = await loadRoster(db, key.schoolclassId);
        await ctx.amendRoom(id, (cur) => (cur.closed ? null : { ...cur, roster }));
      }
      await store.touch(id, [s.studentId], now());
      await ctx.broadcast(id, { type: 'presence', studentId: s.studentId, connected: true });
      await attach?.(id);
      const fresh = await ctx.requireRoom(id);
      return {
        id,
        lesson: fresh.lessonId ?? null,
        snapshot: await snapshot(fresh, s.studentId),
        phone: await phoneState(fresh, s.studentId),
      };
    },

    async sync(id: string, studentId?: string, lesson?: string | null) {
      const r = await ctx.requireRoom(id);
      check(r, 'room:sync');
      if (!r.closed && !sameLesson(r, lesson)) return fail('GAME.REJOIN');
      // A student removed from the class keeps no view of its room.
      if (studentId && !r.roster.some((x) => x.studentId === studentId)) return fail('ERRORS.FORBIDDEN');
      return {
        snapshot: await snapshot(r, studentId),
        phone: studentId ? await phoneState(r, studentId) : undefined,
      };
    },

    /**
     * After a join's ack: a fresh snapshot when patches were numbered since the one the ack carried.
     * Such a patch may have reached the phone before its ack, and the phone dropped it (no snapshot
     * yet) or the ack's older snapshot replaced it; nothing else would tell the phone it is behind.
     */
    async newerThan(id: string, seq: number, studentId: string) {
      if ((await store.currentSeq(`${id}#phones`)) <= seq) return null;
      const r = await store.readRoom(id);
      return r ? { snapshot: await snapshot(r, studentId), phone: await phoneState(r, studentId) } : null;
    },

    /**
     * Rooms of these classes a student may join now (open, not paused, not closed); one whose board
     * is gone past the grace is listed as `waiting` (for the teacher), and cannot be joined.
     */
    async liveRoomsFor(classIds: string[]) {
      const ids = await store.liveRooms();
      const rooms: LiveRoomEntry[] = [];
      for (const id of ids) {
        const [schoolclassId, subjectId] = id.split(':');
        if (!classIds.includes(schoolclassId)) continue;
        const r = await store.readRoom(id);
        if (!r || r.paused || r.closed) continue;
        const entry = { schoolclassId, subjectId, className: r.className };
        rooms.push((await ctx.boardAway(r)) ? { ...entry, waiting: true } : entry);
      }
      return rooms;
    },
  };
}
