import { describe, expect, it } from 'vitest';
import { DROPPED, FairLane } from './fair-lane.js';

/** A job that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, job: (value: string) => () => opened.then(() => value) };
}

describe('FairLane', () => {
  it('runs at once while a slot is free', async () => {
    const lane = new FairLane({ slots: 2, perAddress: 10, maxWaitMs: 5_000 });
    expect(await lane.run('a', 'x', async () => 'done')).toBe('done');
  });

  it('takes turns by address, then by account, whatever the order of arrival', async () => {
    const lane = new FairLane({ slots: 1, perAddress: 10, maxWaitMs: 5_000 });
    const g = gate();
    const order: string[] = [];
    const first = lane.run('school', 'held', g.job('held'));
    const runs = [
      ['school', 'eleve01'],
      ['school', 'eleve02'],
      ['school', 'eleve03'],
      ['home', 'eleve21'],
    ].map(([ip, who]) =>
      lane.run(ip, who, async () => {
        order.push(`${ip}:${who}`);
        return who;
      }),
    );
    g.open();
    await Promise.all([first, ...runs]);
    // The other address gets the second turn, not the fourth.
    expect(order).toEqual(['school:eleve01', 'home:eleve21', 'school:eleve02', 'school:eleve03']);
  });

  it('keeps one waiting job an account: the newest, in the place of the first', async () => {
    const lane = new FairLane({ slots: 1, perAddress: 10, maxWaitMs: 5_000 });
    const g = gate();
    const busy = lane.run('school', 'busy', g.job('busy'));
    const flood = Array.from({ length: 5 }, (_, i) =>
      lane.run('school', 'eleve21', async () => `guess-${i}`),
    );
    const owner = lane.run('school', 'eleve21', async () => 'owner');
    g.open();
    expect(await Promise.all([busy, ...flood, owner])).toEqual([
      'busy',
      DROPPED,
      DROPPED,
      DROPPED,
      DROPPED,
      DROPPED,
      'owner',
    ]);
  });

  it('drops a job past its wait, and past the accounts an address may hold waiting', async () => {
    const lane = new FairLane({ slots: 1, perAddress: 2, maxWaitMs: 50 });
    const g = gate();
    const busy = lane.run('school', 'busy', g.job('busy'));
    const a = lane.run('school', 'a', async () => 'a');
    const b = lane.run('school', 'b', async () => 'b');
    expect(await lane.run('school', 'c', async () => 'c')).toBe(DROPPED);
    expect(await a).toBe(DROPPED);
    expect(await b).toBe(DROPPED);
    expect(lane.queued).toBe(0);
    g.open();
    expect(await busy).toBe('busy');
  });
});
