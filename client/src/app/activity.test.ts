// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, SESSION_ACTIVE_MS } from '../../../shared/constants';
import {
  BROWSER_SESSION_KEY,
  isSessionActive,
  removeSessionMarker,
  SESSION_MARKER_KEY,
  startActivityTracking,
} from './activity';

const MINUTE = 60_000;

describe('session activity', () => {
  let createLog: Mock<(userId: string) => Promise<unknown>>;
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    localStorage.clear();
    sessionStorage.clear();
    createLog = vi.fn(async () => undefined);
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  const start = (userId = 'u1') => {
    stop?.();
    stop = startActivityTracking({ userId, createLog });
  };
  const move = () => window.dispatchEvent(new MouseEvent('mousemove'));

  it('creates a session log on the first page load of a browser session and marks the session active', () => {
    start();
    expect(createLog).toHaveBeenCalledTimes(1);
    expect(createLog).toHaveBeenCalledWith('u1');
    expect(isSessionActive('u1')).toBe(true);
    expect(sessionStorage.getItem(BROWSER_SESSION_KEY)).toBe('1');
  });

  it('does not log again on a reload while the session is active', () => {
    start();
    start();
    expect(createLog).toHaveBeenCalledTimes(1);
  });

  it('logs once on the first load of a new browser session, even with an active marker', () => {
    start();
    sessionStorage.clear();
    start();
    expect(createLog).toHaveBeenCalledTimes(2);
  });

  it('logs when the marker is absent on load', () => {
    start();
    removeSessionMarker();
    start();
    expect(createLog).toHaveBeenCalledTimes(2);
  });

  it('logs when the marker belongs to another user', () => {
    start('u1');
    start('u2');
    expect(createLog).toHaveBeenLastCalledWith('u2');
  });

  it('is active for 30 minutes without activity, then runs out', () => {
    start();
    vi.advanceTimersByTime(SESSION_ACTIVE_MS - 1);
    expect(isSessionActive('u1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isSessionActive('u1')).toBe(false);
  });

  it('mouse moves, scrolls, clicks and key presses push the 30 minutes back', () => {
    start();
    for (const event of [
      new MouseEvent('mousemove'),
      new Event('scroll'),
      new MouseEvent('click'),
      new KeyboardEvent('keydown'),
    ]) {
      // 25 minutes after the previous activity, the next one keeps the session going.
      vi.advanceTimersByTime(25 * MINUTE);
      window.dispatchEvent(event);
      expect(isSessionActive('u1', Date.now() + 29 * MINUTE)).toBe(true);
    }
    expect(createLog).toHaveBeenCalledTimes(1);
  });

  it('handles activity at most once per second', () => {
    start();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    move();
    move();
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    move();
    expect(setItem.mock.calls.filter(([k]) => k === SESSION_MARKER_KEY)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    move();
    expect(setItem.mock.calls.filter(([k]) => k === SESSION_MARKER_KEY)).toHaveLength(2);
    setItem.mockRestore();
  });

  it('creates a new session log when activity comes back after the session ran out', () => {
    start();
    vi.advanceTimersByTime(SESSION_ACTIVE_MS + MINUTE);
    move();
    expect(createLog).toHaveBeenCalledTimes(2);
    expect(isSessionActive('u1')).toBe(true);
  });

  it('stops listening when stopped', () => {
    start();
    stop?.();
    stop = undefined;
    vi.advanceTimersByTime(SESSION_ACTIVE_MS + MINUTE);
    move();
    expect(createLog).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SESSION_MARKER_KEY)).not.toBeNull();
  });

  it('survives a failing session-log call', async () => {
    createLog.mockRejectedValueOnce(new Error('offline'));
    expect(() => start()).not.toThrow();
    await Promise.resolve();
    expect(isSessionActive('u1')).toBe(true);
  });
});
