// What a school sign-on says about a person becomes an account. The provider's opaque subject (the
// GAR's IDO, an ENT's CAS user) is the only key: names are display data, refreshed at each sign-in,
// and never used to find an account.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import { clipName, firstCodePoints } from '../../../shared/text.js';
import { professors, ssoIdentities, students, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, isUniqueViolation } from '../../lib/errors.js';
import { admitSsoAccount, initialSsoStatus } from './approval.js';
import { joinDivisionClasses } from './divisions.js';

export interface Division {
  code: string;
  name: string;
}

export interface SsoPerson {
  /** 'gar' or 'ent:{id}'. */
  provider: string;
  subject: string;
  /** The provider's profile value(s), e.g. National_elv. */
  profiles: string[];
  uai: string | null;
  firstName: string | null;
  lastName: string | null;
  divisions: Division[];
  groups: Division[];
  /** A teacher's subjects as sent (GAR: P_MAT), to prefill gar-signup. */
  subjects?: Division[];
  /** The school's name, when the provider sends one (else the UAI stands for it). */
  schoolName?: string | null;
  /** The GAR's SAML session, for its single logout. */
  saml?: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null };
}

/** An account no password can open (the hash never verifies): SSO users sign in through their school. */
export const NO_PASSWORD = '!sso';

/**
 * National profiles of the GAR and of the ENT directories (case varies between sources): pupils,
 * teachers (documentalists teach too), and the school's management (head, deputy: the SCHOOL role).
 */
export function roleOfProfiles(profiles: string[]): 'STUDENT' | 'PROFESSOR' | 'SCHOOL' | null {
  const p = new Set(profiles.map((v) => v.trim().toLowerCase()));
  if (p.has('national_ens') || p.has('national_doc')) return 'PROFESSOR';
  if (p.has('national_elv')) return 'STUDENT';
  if (p.has('national_dir')) return 'SCHOOL';
  return null;
}

/**
 * A division or group as the GAR sends it: `code##label` (or a bare code). Empty and oversized values
 * are dropped; at most 100 are kept.
 */
export function parseDivisions(values: string[]): Division[] {
  const out: Division[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    const [code, ...rest] = v.split('##');
    const c = firstCodePoints(code.trim(), 100);
    if (!c || seen.has(c)) continue;
    seen.add(c);
    out.push({ code: c, name: clipName(rest.join('##'), 100) || clipName(c, 100) || c });
    if (out.length >= 100) break;
  }
  return out;
}

const clip = (s: string | null, n: number) => (s ? clipName(s, n) : '');

/** The account of this person, created at their first sign-in; its user id. */
export async function upsertSsoAccount(deps: Deps, person: SsoPerson): Promise<string> {
  const userId = await upsertAccount(deps, person);
  // Pending (an ENT teacher before "approve ENT"), rejected or disabled: refused here, before any class.
  await admitSsoAccount(deps, userId);
  // A pupil is in the classes created from their divisions, at every sign-in (no class code).
  if (roleOfProfiles(person.profiles) === 'STUDENT')
    await joinDivisionClasses(
      deps,
      userId,
      person.provider,
      person.uai,
      person.divisions.map((d) => d.code),
    );
  return userId;
}

async function upsertAccount(deps: Deps, person: SsoPerson): Promise<string> {
  const role = roleOfProfiles(person.profiles);
  // Parents and other staff: refused, nothing stored. The management sees one school: it needs its UAI.
  if (!role || (role === 'SCHOOL' && !person.uai)) throw forbidden(ERR.SSO_PROFILE);
  const facts = {
    uai: person.uai,
    profile: person.profiles[0] ?? null,
    divisions: person.divisions,
    groups: person.groups,
    subjects: person.subjects ?? [],
    lastSignInAt: new Date(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    const [known] = await deps.db
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.provider, person.provider), eq(ssoIdentities.subject, person.subject)));
    if (known) {
      await deps.db
        .update(ssoIdentities)
        .set(facts)
        .where(and(eq(ssoIdentities.provider, person.provider), eq(ssoIdentities.subject, person.subject)));
      const names: Partial<typeof users.$inferInsert> = { uai: person.uai, updatedAt: new Date() };
      if (person.firstName) names.firstName = clip(person.firstName, 100);
      if (person.lastName) names.lastName = clip(person.lastName, 100);
      await deps.db.update(users).set(names).where(eq(users.id, known.userId));
      return known.userId;
    }
    try {
      return await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            role,
            username: `${person.provider === 'gar' ? 'gar' : 'ent'}-${randomBytes(8).toString('hex')}`,
            email: null,
            passwordHash: NO_PASSWORD,
            firstName: clip(person.firstName, 100),
            lastName: clip(person.lastName, 100),
            status: initialSsoStatus(role, person.provider),
            isGar: true,
            uai: person.uai,
          })
          .returning({ id: users.id });
        if (role === 'STUDENT') await tx.insert(students).values({ userId: user.id });
        else if (role === 'PROFESSOR')
          await tx.insert(professors).values({
            userId: user.id,
            school: clip(person.schoolName ?? null, 200) || person.uai,
            entApproved: person.provider === 'gar',
          });
        await tx
          .insert(ssoIdentities)
          .values({ provider: person.provider, subject: person.subject, userId: user.id, ...facts });
        return user.id;
      });
    } catch (err) {
      // Two first sign-ins at once: the other one created the account; read it on the next turn.
      if (attempt === 0 && isUniqueViolation(err, 'sso_identities_subject_uq')) continue;
      throw err;
    }
  }
  throw forbidden(ERR.SSO_FAILED);
}
