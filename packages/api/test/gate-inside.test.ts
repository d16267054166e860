/**
 * Inside now (docs/operations.md#reports-exports-and-inside-now), on both databases: only the
 * visitors checked in now, ordered
 * by gate (none yet), house and name, with what a roll call needs; guards and admins may
 * read it, residents may not; a checked-out visitor leaves the list.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sunday 09:00 in New York
const minutes = (count: number) => count * 60_000;

describe.each(legs)('Inside now on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const invite = (name: string, houseId: string, extra: Record<string, unknown> = {}) =>
    h.caller(houseId === c.otherHouseId ? c.neighbour.token : c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      ...extra,
    });
  const checkIn = (visitorId: string, at: number) => {
    h.now = new Date(START.getTime() + minutes(at));
    return h.caller(c.guard.token).visitors.checkIn({ visitorId });
  };

  beforeAll(async () => {
    h = await createHarness(leg, { now: START });
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('lists only who is checked in now, by house then name, with what a roll call needs', async () => {
    const zed = await invite('Zed Inside', c.houseId, { vehicleLicensePlate: 'ab 12' });
    const amy = await invite('Amy Inside', c.houseId);
    const bob = await invite('Bob Other House', c.otherHouseId);
    await invite('Approved Not Yet In', c.houseId);
    const left = await invite('Came And Went', c.houseId);
    const walkIn = await h.caller(c.guard.token).visitors.walkIn({ name: 'Walt Walker', phone: '+15550001111', houseId: c.otherHouseId });
    await h.caller(c.guard.token).visitors.approve({ id: walkIn.id, reason: 'Resident said so on the phone' });

    await checkIn(zed.id, 1);
    await checkIn(bob.id, 2);
    await checkIn(amy.id, 3);
    await checkIn(left.id, 4);
    await checkIn(walkIn.id, 5);
    await h.caller(c.guard.token).visitors.checkOut({ visitorId: left.id });

    const inside = await h.caller(c.guard.token).gate.inside({});
    expect(inside.total).toBe(4);
    // House 101 A before 202 B; by name within a house.
    expect(inside.items.map((item) => item.name)).toEqual(['Amy Inside', 'Zed Inside', 'Bob Other House', 'Walt Walker']);
    expect(inside.items[1]).toEqual({
      id: zed.id,
      kind: 'invitation',
      name: 'Zed Inside',
      phone: '+15557654321',
      houseId: { id: c.houseId, houseNumber: '101', block: 'A' },
      hostName: 'Rita Resident',
      vehicleLicensePlate: 'AB 12',
      checkInTime: new Date(START.getTime() + minutes(1)).toISOString(),
      gate: null,
      // 17:00 in New York on the visit date: when the window ends.
      dueOutAt: '2026-11-22T22:00:00.000Z',
    });
    // A walk-in approved at the gate has no host; its pass runs to 23:59 today.
    expect(inside.items[3]).toMatchObject({ id: walkIn.id, kind: 'walk-in', hostName: null, vehicleLicensePlate: null, gate: null, dueOutAt: '2026-11-23T04:59:00.000Z' });

    // The admin reads the same list.
    expect(await h.caller(c.admin.token).gate.inside({})).toEqual(inside);

    // Checked out: gone from the list.
    await h.caller(c.admin.token).visitors.checkOut({ visitorId: amy.id });
    const after = await h.caller(c.guard.token).gate.inside({});
    expect(after.total).toBe(3);
    expect(after.items.map((item) => item.id)).toEqual([zed.id, bob.id, walkIn.id]);
  });

  it('is for guards and admins only', async () => {
    expect(await failure(h.caller(c.resident.token).gate.inside({}))).toEqual({ status: 403, message: 'Only guards and admins can do this' });
    expect((await failure(h.caller(null).gate.inside({}))).status).toBe(401);
  });
});
