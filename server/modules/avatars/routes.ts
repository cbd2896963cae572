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
import { noBody, studentOf } from '../../lib/contract.js';
import { notFound } from '../../lib/errors.js';
import { isSelfStudent, isSelfUser } from '../../policies/index.js';
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

/** The calling student, who must be `studentId` (anyone else: 404). */
function selfByStudentId(req: FastifyRequest, studentId: string) {
  const caller = studentOf(req);
  if (!isSelfStudent(caller, studentId)) throw notFound();
  return { studentId: caller.studentId, userId: caller.sub };
}

/** The calling student, who must be the user `userId` (anyone else: 404). */
function selfByUserId(req: FastifyRequest, userId: string) {
  const caller = studentOf(req);
  if (!isSelfUser(caller, userId)) throw notFound();
  return { studentId: caller.studentId, userId: caller.sub };
}

export default async function avatarsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/avatars/students/:studentId',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'The avatar grid: owned, offered and still locked avatars',
        params: byStudent,
        response: { 200: avatarGridSchema },
      },
    },
    async (req) => avatarGrid(db, selfByStudentId(req, req.params.studentId).studentId),
  );

  app.put(
    '/avatars/:avatarId/students/:studentId',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'Equip an owned avatar',
        params: z.object({ avatarId: uuid, studentId: uuid }),
        body: noBody,
        response: { 200: equipped },
      },
    },
    async (req) => equipAvatar(db, selfByStudentId(req, req.params.studentId).userId, req.params.avatarId),
  );

  app.get(
    '/usersAvatars/findAllByUserId/:id',
    {
      config: { access: 'student', self: 'id' },
      schema: {
        summary: 'The avatars the student owns, oldest first',
        params: z.object({ id: uuid }),
        response: { 200: z.array(ownedAvatarSchema) },
      },
    },
    async (req) => ownedAvatars(db, selfByUserId(req, req.params.id).userId),
  );

  app.get(
    '/usersAvatars/getAmountOfNewAvatars/:id',
    {
      config: { access: 'student', self: 'id' },
      schema: {
        summary: 'How many owned avatars are not seen yet',
        params: z.object({ id: uuid }),
        response: { 200: amount },
      },
    },
    async (req) => ({ amount: await countNewAvatars(db, selfByUserId(req, req.params.id).userId) }),
  );

  app.patch(
    '/usersAvatars/:userId/seen',
    {
      config: { access: 'student', self: 'userId' },
      schema: {
        summary: 'Mark every owned avatar as seen',
        params: z.object({ userId: uuid }),
        body: noBody,
        response: { 200: amount },
      },
    },
    async (req) => {
      await markAvatarsSeen(db, selfByUserId(req, req.params.userId).userId);
      return { amount: 0 };
    },
  );

  app.post(
    '/usersAvatars/',
    {
      config: { access: 'student', self: 'userId' },
      schema: {
        summary: 'A student without an avatar records and equips a starter one',
        body: z.object({ userId: uuid, avatarId: uuid }),
        response: { 200: avatarDtoSchema },
      },
    },
    async (req) => addFirstAvatar(db, selfByUserId(req, req.body.userId).userId, req.body.avatarId),
  );

  app.put(
    '/usersAvatars/:userId/:avatarId',
    {
      config: { access: 'student', self: 'userId' },
      schema: {
        summary: 'Equip an owned avatar',
        params: z.object({ userId: uuid, avatarId: uuid }),
        body: noBody,
        response: { 200: equipped },
      },
    },
    async (req) => equipAvatar(db, selfByUserId(req, req.params.userId).userId, req.params.avatarId),
  );

  app.get(
    '/studentAvatarUnlock/findAll',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'The unlock offers of the student, pending or (isUnlocked=true) chosen',
        querystring: z.object({ studentId: uuid, isUnlocked: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(unlockOfferSchema) },
      },
    },
    async (req) =>
      listOffers(db, selfByStudentId(req, req.query.studentId).studentId, req.query.isUnlocked === 'true'),
  );

  app.put(
    '/studentAvatarUnlock/:studentId',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'Choose one avatar of a pending unlock offer',
        params: byStudent,
        body: noBody,
        querystring: z.object({ avatarId: uuid }),
        response: { 200: z.object({ offerId: uuid, avatar: avatarDtoSchema }) },
      },
    },
    async (req) => {
      const me = selfByStudentId(req, req.params.studentId);
      return chooseOffer(db, me.studentId, me.userId, req.query.avatarId);
    },
  );

  app.get(
    '/studentAvatar/hasUnlockableSkin/:studentId',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'Whether the skin chest still holds a skin for the student',
        params: byStudent,
        response: { 200: z.boolean() },
      },
    },
    async (req) => hasUnlockableSkin(db, selfByStudentId(req, req.params.studentId).userId),
  );

  app.post(
    '/studentAvatar/unlockSkin',
    {
      config: { access: 'student', self: 'studentId' },
      schema: {
        summary: 'Open the skin chest: spends its price, gives a random skin',
        body: byStudent,
        response: { 200: skinPurchaseSchema },
      },
    },
    async (req) => buySkin(db, selfByStudentId(req, req.body.studentId).studentId),
  );
}
