// What the board says after a reveal (issue 21): the button goes on to the next question only when
// there is one (the server's `next` ends the raid when the boss has no HP left, the class no turn
// left, or the questions run out), and a lost turn is told as the rules play it.
import type { RaidView } from '../../../../../shared/game/contract';

/** Whether "next" ends the raid, as server/game/raid.ts `next` decides it. */
export function nextEndsRaid(
  raid: Pick<RaidView, 'boss' | 'turns' | 'index' | 'count' | 'settings'>,
): boolean {
  const lost = raid.turns.left <= 0 && !raid.settings?.askEveryQuestion;
  return raid.boss.hp <= 0 || lost || raid.index + 1 >= raid.count;
}

/**
 * The key of the "turn lost" line: with "ask every question", losing the last turn does not end
 * the raid, so the class is not told it lost its last turn as if it were over.
 */
export function turnLostKey(raid: Pick<RaidView, 'turns' | 'settings'>): string {
  return raid.turns.left <= 0 && raid.settings?.askEveryQuestion
    ? 'GAME.RAID.TURN_LOST_ASK_ALL'
    : 'GAME.RAID.TURN_LOST';
}
