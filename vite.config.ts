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

export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Browsers without modulepreload still run the app; the polyfill would cost every phone 0.8 KB.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/assets': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
