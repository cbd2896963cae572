import { defineConfig } from 'vitest/config';

// Browser flows: one real server (built client, seeded demo school) for the whole run, Chromium
// driven by playwright-core. Files run one after another: they share the server and its data.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
