import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Pure units (node), client components (jsdom), server integration (node, real DB), and, when
// PostgreSQL and Redis are configured, the chaos test of two server processes.
const withServices = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
// Units and components run first, two at a time at least (vitest's default leaves one worker on a
// 2-core machine; these tests time nothing); then the integration files, whose bounds (an upload's
// 400 within 2 s, another request not slowed by 100 ms) must not share the cores with another file
// (vitest's default workers), then the chaos test.
const units = { maxWorkers: Math.max(2, os.availableParallelism() - 1), sequence: { groupOrder: 0 } };

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          ...units,
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          ...units,
          environment: 'jsdom',
          include: ['client/src/**/*.test.tsx'],
          setupFiles: ['client/src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withServices
        ? [
            {
              extends: true as const,
              test: {
                name: 'chaos',
                sequence: { groupOrder: 2 },
                environment: 'node',
                include: ['tests/chaos/**/*.test.ts'],
                testTimeout: 90_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
