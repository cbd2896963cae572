// Summons: a present student is drawn from the pool (never twice before everyone was called), the
// teacher marks the answer right or wrong once (a right one earns XP_SUMMON_RIGHT), the pool refills.
import { drawFromPool, XP_SUMMON_RIGHT } from '../../shared/game/rules.js';
import { fail } from './errors.js';
import { rewardStudents } from './loaders.js';
import { addGains, rewardedRoster } from './rewards.js';
import type { Professor, RoomContext } from './room-context.js';
import type { createViews } from './room-views.js';
import type { RoomRecord } from './store.js';

/** "First L." of these students, as the board shows them. */
export function namesOf(r: RoomRecord, ids: string[]): Record<string, string> {
  const wanted = new Set(ids);
  return Object.fromEntries(
    r.roster
      .filter((s) => wanted.has(s.studentId))
      .map((s) => [s.studentId, `${s.firstName} ${s.lastInitial}.`]),
  );
}

export function createSummons(ctx: RoomContext, views: ReturnType<typeof createViews>) {
  const { update, showActivity } = ctx;
  return {
    async summonDraw(t: Professor, id: string) {
      const cur = await ctx.requireRoom(id);
      const present = new Set(await ctx.presentIds(cur));
      let drawn: string | null = null;
      const { after } = await update(t, id, 'summon:draw', (r) => {
        const everyone = r.roster.map((s) => s.studentId);
        const d = drawFromPool(r.summonPool, everyone, (s) => present.has(s), ctx.random, r.lastSummoned);
        drawn = d.drawn;
        if (!drawn) return fail('GAME.NOBODY_PRESENT');
        return {
          ...r,
          summonPool: d.pool,
          lastSummoned: drawn,
          activity: {
            kind: 'summon',
            // "Left to call" counts the students here now: absent ones are never drawn.
            view: {
              kind: 'summon',
              drawn,
              names: namesOf(r, [drawn]),
              poolLeft: d.pool.filter((s) => present.has(s)).length,
              marked: null,
            },
          },
        };
      });
      await ctx.ev(after, 'SUMMON', {}, drawn ?? undefined);
      await showActivity(id, after);
    },

    async summonMark(t: Professor, id: string, studentId: string, right: boolean) {
      const { after } = await update(t, id, 'summon:mark', (r) => {
        if (
          r.activity?.kind !== 'summon' ||
          r.activity.view.drawn !== studentId ||
          r.activity.view.marked !== null
        ) {
          return fail('GAME.WRONG_PHASE');
        }
        return { ...r, activity: { kind: 'summon', view: { ...r.activity.view, marked: right } } };
      });
      if (right) {
        const gain = { [studentId]: { xp: XP_SUMMON_RIGHT, coins: 1 } };
        const rewarded = await rewardStudents(ctx.db, after, gain, { source: 'summon' });
        // The roster carries the student's new power XP: the phone's counter shows it at once (issue 21).
        const fresh = await ctx.amendRoom(id, (cur) => ({
          ...cur,
          roster: rewardedRoster(cur, rewarded),
          lessonGains: addGains(cur.lessonGains, gain),
        }));
        if (fresh) ctx.out.phone(studentId, await views.phoneState(fresh, studentId));
      }
      await ctx.ev(after, 'SUMMON_MARK', { right }, studentId);
      await showActivity(id, after);
    },

    async summonReset(t: Professor, id: string) {
      const present = (await ctx.presentIds(await ctx.requireRoom(id))).length;
      const { after } = await update(t, id, 'summon:reset', (r) => ({
        ...r,
        summonPool: r.roster.map((s) => s.studentId),
        activity:
          r.activity?.kind === 'summon'
            ? { kind: 'summon', view: { ...r.activity.view, poolLeft: present } }
            : r.activity,
      }));
      await showActivity(id, after);
    },
  };
}
