import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

import { preloadAllPages } from '../src/App';
import { resetConnectionState } from '../src/lib/connection';
import { cancelReplayRetry } from '../src/lib/gate-moves';
import { clearGateData } from '../src/lib/gate-store';
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

// The files of a worker share its modules and globals (vitest.config.ts): what a test
// leaves behind in them is put back here, for the next test and the next file.
afterEach(async () => {
  cleanup();
  // Real timers first: the offline store below waits on them (fake-indexeddb).
  vi.useRealTimers();
  // The gate's offline store, in the files that have one (test/fake-indexeddb.ts), and a
  // replay a test left scheduled.
  cancelReplayRetry();
  await clearGateData();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  resetConnectionState();
  locale.set('en');
  document.documentElement.lang = 'en';
});

afterAll(() => server.close());
