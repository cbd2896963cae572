// A classmate spraying wrong passwords round a class's logins until stopped (issues 10 and 20): the
// sign-in tests run it beside the pupils who sign in, and read what each try was answered.

export interface SprayTry {
  login: string;
  status: number;
}

export interface Spray {
  /** Every try answered so far, in the order the answers came. */
  readonly tries: SprayTry[];
  /** Stops sending and waits for the tries in flight. */
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tick = () => new Promise((r) => setImmediate(r));

/**
 * Sends `Devine-<i>!` to `logins[i % logins.length]` through `attempt` (its answer's status), either
 * open loop, one try every `everyMs` whatever the answers, or closed loop, `lanes` tries in flight
 * at all times (between two tries a lane lets the rest of the process run).
 */
export function sprayWrongPasswords(
  logins: readonly string[],
  attempt: (login: string, password: string) => Promise<number>,
  pace: { everyMs: number } | { lanes: number },
): Spray {
  let spraying = true;
  const tries: SprayTry[] = [];
  const send = async (i: number) => {
    const login = logins[i % logins.length];
    tries.push({ login, status: await attempt(login, `Devine-${i}!`) });
  };
  let running: Promise<unknown>;
  if ('everyMs' in pace) {
    const sent: Promise<void>[] = [];
    running = (async () => {
      const t0 = performance.now();
      for (let i = 0; spraying; i++) {
        while (spraying && performance.now() < t0 + i * pace.everyMs) await pause(2);
        if (spraying) sent.push(send(i));
      }
      await Promise.all(sent);
    })();
  } else {
    const lane = async (first: number) => {
      for (let i = first; spraying; i += pace.lanes) {
        await send(i);
        await tick();
      }
    };
    running = Promise.all(Array.from({ length: pace.lanes }, (_, l) => lane(l)));
  }
  return {
    tries,
    async stop() {
      spraying = false;
      await running;
    },
  };
}
