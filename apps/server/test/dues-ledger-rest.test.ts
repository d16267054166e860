/**
 * The dues ledger's REST paths (docs/operations.md#dues-ledger) through `app.inject`, on both
 * databases, every
 * answer checked against the OpenAPI document: POST /api/payments/bulk (201 `{count, ids}`,
 * all or nothing), GET /api/payments?overdue=true, POST /api/payments/{id}/complete with and
 * without a body, GET /api/houses/{id}/balance.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('dues ledger over REST on $name', (leg) => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
  let now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const harness = restHarness(leg, { domain: 'dues.example', clock: () => now, app: { webRoot } });
  const { tokens, call, answer, signup } = harness;
  const ids = { house: '', otherHouse: '' };

  const newHouse = async (houseNumber: string, ownerId: string) =>
    answer(await call('POST', '/api/houses', tokens.admin, { houseNumber, block: 'R', street: 'Ledger Road', ownerId }), 201).data.id as string;

  beforeAll(async () => {
    ids.house = await newHouse('1', harness.residentId);
    ids.otherHouse = await newHouse('2', harness.residentId);
    answer(await call('POST', `/api/houses/${ids.house}/residents`, tokens.admin, { userId: harness.residentId }), 200);
  });

  const dues = { type: 'maintenance', amount: 75, description: 'January dues', dueDate: '2026-11-30' };
  const paymentCount = async () => Number((await call('GET', '/api/payments?limit=1', tokens.admin)).headers['x-total-count']);

  it('raises dues for every house (201 {count, ids}) or none of them when one house is unknown (404)', async () => {
    const before = await paymentCount();
    const refused = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, houseIds: [ids.house, '00000000-0000-4000-8000-000000000009'] }), 404);
    expect(refused).toMatchObject({ success: false, data: null, error: 'House not found', code: 'NOT_FOUND' });
    expect(await paymentCount()).toBe(before);

    const all = answer(await call('POST', '/api/payments/bulk', tokens.admin, dues), 201);
    expect(all).toMatchObject({ success: true, error: null, data: { count: 2 } });
    expect(all.data.ids).toHaveLength(2);
    expect(await paymentCount()).toBe(before + 2);

    const one = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, houseIds: [ids.otherHouse] }), 201);
    expect(one.data.count).toBe(1);
    const created = answer(await call('GET', `/api/payments/${one.data.ids[0]}`, tokens.admin), 200).data;
    expect(created).toMatchObject({ houseId: { id: ids.otherHouse }, amount: 75, status: 'pending', description: 'January dues', overdue: false, method: null, reference: null });

    const invalid = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, description: undefined }), 400);
    expect(invalid).toMatchObject({ error: 'Description is required', code: 'VALIDATION_FAILED' });
    expect(answer(await call('POST', '/api/payments/bulk', tokens.resident, dues), 403).success).toBe(false);
  });

  it('filters overdue payments with ?overdue=true and flags them', async () => {
    const house = await newHouse('3', (await signup('Olga Owner', 'olga@dues.example')).user.id);
    const { data: late } = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, dueDate: '2026-11-21', houseIds: [house] }), 201);
    answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, dueDate: '2026-11-22', houseIds: [house] }), 201);
    const overdue = await call('GET', `/api/payments?overdue=true&houseId=${house}`, tokens.admin);
    const body = answer(overdue, 200);
    expect(body.data.map((payment: { id: string }) => payment.id)).toEqual(late.ids);
    expect(body.data[0].overdue).toBe(true);
    expect(overdue.headers['x-total-count']).toBe('1');
    expect(answer(await call('GET', `/api/payments?overdue=false&houseId=${house}`, tokens.admin), 200).data).toHaveLength(2);
    expect(answer(await call('GET', '/api/payments?overdue=yes', tokens.admin), 400).error).toBe('overdue must be true or false');
  });

  it('completes with method, reference and paidAt, or with no body at all', async () => {
    const { data } = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, houseIds: [ids.house, ids.otherHouse] }), 201);
    const [first, second] = data.ids as [string, string];
    const paid = answer(
      await call('POST', `/api/payments/${first}/complete`, tokens.admin, { method: 'bank-transfer', reference: 'TRX 88121', paidAt: '2026-11-21T16:00:00Z' }),
      200,
    );
    expect(paid.data).toMatchObject({ status: 'completed', method: 'bank-transfer', reference: 'TRX 88121', paidAt: '2026-11-21T16:00:00.000Z' });
    const bare = answer(await call('POST', `/api/payments/${second}/complete`, tokens.admin), 200);
    expect(bare.data).toMatchObject({ status: 'completed', method: 'other', reference: null, paidAt: now.toISOString() });
    const { data: more } = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, houseIds: [ids.house] }), 201);
    const tooLong = answer(await call('POST', `/api/payments/${more.ids[0]}/complete`, tokens.admin, { method: 'cash', reference: 'r'.repeat(101) }), 400);
    expect(tooLong).toMatchObject({ error: 'Reference must be at most 100 characters', code: 'VALIDATION_FAILED' });
  });

  it('edits a pending payment’s house with PUT (200), to the same house or another one', async () => {
    const { data } = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, houseIds: [ids.house] }), 201);
    const id = data.ids[0] as string;
    const same = answer(await call('PUT', `/api/payments/${id}`, tokens.admin, { houseId: ids.house }), 200);
    expect(same.data).toMatchObject({ id, houseId: { id: ids.house, houseNumber: '1', block: 'R' }, status: 'pending' });
    const moved = answer(await call('PUT', `/api/payments/${id}`, tokens.admin, { houseId: ids.otherHouse, amount: 80 }), 200);
    expect(moved.data).toMatchObject({ id, houseId: { id: ids.otherHouse, houseNumber: '2', block: 'R' }, amount: 80 });
    // Read back: the change is stored, not only answered.
    expect(answer(await call('GET', `/api/payments/${id}`, tokens.admin), 200).data).toMatchObject({ houseId: { id: ids.otherHouse }, amount: 80 });
    const unknown = answer(await call('PUT', `/api/payments/${id}`, tokens.admin, { houseId: '00000000-0000-4000-8000-000000000009' }), 404);
    expect(unknown).toMatchObject({ error: 'House not found', code: 'NOT_FOUND' });
  });

  it('answers a house’s balance in dollars to admins and its residents, 404 to others, 403 to guards', async () => {
    const ownerId = (await signup('Bea Balance', 'bea@dues.example')).user.id;
    const house = await newHouse('4', ownerId);
    answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, amount: 10.5, dueDate: '2026-11-01', houseIds: [house] }), 201);
    const { data } = answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, amount: 4.25, dueDate: '2026-12-01', houseIds: [house, house] }), 201);
    answer(await call('POST', '/api/payments/bulk', tokens.admin, { ...dues, amount: 3, houseIds: [house] }), 201);
    answer(await call('POST', `/api/payments/${data.ids[0]}/complete`, tokens.admin, { method: 'card' }), 200);
    const balance = answer(await call('GET', `/api/houses/${house}/balance`, tokens.admin), 200);
    expect(balance).toEqual({ success: true, data: { pending: 13.5, overdue: 10.5, paidThisYear: 4.25 }, error: null });

    expect(answer(await call('GET', `/api/houses/${ids.house}/balance`, tokens.resident), 200).data).toHaveProperty('paidThisYear');
    expect(answer(await call('GET', `/api/houses/${house}/balance`, tokens.resident), 404).error).toBe('House not found');
    expect(answer(await call('GET', `/api/houses/${house}/balance`, tokens.guard), 403).success).toBe(false);
    // A year later in the community's zone, last year's completions no longer count.
    now = new Date('2027-01-01T05:00:00.000Z');
    try {
      // A fresh sign-in: the first one has been idle too long by then.
      const login = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'admin@dues.example', password: 'secret123' }),
      });
      const token = answer(login, 200).data.token as string;
      expect(answer(await call('GET', `/api/houses/${house}/balance`, token), 200).data).toEqual({ pending: 13.5, overdue: 13.5, paidThisYear: 0 });
    } finally {
      now = new Date('2026-11-22T14:00:00.000Z');
    }
  });
});
