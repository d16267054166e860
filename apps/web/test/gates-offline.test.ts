/**
 * The offline queue carries the tablet's gate (operations §2, offline-gate §3): a move made
 * offline keeps the gate chosen on the device when it was made, and its replay sends it
 * as `gateId` beside `occurredAt`; with no gate chosen, no `gateId` is sent.
 */
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { sendGateMove } from '../src/lib/gate-api';
import { chooseGate } from '../src/lib/gate-choice';
import { clearGateData, readQueue } from '../src/lib/gate-store';
import { queueGateMove } from '../src/lib/gate-sync';
import { server } from './msw-server';

const SOUTH = { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'South Gate' };
const VISITOR = 'dddddddd-0000-4000-8000-00000000000a';

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(async () => {
  await clearGateData();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the offline queue and the tablet’s gate (operations §2)', () => {
  it('keeps the chosen gate with each queued move and sends it as gateId on replay', async () => {
    setBrowserOnline(false);
    chooseGate(SOUTH);
    const queued = await queueGateMove({ action: 'check-in', visitorId: VISITOR, name: 'Ann', houseNumber: 'A-101' }, new Date('2026-11-22T09:00:00.000Z'));
    // A later change of gate does not move an entry already made.
    chooseGate(null);
    const unchosen = await queueGateMove({ action: 'check-out', visitorId: VISITOR, name: 'Ann', houseNumber: 'A-101' }, new Date('2026-11-22T09:30:00.000Z'));
    expect((await readQueue()).map((move) => move.gate ?? null)).toEqual([SOUTH, null]);

    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/visitors/:move', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: { id: VISITOR }, error: null });
      }),
    );
    await sendGateMove(queued);
    await sendGateMove(unchosen);
    expect(bodies).toEqual([
      { visitorId: VISITOR, occurredAt: '2026-11-22T09:00:00.000Z', gateId: SOUTH.id },
      { visitorId: VISITOR, occurredAt: '2026-11-22T09:30:00.000Z' },
    ]);
  });
});
