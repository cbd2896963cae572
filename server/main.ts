// Starts the process: configuration, database, server, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { boot } from './boot.js';
import { loadConfig } from './config.js';
import { DEMO_STUDENT_PASSWORD, DEMO_TEACHER_PASSWORD } from './db/seed.js';
import { formatDateFr } from './lib/dates.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const { database, redis, demo } = await boot(config);
const app = await buildApp({ config, database, redis });

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
  await redis?.quit();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });

const lines = [
  '',
  `  Classe Raid is running on ${config.PUBLIC_URL}`,
  `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/pglite` : 'PostgreSQL'}; rooms: ${redis ? 'Redis' : 'in memory'}`,
];
if (demo) {
  lines.push(
    '',
    '  Demo school',
    `    teacher (admin)  prof-demo      / ${DEMO_TEACHER_PASSWORD}`,
    `    teacher          prof-sciences  / ${DEMO_TEACHER_PASSWORD}`,
    `    students         eleve01 … eleve30 (5e B), eleve31 … eleve40 (2nde A) / ${DEMO_STUDENT_PASSWORD}`,
    ...demo.map(
      (c) => `    class code       ${c.name.padEnd(7)} ${c.code}  (valid until ${formatDateFr(c.expiresAt)})`,
    ),
    `    a new student joins at ${config.PUBLIC_URL}/register/student/code`,
  );
}
if (config.usesDefaultSecrets)
  lines.push('', '  Development secrets in use: set AUTH_SECRET and ENCRYPTION_KEY before going live.');
console.log(`${lines.join('\n')}\n`);
