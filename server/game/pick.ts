// Picks: the students present now, shuffled into teams or into a speaking order.
import { fail } from './errors.js';
import { check } from './lifecycle.js';
import { shuffle } from './raid-commands.js';
import type { Professor, RoomContext } from './room-context.js';
import { namesOf } from './summon.js';

/** Teams of `teamSize` (nobody works alone: a last student joins the previous team), or one order. */
export function groupsOf(shuffled: string[], mode: 'team' | 'order', teamSize: number): string[][] {
  const groups: string[][] = [];
  if (mode === 'order') groups.push(shuffled);
  else {
    for (let i = 0; i < shuffled.length; i += teamSize) groups.push(shuffled.slice(i, i + teamSize));
    if (groups.length > 1 && groups[groups.length - 1].length === 1) {
      const [alone] = groups.pop() as string[];
      groups[groups.length - 1].push(alone);
    }
  }
  return groups;
}

export function createPicks(ctx: RoomContext) {
  return {
    async pickDraw(t: Professor, id: string, mode: 'team' | 'order', teamSize = 4) {
      const cur = await ctx.requireRoom(id);
      check(cur, 'pick:draw');
      const shuffled = shuffle(await ctx.presentIds(cur), ctx.random);
      if (shuffled.length === 0) return fail('GAME.NOBODY_PRESENT');
      const groups = groupsOf(shuffled, mode, teamSize);
      const { after } = await ctx.update(t, id, 'pick:draw', (r) => ({
        ...r,
        activity: { kind: 'pick', view: { kind: 'pick', mode, groups, names: namesOf(r, groups.flat()) } },
      }));
      await ctx.ev(after, 'PICK', { mode, groups: groups.length, students: shuffled.length });
      await ctx.showActivity(id, after);
    },
  };
}
