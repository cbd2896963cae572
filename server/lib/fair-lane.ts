// A small fair scheduler for costly checks (argon2) that must not be refused to the one caller who
// is right while others flood the same key. Jobs run at most `slots` at a time on this node; the
// waiting ones take turns by address, then by account within an address (round robin), so one
// address cannot take the lane from another, nor one account from another at the same address.
// An account holds at most one waiting job: a newer one takes its place (the older is dropped),
// so a sparse caller (the owner typing a password once) is never stuck behind a dense one (a
// script). A job that waited `maxWaitMs`, or arrives at an address already holding `perAddress`
// waiting accounts, is dropped. A dropped job is not run: its caller answers as if refused.

export const DROPPED = Symbol('dropped');

interface Waiting {
  run: () => void;
  drop: () => void;
}

export interface FairLaneOptions {
  slots: number;
  perAddress: number;
  maxWaitMs: number;
}

export class FairLane {
  private running = 0;
  // Insertion order is the turn order: addresses, then accounts within one.
  private readonly waiting = new Map<string, Map<string, Waiting>>();

  constructor(private readonly opts: FairLaneOptions) {}

  /** Jobs waiting now, over every address. */
  get queued(): number {
    let n = 0;
    for (const accounts of this.waiting.values()) n += accounts.size;
    return n;
  }

  run<T>(address: string, account: string, job: () => Promise<T>): Promise<T | typeof DROPPED> {
    return new Promise<T | typeof DROPPED>((resolve, reject) => {
      const start = () => {
        this.running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.next();
          });
      };
      if (this.running < this.opts.slots && this.waiting.size === 0) return start();
      let accounts = this.waiting.get(address);
      if (!accounts) {
        accounts = new Map();
        this.waiting.set(address, accounts);
      }
      const older = accounts.get(account);
      if (!older && accounts.size >= this.opts.perAddress) return resolve(DROPPED);
      const timer = setTimeout(() => {
        if (this.remove(address, account, entry)) resolve(DROPPED);
      }, this.opts.maxWaitMs);
      timer.unref?.();
      const entry: Waiting = {
        run: () => {
          clearTimeout(timer);
          start();
        },
        drop: () => {
          clearTimeout(timer);
          resolve(DROPPED);
        },
      };
      // Map.set on a key already there keeps its place in the turn order.
      accounts.set(account, entry);
      older?.drop();
      this.next();
    });
  }

  private remove(address: string, account: string, entry: Waiting): boolean {
    const accounts = this.waiting.get(address);
    if (accounts?.get(account) !== entry) return false;
    accounts.delete(account);
    if (accounts.size === 0) this.waiting.delete(address);
    return true;
  }

  private next() {
    while (this.running < this.opts.slots && this.waiting.size > 0) {
      const [address, accounts] = this.waiting.entries().next().value as [string, Map<string, Waiting>];
      const [account, entry] = accounts.entries().next().value as [string, Waiting];
      accounts.delete(account);
      // The address goes to the back of the turn order, with its other accounts still waiting.
      this.waiting.delete(address);
      if (accounts.size > 0) this.waiting.set(address, accounts);
      entry.run();
    }
  }
}
