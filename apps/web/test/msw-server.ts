import { setupServer } from 'msw/node';

/** The one msw server of the web tests; each test adds its handlers with `mockTrpc`. */
export const server = setupServer();
