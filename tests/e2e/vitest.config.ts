import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The screen walk goes first, on the demo school as seeded: the other files leave rooms open, raids
 * played and reports behind them, and a board route then opens the running raid instead of itself.
 * What they leave is theirs to check; the walk checks every screen in its first state.
 */
class WalkFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const walk = (f: TestSpecification) => f.moduleId.endsWith('every-screen.e2e.ts');
    return [...sorted.filter(walk), ...sorted.filter((f) => !walk(f))];
  }
}

// Browser flows: one real server (built client, seeded demo school) for the whole run, Chromium
// driven by playwright-core. Files run one after another: they share the server and its data.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    // The screen walk and the layout-only files run in the first pass only (embedded PGlite, rooms in
    // memory): what they check, the rendered pages' layout, accessibility and board drawing, does not
    // depend on the back-end.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL
        ? [
            'tests/e2e/every-screen.e2e.ts',
            'tests/e2e/student-laptop.e2e.ts',
            'tests/e2e/board-text-size.e2e.ts',
            'tests/e2e/board-renderers.e2e.ts',
          ]
        : []),
    ],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/page-errors.ts'],
    fileParallelism: false,
    sequence: { sequencer: WalkFirst },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
