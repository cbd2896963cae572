// Reads of the reference data: subjects and the avatar catalogue.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { avatarImagePath } from '../../../shared/catalogue/avatars.js';
import type { AvatarDto } from '../../../shared/types.js';
import type { Db } from '../../db/client.js';
import { avatars, subjects } from '../../db/schema.js';

export function toAvatarDto(a: typeof avatars.$inferSelect): AvatarDto {
  return {
    id: a.id,
    baseAvatarId: a.baseAvatarId,
    planet: a.planet,
    avatarType: a.avatarType,
    race: a.race,
    avatarClass: a.avatarClass,
    gender: a.gender,
    skinId: a.skinId,
    userType: a.userType,
    image: avatarImagePath(a, a.userType, 'body'),
    head: avatarImagePath(a, a.userType, 'head'),
  };
}

export const listSubjects = (db: Db) =>
  db
    .select({ id: subjects.id, code: subjects.code, name: subjects.name, group: subjects.group })
    .from(subjects)
    .orderBy(asc(subjects.position));

export async function findAvatars(
  db: Db,
  f: { userType?: 'student' | 'professor'; starter?: boolean; ids?: string[] },
): Promise<AvatarDto[]> {
  const where: SQL[] = [];
  if (f.userType) where.push(eq(avatars.userType, f.userType));
  if (f.starter !== undefined) where.push(eq(avatars.starter, f.starter));
  if (f.ids) {
    if (!f.ids.length) return [];
    where.push(inArray(avatars.id, f.ids));
  }
  const rows = await db
    .select()
    .from(avatars)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(avatars.key));
  return rows.map(toAvatarDto);
}

export async function avatarById(db: Db, id: string): Promise<AvatarDto | null> {
  const [a] = await db.select().from(avatars).where(eq(avatars.id, id));
  return a ? toAvatarDto(a) : null;
}
