// Entry of the SAML check thread (saml-check.ts), started through startWorker (server/lib/paths.ts):
// node-saml's signature, audience and validity checks of one GAR response at a time, off the event
// loop. Answers what readGarResponse needs of the checked assertion, or node-saml's refusal.
import { parentPort, workerData } from 'node:worker_threads';
import { SAML, type SamlConfig } from '@node-saml/node-saml';
import type { SamlCheckJob, SamlCheckOutcome } from './saml-check.js';

const port = parentPort;
if (!port) throw new Error('the SAML check runs in a worker thread');
const saml = new SAML(workerData as SamlConfig);

async function check(samlResponse: string): Promise<SamlCheckOutcome> {
  try {
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) return { refused: 'no assertion' };
    return {
      ok: {
        assertion: (profile.getAssertion?.() ?? {}) as Record<string, unknown>,
        attributes: (profile.attributes ?? {}) as Record<string, unknown>,
        nameID: profile.nameID ?? null,
        nameIDFormat: profile.nameIDFormat ?? null,
        sessionIndex: profile.sessionIndex ?? null,
      },
    };
  } catch (err) {
    // node-saml's reasons are fixed sentences; a parser's message may quote the document: not logged.
    const reason = String((err as Error)?.message ?? '').split('.')[0];
    return { refused: /^[A-Za-z :]{1,100}$/.test(reason) ? reason : 'unreadable response' };
  }
}

port.on('message', (job: SamlCheckJob) => {
  void check(job.samlResponse).then((outcome) => port.postMessage({ id: job.id, ...outcome }));
});
port.postMessage({ ready: true });
