import { describe, expect, it } from 'vitest';
import { groupsOf } from './pick.js';
import { shuffle } from './raid-commands.js';
import { namesOf } from './summon.js';
import { room } from './test-room.js';

describe('picks and summons on the board', () => {
  it('makes teams of the size asked, and nobody works alone', () => {
    expect(groupsOf(['a', 'b', 'c', 'd'], 'team', 2)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(groupsOf(['a', 'b', 'c', 'd', 'e'], 'team', 2)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(groupsOf(['a'], 'team', 4)).toEqual([['a']]);
    expect(groupsOf(['c', 'a', 'b'], 'order', 4)).toEqual([['c', 'a', 'b']]);
  });

  it('shuffles without losing or repeating anyone', () => {
    const draws = [0.9, 0.1, 0.5, 0.3];
    const random = () => draws.shift() ?? 0;
    const out = shuffle(['a', 'b', 'c', 'd', 'e'], random);
    expect([...out].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('names students as the public board shows them: first name and initial', () => {
    expect(namesOf(room(), ['s1', 's3', 'nobody'])).toEqual({ s1: 'Ana D.', s3: 'Cy D.' });
  });
});
