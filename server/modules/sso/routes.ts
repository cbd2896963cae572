// School sign-on routes (issue 14): the GAR (SAML 2.0) and the ENTs speaking CAS. Each sign-on ends
// in a redirect to /gar?ticket=… (the client exchanges it at POST /api/auth/signin?ticket=…) or, when
// refused, to /gar?error={key}: the page translates the key. A refusal is logged with its reason and
// the provider only: no name, no identifier, no assertion.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERR } from '../../../shared/errors.js';
import { WORLD_NAMES } from '../../../shared/worlds.js';
import { professorOf } from '../../lib/contract.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type SsoPerson, upsertSsoAccount } from './accounts.js';
import { casLoginUrl, casLogoutUrl, entOf, validateCasTicket } from './cas.js';
import { createClassFromDivision, listDivisions } from './divisions.js';
import { dbReplayGuard, redisReplayGuard } from './replay.js';
import { garLogoutUrl, makeGarSp, readGarResponse, SsoRefused } from './saml.js';
import { suggestedSubjects } from './subjects.js';
import { endTicketSession, issueTicket, SSO_LIMITS } from './tickets.js';

const FORM_LIMIT = 512 * 1024;

const divisionSchema = z.object({
  code: z.string(),
  name: z.string(),
  level: z.number(),
  schoolclassId: z.string().nullable(),
});
/** A redirect answers no body: the browser follows its Location header. */
const redirect = { 302: z.null().describe('Redirect: the browser follows the Location header') };

const divisionClassBody = z.object({
  subjectId: z.uuid({ error: ERR.CLASS_SUBJECT_REQUIRED }),
  planet: z.enum(WORLD_NAMES, { error: ERR.CLASS_WORLD_REQUIRED }).default('nebula'),
});

const acsBody = z.object({
  SAMLResponse: z.string().min(1).max(FORM_LIMIT),
  RelayState: z.string().max(2000).optional(),
});
const entParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/) });
const ssoLinks = z.array(z.object({ id: z.string(), name: z.string(), loginUrl: z.string() }));
const logoutQuery = z.object({ ticket: z.string().max(300).optional() });

export default async function ssoRoutes(fastify: FastifyInstance, opts: { redisPrefix: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { config } = deps;
  const gar = makeGarSp(config, fastify.log);
  if (gar) fastify.addHook('onClose', () => gar.close());
  const replay = deps.redis ? redisReplayGuard(deps.redis, opts.redisPrefix) : dbReplayGuard(deps.db);

  // The GAR posts its response as a form (HTTP-POST binding); only these routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** Account, ticket, redirect; or the refusal's key, logged without personal data. */
  async function finish(
    req: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    read: () => Promise<SsoPerson>,
  ) {
    try {
      let person: SsoPerson;
      try {
        person = await read();
      } catch (err) {
        // Junk (unreadable, unsigned, replayed, unknown CAS ticket) has its own count: it never uses up
        // the address's sign-ons. Past it, one warning, without the address.
        const { count } = await deps.throttle.fail(`sso-refused:ip:${req.ip}`, SSO_LIMITS.windowSec);
        if (count === SSO_LIMITS.refusalsPerAddress + 1)
          req.log.warn({ provider, refusals: count }, 'school sign-ons refused in bulk from one address');
        throw err;
      }
      // Only a sign-on the GAR signed or the ENT confirmed counts here (it may create an account).
      await deps.limiter.hit(`sso:ip:${req.ip}`, SSO_LIMITS.signOnsPerAddress, SSO_LIMITS.windowSec);
      const userId = await upsertSsoAccount(deps, person);
      const ticket = await issueTicket(deps, userId, person.provider, person.saml);
      return reply.redirect(`/gar?ticket=${encodeURIComponent(ticket)}`, 302);
    } catch (err) {
      let key: string = ERR.SSO_FAILED;
      if (err instanceof SsoRefused)
        req.log.warn({ provider, reason: err.message }, 'school sign-on refused');
      else if (err instanceof AppError && err.statusCode < 500) {
        key = err.message;
        req.log.warn({ provider, reason: err.message }, 'school sign-on refused');
      } else req.log.error({ provider, err }, 'school sign-on failed');
      return reply.redirect(`/gar?error=${encodeURIComponent(key)}`, 302);
    }
  }

  function requireGar() {
    if (!gar) throw notFound(ERR.SSO_NOT_CONFIGURED);
    return gar;
  }

  app.get(
    '/gar/metadata',
    {
      config: { access: 'public' },
      schema: {
        summary: "The GAR service provider's SAML metadata (XML)",
        response: { 200: z.string().describe('SAML 2.0 metadata, application/samlmetadata+xml') },
      },
    },
    async (_req, reply) => reply.type('application/samlmetadata+xml').send(requireGar().metadata()),
  );

  app.get(
    '/gar/login',
    {
      config: { access: 'public' },
      schema: { summary: 'Sends the browser to the GAR to sign in (SAML AuthnRequest)', response: redirect },
    },
    async (req, reply) => {
      const sp = requireGar();
      const url = await sp.saml.getAuthorizeUrlAsync('', req.hostname, {});
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/gar/acs',
    {
      config: { access: 'public' },
      schema: {
        summary: "The GAR's signed response (HTTP-POST binding); redirects to /gar?ticket=… or /gar?error=…",
        body: acsBody,
        response: redirect,
      },
    },
    async (req, reply) => {
      const sp = requireGar();
      return finish(req, reply, 'gar', () => readGarResponse(sp, replay, req.body.SAMLResponse));
    },
  );

  app.get(
    '/sso/links',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The school sign-ons configured (the GAR, each ENT), with their login links',
        response: { 200: ssoLinks },
      },
    },
    async () => [
      ...(gar ? [{ id: 'gar', name: 'GAR', loginUrl: '/api/gar/login' }] : []),
      ...config.ENT_CAS.map((e) => ({ id: `ent:${e.id}`, name: e.name, loginUrl: `/api/ent/${e.id}/login` })),
    ],
  );

  app.get(
    '/ent/:id/login',
    {
      config: { access: 'public' },
      schema: {
        summary: "Sends the browser to this ENT's CAS login with our service URL",
        params: entParams,
        response: redirect,
      },
    },
    async (req, reply) => {
      const ent = entOf(config, req.params.id);
      if (!ent) throw notFound(ERR.SSO_NOT_CONFIGURED);
      return reply.redirect(casLoginUrl(config, ent), 302);
    },
  );

  app.get(
    '/ent/:id/callback',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "The ENT's CAS sends the browser back here with a service ticket, checked at serviceValidate",
        params: entParams,
        querystring: z.object({ ticket: z.string().max(300).optional() }),
        response: redirect,
      },
    },
    async (req, reply) => {
      const ent = entOf(config, req.params.id);
      if (!ent) throw notFound(ERR.SSO_NOT_CONFIGURED);
      const ticket = req.query.ticket ?? '';
      return finish(req, reply, `ent:${ent.id}`, () => validateCasTicket(config, ent, ticket));
    },
  );

  app.get(
    '/sso/divisions',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "The caller's school divisions (from the GAR or the ENT), each with the class created from it, if any",
        response: { 200: z.array(divisionSchema) },
      },
    },
    async (req) => {
      const me = professorOf(req);
      return listDivisions(deps, me.sub, me.professorId);
    },
  );

  app.get(
    '/sso/subjects',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "The subjects to prefill gar-signup with, as catalogue ids: the caller's subjects on record, else those their school sign-on says they teach (GAR: P_MAT)",
        response: {
          200: z.object({
            subjectIds: z.array(z.uuid()),
            /** record: the teacher's own (sign-up); school: sent by the school sign-on; none: neither. */
            source: z.enum(['record', 'school', 'none']),
          }),
        },
      },
    },
    async (req) => {
      const me = professorOf(req);
      return suggestedSubjects(deps, me.sub, me.professorId);
    },
  );

  app.post(
    '/sso/divisions/:code/class',
    {
      config: { access: 'professor' },
      schema: {
        summary:
          "Creates the class of one of the caller's divisions (name and level from the division); its pupils join it without a code",
        params: z.object({ code: z.string().min(1).max(100) }),
        body: divisionClassBody,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (req, reply) => {
      const me = professorOf(req);
      const id = await createClassFromDivision(
        deps,
        me.sub,
        me.professorId,
        req.params.code,
        req.body,
        req.log,
      );
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/gar/logout',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "Ends a school sign-on session: revokes the session the ticket opened, then redirects to the identity provider's logout where it has one (a signed SAML LogoutRequest to the GAR's single logout URL, the ENT's CAS logout), else to the GAR helper page.",
        querystring: logoutQuery,
        response: redirect,
      },
    },
    async (req, reply) => {
      const session = req.query.ticket ? await endTicketSession(deps, req.query.ticket) : null;
      const provider = session?.provider;
      if (provider === 'gar' && gar && session) {
        // A signed LogoutRequest naming the sign-on's NameID and SessionIndex, when the GAR has an SLO URL.
        const url = await garLogoutUrl(gar, session);
        if (url) return reply.redirect(url, 302);
      }
      const ent = provider?.startsWith('ent:') ? entOf(config, provider.slice(4)) : undefined;
      if (ent) return reply.redirect(casLogoutUrl(config, ent), 302);
      return reply.redirect('/gar-helper', 302);
    },
  );
}
