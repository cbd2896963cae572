// Reference data: the 32 subjects and the avatar catalogue.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { avatarImagePath } from '../../../shared/catalogue/avatars.js';
import type { AvatarDto } from '../../../shared/types.js';
import { avatars, subjects } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';

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

export default async function catalogueRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/subjects', async () =>
    db
      .select({ id: subjects.id, code: subjects.code, name: subjects.name, group: subjects.group })
      .from(subjects)
      .orderBy(asc(subjects.position)),
  );

  app.get('/avatars', async (req) => {
    const q = parse(
      z.object({
        userType: z.enum(['student', 'professor']).optional(),
        starter: z.enum(['true', 'false']).optional(),
      }),
      req.query,
    );
    const where: SQL[] = [];
    if (q.userType) where.push(eq(avatars.userType, q.userType));
    if (q.starter) where.push(eq(avatars.starter, q.starter === 'true'));
    const rows = await db
      .select()
      .from(avatars)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(avatars.key));
    return rows.map(toAvatarDto);
  });

  app.get('/avatars/:id', async (req) => {
    const { id } = parse(z.object({ id: z.uuid() }), req.params);
    const [a] = await db.select().from(avatars).where(eq(avatars.id, id));
    if (!a) throw notFound();
    return toAvatarDto(a);
  });
}
