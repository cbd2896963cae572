// A classmate spraying wrong passwords round a class's logins until stopped (issues 10 and 20): the
// sign-in tests run it beside the pupils who sign in, and read what each try was answered.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

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

/** What a `keepTrying` loop was answered so far, and how to stop it. */
export interface Tries<T> {
  /** Every try answered so far, in the order the answers came. */
  readonly results: T[];
  /** Stops sending and waits for the tries in flight. */
  stop(): Promise<void>;
}

/**
 * Sends try `i` (0, 1, 2 …) through `attempt` until stopped, either open loop, one try every
 * `everyMs` whatever the answers, or closed loop, `lanes` tries in flight at all times (between two
 * tries a lane lets the rest of the process run: a refused try is answered without I/O).
 */
export function keepTrying<T>(
  attempt: (i: number) => Promise<T>,
  pace: { everyMs: number } | { lanes: number },
): Tries<T> {
  let going = true;
  const results: T[] = [];
  const send = async (i: number) => {
    results.push(await attempt(i));
  };
  let running: Promise<unknown>;
  if ('everyMs' in pace) {
    const sent: Promise<void>[] = [];
    running = (async () => {
      const t0 = performance.now();
      for (let i = 0; going; i++) {
        while (going && performance.now() < t0 + i * pace.everyMs) await pause(2);
        if (going) sent.push(send(i));
      }
      await Promise.all(sent);
    })();
  } else {
    const lane = async (first: number) => {
      for (let i = first; going; i += pace.lanes) {
        await send(i);
        await tick();
      }
    };
    running = Promise.all(Array.from({ length: pace.lanes }, (_, l) => lane(l)));
  }
  return {
    results,
    async stop() {
      going = false;
      await running;
    },
  };
}

/** Wrong passwords (`Devine-<i>!`) round `logins`, through `attempt` (its answer's status). */
export function sprayWrongPasswords(
  logins: readonly string[],
  attempt: (login: string, password: string) => Promise<number>,
  pace: { everyMs: number } | { lanes: number },
): Spray {
  const tries = keepTrying(async (i): Promise<SprayTry> => {
    const login = logins[i % logins.length];
    return { login, status: await attempt(login, `Devine-${i}!`) };
  }, pace);
  return { tries: tries.results, stop: tries.stop };
}

/** A classmate guessing class codes from `address` (codes `from`, `from + 1`, …), four guesses in flight. */
export function guessClassCodes(
  app: Pick<FastifyInstance, 'inject'>,
  address: string,
  from: number,
): Tries<number> {
  return keepTrying(
    async (i) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/professorsSchoolclasses?code=${from + i}`,
          remoteAddress: address,
        })
      ).statusCode,
    { lanes: 4 },
  );
}

/**
 * `count` new pupils (`firstName`, last names "Élève A", "Élève B"…, usernames `<usernames>-0`,
 * `<usernames>-1`…) sign up one after the other with the class `code` from `address`, each answered
 * 201 (the answer's body says why not); the time each waited, in ms, in order.
 */
export async function signUpNewPupilsTimed(
  app: Pick<FastifyInstance, 'inject'>,
  {
    code,
    address,
    firstName,
    usernames,
    count = 10,
  }: {
    code: string;
    address: string;
    firstName: string;
    usernames: string;
    count?: number;
  },
): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/code-signup',
      remoteAddress: address,
      payload: {
        code,
        firstName,
        lastName: `Élève ${String.fromCharCode(65 + i)}`,
        username: `${usernames}-${i}`,
        password: 'Trousse-Rouge-9!',
      },
    });
    waits.push(performance.now() - t0);
    expect(res.statusCode, res.body).toBe(201);
  }
  return waits;
}
