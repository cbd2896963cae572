// Every browser test fails on an uncaught page error (tests/e2e/browser.ts records them): thrown
// during a test, it fails that test; thrown while a file sets up or after its last test, the hook
// that follows fails.
import { afterAll, afterEach } from 'vitest';
import { pageErrors } from './browser';

function check() {
  const errors = pageErrors.splice(0);
  if (errors.length) throw new Error(`uncaught page error(s):\n${errors.join('\n')}`);
}

afterEach(check);
afterAll(check);
