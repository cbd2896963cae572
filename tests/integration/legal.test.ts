// The operator's legal details (issue 15): configured by LEGAL_* variables, served to anyone, null
// (the pages then say "not configured") when missing.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('GET /api/legal', () => {
  it('serves the configured publisher, host, controller and DPO contact without signing in', async () => {
    const ctx = await createTestContext({
      LEGAL_PUBLISHER:
        'Collège Jean Moulin, 1 rue des Écoles, 75000 Paris. Directrice de la publication : A. Martin',
      LEGAL_HOST: 'OVH SAS, 2 rue Kellermann, 59100 Roubaix',
      LEGAL_CONTROLLER: 'Collège Jean Moulin, représenté par sa principale',
      LEGAL_DPO_CONTACT: 'dpd@ac-paris.fr',
    });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/legal' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      publisher:
        'Collège Jean Moulin, 1 rue des Écoles, 75000 Paris. Directrice de la publication : A. Martin',
      host: 'OVH SAS, 2 rue Kellermann, 59100 Roubaix',
      controller: 'Collège Jean Moulin, représenté par sa principale',
      dpoContact: 'dpd@ac-paris.fr',
    });
  });

  it('answers null for what the operator has not configured', async () => {
    const ctx = await createTestContext({ LEGAL_HOST: 'Hébergeur académique' });
    contexts.push(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/legal' })).json()).toEqual({
      publisher: null,
      host: 'Hébergeur académique',
      controller: null,
      dpoContact: null,
    });
  });
});
