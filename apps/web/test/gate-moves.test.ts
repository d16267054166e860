/**
 * The one path of every gate move (lib/gate-moves.ts), over the typed tRPC client: a move is
 * written to the tablet's queue, sent at once under its Idempotency-Key when the link is up
 * and nothing older waits, and the screen hears within the budget whether it was done,
 * refused, or saved on the tablet; what was saved is sent later, in order, under the key and
 * instant it was made with, also after a reload; a refusal heard after "saved" lands on
 * Needs review.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppError } from '../src/lib/errors';
import {
  cancelReplayRetry,
  isRetryableFailure,
  onGateReplay,
  performGateMove,
  replayQueue,
  type GateMoveOutcome,
  type GateMoveRequest,
} from '../src/lib/gate-moves';
import { clearGateData, gateSnapshot, readQueue, resetGateStore, type QueuedMove } from '../src/lib/gate-store';
import { createTransportClient } from '../src/lib/trpc';
import { server } from './msw-server';
import { callsTo, mockTrpc, trpcError, type Resolver } from './trpc-mock';
import { installFakeIndexedDB } from './fake-indexeddb';

installFakeIndexedDB();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const IN_PROGRESS = 'A request with this Idempotency-Key is in progress';
const CANCELLED = 'Visitor cannot be checked in: status is cancelled';

const ANN = { id: 'dddddddd-0000-4000-8000-00000000000a', name: 'Ann', houseNumber: 'A-101' };
const BOB = { id: 'dddddddd-0000-4000-8000-00000000000b', name: 'Bob', houseNumber: 'A-102' };

const checkInOf = (subject: typeof ANN): GateMoveRequest => ({ action: 'check-in', subject });
const checkOutOf = (subject: typeof ANN): GateMoveRequest => ({ action: 'check-out', subject });

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));

const newClient = () => createTransportClient({ url: 'http://localhost/trpc' });

/** What the server answers an accepted move: the visitor, moved. */
const accepted: Resolver = (input: { visitorId: string }) => ({ id: input.visitorId, status: 'checked-in' });

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` passes (every 10 ms, at most `timeout` ms). */
const until = (check: () => unknown, timeout = 3_000) => vi.waitFor(check, { timeout, interval: 10 });

interface Attempt {
  path: string;
  key: string | null;
  body: unknown;
}

/**
 * Every attempt to send a move, whether it reached the server or not; `noAnswer(attempt)`
 * (1-based) says which get no answer at all (the network drops them). The others go on to
 * the tRPC mock installed before.
 */
function dropMoves(noAnswer: (attempt: number) => boolean): Attempt[] {
  const attempts: Attempt[] = [];
  server.use(
    http.post('*/trpc/:path', async ({ request, params }) => {
      const path = String(params.path);
      if (!path.startsWith('visitors.check') || new URL(request.url).searchParams.has('batch')) return undefined;
      attempts.push({ path, key: request.headers.get('idempotency-key'), body: await request.clone().json() });
      return noAnswer(attempts.length) ? HttpResponse.error() : undefined;
    }),
  );
  return attempts;
}

const moveCalls = (calls: ReturnType<typeof mockTrpc>) => calls.filter((call) => call.path.startsWith('visitors.check'));

beforeEach(async () => {
  await clearGateData();
});

afterEach(async () => {
  cancelReplayRetry();
  // No replay of this test may still run into the next one's handlers.
  await replayQueue().catch(() => {});
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('a move while the server answers', () => {
  it('is sent at once under an Idempotency-Key with its instant, answered done, and leaves nothing queued', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted });

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });

    expect(outcome).toEqual({ kind: 'done', answer: { id: ANN.id, status: 'checked-in' } });
    expect(calls.map(({ path, input }) => ({ path, input }))).toEqual([
      { path: 'visitors.checkIn', input: { visitorId: ANN.id, occurredAt: '2026-11-22T09:00:00.000Z' } },
    ]);
    expect(calls[0]!.idempotencyKey).toMatch(UUID);
    await until(async () => expect(await readQueue()).toEqual([]));
    expect(gateSnapshot().waiting).toBe(0);
  });

  it('sends a check-out as visitors.checkOut, each move under a key of its own', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'visitors.checkOut': accepted });

    await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    expect((await performGateMove(newClient(), checkOutOf(ANN), { now: at(5) })).kind).toBe('done');

    expect(calls.map(({ path, input }) => [path, input.occurredAt])).toEqual([
      ['visitors.checkIn', '2026-11-22T09:00:00.000Z'],
      ['visitors.checkOut', '2026-11-22T09:05:00.000Z'],
    ]);
    expect(calls[0]!.idempotencyKey).not.toBe(calls[1]!.idempotencyKey);
  });

  it('says the server’s refusal within the budget, keeps nothing and puts nothing on Needs review', async () => {
    const calls = mockTrpc({
      'visitors.checkIn': () => {
        throw trpcError(409, CANCELLED);
      },
    });

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });

    expect(outcome.kind).toBe('refused');
    expect((outcome as Extract<GateMoveOutcome, { kind: 'refused' }>).error).toMatchObject({ message: CANCELLED });
    await until(async () => expect(await readQueue()).toEqual([]));
    // Nothing left for a replay to send again or hand to Needs review.
    await replayQueue();
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(1);
    expect(callsTo(calls, 'gate.createReview')).toEqual([]);
    expect(gateSnapshot().waiting).toBe(0);
  });
});

describe('a move the server does not answer within the budget', () => {
  it('is said saved, and when the server then refuses it the replay puts it on Needs review under review-<key>', async () => {
    let attempt = 0;
    const calls = mockTrpc({
      'visitors.checkIn': async () => {
        attempt += 1;
        // The first answer comes long after the screen stopped waiting.
        if (attempt === 1) await wait(200);
        throw trpcError(409, CANCELLED);
      },
      'gate.createReview': () => ({ id: 'r1' }),
    });
    const replayed: [string, string][] = [];
    const stop = onGateReplay((outcome, move) => replayed.push([outcome, move.key]));

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0), budgetMs: 50 });

    // Had the screen waited for the answer, it would say refused.
    expect(outcome.kind).toBe('saved');
    const move = (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move;
    expect(move).toMatchObject({ action: 'check-in', visitorId: ANN.id, occurredAt: '2026-11-22T09:00:00.000Z' });
    expect(await readQueue()).toEqual([move]);
    expect(callsTo(calls, 'gate.createReview')).toEqual([]);

    await until(() => expect(callsTo(calls, 'gate.createReview')).toHaveLength(1));
    const [review] = callsTo(calls, 'gate.createReview');
    expect(review!.input).toEqual({ visitorId: ANN.id, action: 'check-in', occurredAt: '2026-11-22T09:00:00.000Z', message: CANCELLED, idempotencyKey: move.key });
    expect(review!.idempotencyKey).toBe(`review-${move.key}`);
    await until(async () => expect(await readQueue()).toEqual([]));
    expect(replayed).toEqual([['refused', move.key]]);
    // Any sending again is under the same key and body (the server answers its kept refusal).
    const sent = callsTo(calls, 'visitors.checkIn');
    expect(sent.every((call) => call.idempotencyKey === move.key && JSON.stringify(call.input) === JSON.stringify(sent[0]!.input))).toBe(true);
    stop();
  });

  it('is said saved, and when the server then accepts it, it is not sent again', async () => {
    const calls = mockTrpc({
      'visitors.checkIn': async (input: { visitorId: string }) => {
        await wait(200);
        return accepted(input, undefined as never);
      },
    });

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0), budgetMs: 50 });
    expect(outcome.kind).toBe('saved');
    expect(gateSnapshot().waiting).toBe(1);

    // The replay the "saved" started waits for the request still running instead of sending it again.
    await until(async () => expect(await readQueue()).toEqual([]));
    await replayQueue();
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(1);
    expect(callsTo(calls, 'gate.createReview')).toEqual([]);
    expect(gateSnapshot().waiting).toBe(0);
  });
});

describe('a move that gets no answer at all', () => {
  it('is said saved, kept in the queue, and sent again later with the same key and body, accepted once', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted });
    let linkUp = false;
    const attempts = dropMoves(() => !linkUp);

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });

    expect(outcome.kind).toBe('saved');
    const move = (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move;
    // Any replay tried while the link is down fails too, and the entry stays.
    await replayQueue();
    expect(await readQueue()).toEqual([move]);
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(moveCalls(calls)).toEqual([]);

    linkUp = true;
    await replayQueue();

    expect(await readQueue()).toEqual([]);
    expect(moveCalls(calls)).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(move.key);
    expect(calls[0]!.input).toEqual({ visitorId: ANN.id, occurredAt: '2026-11-22T09:00:00.000Z' });
    expect(new Set(attempts.map((attempt) => attempt.key))).toEqual(new Set([move.key]));
    expect(attempts.every((attempt) => JSON.stringify(attempt.body) === JSON.stringify(attempts[0]!.body))).toBe(true);

    // Nothing left to send: another replay sends nothing.
    await replayQueue();
    expect(moveCalls(calls)).toHaveLength(1);
  });

  it('is sent again by itself after the retry wait, not before, under the same key', async () => {
    // Only the clocks of timers are faked: IndexedDB and msw go on by themselves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const calls = mockTrpc({ 'visitors.checkIn': accepted });
    let linkUp = false;
    const attempts = dropMoves(() => !linkUp);
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const ticks = async (check: () => unknown) => {
      for (let count = 0; ; count += 1) {
        try {
          return await check();
        } catch (error) {
          if (count > 1_000) throw error;
          await tick();
        }
      }
    };

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    expect(outcome.kind).toBe('saved');
    // Sent at once (and perhaps once more by a replay right after): unanswered.
    await ticks(() => expect(attempts.length).toBeGreaterThanOrEqual(1));
    for (let count = 0; count < 200; count += 1) await tick();
    const tried = attempts.length;
    linkUp = true;

    await vi.advanceTimersByTimeAsync(4_000);
    // Whatever those 4 seconds started has time to reach the server.
    for (let count = 0; count < 200; count += 1) await tick();
    expect(attempts).toHaveLength(tried);
    expect((await readQueue()).map((move) => move.key)).toEqual([attempts[0]!.key]);
    // The retry comes within the longest wait (a minute).
    await vi.advanceTimersByTimeAsync(56_000);
    await ticks(async () => expect(await readQueue()).toEqual([]));

    expect(moveCalls(calls)).toHaveLength(1);
    expect(new Set(attempts.map((attempt) => attempt.key))).toEqual(new Set([calls[0]!.idempotencyKey]));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(moveCalls(calls)).toHaveLength(1);
  });

  it('treats the same key still in progress as no answer yet: saved, and sent again under that key', async () => {
    let attempt = 0;
    const calls = mockTrpc({
      'visitors.checkIn': (input: { visitorId: string }) => {
        attempt += 1;
        if (attempt === 1) throw trpcError(409, IN_PROGRESS);
        return accepted(input, undefined as never);
      },
      'gate.createReview': () => ({ id: 'r1' }),
    });

    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });

    expect(outcome.kind).toBe('saved');
    await until(async () => expect(await readQueue()).toEqual([]));
    const sent = callsTo(calls, 'visitors.checkIn');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(callsTo(calls, 'gate.createReview')).toEqual([]);
  });
});

describe('a refusal on replay', () => {
  /** The server refuses every check-in as its tRPC error shape does: the English words, the stable code, the values. */
  function refuseCheckIns(data: { errorCode?: string; details?: unknown }) {
    server.use(
      http.post('*/trpc/visitors.checkIn', () =>
        HttpResponse.json(
          { error: { message: CANCELLED, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path: 'visitors.checkIn', ...data } } },
          { status: 409 },
        ),
      ),
    );
  }

  it('goes to Needs review with the refusal’s code and values, for each reader’s language', async () => {
    const calls = mockTrpc({ 'gate.createReview': () => ({ id: 'r1' }) });
    refuseCheckIns({ errorCode: 'INVALID_TRANSITION', details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' } });
    setBrowserOnline(false);
    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    const move = (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move;
    setBrowserOnline(true);

    await replayQueue();

    expect(callsTo(calls, 'gate.createReview').map((call) => [call.input, call.idempotencyKey])).toEqual([
      [
        {
          visitorId: ANN.id,
          action: 'check-in',
          occurredAt: '2026-11-22T09:00:00.000Z',
          message: CANCELLED,
          idempotencyKey: move.key,
          code: 'INVALID_TRANSITION',
          details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' },
        },
        `review-${move.key}`,
      ],
    ]);
    expect(await readQueue()).toEqual([]);
  });

  it('leaves out a code or values Needs review would not take, and still hands the entry over', async () => {
    const calls = mockTrpc({ 'gate.createReview': () => ({ id: 'r1' }) });
    refuseCheckIns({ errorCode: 'NOT_A_KNOWN_CODE', details: { reason: 'no-such-reason' } });
    setBrowserOnline(false);
    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    const move = (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move;
    setBrowserOnline(true);

    await replayQueue();

    expect(callsTo(calls, 'gate.createReview').map((call) => call.input)).toEqual([
      { visitorId: ANN.id, action: 'check-in', occurredAt: '2026-11-22T09:00:00.000Z', message: CANCELLED, idempotencyKey: move.key },
    ]);
    expect(await readQueue()).toEqual([]);
  });
});

describe('a move while the tablet is offline, or behind older entries', () => {
  it('offline, is said saved at once without any request', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted });
    setBrowserOnline(false);

    const started = Date.now();
    const outcome = await performGateMove(newClient(), checkInOf(ANN), { now: at(0), budgetMs: 10_000 });

    expect(Date.now() - started).toBeLessThan(1_000);
    expect(outcome.kind).toBe('saved');
    const move = (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move;
    expect(move).toMatchObject({ action: 'check-in', visitorId: ANN.id, name: 'Ann', houseNumber: 'A-101', occurredAt: '2026-11-22T09:00:00.000Z' });
    expect(move.key).toMatch(UUID);
    expect(move.gate).toBeUndefined();
    expect(await readQueue()).toEqual([move]);
    expect(gateSnapshot()).toMatchObject({ waiting: 1, queued: [move] });
    // Offline, no replay either.
    await replayQueue();
    expect(calls).toEqual([]);
  });

  it('with an older entry waiting, is queued behind it and sent after it, in order', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'visitors.checkOut': accepted });
    setBrowserOnline(false);
    const older = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    expect(older.kind).toBe('saved');
    setBrowserOnline(true);
    // Nothing has sent the older entry yet (no gate sync runs here).
    expect(calls).toEqual([]);

    const newer = await performGateMove(newClient(), checkOutOf(BOB), { now: at(1) });

    expect(newer.kind).toBe('saved');
    await until(async () => expect(await readQueue()).toEqual([]));
    const keys = [older, newer].map((outcome) => (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move.key);
    expect(moveCalls(calls).map((call) => [call.path, call.input.visitorId, call.input.occurredAt, call.idempotencyKey])).toEqual([
      ['visitors.checkIn', ANN.id, '2026-11-22T09:00:00.000Z', keys[0]],
      ['visitors.checkOut', BOB.id, '2026-11-22T09:01:00.000Z', keys[1]],
    ]);
  });
});

describe('the same move asked for twice (a scanner’s double read)', () => {
  it('online, the second read joins the first: one request, the same answer, nothing saved or on Needs review', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'gate.createReview': () => ({ id: 'review' }) });

    const [first, second] = await Promise.all([
      performGateMove(newClient(), checkInOf(ANN), { now: at(0) }),
      performGateMove(newClient(), checkInOf(ANN), { now: at(0) }),
    ]);

    expect(first).toEqual({ kind: 'done', answer: { id: ANN.id, status: 'checked-in' } });
    expect(second).toEqual(first);
    expect(moveCalls(calls)).toHaveLength(1);
    await until(async () => expect(await readQueue()).toEqual([]));
    expect(calls.filter((call) => call.path === 'gate.createReview')).toEqual([]);
  });

  it('offline, the second read is the entry already waiting: one entry, sent once', async () => {
    const calls = mockTrpc({ 'visitors.checkIn': accepted });
    setBrowserOnline(false);

    const first = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    const second = await performGateMove(newClient(), checkInOf(ANN), { now: at(1) });
    const other = await performGateMove(newClient(), checkOutOf(ANN), { now: at(2) });

    expect(second).toEqual(first);
    expect(other.kind).toBe('saved');
    // In, out, and in again: a new move, not the first check-in.
    const again = await performGateMove(newClient(), checkInOf(ANN), { now: at(3) });
    expect(again.kind).toBe('saved');
    expect(again).not.toEqual(first);
    expect((await readQueue()).map((move) => move.action)).toEqual(['check-in', 'check-out', 'check-in']);
    setBrowserOnline(true);
    await replayQueue();
    await until(async () => expect(await readQueue()).toEqual([]));
    expect(moveCalls(calls).map((call) => call.path)).toEqual(['visitors.checkIn', 'visitors.checkOut', 'visitors.checkIn']);
  });
});

describe('the queue after a reload', () => {
  it('is kept on the device and sent, in order and once each, when the gate sync starts again', async () => {
    setBrowserOnline(false);
    const first = await performGateMove(newClient(), checkInOf(ANN), { now: at(0) });
    const second = await performGateMove(newClient(), checkInOf(BOB), { now: at(1) });
    const queued = [first, second].map((outcome) => (outcome as Extract<GateMoveOutcome, { kind: 'saved' }>).move);
    expect(await readQueue()).toEqual(queued);

    // The page reloads: every module starts again with nothing in memory; IndexedDB stays.
    resetGateStore();
    vi.resetModules();
    const store = await import('../src/lib/gate-store');
    const sync = await import('../src/lib/gate-sync');
    const transport = await import('../src/lib/trpc');
    expect(store.gateSnapshot()).toEqual({ syncedAt: null, waiting: 0, queued: [] });
    setBrowserOnline(true);
    const calls = mockTrpc({ 'visitors.checkIn': accepted, 'visitors.settings': () => ({ timeZone: 'UTC', earlyCheckinMinutes: 0 }) });
    const client = transport.createTransportClient({ url: 'http://localhost/trpc' });

    const loadSettings = () => client.visitors.settings.query();
    const stop = sync.startGateSync(client, loadSettings);
    try {
      await until(async () => expect(await store.readQueue()).toEqual([]));
      // The pack is refreshed after the queue drained (a second sync, a second or so later):
      // by then any second sending would have happened.
      await until(() => expect(callsTo(calls, 'visitors.settings').length).toBeGreaterThanOrEqual(2), 4_000);
    } finally {
      stop();
      // A sync still running ends against this test's handlers.
      await sync.syncPack(client, loadSettings);
    }
    expect(moveCalls(calls).map((call) => [call.input.visitorId, call.input.occurredAt, call.idempotencyKey])).toEqual(
      queued.map((move) => [move.visitorId, move.occurredAt, move.key]),
    );
    expect(store.gateSnapshot().waiting).toBe(0);
    await store.clearGateData();
  });
});

describe('isRetryableFailure', () => {
  it.each([
    ['no answer (0)', new AppError('Network error', 0), true],
    ['a time-out (408)', new AppError('Request timeout', 408), true],
    ['too many requests (429)', new AppError('Too many requests', 429), true],
    ['a server error (500)', new AppError('Internal server error', 500), true],
    ['a gateway’s 502', new AppError('An error occurred', 502), true],
    ['a gateway’s 503', new AppError('An error occurred', 503), true],
    ['the same key in progress (409)', new AppError(IN_PROGRESS, 409), true],
    ['another conflict (409)', new AppError(CANCELLED, 409), false],
    ['bad input (400)', new AppError('Unknown gate', 400), false],
    ['an unknown visitor (404)', new AppError('Visitor not found', 404), false],
    ['a reused key (422)', new AppError('Idempotency-Key reused with a different request', 422), false],
  ])('%s: %s', (_name, error, retryable) => {
    expect(isRetryableFailure(error)).toBe(retryable);
  });

  it('reads the tRPC client’s errors as the server sent them', async () => {
    const client = newClient();
    const answers: Record<string, () => never> = {
      'visitors.checkIn': () => {
        throw trpcError(409, IN_PROGRESS);
      },
      'visitors.checkOut': () => {
        throw trpcError(409, CANCELLED);
      },
    };
    mockTrpc(answers);
    const move = (action: QueuedMove['action']) =>
      (action === 'check-in' ? client.visitors.checkIn : client.visitors.checkOut).mutate({ visitorId: ANN.id }, { context: { idempotencyKey: crypto.randomUUID() } });

    expect(isRetryableFailure(await move('check-in').catch((error: unknown) => error))).toBe(true);
    expect(isRetryableFailure(await move('check-out').catch((error: unknown) => error))).toBe(false);
    server.use(http.post('*/trpc/visitors.checkIn', () => HttpResponse.error()));
    expect(isRetryableFailure(await move('check-in').catch((error: unknown) => error))).toBe(true);
  });
});
