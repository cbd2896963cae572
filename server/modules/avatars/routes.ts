// A student's avatars, unlock offers and skin chest (SPEC points 4 and 7). Every route is for the
// student themselves: another student gets 404, a teacher 403, an anonymous caller 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { requireStudent } from '../../plugins/auth.js';
import {
  addFirstAvatar,
  avatarGrid,
  buySkin,
  chooseOffer,
  countNewAvatars,
  equipAvatar,
  hasUnlockableSkin,
  listOffers,
  markAvatarsSeen,
  ownedAvatars,
} from './service.js';

const uuid = z.uuid();

/** The calling student, who must be `studentId`. */
async function selfByStudentId(req: FastifyRequest, studentId: unknown) {
  const caller = await requireStudent(req);
  const id = parse(uuid, studentId);
  if (id !== caller.studentId) throw notFound();
  return { studentId: caller.studentId, userId: caller.sub };
}

/** The calling student, who must be the user `userId`. */
async function selfByUserId(req: FastifyRequest, userId: unknown) {
  const caller = await requireStudent(req);
  const id = parse(uuid, userId);
  if (id !== caller.sub) throw notFound();
  return { studentId: caller.studentId, userId: caller.sub };
}

export default async function avatarsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/avatars/students/:studentId', async (req) => {
    const { studentId } = req.params as { studentId: string };
    const me = await selfByStudentId(req, studentId);
    return avatarGrid(db, me.studentId);
  });

  app.put('/avatars/:avatarId/students/:studentId', async (req) => {
    const p = req.params as { avatarId: string; studentId: string };
    const me = await selfByStudentId(req, p.studentId);
    return equipAvatar(db, me.userId, parse(uuid, p.avatarId));
  });

  app.get('/usersAvatars/findAllByUserId/:id', async (req) => {
    const me = await selfByUserId(req, (req.params as { id: string }).id);
    return ownedAvatars(db, me.userId);
  });

  app.get('/usersAvatars/getAmountOfNewAvatars/:id', async (req) => {
    const me = await selfByUserId(req, (req.params as { id: string }).id);
    return { amount: await countNewAvatars(db, me.userId) };
  });

  app.patch('/usersAvatars/:userId/seen', async (req) => {
    const me = await selfByUserId(req, (req.params as { userId: string }).userId);
    await markAvatarsSeen(db, me.userId);
    return { amount: 0 };
  });

  app.post('/usersAvatars/', async (req) => {
    const caller = await requireStudent(req);
    const body = parse(z.object({ userId: uuid, avatarId: uuid }), req.body);
    if (body.userId !== caller.sub) throw notFound();
    return addFirstAvatar(db, caller.sub, body.avatarId);
  });

  app.put('/usersAvatars/:userId/:avatarId', async (req) => {
    const p = req.params as { userId: string; avatarId: string };
    const me = await selfByUserId(req, p.userId);
    return equipAvatar(db, me.userId, parse(uuid, p.avatarId));
  });

  app.get('/studentAvatarUnlock/findAll', async (req) => {
    const caller = await requireStudent(req);
    const q = parse(
      z.object({ studentId: uuid, isUnlocked: z.enum(['true', 'false']).optional() }),
      req.query,
    );
    if (q.studentId !== caller.studentId) throw notFound();
    return listOffers(db, caller.studentId, q.isUnlocked === 'true');
  });

  app.put('/studentAvatarUnlock/:studentId', async (req) => {
    const me = await selfByStudentId(req, (req.params as { studentId: string }).studentId);
    const { avatarId } = parse(z.object({ avatarId: uuid }), req.query);
    return chooseOffer(db, me.studentId, me.userId, avatarId);
  });

  app.get('/studentAvatar/hasUnlockableSkin/:studentId', async (req) => {
    const me = await selfByStudentId(req, (req.params as { studentId: string }).studentId);
    return hasUnlockableSkin(db, me.userId);
  });

  app.post('/studentAvatar/unlockSkin', async (req) => {
    const caller = await requireStudent(req);
    const { studentId } = parse(z.object({ studentId: uuid }), req.body);
    if (studentId !== caller.studentId) throw notFound();
    return buySkin(db, caller.studentId);
  });
}
