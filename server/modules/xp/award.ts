// The one way to award XP (issue 22), a command in Outline's sense: a live raid's end, a summon
// marked right, a finished homework and a teacher's manual XP all come here. In one transaction (a
// savepoint inside the caller's): each student's active professors counted once
// (active-professors.ts), the rows locked, SPEC point 4's rules applied (shared/game/rules.ts,
// `awardProgress`), the new progress written, the avatar offers of a level gained granted, and one
// XP_GAIN event per student for the curve of "My stats". Who may award is the caller's policy
// (server/policies); the command checks what it is given.
import { inArray, sql } from 'drizzle-orm';
import { type Awarded, awardProgress, type Gain, type Progress } from '../../../shared/game/rules.js';
import type { Db } from '../../db/client.js';
import { gameEvents, students } from '../../db/schema.js';
import { type DbOrTx, grantLevelUnlocks } from '../avatars/unlocks.js';
import { activeProfessorsCounts } from './active-professors.js';

export type { Awarded } from '../../../shared/game/rules.js';

/** Where XP comes from, as the XP_GAIN event keeps it (the student's stats show it). */
export type XpSource = 'live' | 'summon' | 'homework' | 'manual';

export interface XpAward {
  source: XpSource;
  /** The professor, class and subject the XP was earned with: the events are recorded under them. */
  by: { professorId: string; schoolclassId: string; subjectId: string };
  /** Per student, XP and coins before the division by the student's active professors. */
  gains: Readonly<Record<string, Gain>>;
  /** Kept on each event next to the amount (a play's id, a manual gain's reason and request). */
  details?: Readonly<Record<string, unknown>>;
  /**
   * Also record an event when the XP does not change (a first homework completion, a manual gain
   * that the division brings to 0): by default only a change is recorded.
   */
  recordUnchanged?: boolean;
}

/**
 * Awards `award.gains`; answers, per student found, the progress before and after and what changed.
 * A student id that is not (or no longer) a student is left out of the answer, not an error: the
 * caller decides (manual XP answers 404).
 */
export async function awardXp(db: DbOrTx, award: XpAward): Promise<Record<string, Awarded>> {
  const ids = Object.keys(award.gains);
  for (const id of ids) {
    const g = award.gains[id];
    if (!Number.isFinite(g.xp) || !Number.isFinite(g.coins)) throw new Error(`awardXp: bad gain for ${id}`);
  }
  if (!ids.length) return {};
  return (db as Db).transaction(async (tx) => {
    const counts = await activeProfessorsCounts(tx, ids);
    const rows = await tx.select().from(students).where(inArray(students.id, ids)).for('update');
    const out: Record<string, Awarded> = {};
    for (const s of rows) {
      const before: Progress = {
        xp: s.xp,
        level: s.level,
        levelProgression: s.levelProgression,
        powerXp: s.powerXp,
        coin: s.coin,
      };
      out[s.id] = awardProgress(before, award.gains[s.id], counts.get(s.id) ?? 0);
    }
    const awarded = Object.entries(out);
    if (!awarded.length) return out;
    // One statement for the whole class: 300 rooms ending a raid at once were 9,000 updates.
    const values = sql.join(
      awarded.map(
        ([id, { after: p }]) =>
          sql`(${id}::uuid, ${p.xp}::int, ${p.level}::int, ${p.levelProgression}::int, ${p.powerXp}::int, ${p.coin}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`update ${students} set
      ${sql.identifier(students.xp.name)} = v.xp,
      ${sql.identifier(students.level.name)} = v.level,
      ${sql.identifier(students.levelProgression.name)} = v.lp,
      ${sql.identifier(students.powerXp.name)} = v.pxp,
      ${sql.identifier(students.coin.name)} = v.coin
      from (values ${values}) as v(id, xp, level, lp, pxp, coin)
      where ${students.id} = v.id`);
    for (const [id, a] of awarded)
      if (a.after.level > a.before.level) await grantLevelUnlocks(tx, id, a.before.level, a.after.level);
    const recorded = awarded.filter(([, a]) => award.recordUnchanged || a.xpGained !== 0);
    if (recorded.length)
      await tx.insert(gameEvents).values(
        recorded.map(([id, a]) => ({
          type: 'XP_GAIN',
          ...award.by,
          studentId: id,
          payload: {
            source: award.source,
            ...award.details,
            amount: a.xpGained,
            xp: a.after.xp,
            level: a.after.level,
          },
        })),
      );
    return out;
  });
}

/** What a live room keeps of an award on its roster (the board shows levels, the phone power XP). */
export interface Rewarded {
  level: number;
  powerXp: number;
  xp: number;
  levelProgression: number;
  xpGained: number;
}

export function rewardedOf(awarded: Record<string, Awarded>): Record<string, Rewarded> {
  return Object.fromEntries(
    Object.entries(awarded).map(([id, { after, xpGained }]) => [
      id,
      {
        level: after.level,
        powerXp: after.powerXp,
        xp: after.xp,
        levelProgression: after.levelProgression,
        xpGained,
      },
    ]),
  );
}
