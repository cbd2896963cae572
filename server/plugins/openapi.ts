// The OpenAPI 3.1 document, generated from the routes' declared contracts (lib/contract.ts): served at
// /api/docs/json, with a readable page at /api/docs whose scripts and styles come from this server.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAccess, type SelfRule } from '../lib/contract.js';

export const DOCS_PREFIX = '/api/docs';

/** One route as declared: what the contracts test checks for every route under /api. */
export interface RouteContract {
  method: string;
  url: string;
  access: string | undefined;
  schema: string[];
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, with its declared caller and schemas. */
    routeContracts: RouteContract[];
  }
}

export default fp(async function openApi(app: FastifyInstance) {
  const contracts: RouteContract[] = [];
  app.decorate('routeContracts', contracts);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        contracts.push({
          method,
          url: route.url,
          access: (route.config as { access?: string } | undefined)?.access,
          schema: ['params', 'querystring', 'body', 'response'].filter((k) => schema[k] !== undefined),
          multipart: ((schema.consumes as string[] | undefined) ?? []).includes('multipart/form-data'),
        });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Classe Raid API',
        version: '1',
        description:
          'Every REST call of Classe Raid. Each operation says who may call it (`x-access`: public, signedIn, student, teacher, admin; `x-self`: the ids that must be the caller themself, and the refusal anyone else gets). Errors answer `{ message }` with a stable key (shared/errors.ts), and `field` for a bad input. The live game events are in docs/protocol.md.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'access token' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = (input.route?.config ?? {}) as { access?: string; self?: SelfRule };
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return out;
      const access = config.access as Parameters<typeof describeAccess>[0];
      const segment = input.url.replace(/^\/api\//, '').split(/[/?]/)[0] || 'api';
      return {
        url: out.url,
        schema: {
          ...schema,
          tags: (schema.tags as string[] | undefined) ?? [segment],
          description: [describeAccess(access, config.self), schema.description].filter(Boolean).join(' '),
          ...(access && access !== 'public' ? { security: [{ bearer: [] }] } : {}),
          'x-access': access ?? 'undeclared',
          ...(config.self ? { 'x-self': config.self } : {}),
        },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: false, validatorUrl: null },
  });
});
