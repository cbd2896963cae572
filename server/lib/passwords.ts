// argon2id hashing (OWASP minimum: 19 MiB, t=2) and the quality check of SPEC point 5 (zxcvbn).
import { hash, verify } from '@node-rs/argon2';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import { passwordCheck } from './password-check.js';

const ARGON = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, ARGON);

/**
 * The columns a new password writes: its argon2 hash and its keyed verifier (password-check.ts),
 * which lets sign-in refuse most wrong passwords without argon2. `secret` is AUTH_SECRET.
 */
export async function passwordColumns(secret: string, plain: string) {
  const passwordHash = await hashPassword(plain);
  return { passwordHash, passwordCheck: passwordCheck(secret, passwordHash, plain) };
}
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist (same timing). */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password-3f9a');
  return dummy;
};

zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Score 0..4; we ask for 3 ("safely unguessable") and count the user's own names as known words. */
export function isStrongPassword(password: string, userInputs: (string | null | undefined)[] = []): boolean {
  const inputs = userInputs.filter((s): s is string => !!s && s.length > 1);
  return zxcvbn(password, inputs).score >= 3;
}
