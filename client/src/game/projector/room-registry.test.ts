import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket, ids } from './fake-socket';
import { RoomClient } from './room-client';
import { createRoomRegistry } from './room-registry';

const key = { schoolclassId: ids.schoolclass, subjectId: ids.subject };

describe('room registry', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps one connection across page changes and closes it after the linger time', () => {
    vi.useFakeTimers();
    const make = vi.fn((k: typeof key) => new RoomClient(fakeSocket(() => undefined).socket, k));
    const reg = createRoomRegistry(make, 1000);
    const a = reg.acquire(key);
    reg.release(key);
    vi.advanceTimersByTime(500);
    const b = reg.acquire(key);
    expect(b).toBe(a);
    expect(make).toHaveBeenCalledTimes(1);
    reg.release(key);
    const dispose = vi.spyOn(a, 'dispose');
    vi.advanceTimersByTime(1000);
    expect(dispose).toHaveBeenCalled();
    expect(reg.size()).toBe(0);
  });

  it('closes an idle room when another class opens', () => {
    const reg = createRoomRegistry((k) => new RoomClient(fakeSocket(() => undefined).socket, k), 60_000);
    const a = reg.acquire(key);
    reg.release(key);
    const dispose = vi.spyOn(a, 'dispose');
    reg.acquire({ ...key, subjectId: ids.raid });
    expect(dispose).toHaveBeenCalled();
    expect(reg.size()).toBe(1);
  });
});
