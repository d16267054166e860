/**
 * The idempotency store never holds a fast hash of a password: the paths whose body carries
 * one (`POST /api/auth/change-password`, `POST /api/users`) do not take an Idempotency-Key,
 * over REST and over tRPC alike. The header is ignored there: nothing is stored, and a repeat
 * does the work again (and is refused as a second attempt would be). On both databases.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();
const NOW = new Date('2026-11-22T15:00:00.000Z');

describe.each(legs)('Idempotency-Key and passwords on $name', (leg) => {
  const harness = restHarness(leg, { domain: 'secret-keys.example', clock: () => NOW });

  const post = (url: string, token: string, body: unknown, key: string) =>
    harness.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });
  /** The rows of the idempotency store, with what they keep. */
  const storedKeys = () =>
    harness.test.db.fork().execute<{ key: string; path: string; request_hash: string; response_body: string | null }[]>(
      'select key, path, request_hash, response_body from idempotency_key order by created_at',
    );

  it('keeps nothing of a password change sent with a key, over REST and tRPC, and does a repeat again', async () => {
    const rita = await harness.signup('Rita Keys', 'rita-keys@secret-keys.example');
    const body = { currentPassword: 'secret123', newPassword: 'another-secret-456' };
    const first = await post('/api/auth/change-password', rita.token, body, 'pw-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(await storedKeys()).toEqual([]);
    // Not a replay: the work is done again, and the old password is now wrong.
    const again = await post('/api/auth/change-password', rita.token, body, 'pw-1');
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ error: 'Current password is incorrect' });

    const trpc = await post('/trpc/auth.changePassword', rita.token, { currentPassword: 'another-secret-456', newPassword: 'third-secret-789' }, 'pw-2');
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(await storedKeys()).toEqual([]);
  });

  it('keeps nothing of a user created with a key, over REST and tRPC', async () => {
    const user = { name: 'Kim Keyed', email: 'kim@secret-keys.example', phone: '+15551230000', password: 'kims-password-1', role: 'guard' };
    const first = await post('/api/users', harness.tokens.admin, user, 'user-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(await storedKeys()).toEqual([]);
    const again = await post('/api/users', harness.tokens.admin, user, 'user-1');
    expect(again.statusCode).toBe(409);

    const trpc = await post('/trpc/users.create', harness.tokens.admin, { ...user, email: 'kim2@secret-keys.example' }, 'user-2');
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(await storedKeys()).toEqual([]);
  });

  it('still keeps the answer of a path without a password (the store works)', async () => {
    const created = await post('/api/houses', harness.tokens.admin, { houseNumber: '9', block: 'S', street: 'Secret Street', ownerId: harness.residentId }, 'house-1');
    expect(created.statusCode, created.body).toBe(201);
    const rows = await storedKeys();
    expect(rows.map((row) => row.path)).toEqual(['/api/houses']);
  });
});
