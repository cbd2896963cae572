import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryReplayGuard } from './replay.js';

describe('memoryReplayGuard (one node without Redis)', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses an id seen within its validity, and forgets it after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const g = memoryReplayGuard();
    expect(await g.firstSeen('gar:_a1', 60_000)).toBe(true);
    expect(await g.firstSeen('gar:_a1', 60_000)).toBe(false);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await g.firstSeen('gar:_a1', 60_000)).toBe(true);
  });

  it('stays bounded under a flood of ids, still refusing the live recent ones', async () => {
    const g = memoryReplayGuard(100);
    for (let i = 0; i < 1000; i++) await g.firstSeen(`id-${i}`, 60_000);
    expect(await g.firstSeen('id-999', 60_000)).toBe(false);
  });
});
