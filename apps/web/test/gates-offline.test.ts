/**
 * The offline queue carries the tablet's gate (docs/operations.md#gates,
 * docs/gate.md#recording-moves-offline): a move made
 * offline keeps the gate chosen on the device when it was made, and its replay sends it
 * as `gateId` beside `occurredAt`; with no gate chosen, no `gateId` is sent. A move sent at
 * once sends the gate chosen now.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseGate } from '../src/lib/gate-choice';
import { cancelReplayRetry, performGateMove, replayQueue, type GateMoveRequest } from '../src/lib/gate-moves';
import { clearGateData, readQueue, type QueuedMove } from '../src/lib/gate-store';
import { createTransportClient } from '../src/lib/trpc';
import { callsTo, mockTrpc, type Resolver } from './trpc-mock';
import { installFakeIndexedDB } from './fake-indexeddb';

installFakeIndexedDB();

const SOUTH = { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'South Gate' };
const VISITOR = 'dddddddd-0000-4000-8000-00000000000a';
const ANN = { id: VISITOR, name: 'Ann', houseNumber: 'A-101' };

const accepted: Resolver = (input: { visitorId: string }) => ({ id: input.visitorId });
const newClient = () => createTransportClient({ url: 'http://localhost/trpc' });

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A move made while the tablet is offline: its queue entry. */
async function moveOffline(request: GateMoveRequest, now: Date): Promise<QueuedMove> {
  setBrowserOnline(false);
  const outcome = await performGateMove(newClient(), request, { now });
  if (outcome.kind !== 'saved') throw new Error(`Expected the move saved on the tablet, got ${outcome.kind}`);
  return outcome.move;
}

beforeEach(async () => {
  await clearGateData();
});

afterEach(() => {
  cancelReplayRetry();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the offline queue and the tablet’s gate (docs/operations.md#gates)', () => {
  it('keeps the chosen gate with each queued move and sends it as gateId on replay', async () => {
    chooseGate(SOUTH);
    const queued = await moveOffline({ action: 'check-in', subject: ANN }, new Date('2026-11-22T09:00:00.000Z'));
    // A later change of gate does not move an entry already made.
    chooseGate(null);
    const unchosen = await moveOffline({ action: 'check-out', subject: ANN }, new Date('2026-11-22T09:30:00.000Z'));
    expect((await readQueue()).map((move) => move.gate ?? null)).toEqual([SOUTH, null]);

    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'visitors.checkOut': accepted });
    setBrowserOnline(true);
    // Chosen again before the link returns: the entries keep the gate they were made at.
    chooseGate(SOUTH);
    await replayQueue();

    expect(calls.map((call) => [call.path, call.idempotencyKey, call.input])).toEqual([
      ['visitors.checkIn', queued.key, { visitorId: VISITOR, occurredAt: '2026-11-22T09:00:00.000Z', gateId: SOUTH.id }],
      ['visitors.checkOut', unchosen.key, { visitorId: VISITOR, occurredAt: '2026-11-22T09:30:00.000Z' }],
    ]);
    expect(await readQueue()).toEqual([]);
  });

  it('sends the gate chosen now with a move sent at once', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted });
    chooseGate(SOUTH);

    const outcome = await performGateMove(newClient(), { action: 'check-in', subject: ANN }, { now: new Date('2026-11-22T09:00:00.000Z') });

    expect(outcome.kind).toBe('done');
    expect(callsTo(calls, 'visitors.checkIn').map((call) => call.input)).toEqual([
      { visitorId: VISITOR, occurredAt: '2026-11-22T09:00:00.000Z', gateId: SOUTH.id },
    ]);
    await vi.waitFor(async () => expect(await readQueue()).toEqual([]));
  });
});
