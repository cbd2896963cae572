// Who is in a room beyond joining: powers a student activates, and students leaving it because they
// left the class or were deleted for good (issue 14).
import { POWER_COST } from '../../shared/game/rules.js';
import { sameLesson } from './answer-path.js';
import { fail } from './errors.js';
import { forgetStudent, mentions } from './forget.js';
import { apply } from './lifecycle.js';
import { spendPowerXp } from './loaders.js';
import type { RoomContext, Student } from './room-context.js';

export function createRoster(ctx: RoomContext) {
  const { store } = ctx;
  return {
    async activatePower(s: Student, id: string, lesson?: string | null) {
      // The power is claimed in the room record first (compare-and-set, on either store): of ten
      // activations sent at once, one goes on to spend the power XP, the others are refused here.
      await store.updateRoom(id, (cur) => {
        if (!cur) return fail('GAME.NO_ROOM');
        if (!cur.roster.some((x) => x.studentId === s.studentId)) return fail('ERRORS.FORBIDDEN');
        if (!cur.closed && !sameLesson(cur, lesson)) return fail('GAME.REJOIN');
        return apply(cur, 'power:activate', (r) => {
          if (!r.powerMode) return fail('GAME.POWERS_OFF');
          if (r.activePowers.includes(s.studentId)) return fail('GAME.POWER_ALREADY_ACTIVE');
          return { ...r, activePowers: [...r.activePowers, s.studentId] };
        });
      });
      const release = () =>
        ctx.amendRoom(id, (cur) => ({
          ...cur,
          activePowers: cur.activePowers.filter((x) => x !== s.studentId),
        }));
      let left: number | null;
      try {
        left = await spendPowerXp(ctx.db, s.studentId, POWER_COST);
      } catch (err) {
        await release();
        throw err;
      }
      if (left === null) {
        await release();
        return fail('GAME.NOT_ENOUGH_POWER_XP');
      }
      const spent = left;
      const after = await ctx.amendRoom(id, (cur) =>
        cur.closed
          ? null
          : {
              ...cur,
              roster: cur.roster.map((x) => (x.studentId === s.studentId ? { ...x, powerXp: spent } : x)),
            },
      );
      if (after) await ctx.ev(after, 'POWER_ACTIVATED', {}, s.studentId);
      await ctx.broadcast(id, { type: 'power', studentId: s.studentId, active: true, powerXp: left });
    },

    /**
     * A student removed from a class leaves the rosters of its live rooms at once: answers, powers
     * and syncs are then refused (the answer path checks the roster at the record's revision).
     * Answers the ids of those rooms.
     */
    async dropStudent(schoolclassId: string, studentId: string): Promise<string[]> {
      const ids = (await store.liveRooms()).filter((id) => id.split(':')[0] === schoolclassId);
      for (const id of ids) {
        let changed = false;
        await ctx.amendRoom(id, (cur) => {
          changed = cur.roster.some((x) => x.studentId === studentId);
          if (!changed) return null;
          return {
            ...cur,
            roster: cur.roster.filter((x) => x.studentId !== studentId),
            summonPool: cur.summonPool.filter((x) => x !== studentId),
            activePowers: cur.activePowers.filter((x) => x !== studentId),
          };
        });
        if (changed) await ctx.broadcast(id, { type: 'presence', studentId, connected: false });
      }
      return ids;
    },

    /**
     * A pupil deleted for good (issue 14): out of every live room of their classes, roster, pool,
     * answers, gains and the activity on screen (server/game/forget.ts). The rooms they were in.
     */
    async eraseStudent(schoolclassIds: string[], studentId: string, phraseIds: ReadonlySet<string>) {
      const ids = (await store.liveRooms()).filter((id) => schoolclassIds.includes(id.split(':')[0]));
      for (const id of ids) {
        let changed = false;
        const after = await ctx.amendRoom(id, (cur) => {
          changed = mentions(cur, studentId, phraseIds);
          return changed ? forgetStudent(cur, studentId, phraseIds) : null;
        });
        if (!changed || !after) continue;
        await ctx.broadcast(id, { type: 'presence', studentId, connected: false });
        // A summon, pick or codex phrase naming them leaves the board at once.
        await ctx.showActivity(id, after);
      }
      return ids;
    },
  };
}
