import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTexts } from './i18n';
import { queryClient } from './lib/query';

// Lazy pages and their text chunks load slower on a busy CI machine than waitFor's default second.
configure({ asyncUtilTimeout: 5000 });

// Pages are rendered without their routes, which load their strings: load them all.
await loadAllTexts();

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Each test reads its own server: nothing cached by the one before.
  queryClient.clear();
});
