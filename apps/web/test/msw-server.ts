import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one msw server of the web tests; each test adds its handlers with `mockTrpc` (which
 * answers the gate's pack, Inside now and Needs review, empty, unless a test says
 * otherwise). The server's health answers by default (the app asks it after a request got
 * no answer).
 */
export const server = setupServer(
  http.get('*/api/health', () => HttpResponse.json({ status: 'ok' })),
);
