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
 * The live room's connection (socket.io-client) with the room's views and clock: what the live page
 * and the teacher's board share, one chunk instead of two. No style sheet in it: the board loads it.
 */
const LIVE_ROOM = ids(
  'client/src/game/(socket|server-clock)\\.',
  'shared/game/views\\.',
  'node_modules/(socket\\.io-client|socket\\.io-parser|engine\\.io-client|engine\\.io-parser|@socket\\.io/component-emitter)/',
);

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
            { name: 'socket', test: LIVE_ROOM, priority: 1 },
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
