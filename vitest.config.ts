import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Pure units (node), client components (jsdom), server integration (node, real DB), and, when
// PostgreSQL and Redis are configured, the chaos test of two server processes.
const withServices = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.tsx'],
          setupFiles: ['client/src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
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
