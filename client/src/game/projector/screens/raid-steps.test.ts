import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_SETTINGS } from '../../../../../shared/game/contract';
import { nextEndsRaid, turnLostKey } from './raid-steps';

const raid = (over: Partial<Parameters<typeof nextEndsRaid>[0]> = {}) => ({
  boss: { key: 'k', name: 'Boss', image: '', maxHp: 900, hp: 300 },
  turns: { max: 3, left: 2 },
  index: 2,
  count: 9,
  settings: DEFAULT_RAID_SETTINGS,
  ...over,
});

describe('after a reveal, the board', () => {
  it('offers the next question only when there is one', () => {
    expect(nextEndsRaid(raid())).toBe(false);
    // The boss is at 0 HP: "Question suivante" would be a lie.
    expect(nextEndsRaid(raid({ boss: { ...raid().boss, hp: 0 } }))).toBe(true);
    expect(nextEndsRaid(raid({ index: 8 }))).toBe(true);
    expect(nextEndsRaid(raid({ turns: { max: 3, left: 0 } }))).toBe(true);
    // Asking every question: no turn left does not end the raid.
    expect(
      nextEndsRaid(
        raid({ turns: { max: 3, left: 0 }, settings: { ...DEFAULT_RAID_SETTINGS, askEveryQuestion: true } }),
      ),
    ).toBe(false);
  });

  it('never says "the class loses its last turn" while the raid asks every question', () => {
    const askAll = { ...DEFAULT_RAID_SETTINGS, askEveryQuestion: true };
    expect(turnLostKey({ turns: { max: 3, left: 0 }, settings: askAll })).toBe('GAME.RAID.TURN_LOST_ASK_ALL');
    expect(turnLostKey({ turns: { max: 3, left: 1 }, settings: askAll })).toBe('GAME.RAID.TURN_LOST');
    expect(turnLostKey({ turns: { max: 3, left: 0 }, settings: DEFAULT_RAID_SETTINGS })).toBe(
      'GAME.RAID.TURN_LOST',
    );
  });
});
