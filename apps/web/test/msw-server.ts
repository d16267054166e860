import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one msw server of the web tests; each test adds its handlers with `mockTrpc`. The
 * server's health answers by default (the app asks it after a request got no answer), and
 * so do the gate's pack and Needs review list, empty (offline-gate §2, §3: the guard's and
 * admin's screens read them over REST).
 */
export const server = setupServer(
  http.get('*/api/health', () => HttpResponse.json({ status: 'ok' })),
  http.get('*/api/gate/pack', () => HttpResponse.json({ success: true, data: { items: [], removed: [], cursor: 'c0' } })),
  http.get('*/api/gate/reviews', () => HttpResponse.json({ success: true, data: [] })),
  // operations §4: the Inside now roll call the gate sync keeps for offline.
  http.get('*/api/gate/inside', () => HttpResponse.json({ success: true, data: [] })),
);
