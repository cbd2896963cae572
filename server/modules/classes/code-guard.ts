// Every route that turns a class code into a class goes through here, so that guessing codes costs
// the same whichever route is used and whichever (cheap) account sends it.
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import type { Deps } from '../../deps.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { findClassByLiveCode } from './code.js';

/**
 * MISSES_PER_ADDRESS misses per address in WINDOW_SEC, across every route: then the address waits
 * for the rest of the window (a right code is refused too, so the wait is no oracle). Over
 * SERVER_MISSES misses in the window, on the whole server, every look-up waits SLOW_MS first and a
 * warning is logged, at most once a minute, with the count only (never a code nor an address).
 */
export const CODE_LIMITS = {
  windowSec: 600,
  missesPerAddress: 60,
  serverMisses: 600,
  slowMs: 1_000,
  warnEverySec: 60,
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function resolveClassCode(deps: Deps, code: string, ip: string, log: FastifyBaseLogger) {
  const L = CODE_LIMITS;
  const ipKey = `code-miss:ip:${ip}`;
  const wait = await deps.throttle.waiting(ipKey);
  if (wait > 0) throw tooMany(wait);
  // Counted as a miss before the look-up (and forgiven if it is a hit): of a thousand guesses sent at
  // once, only the budget's worth is looked up.
  const mine = await deps.throttle.fail(ipKey, L.windowSec);
  if (mine.count > L.missesPerAddress) {
    await deps.throttle.block(ipKey, mine.windowLeft);
    throw tooMany(mine.windowLeft);
  }
  if ((await deps.throttle.count('code-miss:server')) >= L.serverMisses) await sleep(L.slowMs);
  const schoolclass = await findClassByLiveCode(deps.db, code);
  if (schoolclass) {
    await deps.throttle.forgive(ipKey);
    return schoolclass;
  }
  if (mine.count >= L.missesPerAddress) await deps.throttle.block(ipKey, mine.windowLeft);
  const all = await deps.throttle.fail('code-miss:server', L.windowSec);
  if (all.count >= L.serverMisses && (await deps.throttle.waiting('code-miss:warned')) === 0) {
    await deps.throttle.block('code-miss:warned', L.warnEverySec);
    log.warn(
      { misses: all.count, windowSec: L.windowSec },
      'class codes are being guessed: code look-ups are slowed down',
    );
  }
  throw new AppError(404, ERR.INVALID_CODE, { field: 'code' });
}

/** GET /professorsSchoolclasses?code=: limited per code; misses count in the shared budget above. */
export async function lookupClassCode(deps: Deps, code: string, ip: string, log: FastifyBaseLogger) {
  await deps.limiter.hit(`code-lookup:code:${code}`, 200, 600);
  const schoolclass = await resolveClassCode(deps, code, ip, log);
  return {
    status: 'VALID' as const,
    schoolclassId: schoolclass.id,
    name: schoolclass.name,
    planet: schoolclass.planet,
  };
}
