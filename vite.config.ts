import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressAssets } from './scripts/compress-assets';

/** Brotli and gzip copies of the built files, served by Accept-Encoding (server/app.ts). */
function precompress(): Plugin {
  return {
    name: 'classe-raid:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await compressAssets(options.dir);
    },
  };
}

/**
 * react-router's package points every bundler at its development build, whose warnings (and their
 * texts) are kept in the bundle; the production build next to it is the same code without them.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** A module-id pattern from paths written with '/', matching either separator. */
const ids = (...paths: string[]) => new RegExp(paths.join('|').replaceAll('/', '[\\\\/]'));

/**
 * The phones' answering code, shared by the live page and the homework raid (and, teacher side, the
 * board and the editors that show formulas): one chunk instead of seven.
 */
const PHONE_ANSWERING = ids(
  'client/src/game/phone/(AnswerButtons|Explanation|QuestionReadAloud|kind-input|math-text|phone-error)\\.',
  'client/src/game/phone/phone\\.css',
  'client/src/game/answer-style\\.',
  'client/src/lib/(math|display-prefs|speech)\\.',
  'client/src/components/ReadAloudButton\\.',
  'client/src/api/accommodations\\.',
  'shared/(no-accommodations|game/extra-time|game/rules|game/scoring)\\.',
);
/** The live page with the room's connection (socket.io-client), which the teacher's board shares. */
const LIVE_ROOM = ids(
  'client/src/game/phone/LivePage\\.',
  'client/src/game/(socket|server-clock)\\.',
  'shared/game/views\\.',
  'node_modules/(socket\\.io-client|socket\\.io-parser|engine\\.io-client|engine\\.io-parser|@socket\\.io/component-emitter)/',
);
/** Small modules the live page imports that pages without a live room share: kept apart. */
const SHARED_ELSEWHERE = [
  { name: 'worlds', test: ids('shared/worlds\\.') },
  { name: 'share', test: ids('shared/game/share\\.') },
];

export default defineConfig(({ command }) => ({
  root: 'client',
  resolve: {
    // The build only: `vite` (development) keeps react-router's warnings.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  publicDir: false,
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Browsers without modulepreload still run the app; the polyfill would cost every phone 0.8 KB.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            ...SHARED_ELSEWHERE.map((g) => ({ ...g, priority: 2 })),
            { name: 'phone', test: PHONE_ANSWERING, priority: 2 },
            { name: 'live', test: LIVE_ROOM, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/assets': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
}));
