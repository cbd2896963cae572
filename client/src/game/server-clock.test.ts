import { afterEach, describe, expect, it, vi } from 'vitest';

describe('server clock', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('follows the server when this computer is two minutes late, so the countdown is right', async () => {
    const serverTime = Date.now() + 120_000;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ headers: new Headers({ date: new Date(serverTime).toUTCString() }) })),
    );
    const clock = await import('./server-clock');
    await clock.measureServerClock();
    expect(Math.abs(clock.serverNow() - serverTime)).toBeLessThan(1600);
  });

  it('keeps its own clock when the difference is under the header precision, or offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const clock = await import('./server-clock');
    await clock.measureServerClock();
    expect(Math.abs(clock.serverNow() - Date.now())).toBeLessThan(50);
  });
});
