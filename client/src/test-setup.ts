import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from './i18n';

// Pages are rendered without their routes, which load their strings: load them all.
await loadAllTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
