/** Renders the whole app at a path, optionally signed in, against the msw handlers. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { User } from '@gatehouse/shared';

import { App } from '../src/App';
import { storeSession } from '../src/lib/session-storage';
import { createTransportClient, type TransportOptions } from '../src/lib/trpc';

export const TEST_TOKEN = 'test-session-token';

interface RenderAppOptions {
  /** Signs this user in through storage (auth.me must be mocked). */
  user?: User;
  transport?: TransportOptions;
  /** The app's query client (default: one without retries or staleness). */
  queryClient?: QueryClient;
}

/** Renders <App/> at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.user) storeSession(TEST_TOKEN, options.user);
  window.history.replaceState(null, '', path);
  const queryClient =
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
    });
  const trpcClient = createTransportClient({ url: 'http://localhost/trpc', ...options.transport });
  const user = userEvent.setup();
  const view = render(<App queryClient={queryClient} trpcClient={trpcClient} />);
  return { ...view, user, queryClient };
}

/** The current path of the (jsdom) browser. */
export const currentPath = () => window.location.pathname;
