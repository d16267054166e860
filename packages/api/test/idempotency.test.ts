/**
 * Idempotency keys (docs/gate.md#recording-moves-offline), the service on both databases: the first
 * request
 * with a key does the work and its answer is kept; a repeat gets it again without the work;
 * a repeat while the first runs waits for it, or gets 409 when it does not finish in time;
 * another body is 422; a 5xx (or a failure) is not kept; keys are per user; a day later a
 * key is new again; old keys are purged; a kept answer is given only under the access it was
 * made with.
 */
import { IdempotencyKey } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import {
  idempotencyKeyOf,
  purgeIdempotencyKeys,
  requestFingerprint,
  withIdempotencyKey,
  callerAccess,
  type IdempotentRequest,
  type StoredAnswer,
} from '../src/services/idempotency';
import { createHarness, type Harness } from './support';

const legs = await databaseLegs();

/** A promise to settle by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('expected a refusal');
}

describe('Idempotency-Key values and bodies', () => {
  it('takes 1 to 100 printable ASCII characters, else 400 with the documented words', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf('3f2c9a2e-6a1b-4f0e-9a53-8f1b2f6c1d70')).toBe('3f2c9a2e-6a1b-4f0e-9a53-8f1b2f6c1d70');
    expect(idempotencyKeyOf('x'.repeat(100))).toBe('x'.repeat(100));
    expect(idempotencyKeyOf('queue entry #7 ~!')).toBe('queue entry #7 ~!');
    for (const bad of ['', 'x'.repeat(101), 'clé', 'tab\there', 'nul\u0000', 'line\nbreak']) {
      expect(describeError(captured(() => idempotencyKeyOf(bad))), JSON.stringify(bad)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Idempotency-Key must be 1 to 100 printable characters',
      });
    }
  });

  it('compares bodies as parsed JSON: key order does not matter, values do', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(requestFingerprint({ b: { d: 'x', c: [1, 2] }, a: 1.0 }));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: '1' }));
    expect(requestFingerprint({ a: [1, 2] })).not.toBe(requestFingerprint({ a: [2, 1] }));
    expect(requestFingerprint(undefined)).toBe(requestFingerprint(null));
    expect(requestFingerprint({})).not.toBe(requestFingerprint(undefined));
  });
});

function captured(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe.each(legs)('idempotency keys on $name', (leg) => {
  let h: Harness;
  let test: TestDatabase;
  let users: { a: string; b: string };
  let counter = 0;
  const fresh = () => `key-${(counter += 1)}`;
  const request = (overrides: Partial<IdempotentRequest> = {}): IdempotentRequest => ({
    userId: users.a,
    caller: '',
    key: 'unset',
    method: 'POST',
    path: '/api/visitors/checkin-qr',
    body: { visitorId: 'v1' },
    access: 'guard',
    ...overrides,
  });
  const clock = () => h.now;
  /** Work that counts its runs and answers `answer`. */
  const counted = (answer: StoredAnswer) => {
    const runs = { count: 0 };
    return { runs, work: async () => ((runs.count += 1), answer) };
  };

  beforeAll(async () => {
    h = await createHarness(leg);
    test = h.test;
    const community = await h.community();
    users = { a: community.guard.id, b: community.admin.id };
  });
  afterAll(() => h?.close());

  it('does the work once: a repeat gets the first answer, 4xx included', async () => {
    for (const answer of [
      { status: 200, body: '{"success":true,"data":{"id":"v1"},"error":null}' },
      { status: 409, body: '{"success":false,"data":null,"error":"Visitor cannot be checked in: status is checked-in","code":"INVALID_TRANSITION"}' },
    ]) {
      const key = fresh();
      const { runs, work } = counted(answer);
      await expect(withIdempotencyKey(test.db, request({ key }), clock, work)).resolves.toEqual({ ...answer, replayed: false });
      await expect(withIdempotencyKey(test.db, request({ key, body: { visitorId: 'v1' } }), clock, work)).resolves.toEqual({ ...answer, replayed: true });
      await expect(withIdempotencyKey(test.db, request({ key }), clock, work)).resolves.toEqual({ ...answer, replayed: true });
      expect(runs.count).toBe(1);
    }
  });

  it('refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = fresh();
    const { runs, work } = counted({ status: 200, body: '{}' });
    await withIdempotencyKey(test.db, request({ key }), clock, work);
    expect(await refusal(withIdempotencyKey(test.db, request({ key, body: { visitorId: 'v2' } }), clock, work))).toEqual({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key reused with a different request',
    });
    expect(runs.count).toBe(1);
  });

  it('keeps keys apart by user, caller (sessions or one API token), method and path', async () => {
    const key = fresh();
    const { runs, work } = counted({ status: 200, body: '{}' });
    await withIdempotencyKey(test.db, request({ key }), clock, work);
    await withIdempotencyKey(test.db, request({ key, userId: users.b }), clock, work);
    await withIdempotencyKey(test.db, request({ key, path: '/api/visitors/checkout-qr', body: { other: true } }), clock, work);
    await withIdempotencyKey(test.db, request({ key, method: 'PUT' }), clock, work);
    // A token acts as its creator, yet never gets the creator's kept answer, nor another token's.
    await withIdempotencyKey(test.db, request({ key, caller: 'api-token:00000000-0000-4000-8000-000000000001' }), clock, work);
    await withIdempotencyKey(test.db, request({ key, caller: 'api-token:00000000-0000-4000-8000-000000000002' }), clock, work);
    expect(runs.count).toBe(6);
    expect(await test.db.fork().count(IdempotencyKey, { key })).toBe(6);
  });

  it('gives a kept answer only under the access it was made with (403 otherwise, nothing done); a key kept before access was recorded replays', async () => {
    const key = fresh();
    const { runs, work } = counted({ status: 201, body: '{"made":1}' });
    await withIdempotencyKey(test.db, request({ key, access: 'resident:house-a' }), clock, work);
    const changed = { status: 403, code: 'FORBIDDEN', message: 'Your access has changed since this request was first made' };
    expect(await refusal(withIdempotencyKey(test.db, request({ key, access: 'resident:house-b' }), clock, work))).toEqual(changed);
    expect(await refusal(withIdempotencyKey(test.db, request({ key, access: 'admin' }), clock, work))).toEqual(changed);
    await expect(withIdempotencyKey(test.db, request({ key, access: 'resident:house-a' }), clock, work)).resolves.toMatchObject({ replayed: true });
    expect(runs.count).toBe(1);
    expect(callerAccess({ role: 'resident', houseId: 'h1' })).toBe('resident:h1');
    expect(callerAccess({ role: 'admin', houseId: 'h1' })).toBe(callerAccess({ role: 'admin', houseId: null }));

    const older = fresh();
    await withIdempotencyKey(test.db, request({ key: older }), clock, work);
    await test.db.fork().nativeUpdate(IdempotencyKey, { key: older }, { access: null });
    await expect(withIdempotencyKey(test.db, request({ key: older, access: 'admin' }), clock, work)).resolves.toMatchObject({ replayed: true });
  });

  it('makes a repeat that arrives while the first runs wait for its answer', async () => {
    const key = fresh();
    const gate = deferred<StoredAnswer>();
    let runs = 0;
    const work = () => ((runs += 1), gate.promise);
    const first = withIdempotencyKey(test.db, request({ key }), clock, work, { waitMs: 5_000, pollMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const repeats = Array.from({ length: 5 }, () => withIdempotencyKey(test.db, request({ key }), clock, work, { waitMs: 5_000, pollMs: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    gate.resolve({ status: 201, body: '{"made":1}' });
    await expect(first).resolves.toEqual({ status: 201, body: '{"made":1}', replayed: false });
    for (const repeat of repeats) await expect(repeat).resolves.toEqual({ status: 201, body: '{"made":1}', replayed: true });
    expect(runs).toBe(1);
  });

  it('answers 409 when the first does not finish in time, and 422 for another body at once', async () => {
    const key = fresh();
    const gate = deferred<StoredAnswer>();
    const first = withIdempotencyKey(test.db, request({ key }), clock, () => gate.promise);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect(await refusal(withIdempotencyKey(test.db, request({ key }), clock, async () => ({ status: 200, body: '{}' }), { waitMs: 300, pollMs: 20 }))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'A request with this Idempotency-Key is in progress',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await refusal(withIdempotencyKey(test.db, request({ key, body: { visitorId: 'other' } }), clock, async () => ({ status: 200, body: '{}' })))).status).toBe(422);
    gate.resolve({ status: 200, body: '{"late":true}' });
    await first;
    await expect(withIdempotencyKey(test.db, request({ key }), clock, async () => ({ status: 500, body: '{}' }))).resolves.toMatchObject({ body: '{"late":true}', replayed: true });
  });

  it('keeps no 5xx and no failure: a repeat does the work again', async () => {
    const key = fresh();
    let runs = 0;
    const answers: StoredAnswer[] = [
      { status: 503, body: '{"error":"Service temporarily unavailable"}' },
      { status: 500, body: '{"error":"Internal server error"}' },
      { status: 200, body: '{"ok":true}' },
    ];
    for (const answer of answers) {
      await expect(withIdempotencyKey(test.db, request({ key }), clock, async () => ((runs += 1), answer))).resolves.toEqual({ ...answer, replayed: false });
    }
    await expect(withIdempotencyKey(test.db, request({ key }), clock, async () => ((runs += 1), answers[0]!))).resolves.toEqual({ ...answers[2]!, replayed: true });
    expect(runs).toBe(3);

    const thrown = fresh();
    await expect(withIdempotencyKey(test.db, request({ key: thrown }), clock, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(withIdempotencyKey(test.db, request({ key: thrown }), clock, async () => ({ status: 200, body: '{}' }))).resolves.toMatchObject({ replayed: false });
  });

  it('forgets a key after 24 hours, lets a repeat take over an abandoned claim, and purges old keys', async () => {
    const start = h.now;
    try {
      const key = fresh();
      const { runs, work } = counted({ status: 200, body: '{}' });
      await withIdempotencyKey(test.db, request({ key }), clock, work);
      h.now = new Date(start.getTime() + 24 * 3_600_000 - 1);
      await expect(withIdempotencyKey(test.db, request({ key }), clock, work)).resolves.toMatchObject({ replayed: true });
      h.now = new Date(start.getTime() + 24 * 3_600_000);
      await expect(withIdempotencyKey(test.db, request({ key, body: { another: 'body' } }), clock, work)).resolves.toMatchObject({ replayed: false });
      expect(runs.count).toBe(2);

      // A claim whose server stopped mid-request: after the lease a repeat does the work.
      h.now = start;
      const abandoned = fresh();
      await test.db.fork().execute(
        `insert into idempotency_key (community_id, id, user_id, key, method, path, request_hash, created_at) values ((select id from community order by created_at, id limit 1), gen_random_uuid(), ?, ?, 'POST', '/api/visitors/checkin-qr', ?, ?)`,
        [users.a, abandoned, requestFingerprint({ visitorId: 'v1' }), new Date(start.getTime() - 3 * 60_000)],
      );
      await expect(withIdempotencyKey(test.db, request({ key: abandoned }), clock, async () => ({ status: 200, body: '{"again":1}' }))).resolves.toEqual({
        status: 200,
        body: '{"again":1}',
        replayed: false,
      });

      h.now = new Date(start.getTime() + 48 * 3_600_000);
      const before = await test.db.fork().count(IdempotencyKey, {});
      const purged = await purgeIdempotencyKeys(test.db.fork(), h.now);
      expect(purged).toBeGreaterThan(0);
      expect(await test.db.fork().count(IdempotencyKey, {})).toBe(before - purged);
      expect(await test.db.fork().count(IdempotencyKey, { createdAt: { $lte: new Date(h.now.getTime() - 24 * 3_600_000) } })).toBe(0);
    } finally {
      h.now = start;
    }
  });
});
