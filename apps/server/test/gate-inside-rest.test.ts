/**
 * Inside now over REST (docs/operations.md#reports-exports-and-inside-now), on both databases,
 * every answer checked against the
 * OpenAPI document: `GET /api/gate/inside` answers the people checked in now in `data`,
 * ordered by house then name, with `X-Total-Count`; a resident gets 403.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Inside now over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const harness = restHarness(leg, {
    domain: 'inside.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer, invite } = harness;

  it('lists who is inside with X-Total-Count, for guards and admins; 403 for a resident', async () => {
    const empty = await call('GET', '/api/gate/inside', tokens.guard);
    expect(answer(empty, 200).data).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const zoe = await invite('Zoe Inside');
    const abe = await invite('Abe Inside');
    await invite('Not Yet Arrived');
    for (const visitor of [zoe, abe]) answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 200);

    const inside = await call('GET', '/api/gate/inside', tokens.guard);
    const body = answer(inside, 200);
    expect(inside.headers['x-total-count']).toBe('2');
    expect(body.data.map((item: { name: string }) => item.name)).toEqual(['Abe Inside', 'Zoe Inside']);
    expect(body.data[0]).toEqual({
      id: abe.id,
      kind: 'invitation',
      name: 'Abe Inside',
      phone: '+15559998888',
      houseId: { id: harness.houseId, houseNumber: '101', block: 'A' },
      hostName: 'Rita Resident',
      vehicleLicensePlate: null,
      checkInTime: now.toISOString(),
      gate: null,
      // 17:00 in New York on 2026-11-22, when the invitation's window ends.
      dueOutAt: '2026-11-22T22:00:00.000Z',
    });
    expect(answer(await call('GET', '/api/gate/inside', tokens.admin), 200).data).toHaveLength(2);

    const refused = answer(await call('GET', '/api/gate/inside', tokens.resident), 403);
    expect(refused).toMatchObject({ success: false, data: null, code: 'FORBIDDEN' });
  });
});
