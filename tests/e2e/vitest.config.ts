import { defineConfig } from 'vitest/config';
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

/** The browser files the second pass (PostgreSQL and Redis) runs again: see `include` below. */
const BACK_END_FILES = [
  'live-raid',
  'lesson-home-xp',
  'lesson-addresses',
  'board-gone',
  'board-codex-live',
  'lesson-summon-fresh',
  'analytics',
  'formula-box',
  'student-shop-double-click',
  'live-two-right-answers',
].map((name) => `tests/e2e/${name}.e2e.ts`);

// Browser flows: one real server (built client, seeded demo school) for the whole run, Chromium
// driven by playwright-core. Files run one after another: they share the server and its data.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    // The first pass (embedded PGlite, rooms in memory) runs every file. The second (PostgreSQL and
    // Redis) runs only the files whose result depends on the back-end beyond what the integration
    // tests already check on both: a live room seen through real browsers (rooms, presence and
    // patches in Redis, the Socket.IO adapter) and races on the database (two tabs buying at once).
    // Pages that only read and write through REST are checked on both back-ends by tests/integration;
    // their screens do not change with it. A new file that opens a board or a phone joins this list.
    include: process.env.DATABASE_URL ? BACK_END_FILES : ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/page-errors.ts'],
    fileParallelism: false,
    sequence: { sequencer: WalkFirst },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
