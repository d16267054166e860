/**
 * Recurring passes over REST (docs/operations.md#frequent-visitors), on both databases, every
 * answer checked
 * against the OpenAPI document: POST /api/passes (201), GET /api/passes (X-Total-Count),
 * GET /api/passes/{id}?month=, PUT, pause/resume, DELETE (cancels); the scan finds a pass
 * by its code (`kind: "recurring"`), checkin-qr/checkout-qr take the pass id and answer the
 * pass with its entries; guards get 403 on the resident's moves; the documented 400s.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Recurring passes over REST on $name', (leg) => {
  // Monday 2026-11-23 09:00 in New York.
  let now = new Date('2026-11-23T14:00:00.000Z');
  const harness = restHarness(leg, {
    domain: 'passes.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer } = harness;
  const passBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Dora Driver',
    phone: '+15550009999',
    houseId: harness.houseId,
    purpose: 'School run',
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    timeFrom: '08:00',
    timeTo: '18:00',
    startDate: '2026-11-23',
    endDate: '2027-11-23',
    ...extra,
  });

  it('creates, lists, reads with attendance, and moves a pass through the gate', async () => {
    now = new Date('2026-11-23T14:00:00.000Z');
    const created = answer(await call('POST', '/api/passes', tokens.resident, passBody()), 201).data;
    expect(created).toMatchObject({ kind: 'recurring', status: 'active', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'], hostId: { name: 'Rita Resident' } });

    const list = await call('GET', '/api/passes', tokens.resident);
    expect(answer(list, 200).data.map((pass: { id: string }) => pass.id)).toEqual([created.id]);
    expect(list.headers['x-total-count']).toBe('1');

    // The guard scans the code, checks in and out by the pass id.
    const scanned = answer(await call('POST', '/api/visitors/scan', tokens.guard, { token: created.passCode }), 200).data;
    expect(scanned).toMatchObject({ id: created.id, kind: 'recurring', entries: [] });
    const inside = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: created.id }), 200).data;
    expect(inside).toMatchObject({ kind: 'recurring', inside: true, entries: [{ checkInTime: now.toISOString(), checkOutTime: null, checkedInBy: { name: 'Gus Guard' } }] });
    expect(answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: created.id }), 409)).toMatchObject({
      error: 'Pass cannot be checked in: already inside',
      code: 'INVALID_TRANSITION',
    });
    now = new Date('2026-11-23T15:30:00.000Z');
    const out = answer(await call('POST', '/api/visitors/checkout-qr', tokens.guard, { visitorId: created.id }), 200).data;
    expect(out.entries[0]).toMatchObject({ checkOutTime: now.toISOString(), checkedOutBy: { name: 'Gus Guard' } });

    const read = answer(await call('GET', `/api/passes/${created.id}?month=2026-11`, tokens.resident), 200).data;
    expect(read.entries).toHaveLength(1);
    expect(answer(await call('GET', `/api/passes/${created.id}?month=2026-10`, tokens.resident), 200).data.entries).toEqual([]);
    expect(answer(await call('GET', `/api/passes/${created.id}?month=nope`, tokens.resident), 400).error).toBe('Month must be YYYY-MM');

    // Changes, pause, resume, cancel; guards may not.
    expect(answer(await call('PUT', `/api/passes/${created.id}`, tokens.resident, { timeTo: '17:00', purpose: '' }), 200).data).toMatchObject({ timeTo: '17:00', purpose: null });
    // The host's arrival notifications: off when created, turned on by a PUT.
    expect(created.notifyOnArrival).toBe(false);
    expect(answer(await call('PUT', `/api/passes/${created.id}`, tokens.resident, { notifyOnArrival: true }), 200).data).toMatchObject({ notifyOnArrival: true, timeTo: '17:00' });
    expect(answer(await call('PUT', `/api/passes/${created.id}`, tokens.resident, { notifyOnArrival: 'yes' }), 400).code).toBe('VALIDATION_FAILED');
    expect(answer(await call('POST', `/api/passes/${created.id}/pause`, tokens.guard), 403).code).toBe('FORBIDDEN');
    expect(answer(await call('POST', `/api/passes/${created.id}/pause`, tokens.resident), 200).data.status).toBe('paused');
    expect(answer(await call('POST', `/api/passes/${created.id}/resume`, tokens.admin), 200).data.status).toBe('active');
    expect(answer(await call('DELETE', `/api/passes/${created.id}`, tokens.guard), 403).code).toBe('FORBIDDEN');
    expect(answer(await call('DELETE', `/api/passes/${created.id}`, tokens.resident), 200).data.status).toBe('cancelled');
    expect(answer(await call('POST', `/api/passes/${created.id}/resume`, tokens.resident), 409).error).toBe('Pass cannot be resumed: status is cancelled');
    expect(answer(await call('GET', '/api/passes/00000000-0000-4000-8000-000000000000', tokens.resident), 404).error).toBe('Pass not found');
  });

  it('answers the documented 400s in the envelope', async () => {
    now = new Date('2026-11-23T14:00:00.000Z');
    expect(answer(await call('POST', '/api/passes', tokens.resident, passBody({ weekdays: [] })), 400)).toMatchObject({
      error: 'Choose at least one day',
      code: 'VALIDATION_FAILED',
    });
    // 12 months: Nov 23 → Nov 23 next year is fine (above); a day more is not.
    expect(answer(await call('POST', '/api/passes', tokens.resident, passBody({ endDate: '2027-11-24' })), 400)).toMatchObject({
      error: 'A pass can last at most 12 months',
      details: [{ path: 'endDate', message: 'A pass can last at most 12 months' }],
    });
    expect(answer(await call('POST', '/api/passes', tokens.resident, passBody({ name: '' })), 400).error).toBe('Visitor name is required');
    expect(answer(await call('POST', '/api/passes', tokens.resident, passBody({ phone: 'abc' })), 400).error).toBe('Invalid phone number format');
    expect(answer(await call('POST', '/api/passes', tokens.guard, passBody()), 403).code).toBe('FORBIDDEN');
  });
});
