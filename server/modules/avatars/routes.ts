// A student's avatars, unlock offers and skin chest (SPEC points 4 and 7). Every route is for the
// student themselves: another student gets 404, a teacher 403, an anonymous caller 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarDtoSchema,
  avatarGridSchema,
  avatarRefSchema,
  ownedAvatarSchema,
  skinPurchaseSchema,
  unlockOfferSchema,
} from '../../../shared/schemas/avatar.js';
import { noBody, type SelfRule, studentOf } from '../../lib/contract.js';
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
const byStudent = z.object({ studentId: uuid });
const equipped = z.object({ avatar: avatarRefSchema.nullable() });
const amount = z.object({ amount: z.number() });

/**
 * The calling student's ids. Each route's `self` rule has already refused anyone whose id in the
 * request is not their own (another student: 404); the handlers use the caller's ids, not the request's.
 */
function me(req: FastifyRequest) {
  const caller = studentOf(req);
  return { studentId: caller.studentId, userId: caller.sub };
}
/** A student route about the caller's own record; another student's id answers 404. */
const selfBy = (ids: Omit<SelfRule, 'refuse'>) => ({
  access: 'student' as const,
  self: { ...ids, refuse: 404 as const },
});

export default async function avatarsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/avatars/students/:studentId',
    {
      config: selfBy({ params: { studentId: 'studentId' } }),
      schema: {
        summary: 'The avatar grid: owned, offered and still locked avatars',
        params: byStudent,
        response: { 200: avatarGridSchema },
      },
    },
    async (req) => avatarGrid(db, me(req).studentId),
  );

  app.put(
    '/avatars/:avatarId/students/:studentId',
    {
      config: selfBy({ params: { studentId: 'studentId' } }),
      schema: {
        summary: 'Equip an owned avatar',
        params: z.object({ avatarId: uuid, studentId: uuid }),
        body: noBody,
        response: { 200: equipped },
      },
    },
    async (req) => equipAvatar(db, me(req).userId, req.params.avatarId),
  );

  app.get(
    '/usersAvatars/findAllByUserId/:id',
    {
      config: selfBy({ params: { id: 'userId' } }),
      schema: {
        summary: 'The avatars the student owns, oldest first',
        params: z.object({ id: uuid }),
        response: { 200: z.array(ownedAvatarSchema) },
      },
    },
    async (req) => ownedAvatars(db, me(req).userId),
  );

  app.get(
    '/usersAvatars/getAmountOfNewAvatars/:id',
    {
      config: selfBy({ params: { id: 'userId' } }),
      schema: {
        summary: 'How many owned avatars are not seen yet',
        params: z.object({ id: uuid }),
        response: { 200: amount },
      },
    },
    async (req) => ({ amount: await countNewAvatars(db, me(req).userId) }),
  );

  app.patch(
    '/usersAvatars/:userId/seen',
    {
      config: selfBy({ params: { userId: 'userId' } }),
      schema: {
        summary: 'Mark every owned avatar as seen',
        params: z.object({ userId: uuid }),
        body: noBody,
        response: { 200: amount },
      },
    },
    async (req) => {
      await markAvatarsSeen(db, me(req).userId);
      return { amount: 0 };
    },
  );

  app.post(
    '/usersAvatars/',
    {
      config: selfBy({ body: { userId: 'userId' } }),
      schema: {
        summary: 'A student without an avatar records and equips a starter one',
        body: z.object({ userId: uuid, avatarId: uuid }),
        response: { 200: avatarDtoSchema },
      },
    },
    async (req) => addFirstAvatar(db, me(req).userId, req.body.avatarId),
  );

  app.put(
    '/usersAvatars/:userId/:avatarId',
    {
      config: selfBy({ params: { userId: 'userId' } }),
      schema: {
        summary: 'Equip an owned avatar',
        params: z.object({ userId: uuid, avatarId: uuid }),
        body: noBody,
        response: { 200: equipped },
      },
    },
    async (req) => equipAvatar(db, me(req).userId, req.params.avatarId),
  );

  app.get(
    '/studentAvatarUnlock/findAll',
    {
      config: selfBy({ query: { studentId: 'studentId' } }),
      schema: {
        summary: 'The unlock offers of the student, pending or (isUnlocked=true) chosen',
        querystring: z.object({ studentId: uuid, isUnlocked: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(unlockOfferSchema) },
      },
    },
    async (req) => listOffers(db, me(req).studentId, req.query.isUnlocked === 'true'),
  );

  app.put(
    '/studentAvatarUnlock/:studentId',
    {
      config: selfBy({ params: { studentId: 'studentId' } }),
      schema: {
        summary: 'Choose one avatar of a pending unlock offer',
        params: byStudent,
        body: noBody,
        querystring: z.object({ avatarId: uuid }),
        response: { 200: z.object({ offerId: uuid, avatar: avatarDtoSchema }) },
      },
    },
    async (req) => {
      const caller = me(req);
      return chooseOffer(db, caller.studentId, caller.userId, req.query.avatarId);
    },
  );

  app.get(
    '/studentAvatar/hasUnlockableSkin/:studentId',
    {
      config: selfBy({ params: { studentId: 'studentId' } }),
      schema: {
        summary: 'Whether the skin chest still holds a skin for the student',
        params: byStudent,
        response: { 200: z.boolean() },
      },
    },
    async (req) => hasUnlockableSkin(db, me(req).userId),
  );

  app.post(
    '/studentAvatar/unlockSkin',
    {
      config: selfBy({ body: { studentId: 'studentId' } }),
      schema: {
        summary: 'Open the skin chest: spends its price, gives a random skin',
        body: byStudent,
        response: { 200: skinPurchaseSchema },
      },
    },
    async (req) => buySkin(db, me(req).studentId),
  );
}
