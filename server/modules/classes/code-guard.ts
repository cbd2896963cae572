// Every route that turns a class code into a class goes through here, so that guessing codes costs
// the same whichever route is used and whichever (cheap) account sends it.

import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import { professorsSchoolclasses, schoolclasses } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { findClassByLiveCode } from './code.js';

/**
 * `missesPerAddress` misses per address in `windowSec`, across every route. Past them the address is
 * slowed, never shut: one look-up per turn, the turn growing 1, 2, 4, 8 s up to `maxWaitSec` (a try
 * refused meanwhile counts as a miss, so hammering only reaches the cap sooner), and a right code
 * gets through at the next turn. A school behind one address keeps joining while a classmate guesses:
 * a right code waits at most `maxWaitSec` after the guesser's last try. One address gets at most
 * 60 + 600 / 10 = 120 look-ups in 10 minutes (720 an hour): with six-digit codes (10^6) and 100
 * classes holding a live code, a guess hits one in 10,000 tries, about 14 hours from one address.
 * Over `serverMisses` misses in the window, on the whole server, every look-up waits `slowMs` first
 * and a warning is logged, at most once a minute, with the count only (never a code nor an address).
 *
 * A guesser hammering from a school's address takes every turn, so the address's budget alone would
 * keep a whole class with the right code waiting. A code shown at an address (its teacher generated
 * it there, or opened the class list or the class page there: the code and its QR code go up on the
 * board) or that already got in from there is known at that address for `shownSec`: its look-ups
 * skip the address's turns. A code generated at home and never shown at school is looked up in the
 * address's turns for its first pupil there (at most `maxWaitSec` a turn, but a guesser sending
 * faster takes most turns); once one pupil is in, the others skip. Nothing tells that pupil's code
 * from a guess but the look-up itself, and looking up every guess would let one address try the
 * million codes in an hour (docs/security.md). That tells a guesser at the same
 * address nothing the classroom's board does not: whether a code is in that short list is read from
 * the throttle store, the database is asked only for those codes, and every other guess still waits
 * its turn.
 *
 * A code generated at home and never shown at school: its class's teacher works at the school, so
 * the address where a teacher signed in or refreshed a session in the last `shownSec` is theirs, and
 * a look-up refused its turn is still made for the classes of the teachers seen there: a right code
 * of theirs gets in at once. Why not for every code: a look-up costs nothing, so over the budget
 * every guess would be answered, and one address sending 1,000 a second would hit one of 100 live
 * codes (of 10^6) every 10 s. Restricted to the classes of teachers seen at the address, a guesser
 * there can find only the codes of those teachers (the ones their boards put up at that school),
 * never another school's; every other guess still waits its turn. Within those codes the guesser
 * is not slowed: the exposure the on-show list already has (a teacher opening the class list there
 * shows all their codes). A teacher not seen at the address for 12 h: the first pupil waits a turn.
 */
export const CODE_LIMITS = {
  windowSec: 600,
  missesPerAddress: 60,
  maxWaitSec: 10,
  serverMisses: 600,
  slowMs: 1_000,
  warnEverySec: 60,
  shownSec: 12 * 3600,
} as const;

const shownKey = (ip: string, code: string) => `code-shown:${ip}:${code}`;

const professorKey = (ip: string, professorId: string) => `code-teacher-at:${ip}:${professorId}`;

/** A teacher opened or refreshed a session from `ip`: their classes' codes get in there without a turn. */
export async function markProfessorAt(deps: Deps, professorId: string, ip: string) {
  await deps.throttle.block(professorKey(ip, professorId), CODE_LIMITS.shownSec);
}

/** The class of the live `code` when one of its teachers was seen at `ip`, else null. */
async function classOfProfessorAt(deps: Deps, code: string, ip: string) {
  const rows = await deps.db
    .select({ professorId: professorsSchoolclasses.professorId })
    .from(schoolclasses)
    .innerJoin(professorsSchoolclasses, eq(professorsSchoolclasses.schoolclassId, schoolclasses.id))
    .where(and(eq(schoolclasses.code, code), gt(schoolclasses.codeExpiresAt, new Date())));
  for (const r of new Set(rows.map((row) => row.professorId)))
    if ((await deps.throttle.waiting(professorKey(ip, r))) > 0) return findClassByLiveCode(deps.db, code);
  return null;
}

/** `code` is on show at `ip` (its teacher generated it there): pupils there get in without a turn. */
export async function markCodeShown(deps: Deps, code: string, ip: string) {
  await deps.throttle.block(shownKey(ip, code), CODE_LIMITS.shownSec);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function resolveClassCode(deps: Deps, code: string, ip: string, log: FastifyBaseLogger) {
  const L = CODE_LIMITS;
  const ipKey = `code-miss:ip:${ip}`;
  if ((await deps.throttle.waiting(shownKey(ip, code))) > 0) {
    const shown = await findClassByLiveCode(deps.db, code);
    if (shown) return shown;
  }
  // Counted as a miss before the look-up (and forgiven if it is a hit): of a thousand guesses sent at
  // once, only the budget's worth is looked up; past it, one a turn.
  const mine = await deps.throttle.fail(ipKey, L.windowSec);
  const over = mine.count - L.missesPerAddress;
  if (over > 0) {
    const wait = await deps.throttle.acquire(ipKey, Math.min(2 ** (over - 1), L.maxWaitSec));
    if (wait > 0) {
      // Refused its turn: still a right code of a teacher seen here gets in (see above).
      const theirs = await classOfProfessorAt(deps, code, ip);
      if (!theirs) throw tooMany(wait);
      await deps.throttle.forgive(ipKey);
      await markCodeShown(deps, code, ip);
      return theirs;
    }
  }
  if ((await deps.throttle.count('code-miss:server')) >= L.serverMisses) await sleep(L.slowMs);
  const schoolclass = await findClassByLiveCode(deps.db, code);
  if (schoolclass) {
    await deps.throttle.forgive(ipKey);
    await markCodeShown(deps, code, ip);
    return schoolclass;
  }
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
