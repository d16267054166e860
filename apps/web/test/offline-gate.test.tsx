/**
 * The gate tablet offline (docs/gate.md#the-gate-pack, docs/gate.md#recording-moves-offline,
 * docs/gate.md#logging-out-of-a-gate-tablet): the pack kept in IndexedDB and merged by
 * delta (replaced whole under a new salt, or when kept before codes were salted), a pass
 * verified on the device by its hash (a token's SHA-256, a code's PBKDF2 with the pack's
 * salt and iterations), an unknown one refused,
 * moves queued with their key and instant and sent in order when the link returns (the same
 * key again after a failure; a refusal put on Needs review), the banner's words and count,
 * Needs review on the dashboards, and logout forgetting the pack and the queue. The pack and
 * the moves go over the typed tRPC client (the moves through lib/gate-moves.ts, each alone
 * under its Idempotency-Key); the Needs review list is still read over REST.
 */
import { createHash, pbkdf2Sync } from 'node:crypto';

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { GatePackCodeHash, GatePackItem } from '@gatehouse/shared';
import { createStore, set } from 'idb-keyval';

import { verifyOffline } from '../src/features/guard/offline-gate';
import { GATE_OFFLINE_BANNER } from '../src/features/shell/ConnectionBanner';
import { cancelReplayRetry, performGateMove, replayQueue, type GateMoveOutcome, type GateMoveRequest } from '../src/lib/gate-moves';
import {
  clearGateData,
  GATE_DB_NAME,
  GATE_STORE_NAME,
  gateGeneration,
  gateSnapshot,
  mergePack,
  readPack,
  readQueue,
  readSettings,
  storeSettings,
  type QueuedMove,
} from '../src/lib/gate-store';
import { syncPack } from '../src/lib/gate-sync';
import { SCAN_PATIENCE_MS } from '../src/features/guard/QuickScan';
import { createTransportClient } from '../src/lib/trpc';
import { admin, guard, HOUSE_A101, PASS_TOKEN, resident } from './fixtures';
import { server } from './msw-server';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, PACK_CODE_HASH, trpcError, type RecordedCall, type Resolver } from './trpc-mock';
import { installFakeIndexedDB } from './fake-indexeddb';

installFakeIndexedDB();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** A code's hash as the server puts it in the pack: PBKDF2-HMAC-SHA-256 of the digits with the salt's bytes. */
const codeHashOf = (code: string, codeHash: GatePackCodeHash = PACK_CODE_HASH) =>
  pbkdf2Sync(Buffer.from(code, 'utf8'), Buffer.from(codeHash.salt, 'hex'), codeHash.iterations, 32, 'sha256').toString('hex');

const PASS_CODE = '048213';
const PASS_CODE_HASH = codeHashOf(PASS_CODE);
/** 9:05 AM UTC on Nov 22, 2026: when the test pack was synced. */
const SYNCED_AT = Date.UTC(2026, 10, 22, 9, 5);

/** The community's gate settings, as `visitors.settings` answers. */
const SETTINGS = { timeZone: 'UTC', earlyCheckinMinutes: 0, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

/** Today as the browser reads it (the pack's window check runs in the stored zone). */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'UTC' });

let counter = 0;
function packItem(overrides: Partial<GatePackItem> = {}): GatePackItem {
  counter += 1;
  return {
    id: `cccccccc-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    tokenHash: sha256(PASS_TOKEN),
    passCodeHash: PASS_CODE_HASH,
    name: 'Jane Doe',
    house: { houseNumber: HOUSE_A101.houseNumber, block: HOUSE_A101.block },
    kind: 'invitation',
    visitDate: today(),
    visitTimeFrom: '00:00',
    visitTimeTo: '23:59',
    status: 'approved',
    vehicleLicensePlate: 'KA01AB1234',
    updatedAt: '2026-11-22T08:00:00.000Z',
    blocklisted: null,
    ...overrides,
  };
}

/** Stores a pack as if synced at SYNCED_AT, with the community's zone. */
async function storePack(items: GatePackItem[]) {
  await mergePack({ items, removed: [], cursor: 'c1', codeHash: PACK_CODE_HASH }, { full: true, since: gateGeneration(), now: SYNCED_AT });
  await storeSettings({ timeZone: 'UTC', earlyCheckinMinutes: 0 }, gateGeneration());
}

/** The browser loses, or finds, its network (the connection store follows its events). */
function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A client of the app's transport, for the calls a test makes itself. */
const newClient = () => createTransportClient({ url: 'http://localhost/trpc' });

/** What the server answers an accepted move: the visitor (or pass), moved. */
const accepted: Resolver = (input: { visitorId: string }) => ({ id: input.visitorId });

/** The gate moves the server was sent, in order, each with its procedure, key and input. */
const movesIn = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.path === 'visitors.checkIn' || call.path === 'visitors.checkOut')
    .map(({ path, idempotencyKey, input }) => ({ path, key: idempotencyKey, body: input as { visitorId: string; occurredAt: string } }));

/** A move made on the tablet (the one gate path) while it is offline: saved, and its queue entry. */
async function moveOffline(request: GateMoveRequest, now?: Date): Promise<QueuedMove> {
  setBrowserOnline(false);
  const outcome: GateMoveOutcome = await performGateMove(newClient(), request, now ? { now } : {});
  if (outcome.kind !== 'saved') throw new Error(`Expected the move saved on the tablet, got ${outcome.kind}`);
  return outcome.move;
}

beforeEach(async () => {
  await clearGateData();
});

afterEach(() => {
  // A retry a test left scheduled must not replay into the next test.
  cancelReplayRetry();
  // Back to the browser's own answer; the connection store is reset by the setup.
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the gate pack (docs/gate.md#the-gate-pack)', () => {
  it('is stored whole, then merged by delta since its cursor, with the gate settings', async () => {
    const first = packItem({ name: 'Ann Early' });
    const second = packItem({ name: 'Bob Second' });
    const third = packItem({ name: 'Cy Third' });
    const calls = mockTrpc({
      'gate.pack': (input?: { since?: string }) =>
        input?.since === 'c1'
          ? { items: [{ ...second, status: 'checked-in' }, third], removed: [first.id], cursor: 'c2', codeHash: PACK_CODE_HASH }
          : { items: [first, second], removed: [], cursor: 'c1', codeHash: PACK_CODE_HASH },
    });
    const settings = { timeZone: 'Asia/Kolkata', earlyCheckinMinutes: 15 };
    const client = newClient();

    await syncPack(client, async () => settings);
    expect(Object.keys((await readPack())!.items).sort()).toEqual([first.id, second.id].sort());
    expect(gateSnapshot().syncedAt).not.toBeNull();

    await syncPack(client);
    const pack = (await readPack())!;
    expect(callsTo(calls, 'gate.pack').map((call) => call.input?.since ?? null)).toEqual([null, 'c1']);
    expect(pack.cursor).toBe('c2');
    expect(Object.keys(pack.items).sort()).toEqual([second.id, third.id].sort());
    expect(pack.items[second.id]?.status).toBe('checked-in');
    expect(pack.codeHash).toEqual(PACK_CODE_HASH);
    expect(await readSettings()).toEqual(settings);
  });

  it('is replaced whole by an answer under another salt (a new day): every code hash changed', async () => {
    await storePack([packItem({ name: 'Yesterday Salted' })]);
    const mondayCodeHash: GatePackCodeHash = { ...PACK_CODE_HASH, salt: '0d'.repeat(16) };
    const fresh = packItem({ name: 'Today Salted', passCodeHash: codeHashOf('135790', mondayCodeHash) });
    const calls = mockTrpc({ 'gate.pack': () => ({ items: [fresh], removed: [], cursor: 'c5', codeHash: mondayCodeHash }) });

    await syncPack(newClient());

    expect(callsTo(calls, 'gate.pack').map((call) => call.input?.since ?? null)).toEqual(['c1']);
    const pack = (await readPack())!;
    expect(Object.values(pack.items).map((item) => item.name)).toEqual(['Today Salted']);
    expect(pack.codeHash).toEqual(mondayCodeHash);
    await storeSettings({ timeZone: 'UTC', earlyCheckinMinutes: 0 }, gateGeneration());
    expect(await verifyOffline('135 790')).toMatchObject({ kind: 'found', visitor: { name: 'Today Salted' } });
  });

  it('fetches whole a pack kept before codes were salted, which cannot verify a code meanwhile', async () => {
    // As an earlier version kept it: SHA-256 of the code, no salt.
    const old = packItem({ name: 'Unsalted Entry', passCodeHash: sha256(PASS_CODE) });
    await set('pack', { items: { [old.id]: old }, cursor: 'old-cursor', syncedAt: SYNCED_AT }, createStore(GATE_DB_NAME, GATE_STORE_NAME));
    await storeSettings({ timeZone: 'UTC', earlyCheckinMinutes: 0 }, gateGeneration());
    // Its token still verifies; a code cannot be (the pack says no salt).
    expect(await verifyOffline(PASS_TOKEN)).toMatchObject({ kind: 'found', visitor: { name: 'Unsalted Entry' } });
    expect(await verifyOffline(PASS_CODE)).toEqual({ kind: 'no-pack' });

    const fresh = packItem({ name: 'Salted Entry' });
    const calls = mockTrpc({ 'gate.pack': () => ({ items: [fresh], removed: [], cursor: 'c7', codeHash: PACK_CODE_HASH }) });
    await syncPack(newClient());

    // Asked whole (no cursor), and kept with its salt and iterations.
    expect(callsTo(calls, 'gate.pack').map((call) => call.input?.since ?? null)).toEqual([null]);
    const pack = (await readPack())!;
    expect(Object.values(pack.items).map((item) => item.name)).toEqual(['Salted Entry']);
    expect(pack.codeHash).toEqual(PACK_CODE_HASH);
    expect(await verifyOffline(PASS_CODE)).toMatchObject({ kind: 'found', visitor: { name: 'Salted Entry' } });
  });

  it('starts again from the whole pack when the server no longer reads the cursor', async () => {
    await storePack([packItem({ name: 'Stale Entry' })]);
    const fresh = packItem({ name: 'Fresh Entry' });
    const calls = mockTrpc({
      'gate.pack': (input?: { since?: string }) => {
        if (input?.since) throw trpcError(400, 'Invalid cursor');
        return { items: [fresh], removed: [], cursor: 'c9', codeHash: PACK_CODE_HASH };
      },
    });

    await syncPack(newClient());

    expect(callsTo(calls, 'gate.pack').map((call) => call.input?.since ?? null)).toEqual(['c1', null]);
    const pack = (await readPack())!;
    expect(Object.values(pack.items).map((item) => item.name)).toEqual(['Fresh Entry']);
    expect(pack.cursor).toBe('c9');
  });
});

describe('verifying offline (docs/gate.md#the-gate-pack)', () => {
  it('hashes a typed code with PBKDF2, the pack’s salt and iterations: a fast hash of the code matches nothing', async () => {
    const slow = packItem({ name: 'Slow Hash', tokenHash: sha256('slow token') });
    const fast = packItem({ name: 'Fast Hash', tokenHash: sha256('fast token'), passCodeHash: sha256('135790') });
    await storePack([slow, fast]);
    const started = performance.now();
    expect(await verifyOffline('048 213')).toMatchObject({ kind: 'found', visitor: { id: slow.id } });
    // One derivation of 100,000 iterations (tens of milliseconds in Node).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await verifyOffline('135790')).toMatchObject({ kind: 'unknown' });
    expect(await verifyOffline('slow token')).toMatchObject({ kind: 'found', visitor: { id: slow.id } });
  });

  it('verifies a token offline, checks in on the tablet, then checks the same pass out by its code', async () => {
    const item = packItem();
    await storePack([item]);
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS });
    setBrowserOnline(false);
    const { user } = renderApp('/guard/scan', { user: guard });

    expect(await screen.findByText(GATE_OFFLINE_BANNER)).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);

    expect(await screen.findByText(/^Verified offline — last synced 9:05 AM/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visitor Verified' })).toBeInTheDocument();
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('A-101, Block A')).toBeInTheDocument();
    expect(screen.getByText('KA01AB1234')).toBeInTheDocument();
    // Nothing asked of the server: the tablet knows it is offline.
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Check In Visitor' }));

    expect(await screen.findByText('Visitor checked in — saved on this tablet')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/guard'));
    const [checkIn] = await readQueue();
    expect(checkIn).toMatchObject({ action: 'check-in', visitorId: item.id });
    expect(checkIn?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(Date.parse(checkIn!.occurredAt) - Date.now())).toBeLessThan(10_000);
    expect(await screen.findByText('1 entry waiting')).toBeInTheDocument();

    // The quick scan, by the pass code read out with a space: the tablet knows the visitor is inside.
    await user.type(screen.getByLabelText('Pass token or code'), '048 213{Enter}');
    expect(await screen.findByText(/^Verified offline — last synced 9:05 AM/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Out Visitor' }));

    expect(await screen.findByText('Visitor checked out — saved on this tablet')).toBeInTheDocument();
    expect((await readQueue()).map((move) => move.action)).toEqual(['check-in', 'check-out']);
    expect(await screen.findByText('2 entries waiting')).toBeInTheDocument();
    expect(screen.getByText(GATE_OFFLINE_BANNER)).toBeInTheDocument();
  });

  it('looks a pass up on the tablet when the scan gets no answer, and refuses an unknown one', async () => {
    await storePack([packItem()]);
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS });
    server.use(http.all('*/trpc/visitors.scan', () => HttpResponse.error()));
    const { user, unmount } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_CODE}{Enter}`);
    // The shell synced the pack (a delta, nothing new) when it opened: that is the time said.
    expect(await screen.findByText(/^Verified offline — last synced \d{1,2}:\d{2} [AP]M/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check In Visitor' })).toBeInTheDocument();

    const field = screen.getByLabelText('Pass token or code');
    await user.clear(field);
    await user.type(field, 'UnknownToken0000000000000000000000000000000{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^ErrorPass refused offline: it is not among the passes this tablet last synced at \d{1,2}:\d{2} [AP]M/);
    expect(screen.queryByRole('button', { name: 'Check In Visitor' })).not.toBeInTheDocument();
    expect(await readQueue()).toEqual([]);
    // The shell's pack sync ends against this test's handlers.
    unmount();
    await syncPack(newClient());
  });

  it('verifies from the tablet a pass the pack knows when the scan gets no answer in 2.5 s, without waiting for it', async () => {
    await storePack([packItem({ name: 'Sid Slowlink' })]);
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS });
    // A dying link: the request hangs (its answer would come after the time-out).
    const hanging: (() => void)[] = [];
    let holding = true;
    const hang = () => (holding ? new Promise<Response>((resolve) => hanging.push(() => resolve(HttpResponse.error()))) : HttpResponse.error());
    server.use(http.all('*/trpc/visitors.scan', hang), http.all('*/trpc/visitors.checkIn', hang));
    const { user, unmount } = renderApp('/guard', { user: guard });
    const started = Date.now();
    await waitFor(() => expect(screen.getByLabelText('Pass token or code')).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    // Checked in on the tablet from the pack, well before the request's own time-out.
    expect(await screen.findByText(/^Sid Slowlink checked in: house/, {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(SCAN_PATIENCE_MS + 3_000);
    expect(screen.getByText('Saved on this tablet: sent when the connection returns.')).toBeInTheDocument();
    // The link dies for good: the held requests end, the replay stops for a later retry.
    holding = false;
    hanging.forEach((release) => release());
    await waitFor(async () => expect(await readQueue()).toHaveLength(1));
    await replayQueue();
    unmount();
    await syncPack(newClient());
  }, 15_000);

  it('shows the blocklist warning offline too, from the pack (docs/operations.md#blocklist)', async () => {
    await storePack([packItem({ blocklisted: { reason: 'Trespassing' } })]);
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS });
    server.use(http.all('*/trpc/visitors.scan', () => HttpResponse.error()));
    const { user, unmount } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_CODE}{Enter}`);
    const warning = (await screen.findAllByRole('alert')).find((alert) => alert.textContent?.includes('On the community blocklist'));
    expect(warning).toHaveTextContent('Reason: Trespassing');
    expect(screen.getByRole('heading', { name: 'Pass refused' })).toBeInTheDocument();
    unmount();
    await syncPack(newClient());
  });

  it('refuses offline, on the quick scan, a pass outside its window and an unknown code', async () => {
    await storePack([packItem({ visitDate: '2099-01-02', visitTimeFrom: '09:00', visitTimeTo: '17:00' })]);
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => ({ items: [], total: 0 }), 'visitors.settings': () => SETTINGS });
    setBrowserOnline(false);
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Pass refused' })).toBeInTheDocument();
    expect(screen.getByText('This invitation is valid on Jan 02, 2099 from 9:00 AM to 5:00 PM')).toBeInTheDocument();

    // An unknown code is said plainly and kept in the field to correct; an unknown token is refused.
    const field = screen.getByLabelText('Pass token or code');
    await user.type(field, '999999{Enter}');
    expect(await screen.findByText('No open pass has the code 999 999 — check the digits')).toBeInTheDocument();
    expect(field).toHaveValue('999999');
    await user.clear(field);
    await user.type(field, 'UnknownToken0000000000000000000000000000000{Enter}');
    expect(await screen.findByText(/^Pass refused offline: it is not among the passes this tablet last synced at 9:05 AM/)).toBeInTheDocument();
    expect(await readQueue()).toEqual([]);
  });

  it('finds a recurring pass offline by its 7-digit code, checks it in and out on the tablet and in again, and replays the moves by the pass id', async () => {
    const RECURRING_TOKEN = 'RecurringPassToken0000000000000000000000000';
    const pass = packItem({
      kind: 'recurring',
      tokenHash: sha256(RECURRING_TOKEN),
      passCodeHash: codeHashOf('4821305'),
      name: 'Maria Helper',
      visitTimeFrom: '00:00',
      visitTimeTo: '23:59',
    });
    // An invitation with the same digits but one fewer: a 6-digit code names an invitation, never a pass.
    await storePack([pass, packItem({ name: 'Six Digit Guest', tokenHash: sha256('other'), passCodeHash: codeHashOf('482130') })]);
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'visitors.settings': () => SETTINGS,
      'visitors.checkIn': accepted,
      'visitors.checkOut': accepted,
    });
    setBrowserOnline(false);
    const { user, unmount } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), '482 1305{Enter}');
    expect(await screen.findByText(/^Verified offline — last synced 9:05 AM/)).toBeInTheDocument();
    expect(screen.getByText('Maria Helper')).toBeInTheDocument();
    const kind = screen.getByText('Kind').closest('div')!;
    expect(kind).toHaveTextContent('KindRecurring pass');
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check In Visitor' }));
    expect(await screen.findByText('Visitor checked in — saved on this tablet')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/guard'));

    // The quick scan, by its token: the tablet knows the pass holder is inside.
    await user.type(screen.getByLabelText('Pass token or code'), `${RECURRING_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check Out Visitor' }));
    expect(await screen.findByText('Visitor checked out — saved on this tablet')).toBeInTheDocument();
    // Out for lunch: back within the day's window, checked in again at once.
    await user.type(screen.getByLabelText('Pass token or code'), '4821305{Enter}');
    expect(await screen.findByText('Maria Helper checked in: house A-101.')).toBeInTheDocument();
    const queue = await readQueue();
    expect(queue.map((move) => [move.action, move.visitorId])).toEqual([
      ['check-in', pass.id],
      ['check-out', pass.id],
      ['check-in', pass.id],
    ]);

    expect(movesIn(calls)).toEqual([]);

    // The link returns: each move is the check-in or check-out of the pass id, at its own instant.
    setBrowserOnline(true);
    await waitFor(() => expect(movesIn(calls)).toHaveLength(3));
    expect(movesIn(calls).map((move) => [move.path, move.body.visitorId, move.body.occurredAt, move.key])).toEqual(
      queue.map((move) => [move.action === 'check-in' ? 'visitors.checkIn' : 'visitors.checkOut', pass.id, move.occurredAt, move.key]),
    );
    await waitFor(async () => expect(await readQueue()).toEqual([]));
    // The pack refresh that follows the replay is done before the next test stores its own pack.
    await waitFor(() => expect(callsTo(calls, 'visitors.settings').length).toBeGreaterThanOrEqual(1), { timeout: 3_000 });
    unmount();
    await syncPack(newClient());
  });

  it('refuses offline a recurring pass outside its daily window, naming the day it is listed next', async () => {
    await storePack([packItem({ kind: 'recurring', visitDate: '2099-01-02', visitTimeFrom: '08:00', visitTimeTo: '12:00', passCodeHash: codeHashOf('7654321') })]);
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => ({ items: [], total: 0 }), 'visitors.settings': () => SETTINGS });
    setBrowserOnline(false);
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), '7654321{Enter}');
    expect(await screen.findByRole('heading', { name: 'Pass refused' })).toBeInTheDocument();
    expect(screen.getByText('This recurring pass is valid on Jan 02, 2099 from 8:00 AM to 12:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check In Visitor' })).not.toBeInTheDocument();
    expect(await readQueue()).toEqual([]);
  });

  it('without a pack on the device, says the server cannot be reached as before', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.settings': () => SETTINGS,
      // The shell's sync cannot fetch a pack either.
      'gate.pack': () => {
        throw trpcError(500, 'Internal server error');
      },
    });
    server.use(http.all('*/trpc/visitors.scan', () => HttpResponse.error()));
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server. Check the connection and try again.');
  });
});

describe('the queue (docs/gate.md#recording-moves-offline)', () => {
  const visitorA = 'dddddddd-0000-4000-8000-00000000000a';
  const visitorB = 'dddddddd-0000-4000-8000-00000000000b';

  /** Two check-ins and a check-out made offline, a minute apart, through the one gate path. */
  async function queueThree() {
    const first = await moveOffline({ action: 'check-in', subject: { id: visitorA, name: 'Ann', houseNumber: 'A-101' } }, new Date('2026-11-22T09:00:00.000Z'));
    const second = await moveOffline({ action: 'check-in', subject: { id: visitorB, name: 'Bob', houseNumber: 'A-102' } }, new Date('2026-11-22T09:01:00.000Z'));
    const third = await moveOffline({ action: 'check-out', subject: { id: visitorA, name: 'Ann', houseNumber: 'A-101' } }, new Date('2026-11-22T09:02:00.000Z'));
    return [first, second, third];
  }

  /** The server refuses the check-ins of `visitorId` with `message`, accepts every other move. */
  const refusing = (visitorId: string, message: string): Resolver => (input: { visitorId: string }) => {
    if (input.visitorId === visitorId) throw trpcError(409, message);
    return accepted(input, undefined as never);
  };

  /**
   * Every attempt to send a move, answered or not; the attempts `noAnswer` names (1-based)
   * get no answer at all, the others go on to the tRPC mock installed before.
   */
  function dropMoves(noAnswer: (attempt: number) => boolean) {
    const attempts: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post('*/trpc/:path', async ({ request, params }) => {
        if (!String(params.path).startsWith('visitors.check') || new URL(request.url).searchParams.has('batch')) return undefined;
        attempts.push({ key: request.headers.get('idempotency-key'), body: await request.clone().json() });
        return noAnswer(attempts.length) ? HttpResponse.error() : undefined;
      }),
    );
    return attempts;
  }

  it('is sent in order with each key and instant when the link returns, and emptied', async () => {
    const queued = await queueThree();
    expect(gateSnapshot().waiting).toBe(3);
    expect(gateSnapshot().queued).toEqual(queued);
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'visitors.settings': () => SETTINGS,
      'visitors.checkIn': accepted,
      'visitors.checkOut': accepted,
    });
    const { unmount } = renderApp('/guard/dashboard', { user: guard });
    expect(await screen.findByText('3 entries waiting')).toBeInTheDocument();
    expect(movesIn(calls)).toEqual([]);

    setBrowserOnline(true);

    await waitFor(() => expect(movesIn(calls)).toHaveLength(3));
    expect(movesIn(calls)).toEqual([
      { path: 'visitors.checkIn', key: queued[0]!.key, body: { visitorId: visitorA, occurredAt: '2026-11-22T09:00:00.000Z' } },
      { path: 'visitors.checkIn', key: queued[1]!.key, body: { visitorId: visitorB, occurredAt: '2026-11-22T09:01:00.000Z' } },
      { path: 'visitors.checkOut', key: queued[2]!.key, body: { visitorId: visitorA, occurredAt: '2026-11-22T09:02:00.000Z' } },
    ]);
    expect(new Set(queued.map((move) => move.key)).size).toBe(3);
    await waitFor(() => expect(screen.queryByText(/\d+ (entry|entries) waiting/)).not.toBeInTheDocument());
    expect(await readQueue()).toEqual([]);
    // Then the pack learns what the server made of them.
    await waitFor(() => expect(callsTo(calls, 'visitors.settings').length).toBeGreaterThanOrEqual(2), { timeout: 3_000 });
    // Signed out of the shell, with no refresh left running for the next test's handlers.
    unmount();
    await syncPack(newClient());
    expect(movesIn(calls)).toHaveLength(3);
  });

  it('after a failure with no answer, keeps the order and sends the same key again', async () => {
    const queued = await queueThree();
    setBrowserOnline(true);
    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'visitors.checkOut': accepted });
    // The first attempt of the second entry reaches the server, its answer is lost.
    const sent = dropMoves((attempt) => attempt === 2);

    await replayQueue();
    expect(sent.map((move) => move.key)).toEqual([queued[0]!.key, queued[1]!.key]);
    expect((await readQueue()).map((move) => move.key)).toEqual([queued[1]!.key, queued[2]!.key]);

    await replayQueue();
    expect(sent.map((move) => move.key)).toEqual([queued[0]!.key, queued[1]!.key, queued[1]!.key, queued[2]!.key]);
    expect(sent[2]!.body).toEqual(sent[1]!.body);
    expect(await readQueue()).toEqual([]);
    // Each done by the server once.
    expect(movesIn(calls).map((move) => move.key)).toEqual(queued.map((move) => move.key));
  });

  it('puts a refused entry on Needs review with the server’s words, and goes on with the next', async () => {
    const queued = await queueThree();
    setBrowserOnline(true);
    const refusal = 'Visitor cannot be checked in: status is cancelled';
    const calls = mockTrpc({
      'visitors.checkIn': refusing(visitorB, refusal),
      'visitors.checkOut': accepted,
      'gate.createReview': () => ({ id: 'r1' }),
    });

    await replayQueue();

    expect(movesIn(calls)).toHaveLength(3);
    expect(callsTo(calls, 'gate.createReview').map((call) => ({ body: call.input, key: call.idempotencyKey }))).toEqual([
      {
        body: { visitorId: visitorB, action: 'check-in', occurredAt: '2026-11-22T09:01:00.000Z', message: refusal, idempotencyKey: queued[1]!.key },
        key: `review-${queued[1]!.key}`,
      },
    ]);
    expect(await readQueue()).toEqual([]);
  });

  it('puts a refused recurring pass entry on Needs review under the pass id, once', async () => {
    const passId = 'eeeeeeee-0000-4000-8000-00000000000a';
    const queued = await moveOffline({ action: 'check-in', subject: { id: passId, name: 'Maria Helper', houseNumber: 'A-101' } }, new Date('2026-11-22T09:00:00.000Z'));
    setBrowserOnline(true);
    const refusal = 'Pass cannot be checked in: status is paused';
    const calls = mockTrpc({ 'visitors.checkIn': refusing(passId, refusal), 'gate.createReview': () => ({ id: 'r2' }) });

    await replayQueue();

    // The server names the pass by the id the move was replayed with: no unnamed retry.
    expect(movesIn(calls)).toHaveLength(1);
    expect(callsTo(calls, 'gate.createReview').map((call) => ({ body: call.input, key: call.idempotencyKey }))).toEqual([
      {
        body: { visitorId: passId, action: 'check-in', occurredAt: '2026-11-22T09:00:00.000Z', message: refusal, idempotencyKey: queued.key },
        key: `review-${queued.key}`,
      },
    ]);
    expect(await readQueue()).toEqual([]);
  });

  it('keeps a refused entry while Needs review cannot be reached, and tries again later', async () => {
    const queued = await queueThree();
    setBrowserOnline(true);
    const calls = mockTrpc({ 'visitors.checkIn': refusing(visitorB, 'Refused'), 'visitors.checkOut': accepted, 'gate.createReview': () => ({ id: 'r3' }) });
    server.use(http.post('*/trpc/gate.createReview', () => HttpResponse.error()));

    await replayQueue();

    expect((await readQueue()).map((move) => move.visitorId)).toEqual([visitorB, visitorA]);
    expect(movesIn(calls).map((move) => move.key)).toEqual([queued[0]!.key, queued[1]!.key]);

    // Needs review answers again: the kept entry goes there, under the same keys, then the rest is sent.
    server.resetHandlers();
    const later = mockTrpc({ 'visitors.checkIn': refusing(visitorB, 'Refused'), 'visitors.checkOut': accepted, 'gate.createReview': () => ({ id: 'r3' }) });
    await replayQueue();

    expect(callsTo(later, 'gate.createReview').map((call) => [call.input.idempotencyKey, call.idempotencyKey])).toEqual([[queued[1]!.key, `review-${queued[1]!.key}`]]);
    expect(movesIn(later).map((move) => move.key)).toEqual([queued[1]!.key, queued[2]!.key]);
    expect(await readQueue()).toEqual([]);
  });
});

describe('logout (docs/gate.md#logging-out-of-a-gate-tablet)', () => {
  it('forgets the pack and the queue of this tablet', async () => {
    await storePack([packItem()]);
    await moveOffline({ action: 'check-in', subject: { id: 'dddddddd-0000-4000-8000-00000000000c', name: 'Cy', houseNumber: 'A-101' } });
    expect(gateSnapshot().waiting).toBe(1);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'auth.logout': () => ({}), 'visitors.settings': () => SETTINGS });
    const { user } = renderApp('/profile', { user: guard });

    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(await readPack()).toBeNull();
    expect(await readQueue()).toEqual([]);
    expect(await readSettings()).toBeNull();
    expect(gateSnapshot()).toEqual({ syncedAt: null, waiting: 0, queued: [] });
  });
});

describe('the banner (docs/gate.md#installing-the-app)', () => {
  it('keeps its old words for a resident, who has nothing to save offline', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.myInvitationSummaries': () => ({ items: [], total: 0 }) });
    setBrowserOnline(false);
    renderApp('/dashboard', { user: resident });

    expect(await screen.findByText('You are offline. Nothing can be saved until the connection returns.')).toBeInTheDocument();
    expect(screen.queryByText(GATE_OFFLINE_BANNER)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'visitors.myInvitationSummaries')).toHaveLength(1));
  });
});

describe('Needs review (docs/gate.md#recording-moves-offline)', () => {
  /** A refused entry as the server lists it (`gate.listReviews`). */
  const reviewBase = {
    code: null,
    details: null,
    status: 'open',
    idempotencyKey: null,
    createdBy: { id: 'g1', name: 'Gus Guard' },
    createdAt: '2026-11-22T09:06:00.000Z',
    closedBy: null,
    closedAt: null,
    note: null,
  };
  const review = {
    ...reviewBase,
    id: 'eeeeeeee-0000-4000-8000-000000000001',
    visitor: { id: 'dddddddd-0000-4000-8000-00000000000b', name: 'Bob Late', house: { id: 'h1', houseNumber: '101', block: 'A' } },
    target: 'visitor',
    action: 'check-in',
    occurredAt: '2026-11-22T09:05:00.000Z',
    message: 'Visitor cannot be checked in: status is cancelled',
  };

  /** A recurring pass's refused entry as the server sends it: the holder under the pass id, `target: "pass"`. */
  const passReview = {
    id: 'eeeeeeee-0000-4000-8000-000000000002',
    visitor: { id: 'ffffffff-0000-4000-8000-00000000000a', name: 'Maria Helper', house: { id: 'h1', houseNumber: '101', block: 'A' } },
    target: 'pass',
    action: 'check-in',
    occurredAt: '2026-11-22T09:10:00.000Z',
    message: 'Pass cannot be checked in: status is paused',
    ...reviewBase,
  };

  /** Serves the open reviews until dismissed or recorded: the tRPC resolvers, and the calls made. */
  function serveReviews(reviews: object[] = [review]) {
    let open = reviews;
    const calls: { path: string; body: unknown }[] = [];
    const resolvers = {
      'gate.listReviews': () => ({ items: open, total: open.length }),
      'gate.dismissReview': (input: { id: string }) => {
        calls.push({ path: `${input.id}/dismiss`, body: {} });
        open = [];
        return { ...review, status: 'dismissed' };
      },
      'gate.recordReview': (input: { id: string; note: string }) => {
        calls.push({ path: `${input.id}/record`, body: { note: input.note } });
        open = [];
        return { ...review, status: 'recorded', note: input.note };
      },
    };
    return { calls, resolvers };
  }

  it('lists an open review on the guard dashboard with the server’s words, and dismisses it', async () => {
    const { calls, resolvers } = serveReviews();
    mockTrpc({
      ...resolvers,
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'visitors.settings': () => SETTINGS,
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    const list = await screen.findByRole('list', { name: 'Entries needing review' });
    expect(screen.getByRole('heading', { name: /Needs review/ })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Bob Late' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Bob Late' })).toHaveAttribute('href', `/visitors/${review.visitor.id}`);
    expect(within(list).getByText(/^Check-in: Nov 22, 2026 at 9:05 AM/)).toBeInTheDocument();
    expect(within(list).getByText(review.message)).toBeInTheDocument();
    // Only an admin records an entry.
    expect(within(list).queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Dismiss the review of Bob Late' }));

    expect(await screen.findByText('Review dismissed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Entries needing review' })).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: `${review.id}/dismiss`, body: {} }]);
  });

  it('lets an admin record the entry with a note, from the admin dashboard', async () => {
    const { calls, resolvers } = serveReviews();
    mockTrpc({
      ...resolvers,
      'auth.me': () => ({ user: admin }),
      'houses.list': () => ({ items: [], total: 0 }),
      'vehicles.list': () => ({ items: [], total: 0 }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/dashboard', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Record the entry of Bob Late' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record entry' });
    expect(dialog).toHaveAccessibleDescription(/^Bob Late did pass the gate \(Check-in: Nov 22, 2026 at 9:05 AM/);
    await user.click(within(dialog).getByRole('button', { name: 'Record entry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a note');
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Note'), 'Let in by Sam: the resident confirmed by phone.');
    await user.click(within(dialog).getByRole('button', { name: 'Record entry' }));

    expect(await screen.findByText('Entry recorded')).toBeInTheDocument();
    expect(calls).toEqual([{ path: `${review.id}/record`, body: { note: 'Let in by Sam: the resident confirmed by phone.' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names a recurring pass’s holder and links an admin to the pass', async () => {
    const { resolvers } = serveReviews([passReview]);
    mockTrpc({
      ...resolvers,
      'auth.me': () => ({ user: admin }),
      'houses.list': () => ({ items: [], total: 0 }),
      'vehicles.list': () => ({ items: [], total: 0 }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
    });
    renderApp('/dashboard', { user: admin });

    const list = await screen.findByRole('list', { name: 'Entries needing review' });
    expect(within(list).getByRole('heading', { name: 'Maria Helper' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Maria Helper' })).toHaveAttribute('href', `/passes/${passReview.visitor.id}`);
    expect(within(list).getByText('Recurring pass')).toBeInTheDocument();
    expect(within(list).queryByText('Unknown visitor')).not.toBeInTheDocument();
    expect(within(list).getByText(passReview.message)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Record the entry of Maria Helper' })).toBeInTheDocument();
  });

  it('names a recurring pass’s holder to a guard, without a link to a page guards cannot open', async () => {
    const { resolvers } = serveReviews([passReview]);
    mockTrpc({
      ...resolvers,
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'visitors.settings': () => SETTINGS,
    });
    renderApp('/guard/dashboard', { user: guard });

    const list = await screen.findByRole('list', { name: 'Entries needing review' });
    expect(within(list).getByRole('heading', { name: 'Maria Helper' })).toBeInTheDocument();
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).getByText('Recurring pass')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Dismiss the review of Maria Helper' })).toBeInTheDocument();
  });
});
