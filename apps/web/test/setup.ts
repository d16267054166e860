import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { preloadAllPages } from '../src/App';
import { resetConnectionState } from '../src/lib/connection';
import { locale } from '../src/lib/i18n';
import { server } from './msw-server';

// findBy…/waitFor wait up to 5 s (the default 1 s is too short on a busy 2-core CI machine,
// where a screen that does appear may take longer); what never appears still fails.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Routes load their code on first use; the screen tests render them at once.
  await preloadAllPages();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetConnectionState();
  locale.set('en');
  document.documentElement.lang = 'en';
});

afterAll(() => server.close());
