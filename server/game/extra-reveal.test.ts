// The end of a question's extra time reveals it (issue 24), on a clock of the test's own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExtraReveal } from './extra-reveal.js';
import type { RoomRecord } from './store.js';

const SECONDS = 30;
const T0 = 1_000_000;
const DEADLINE = T0 + SECONDS * 1000;
/** +1/3 of 30 s: 10 s after the class. */
const THIRD_END = DEADLINE + 10_000;

function room(
  over: { index?: number; paused?: boolean; deadline?: number; phase?: string } = {},
): RoomRecord {
  return {
    id: 'r1',
    paused: over.paused ?? false,
    activity: {
      kind: 'raid',
      raid: {
        runId: 'run1',
        index: over.index ?? 0,
        phase: over.phase ?? 'question',
        deadline: over.deadline ?? DEADLINE,
        settings: { questionSeconds: SECONDS },
        extraTime: { lea: 'third' },
      },
    },
  } as unknown as RoomRecord;
}

describe('the end of the extra time', () => {
  let current: RoomRecord;
  /** Léa (+1/3) still answering: connected, no answer yet. */
  let leaAnswered: boolean;
  let reveal: ReturnType<typeof vi.fn<(id: string) => Promise<void>>>;
  let extra: ReturnType<typeof createExtraReveal>;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    current = room();
    leaAnswered = false;
    reveal = vi.fn(async (_id: string) => {});
    extra = createExtraReveal({
      now: () => Date.now(),
      read: async () => current,
      extraClock: async (r) => {
        const raid = (r.activity as { raid: { deadline: number } }).raid;
        const t = Date.now();
        if (t <= raid.deadline) return null;
        const open = !leaAnswered && t <= raid.deadline + 10_000;
        return { extraAnswering: open ? 1 : 0 };
      },
      reveal,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reveals when the last pupil with extra time runs out of it, not at the class’s time', async () => {
    extra.shown('r1', current);
    await vi.advanceTimersByTimeAsync(DEADLINE - T0 + 100);
    expect(reveal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(THIRD_END - DEADLINE);
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(reveal).toHaveBeenCalledWith('r1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('reveals at once when the last of them answers during the extra time', async () => {
    extra.shown('r1', current);
    await vi.advanceTimersByTimeAsync(DEADLINE - T0 + 2_000);
    leaAnswered = true;
    extra.answered('r1');
    await vi.advanceTimersByTimeAsync(0);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when nobody with extra time is still answering at the class’s time', async () => {
    leaAnswered = true;
    extra.shown('r1', current);
    extra.answered('r1');
    await vi.advanceTimersByTimeAsync(THIRD_END - T0 + 60_000);
    expect(reveal).not.toHaveBeenCalled();
  });

  it('waits while paused, and counts from the moved deadline after the resume', async () => {
    extra.shown('r1', current);
    await vi.advanceTimersByTimeAsync(DEADLINE - T0 + 2_000);
    current = room({ paused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reveal).not.toHaveBeenCalled();
    // Resumed: the deadline moved by the pause's length, and the question is shown again.
    const moved = DEADLINE + 60_000;
    current = room({ deadline: moved });
    extra.shown('r1', current);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reveal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(moved + 10_000 - Date.now() + 100);
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the teacher has moved on', async () => {
    extra.shown('r1', current);
    await vi.advanceTimersByTimeAsync(DEADLINE - T0 + 2_000);
    current = room({ phase: 'revealed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reveal).not.toHaveBeenCalled();
  });
});
