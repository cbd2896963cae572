// Sign-in, teacher sign-up and activation, student sign-up with a class code.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import type { CodeSignup, ProfessorSignup } from '../../../shared/schemas/account.js';
import type { StoredUser } from '../../../shared/types.js';
import {
  avatars,
  professorSubjects,
  professors,
  students,
  studentsSchoolclasses,
  subjects,
  users,
  usersAvatars,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  tooMany,
  unauthorized,
} from '../../lib/errors.js';
import { DROPPED, FairLane } from '../../lib/fair-lane.js';
import { checkVerdict, passwordCheck } from '../../lib/password-check.js';
import { dummyHash, isStrongPassword, passwordColumns, verifyPassword } from '../../lib/passwords.js';
import { renderMail } from '../../mail/messages.js';
import { resolveClassCode } from '../classes/code-guard.js';
import { emailTaken, loadAccount, usernameTaken } from '../users/queries.js';
import { issueDeviceToken, readDeviceToken } from './device.js';
import { consumeEmailToken, createEmailToken } from './email-tokens.js';
import { issueSession } from './sessions.js';

const ACTIVATION_TTL_MS = 48 * 3600 * 1000;

/**
 * Sign-in failures never lock an account nor an address: its owner must always get in (a student
 * login such as `eleve21` is easy to guess, and a whole school shares one address). Failures are
 * counted per (account, address) pair: from the `pairFree`-th try on, that pair waits 1, 2, 4 …
 * seconds, at most `pairMaxWait`, between tries (a try refused meanwhile counts too, so hammering
 * only reaches the cap sooner); another address is not slowed. Every login that matches no account
 * shares one pair per address (`unknownFree` free tries, then the same back-off): inventing logins
 * buys no fresh tries. A looser count per account, over every address, slows each try by at most
 * `accountMaxWait` once `accountFree` failures were spread over many addresses. Past
 * `addressFailures` failures from one address over every account (successes do not count: a school
 * signs in from one address), each try from that address is answered `addressDelayMs` later; it is
 * never refused for that.
 *
 * Behind one school address a classmate who keeps hammering a login takes every turn of its pair:
 * nothing in a request tells the owner's try from the classmate's but the password, and checking
 * a password during the wait would let the classmate guess at full speed. So the owner's device
 * tells: a browser that once signed in to the account with its password holds a device token
 * (device.ts). A try with the account's device token skips the pair's, the account's and the
 * address's waits and is checked at once; the device has its own `deviceFree` failures a window
 * (counted before the check), after which it waits like any other. A classmate without that token
 * still meets 429, and the attacked account gets no more guesses than before.
 *
 * A pupil on a new device has no token. When another try holds the pair's (or the account's) turn,
 * a try for a real account is still checked, in the prompt lane: the right password gets in at
 * once, a wrong one is answered 429 like a refused try (nothing tells it from one); a try the lane
 * could not check in time is answered 429 with a wait of 1 s (nothing was learnt from it). Each such check
 * is a guess the turns would have refused, so an account has `promptWrong` of them a day (over
 * every address); past them its tries wait their turn as above. The checks run on a fair lane
 * (fair-lane.ts): `promptSlots` argon2 checks at a time on a node, taken in turn by address and by
 * account, one waiting try an account (the newest), `promptMaxWaitMs` at most: one address cannot
 * take the server's CPU nor the lane from another, and a pupil's one try is not stuck behind a
 * script's hundred. Logins that match no account are never checked during a wait: no password can
 * be right (whether a login exists is public anyway: /auth/check-username).
 *
 * A wrong password costs no argon2: each account keeps a 12-bit keyed verifier of its password
 * (password-check.ts). A try whose verifier does not match is wrong for sure: refused at once,
 * counted like any failure (in the free tries, the turns and the daily budget above alike). A try
 * whose verifier matches (every right password, 1 wrong in 4,096) is checked by argon2 at once,
 * during a wait too, without the lane's turns, and is not slowed by the address's failures (that
 * slow-down spares the CPU; these tries hardly use it). So a classmate spraying at any rate costs no
 * argon2, and the owner's try is never dropped for the classmate's. An account without
 * a verifier yet (a hash from before it, or written by a path that did not write one) is checked by
 * argon2 as before and gets its verifier at its next right sign-in.
 */
export const SIGNIN_LIMITS = {
  windowSec: 15 * 60,
  pairFree: 5,
  pairMaxWait: 30,
  unknownFree: 10,
  accountFree: 50,
  accountMaxWait: 5,
  /** Failures from one address over every account (a machine spraying passwords at a school). */
  addressFailures: 600,
  addressDelayMs: 1_000,
  /** Failures a known device (of the account it names) may make in the window before it waits too. */
  deviceFree: 5,
  /** Wrong passwords an account may have checked during a wait, in `promptWindowSec`. */
  promptWrong: 2_000,
  promptWindowSec: 24 * 3600,
  /** argon2 checks made during waits at once on a node, and the most a try waits for one. */
  promptSlots: 2,
  promptPerAddress: 200,
  promptMaxWaitMs: 5_000,
} as const;

const promptLane = new FairLane({
  slots: SIGNIN_LIMITS.promptSlots,
  perAddress: SIGNIN_LIMITS.promptPerAddress,
  maxWaitMs: SIGNIN_LIMITS.promptMaxWaitMs,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

/** The right password was given: the account's state says whether a session opens. */
async function admit(deps: Deps, account: Account, device: string | null, ip: string): Promise<StoredUser> {
  if (account.status === 'PENDING_EMAIL') throw forbidden(ERR.EMAIL_NOT_CONFIRMED);
  if (account.status === 'PENDING_APPROVAL') throw forbidden(ERR.PENDING_APPROVAL);
  if (account.status !== 'ACTIVE') throw forbidden(ERR.USER_DISABLED);
  const session = await issueSession(deps, account, undefined, ip);
  return { ...session, deviceToken: device ?? issueDeviceToken(deps.config.AUTH_SECRET, account.id) };
}

type Verdict = ReturnType<typeof checkVerdict>;

/**
 * The password is right: argon2 decides unless the verifier already says wrong. A right password
 * whose account has no (current) verifier gets one, written only if the hash is still the one read.
 */
async function passwordRight(deps: Deps, account: Account, password: string, verdict: Verdict) {
  if (verdict === 'wrong') return false;
  const ok = await verifyPassword(account.passwordHash, password);
  if (ok && verdict === 'unchecked') {
    await deps.db
      .update(users)
      .set({ passwordCheck: passwordCheck(deps.config.AUTH_SECRET, account.passwordHash, password) })
      .where(and(eq(users.id, account.id), eq(users.passwordHash, account.passwordHash)));
  }
  return ok;
}

export async function signin(
  deps: Deps,
  login: string,
  password: string,
  ip: string,
  deviceToken?: string,
): Promise<StoredUser> {
  const L = SIGNIN_LIMITS;
  const account = await loadAccount(deps.db, { login: login.trim() });
  // What the verifier says of the password, without argon2 (an unknown login: wrong for sure).
  const verdict: Verdict = account
    ? checkVerdict(deps.config.AUTH_SECRET, account.passwordHash, account.passwordCheck, password)
    : 'wrong';
  // The owner's known device: checked at once, whatever others' failures set (see above).
  const device = account ? readDeviceToken(deps.config.AUTH_SECRET, deviceToken, account.id) : null;
  if (account && device) {
    const deviceKey = `signin:device:${device}`;
    const mine = await deps.throttle.fail(deviceKey, L.windowSec);
    if (mine.count <= L.deviceFree) {
      if (!(await passwordRight(deps, account, password, verdict))) throw unauthorized(ERR.BAD_CREDENTIALS);
      await deps.throttle.reset(deviceKey);
      return admit(deps, account, deviceToken as string, ip);
    }
  }
  // Per address, failures only: a whole school signing in at 8 o'clock is not an attack. The slow-
  // down spares argon2; a try whose verifier matches is not slowed (see above).
  const ipKey = `signin:ip:${ip}`;
  if (verdict !== 'maybe' && (await deps.throttle.count(ipKey)) >= L.addressFailures)
    await sleep(L.addressDelayMs);
  // By id, so that a username and its e-mail share one count. Unknown logins share one count per
  // address: a sprayer cannot get five fresh tries by inventing a login.
  const who = account ? `user:${account.id}` : 'unknown';
  const pairKey = `signin:pair:${who}:${ip}`;
  const accountKey = `signin:acct:${who}`;
  const free = account ? L.pairFree : L.unknownFree;
  // The try is counted before the password is checked, and from the `free`-th on each one must
  // take the pair's turn atomically: tries sent all at once cannot slip through together.
  const pair = await deps.throttle.fail(pairKey, L.windowSec);
  let wait = 0;
  if (pair.count >= free) {
    wait = await deps.throttle.acquire(pairKey, Math.min(2 ** (pair.count - free), L.pairMaxWait));
  }
  const spread = account && wait === 0 ? await deps.throttle.count(accountKey) : 0;
  if (spread >= L.accountFree) {
    wait = await deps.throttle.acquire(accountKey, Math.min(spread - L.accountFree + 1, L.accountMaxWait));
  }
  if (wait > 0) {
    if (!account) throw tooMany(wait);
    return promptCheck(deps, account, password, verdict, ip, wait, { accountKey, ipKey });
  }
  // An unknown login is wrong without argon2: whether a login exists is public (/auth/check-username).
  const ok = account ? await passwordRight(deps, account, password, verdict) : false;
  if (!account || !ok) {
    await deps.throttle.fail(ipKey, L.windowSec);
    if (account) await deps.throttle.fail(accountKey, L.windowSec);
    throw unauthorized(ERR.BAD_CREDENTIALS);
  }
  const user = await admit(deps, account, null, ip);
  await deps.throttle.reset(pairKey);
  return user;
}

/**
 * Another try holds this login's turn: the password is checked anyway, within the account's daily
 * budget of such checks (see SIGNIN_LIMITS): by its verifier, then, if it matches, by argon2 at once
 * (without a verifier yet: by argon2 on the fair lane). Right: in. Wrong, over budget, or not reached in time: the same 429 a
 * refused try gets.
 */
async function promptCheck(
  deps: Deps,
  account: Account,
  password: string,
  verdict: Verdict,
  ip: string,
  wait: number,
  keys: { accountKey: string; ipKey: string },
): Promise<StoredUser> {
  const L = SIGNIN_LIMITS;
  const promptKey = `signin:prompt:user:${account.id}`;
  if ((await deps.throttle.count(promptKey)) >= L.promptWrong) throw tooMany(wait);
  // A matching verifier (the owner, or 1 wrong in 4,096) is checked at once, like any try outside
  // a wait; an account without a verifier yet takes the fair lane's turns.
  const ok =
    verdict === 'wrong'
      ? false
      : verdict === 'maybe'
        ? await passwordRight(deps, account, password, verdict)
        : await promptLane.run(ip, account.id, () => passwordRight(deps, account, password, verdict));
  // Not checked (the lane was full or a newer try for the account took its place): nothing was
  // learnt about the password, so the caller may try again at once.
  if (ok === DROPPED) throw tooMany(1);
  if (!ok) {
    await deps.throttle.fail(promptKey, L.promptWindowSec);
    await deps.throttle.fail(keys.ipKey, L.windowSec);
    await deps.throttle.fail(keys.accountKey, L.windowSec);
    throw tooMany(wait);
  }
  // The pair keeps its count and its turn: whoever else is trying gets no fresh free tries.
  return admit(deps, account, null, ip);
}

function assertStrong(password: string, inputs: (string | undefined)[]) {
  if (!isStrongPassword(password, inputs)) throw badRequest(ERR.PASSWORD_TOO_WEAK, { field: 'password' });
}

export async function signupProfessor(
  deps: Deps,
  input: ProfessorSignup,
  ip: string,
): Promise<{ id: string }> {
  await deps.limiter.hit(`signup:ip:${ip}`, 50, 3600);
  assertStrong(input.password, [input.username, input.firstName, input.lastName, input.email, input.school]);
  if (await usernameTaken(deps.db, input.username)) throw conflict(ERR.USERNAME_TAKEN, { field: 'username' });
  if (await emailTaken(deps.db, input.email)) throw conflict(ERR.EMAIL_TAKEN, { field: 'email' });
  const found = await deps.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(inArray(subjects.id, input.subjectIds));
  if (found.length !== new Set(input.subjectIds).size)
    throw badRequest(ERR.SUBJECT_REQUIRED, { field: 'subjectIds' });
  const columns = await passwordColumns(deps.config.AUTH_SECRET, input.password);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          role: 'PROFESSOR',
          username: input.username,
          email: input.email,
          ...columns,
          firstName: input.firstName,
          lastName: input.lastName,
          status: 'PENDING_EMAIL',
          language: input.language ?? 'fr',
        })
        .returning({ id: users.id });
      const [prof] = await tx
        .insert(professors)
        .values({
          userId: user.id,
          civility: input.civility ?? null,
          phone: input.phone,
          city: input.city,
          department: input.department,
          school: input.school,
        })
        .returning({ id: professors.id });
      await tx
        .insert(professorSubjects)
        .values([...new Set(input.subjectIds)].map((subjectId) => ({ professorId: prof.id, subjectId })));
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_uq'))
      throw conflict(ERR.USERNAME_TAKEN, { field: 'username' });
    if (isUniqueViolation(err, 'users_email_uq')) throw conflict(ERR.EMAIL_TAKEN, { field: 'email' });
    throw err;
  }
  // The account stands even if the mail cannot leave now: signing in later offers to send it again.
  await sendActivation(
    deps,
    { id: userId, email: input.email, firstName: input.firstName },
    input.language,
  ).catch(() => undefined);
  return { id: userId };
}

async function sendActivation(
  deps: Deps,
  account: { id: string; email: string; firstName: string },
  language: string | null | undefined,
) {
  const token = await createEmailToken(deps.db, account.id, 'ACTIVATION', ACTIVATION_TTL_MS);
  const link = `${deps.config.PUBLIC_URL}/register/professor/success?token=${encodeURIComponent(token)}`;
  const mail = renderMail('activation', language ?? 'fr', { name: account.firstName, link });
  try {
    await deps.mailer.send({ to: account.email, ...mail, link });
  } catch {
    throw new AppError(503, ERR.MAIL_FAILED);
  }
}

/**
 * A teacher whose activation mail was lost asks for another link from the login page, with their
 * password (nobody else can fill someone's mailbox); three a hour per account.
 */
export async function resendActivation(deps: Deps, login: string, password: string, ip: string) {
  await deps.limiter.hit(`resend-activation:ip:${ip}`, 60, 3600);
  const account = await loadAccount(deps.db, { login: login.trim() });
  if (!account) {
    await verifyPassword(await dummyHash(), password);
    throw unauthorized(ERR.BAD_CREDENTIALS);
  }
  await deps.limiter.hit(`resend-activation:user:${account.id}`, 3, 3600);
  if (!(await verifyPassword(account.passwordHash, password))) throw unauthorized(ERR.BAD_CREDENTIALS);
  // Nothing to send once the address is confirmed: the sign-in itself says what comes next.
  if (account.status !== 'PENDING_EMAIL' || !account.email) return;
  await sendActivation(
    deps,
    { id: account.id, email: account.email, firstName: account.firstName },
    account.language,
  );
}

/** The activation link: the e-mail is confirmed, the access request goes to the admins. */
export async function activateProfessor(
  deps: Deps,
  token: string,
): Promise<{ status: 'PENDING_APPROVAL' | 'ACTIVE' }> {
  const userId = await consumeEmailToken(deps.db, token, 'ACTIVATION');
  if (!userId) throw badRequest(ERR.INVALID_LINK);
  const account = await loadAccount(deps.db, { id: userId });
  if (!account) throw badRequest(ERR.INVALID_LINK);
  if (account.status !== 'PENDING_EMAIL')
    return { status: account.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING_APPROVAL' };
  // An address listed in ADMIN_EMAILS is the instance's own administrator: nobody else could approve it.
  const isConfiguredAdmin = !!account.email && deps.config.ADMIN_EMAILS.includes(account.email);
  const status = isConfiguredAdmin ? 'ACTIVE' : 'PENDING_APPROVAL';
  await deps.db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
  if (status === 'PENDING_APPROVAL') await notifyAdmins(deps, account.firstName, account.lastName, userId);
  return { status };
}

async function notifyAdmins(deps: Deps, firstName: string, lastName: string, userId: string) {
  const [prof] = await deps.db
    .select({ school: professors.school })
    .from(professors)
    .where(eq(professors.userId, userId));
  const admins = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.role, 'PROFESSOR'),
        eq(users.status, 'ACTIVE'),
        or(eq(users.isAdmin, true), inArray(sql`lower(${users.email})`, deps.config.ADMIN_EMAILS)),
      ),
    );
  const link = `${deps.config.PUBLIC_URL}/users-validation`;
  for (const admin of admins) {
    if (!admin.email) continue;
    const mail = renderMail('adminNewRequest', admin.language, {
      name: `${firstName} ${lastName}`,
      school: prof?.school ?? '',
      link,
    });
    await deps.mailer.send({ to: admin.email, ...mail, link });
  }
}

export async function signupStudentWithCode(
  deps: Deps,
  input: CodeSignup,
  ip: string,
  log: FastifyBaseLogger,
): Promise<StoredUser> {
  await deps.limiter.hit(`code-signup:ip:${ip}`, 300, 600);
  await deps.limiter.hit(`code-signup:code:${input.code}`, 100, 600);
  // The same budget of misses as every other route that reads a code (code-guard.ts).
  const schoolclass = await resolveClassCode(deps, input.code, ip, log);
  assertStrong(input.password, [input.username, input.firstName, input.lastName]);
  if (await usernameTaken(deps.db, input.username)) throw conflict(ERR.USERNAME_TAKEN, { field: 'username' });
  if (input.avatarId) {
    const [avatar] = await deps.db.select().from(avatars).where(eq(avatars.id, input.avatarId));
    if (avatar?.userType !== 'student' || !avatar.starter)
      throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
  }
  const columns = await passwordColumns(deps.config.AUTH_SECRET, input.password);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          role: 'STUDENT',
          username: input.username,
          email: null,
          ...columns,
          firstName: input.firstName,
          lastName: input.lastName,
          status: 'ACTIVE',
          avatarId: input.avatarId ?? null,
        })
        .returning({ id: users.id });
      const [student] = await tx
        .insert(students)
        .values({ userId: user.id, passwordChangedByStudent: true })
        .returning({ id: students.id });
      await tx.insert(studentsSchoolclasses).values({ studentId: student.id, schoolclassId: schoolclass.id });
      if (input.avatarId)
        await tx.insert(usersAvatars).values({ userId: user.id, avatarId: input.avatarId, isNew: false });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_uq'))
      throw conflict(ERR.USERNAME_TAKEN, { field: 'username' });
    throw err;
  }
  const account = await loadAccount(deps.db, { id: userId });
  if (!account) throw new Error('student vanished after sign-up');
  return issueSession(deps, account);
}
