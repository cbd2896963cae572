// GET /api/legal: the operator's legal details (publisher, host, data controller, DPO contact) from
// the LEGAL_* variables, public (the legal notice and the privacy policy are read signed out).
import type { FastifyInstance } from 'fastify';
import { type LegalInfo, legalInfoSchema } from '../../../shared/schemas/legal.js';

export default async function legalRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const info: LegalInfo = legalInfoSchema.parse({
    publisher: config.LEGAL_PUBLISHER ?? null,
    host: config.LEGAL_HOST ?? null,
    controller: config.LEGAL_CONTROLLER ?? null,
    dpoContact: config.LEGAL_DPO_CONTACT ?? null,
  });
  app.get(
    '/legal',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "The operator's legal details (publisher, host, data controller, DPO contact); null where not configured",
        response: { 200: legalInfoSchema },
      },
    },
    async () => info,
  );
}
