import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from './i18n';

// Lazy pages and their text chunks load slower on a busy CI machine than waitFor's default second.
configure({ asyncUtilTimeout: 5000 });

// Pages are rendered without their routes, which load their strings: load them all.
await loadAllTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
