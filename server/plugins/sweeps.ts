// The modules' housekeeping timers, in one place rather than in route files: the question images no
// raid uses any more (raids) and the bug-report screenshots past their retention (tickets). They start
// when the app is ready and stop when it closes, so a test's app or a closing server leaves none behind.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleOrphanSweep } from '../modules/raids/service.js';
import { scheduleScreenshotSweep } from '../modules/tickets/service.js';

export default fp(async function sweeps(app: FastifyInstance) {
  let stopOrphanSweep: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopOrphanSweep = scheduleOrphanSweep(app.deps.db, app.deps.uploadsDir, app.log);
  });
  app.addHook('onClose', async () => stopOrphanSweep?.());
  scheduleScreenshotSweep(app, app.deps);
});
