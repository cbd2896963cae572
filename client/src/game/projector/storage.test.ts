import { describe, expect, it } from 'vitest';
import { ACTIVE_POWERS_TTL_MS } from '../../../../shared/constants';
import { answerStyle } from '../answer-style';
import { ACTIVE_POWERS_KEY, readActivePowers, rememberActivePowers } from './active-powers';
import { clampFontSize, FONT_SIZE_KEY, readFontSize, stepFontSize } from './font-size';
import { memoryStore } from './memory-store';

describe('font size', () => {
  it('defaults to 1.25 rem and stays between 1.25 and 3.5', () => {
    const s = memoryStore();
    expect(readFontSize(s)).toBe(1.25);
    expect(stepFontSize(s, 1.25, -1)).toBe(1.25);
    expect(stepFontSize(s, 3.5, 1)).toBe(3.5);
    expect(clampFontSize(Number.NaN)).toBe(1.25);
    s.setItem(FONT_SIZE_KEY, '9');
    expect(readFontSize(s)).toBe(3.5);
  });
  it('stores each step', () => {
    const s = memoryStore();
    let size = readFontSize(s);
    size = stepFontSize(s, size, 1);
    size = stepFontSize(s, size, 1);
    expect(size).toBe(1.75);
    expect(readFontSize(s)).toBe(1.75);
  });
});

describe('active powers', () => {
  const key = { schoolclassId: 'c1', subjectId: 's1' };
  it('remembers who activated a power during the lesson', () => {
    const s = memoryStore();
    rememberActivePowers(s, key, ['a'], 1000);
    rememberActivePowers(s, key, ['b', 'a'], 2000);
    expect(readActivePowers(s, key, 3000)).toEqual(['a', 'b']);
    expect(JSON.parse(s.data.get(ACTIVE_POWERS_KEY) ?? '')).toEqual({
      schoolclassId: 'c1',
      subjectId: 's1',
      studentIds: ['a', 'b'],
      timestamp: 1000,
    });
  });
  it('forgets them for another class or subject', () => {
    const s = memoryStore();
    rememberActivePowers(s, key, ['a'], 1000);
    expect(readActivePowers(s, { ...key, subjectId: 's2' }, 1000)).toEqual([]);
    rememberActivePowers(s, key, ['a'], 1000);
    expect(rememberActivePowers(s, { ...key, schoolclassId: 'c2' }, ['z'], 1500)).toEqual(['z']);
    expect(readActivePowers(s, key, 1500)).toEqual([]);
  });
  it('forgets them after two hours', () => {
    const s = memoryStore();
    rememberActivePowers(s, key, ['a'], 0);
    expect(readActivePowers(s, key, ACTIVE_POWERS_TTL_MS - 1)).toEqual(['a']);
    expect(readActivePowers(s, key, ACTIVE_POWERS_TTL_MS)).toEqual([]);
    expect(s.data.has(ACTIVE_POWERS_KEY)).toBe(false);
  });
  it('survives a damaged entry', () => {
    const s = memoryStore();
    s.setItem(ACTIVE_POWERS_KEY, '{nope');
    expect(readActivePowers(s, key)).toEqual([]);
  });
});

describe('answer styles', () => {
  it('gives each answer a letter, a shape and a colour', () => {
    expect([0, 1, 2, 3].map((i) => [answerStyle(i).letter, answerStyle(i).shape])).toEqual([
      ['A', 'triangle'],
      ['B', 'diamond'],
      ['C', 'circle'],
      ['D', 'square'],
    ]);
    expect(answerStyle(0).color).toBe('#cc2255');
    const colours = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((i) => answerStyle(i).color));
    expect(colours.size).toBe(8);
    expect(answerStyle(4).letter).toBe('E');
  });
});
