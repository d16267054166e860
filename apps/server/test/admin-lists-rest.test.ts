/**
 * The admin's lists over REST, on both databases, every answer checked against the OpenAPI
 * document: `GET /api/visitors` nearest visit first with the new query parameters (`from`,
 * `to`, `houseId`, `gateId`, `q` of a plate or a house) and X-Total-Count; the visitor export
 * of the same filters, its file name carrying the range, a range over 366 days 400 in the
 * envelope; `GET /api/audit` and its export with filters; `GET
 * /api/visitors/{id}/blocklist-refusals`.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Admin lists over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const { tokens, call, answer, invite } = restHarness(leg, {
    domain: 'lists.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });

  it('lists visitors nearest first under the new filters, and exports the same rows', async () => {
    const later = await invite('Lena Later', { visitDate: '2026-12-01', visitTimeFrom: '10:00' });
    const soon = await invite('Sam Soon', { visitDate: '2026-11-23', vehicleLicensePlate: 'ZX 42 QQ' });
    const today = await invite('Tia Today', { visitTimeFrom: '11:00' });

    const listed = await call('GET', '/api/visitors?limit=2', tokens.admin);
    expect(answer(listed, 200).data.map((visitor: { id: string }) => visitor.id)).toEqual([today.id, soon.id]);
    expect(listed.headers['x-total-count']).toBe('3');

    const ranged = await call('GET', '/api/visitors?from=2026-11-23&to=2026-12-31&q=A-101', tokens.admin);
    expect(answer(ranged, 200).data.map((visitor: { id: string }) => visitor.id)).toEqual([soon.id, later.id]);
    expect(ranged.headers['x-total-count']).toBe('2');
    const byPlate = await call('GET', '/api/visitors/my-invitations?q=42%20qq', tokens.resident);
    expect(answer(byPlate, 200).data.map((visitor: { id: string }) => visitor.id)).toEqual([soon.id]);
    const reversed = answer(await call('GET', '/api/visitors?from=2026-12-01&to=2026-11-01', tokens.admin), 400);
    expect(reversed).toMatchObject({ error: 'The start date must not be after the end date', code: 'VALIDATION_FAILED' });

    const exported = await call('GET', '/api/visitors/export.csv?from=2026-11-23&to=2026-12-31&q=A-101', tokens.admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="visitors-2026-11-23-to-2026-12-31.csv"');
    const lines = exported.body.trim().split('\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([soon.id, later.id]);
    // A resident's My Invitations (`mine=true`).
    const mine = await call('GET', '/api/visitors/export.csv?from=2026-11-22&to=2026-11-22&mine=true', tokens.resident);
    expect(mine.body.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual([today.id]);
    const tooLong = answer(await call('GET', '/api/visitors/export.csv?from=2026-01-01&to=2027-01-02', tokens.admin), 400);
    expect(tooLong).toMatchObject({ success: false, error: 'An export covers at most 366 days', code: 'VALIDATION_FAILED' });
  });

  it('lists the audit log with filters and target labels, exports it with them, and lists a visitor’s refused check-ins', async () => {
    const visitor = await invite('Bo Blocked', { phone: '+15557770000' });
    answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Bo Blocked', phone: '+1 555 777 0000', reason: 'Threatened staff' }), 201);
    const gate = answer(await call('POST', '/api/gates', tokens.admin, { name: 'Main Gate' }), 201).data as { id: string };
    answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 409);

    const audit = await call('GET', `/api/audit?targetType=visitor&targetId=${visitor.id}&from=2026-11-22&to=2026-11-22`, tokens.admin);
    expect(answer(audit, 200).data.map((row: { action: string; targetLabel: string }) => [row.action, row.targetLabel])).toEqual([
      ['visitor.blocklist-refused', 'Bo Blocked'],
      ['visitor.invited', 'Bo Blocked'],
    ]);
    expect(audit.headers['x-total-count']).toBe('2');
    const exported = await call('GET', `/api/audit/export.csv?action=visitor.blocklist-refused&targetId=${visitor.id}`, tokens.admin);
    expect(exported.body.trim().split('\n')).toHaveLength(2);
    expect(exported.body).toContain('visitor.blocklist-refused');

    const refusals = await call('GET', `/api/visitors/${visitor.id}/blocklist-refusals`, tokens.guard);
    expect(answer(refusals, 200).data).toEqual({
      items: [{ at: now.toISOString(), gate: { id: gate.id, name: 'Main Gate' }, by: { id: expect.any(String), name: 'Gus Guard' }, reason: 'Threatened staff' }],
    });
    expect(answer(await call('GET', `/api/visitors/${visitor.id}/blocklist-refusals`, tokens.resident), 403).code).toBe('FORBIDDEN');
  });
});
