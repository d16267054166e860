/**
 * A check-in whose answer was lost, or that never reached the server, on a tablet that
 * keeps its queue (IndexedDB): within a second the screen says it is saved on the tablet,
 * and it is sent again under its Idempotency-Key until the server has it, so that the
 * server does it exactly once (the gate's one move path, lib/gate-moves.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { probeServer } from '../src/lib/connection';
import { clearGateData, readQueue } from '../src/lib/gate-store';
import { guard, makeVisitor, PASS_TOKEN } from './fixtures';
import { server as mswServer } from './msw-server';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';
import { installFakeIndexedDB } from './fake-indexeddb';

installFakeIndexedDB();

const emptyPage = () => ({ items: [], total: 0 });

afterEach(() => clearGateData());

/** Makes `path`'s requests fail as a dropped connection does while `down()` holds; else they go on to the mocks. */
function dropWhile(path: string, down: () => boolean) {
  mswServer.use(http.all(`*/trpc/${path}`, () => (down() ? HttpResponse.error() : undefined)));
}

describe('a gate move whose answer is lost', () => {
  it('keeps a check-in whose answer was lost on the tablet, and sends it again under the same key: done once', async () => {
    const visitor = makeVisitor({ status: 'approved' });
    const server = serverDoingEachKeyOnce(visitor);
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.listSummaries': emptyPage,
      'visitors.checkIn': server.checkIn,
    });
    // The server carries the first attempt out, but its answer never arrives.
    loseFirstAnswer('visitors.checkIn', server);
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check In Visitor' }));

    // Within a second: saved on the tablet, the guard moves on.
    expect(
      await screen.findByText('Visitor checked in — saved on this tablet', {}, { timeout: 1_500 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/guard'));

    // The entry goes once more under its key (at once: the link is up), and is done once.
    await waitFor(async () => expect(await readQueue()).toHaveLength(0));
    expect(callsTo(calls, 'visitors.checkIn').length).toBeGreaterThan(0);
    const keys = callsTo(calls, 'visitors.checkIn').map((call) => call.idempotencyKey);
    expect(new Set([server.lostKey, ...keys]).size).toBe(1);
    expect(server.doneKeys()).toEqual([server.lostKey]);
  });

  it('sends a check-in the server never got once the server is back, exactly once', async () => {
    let down = true;
    const visitor = makeVisitor({ status: 'approved' });
    const server = serverDoingEachKeyOnce(visitor);
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.listSummaries': emptyPage,
      'visitors.checkIn': server.checkIn,
    });
    dropWhile('visitors.checkIn', () => down);
    const { user } = renderApp('/guard', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    expect(await screen.findByText(/Jane Doe checked in/)).toBeInTheDocument();
    expect(
      screen.getByText('Saved on this tablet: sent when the connection returns.'),
    ).toBeInTheDocument();
    expect(server.doneKeys()).toEqual([]);

    down = false;
    await probeServer();
    await waitFor(async () => expect(await readQueue()).toHaveLength(0));
    expect(server.doneKeys()).toHaveLength(1);
  });
});

/**
 * A server that does each Idempotency-Key once (the answer of a repeat is the first one's),
 * as the real one does: `checkIn` is its resolver; `doneKeys()` the keys it did the work for.
 */
function serverDoingEachKeyOnce(visitor: ReturnType<typeof makeVisitor>) {
  const answers = new Map<string, unknown>();
  const state = {
    lostKey: null as string | null,
    checkIn: (_input: unknown, request: Request) => {
      const key = request.headers.get('idempotency-key') ?? '';
      if (!answers.has(key))
        answers.set(key, {
          ...visitor,
          status: 'checked-in',
          check_in_time: new Date().toISOString(),
        });
      return answers.get(key);
    },
    doneKeys: () => [...answers.keys()],
  };
  return state;
}

/** The first request to `path` is done by `server` but its answer is lost on the way back. */
function loseFirstAnswer(path: string, server: ReturnType<typeof serverDoingEachKeyOnce>) {
  let lost = false;
  mswServer.use(
    http.all(`*/trpc/${path}`, async ({ request }) => {
      if (lost) return undefined;
      lost = true;
      server.lostKey = request.headers.get('idempotency-key');
      server.checkIn(await request.clone().json(), request);
      return HttpResponse.error();
    }),
  );
}
