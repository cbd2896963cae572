import { configDefaults, defineConfig } from 'vitest/config';

// Browser flows: one real server (built client, seeded demo school) for the whole run, Chromium
// driven by playwright-core. Files run one after another: they share the server and its data.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    // The screen walk runs in the first pass only (embedded PGlite, rooms in memory): what it checks,
    // layout and accessibility of the rendered pages, does not depend on the back-end.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL ? ['tests/e2e/every-screen.e2e.ts'] : []),
    ],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
