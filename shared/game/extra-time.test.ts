import { describe, expect, test } from 'vitest';
import {
  clockStatus,
  extraMs,
  extraUntil,
  openFor,
  pupilDeadline,
  quicknessFor,
  resumeDeadline,
} from './extra-time';

// A 30-second question opened at t=0: the class's deadline is 30 000 ms.
const Q = { deadline: 30_000, seconds: 30 };

describe('the extra-time clock', () => {
  test('gives +1/3, +1/2 and double of the question time; nothing without a plan or a clock', () => {
    expect(extraMs(30, 'third')).toBe(10_000);
    expect(extraMs(30, 'half')).toBe(15_000);
    expect(extraMs(30, 'double')).toBe(30_000);
    expect(extraMs(30, 'none')).toBe(0);
    expect(extraMs(30, undefined)).toBe(0);
    expect(extraMs(null, 'double')).toBe(0);
    expect(pupilDeadline(30_000, 30, 'third')).toBe(40_000);
    expect(pupilDeadline(null, 30, 'third')).toBeNull();
  });

  test('keeps the question open for a pupil with +1/3 after the class deadline, closed for the others', () => {
    expect(openFor(Q, 'third', 35_000)).toBe(true);
    expect(openFor(Q, 'third', 40_000)).toBe(true);
    expect(openFor(Q, 'third', 40_001)).toBe(false);
    expect(openFor(Q, 'none', 30_000)).toBe(true);
    expect(openFor(Q, 'none', 30_001)).toBe(false);
    expect(openFor(Q, undefined, 35_000)).toBe(false);
  });

  test('without a clock the question is open for everyone until the reveal', () => {
    expect(openFor({ deadline: null, seconds: null }, undefined, 10 ** 9)).toBe(true);
    expect(clockStatus({ deadline: null, seconds: null }, [], 5).phase).toBe('open');
  });

  test('pause: nobody answers while paused; resume moves every pupil deadline by the pause', () => {
    const paused = { ...Q, pausedAt: 20_000 };
    expect(openFor(paused, 'double', 21_000)).toBe(false);
    // Paused for 15 s at 20 s, resumed at 35 s: the class now ends at 45 s, +1/3 at 55 s.
    const resumed = { ...Q, deadline: resumeDeadline(Q.deadline, 20_000, 35_000) };
    expect(resumed.deadline).toBe(45_000);
    expect(openFor(resumed, 'none', 44_000)).toBe(true);
    expect(openFor(resumed, 'third', 55_000)).toBe(true);
    expect(openFor(resumed, 'third', 55_001)).toBe(false);
    expect(resumeDeadline(null, 1, 2)).toBeNull();
    // A clock read while paused stands still at the pause.
    const status = clockStatus(
      { ...Q, pausedAt: 32_000 },
      [{ extra: 'third', answered: false, connected: true }],
      60_000,
    );
    expect(status).toMatchObject({ phase: 'extra', answering: 1 });
  });

  test('reconnect: a pupil who drops is not waited for, and counts again once back, with the same deadline', () => {
    const gone = [{ extra: 'half' as const, answered: false, connected: false }];
    expect(clockStatus(Q, gone, 35_000)).toMatchObject({ phase: 'over', answering: 0 });
    const back = [{ extra: 'half' as const, answered: false, connected: true }];
    expect(clockStatus(Q, back, 35_000)).toMatchObject({ phase: 'extra', answering: 1 });
    // The deadline is derived from the question, so reconnecting changes nothing of it.
    expect(openFor(Q, 'half', 45_000)).toBe(true);
  });

  test('a pupil joining late gets the same absolute deadline, never a fresh clock', () => {
    // Joins at 38 s with +1/3: 2 s left, not 40.
    expect(openFor(Q, 'third', 38_000)).toBe(true);
    expect(openFor(Q, 'third', 41_000)).toBe(false);
  });

  test('the board: the class countdown, then "extra time" with how many still answer, then over', () => {
    const pupils = [
      { extra: 'none' as const, answered: false, connected: true },
      { extra: 'third' as const, answered: false, connected: true },
      { extra: 'double' as const, answered: false, connected: true },
    ];
    expect(clockStatus(Q, pupils, 10_000)).toMatchObject({ phase: 'class', answering: 0 });
    expect(clockStatus(Q, pupils, 35_000)).toMatchObject({ phase: 'extra', answering: 2 });
    // +1/3 runs out at 40 s; double goes on to 60 s.
    expect(clockStatus(Q, pupils, 45_000)).toMatchObject({ phase: 'extra', answering: 1 });
    expect(clockStatus(Q, pupils, 60_001)).toMatchObject({ phase: 'over', answering: 0 });
    // Once they answered, the extra time is over before its end.
    const done = pupils.map((p) => (p.extra === 'none' ? p : { ...p, answered: true }));
    expect(clockStatus(Q, done, 35_000)).toMatchObject({ phase: 'over', answering: 0 });
    expect(
      extraUntil(
        Q.deadline,
        Q.seconds,
        pupils.map((p) => p.extra),
      ),
    ).toBe(60_000);
    expect(extraUntil(Q.deadline, Q.seconds, ['none', undefined])).toBeNull();
    expect(extraUntil(null, null, ['double'])).toBeNull();
  });

  test('"end when all answered" waits for the pupils with extra time like any other', () => {
    const pupils = [
      { extra: 'none' as const, answered: true, connected: true },
      { extra: 'third' as const, answered: false, connected: true },
    ];
    expect(clockStatus(Q, pupils, 20_000).allAnswered).toBe(false);
    expect(clockStatus(Q, pupils, 35_000).allAnswered).toBe(false);
    pupils[1].answered = true;
    expect(clockStatus(Q, pupils, 35_000).allAnswered).toBe(true);
    expect(clockStatus(Q, [], 1).allAnswered).toBe(false);
  });

  test('speed: a pupil with extra time is measured against their own time', () => {
    // Answering at the class deadline: 0 for the class, a quarter left of a +1/3 pupil's 40 s.
    expect(quicknessFor(0, 30_000, 30_000, 30, 'none')).toBe(0);
    expect(quicknessFor(0, 30_000, 30_000, 30, 'third')).toBeCloseTo(0.25);
    expect(quicknessFor(0, 0, 30_000, 30, 'double')).toBe(1);
    expect(quicknessFor(0, 90_000, 30_000, 30, 'double')).toBe(0);
  });
});
