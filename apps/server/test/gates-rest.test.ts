/**
 * Gates over REST (docs/operations.md#gates), on both databases, every answer checked against the
 * OpenAPI document: `GET /api/gates` (every gate, by name, X-Total-Count), `POST
 * /api/gates` (201), `PUT /api/gates/{id}`, a duplicate name as 409 in the envelope; the
 * QR check-in and check-out take `gateId` and answer the visitor with `checkInGate` and
 * `checkOutGate`; an unknown gate is 400 VALIDATION_FAILED with details on `gateId`; the
 * CSV export names the gates and filters by one.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Gates over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const { tokens, call, answer, invite } = restHarness(leg, {
    domain: 'gates.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });

  it('manages gates: list by name with X-Total-Count, create 201, rename and switch off, 409 on a taken name', async () => {
    const empty = await call('GET', '/api/gates', tokens.guard);
    expect(answer(empty, 200).data).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const north = answer(await call('POST', '/api/gates', tokens.admin, { name: 'North Gate' }), 201).data;
    expect(north).toEqual({ id: expect.any(String), name: 'North Gate', isActive: true, createdAt: now.toISOString(), updatedAt: now.toISOString() });
    answer(await call('POST', '/api/gates', tokens.admin, { name: 'East Gate' }), 201);

    const taken = answer(await call('POST', '/api/gates', tokens.admin, { name: 'north gate' }), 409);
    expect(taken).toMatchObject({ success: false, data: null, error: 'A gate with this name already exists' });
    const blank = answer(await call('POST', '/api/gates', tokens.admin, { name: '' }), 400);
    expect(blank).toMatchObject({ error: 'Gate name is required', code: 'VALIDATION_FAILED' });

    const off = answer(await call('PUT', `/api/gates/${north.id}`, tokens.admin, { isActive: false }), 200).data;
    expect(off).toMatchObject({ id: north.id, name: 'North Gate', isActive: false });
    answer(await call('PUT', `/api/gates/${north.id}`, tokens.admin, { name: 'North Gate (old)' }), 200);
    expect(answer(await call('PUT', '/api/gates/00000000-0000-4000-8000-000000000000', tokens.admin, { name: 'X' }), 404).error).toBe('Gate not found');

    const listed = await call('GET', '/api/gates', tokens.resident);
    expect(listed.headers['x-total-count']).toBe('2');
    expect(answer(listed, 200).data.map((gate: { name: string; isActive: boolean }) => [gate.name, gate.isActive])).toEqual([
      ['East Gate', true],
      ['North Gate (old)', false],
    ]);
    expect(answer(await call('POST', '/api/gates', tokens.guard, { name: 'Guard Gate' }), 403).code).toBe('FORBIDDEN');
  });

  it('records the gate of QR check-in and check-out; 400 Unknown gate with details on gateId', async () => {
    const gates = answer(await call('GET', '/api/gates', tokens.guard), 200).data as Array<{ id: string; name: string; isActive: boolean }>;
    const east = gates.find((gate) => gate.name === 'East Gate')!;
    const closed = gates.find((gate) => !gate.isActive)!;
    const visitor = await invite('Gail Gate');

    const refused = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, gateId: closed.id }), 400);
    expect(refused).toEqual({ success: false, data: null, error: 'Unknown gate', code: 'VALIDATION_FAILED', details: [{ path: 'gateId', message: 'Unknown gate' }] });
    const malformed = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, gateId: 'east' }), 400);
    expect(malformed).toMatchObject({ error: 'Unknown gate', code: 'VALIDATION_FAILED', details: [{ path: 'gateId', message: 'Unknown gate' }] });

    const inside = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, gateId: east.id }), 200).data;
    expect(inside).toMatchObject({ status: 'checked-in', checkInGate: { id: east.id, name: 'East Gate' }, checkOutGate: null });
    // One active gate: a check-out naming none records it.
    const out = answer(await call('POST', '/api/visitors/checkout-qr', tokens.guard, { visitorId: visitor.id }), 200).data;
    expect(out).toMatchObject({ status: 'checked-out', checkInGate: { id: east.id, name: 'East Gate' }, checkOutGate: { id: east.id, name: 'East Gate' } });
    expect(answer(await call('GET', `/api/visitors/${visitor.id}`, tokens.resident), 200).data.checkOutGate).toEqual({ id: east.id, name: 'East Gate' });

    // The CSV export names the gates and filters by one.
    const csv = await call('GET', `/api/visitors/export.csv?from=2026-11-22&to=2026-11-22&gateId=${east.id}`, tokens.admin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith(',East Gate,East Gate')).toBe(true);
    const other = await call('GET', `/api/visitors/export.csv?from=2026-11-22&to=2026-11-22&gateId=${closed.id}`, tokens.admin);
    expect(other.body.trim().split('\n')).toHaveLength(1);
  });
});
