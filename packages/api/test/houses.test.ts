import { Vehicle } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('house procedures on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    const em = h.em();
    em.create(Vehicle, { licensePlate: 'ABC 123', make: 'Toyota', model: 'Corolla', color: 'White', house: c.houseId, owner: c.resident.id });
    await em.flush();
  });
  afterAll(() => h?.close());

  it('lets only admins create houses, with owner, and keeps (houseNumber, block) unique', async () => {
    expect((await failure(h.caller(c.resident.token).houses.create({ houseNumber: '9', block: 'Z', street: 'Elm', ownerId: c.resident.id }))).status).toBe(403);
    expect((await failure(h.caller(c.guard.token).houses.create({ houseNumber: '9', block: 'Z', street: 'Elm', ownerId: c.resident.id }))).status).toBe(403);
    const house = await h.caller(c.admin.token).houses.create({ houseNumber: ' 9 ', block: 'Z', street: 'Elm Street', ownerId: c.neighbour.id });
    expect(house).toMatchObject({ houseNumber: '9', block: 'Z', street: 'Elm Street', owner: { id: c.neighbour.id, name: 'Ned Neighbour' } });
    expect(await failure(h.caller(c.admin.token).houses.create({ houseNumber: '9', block: 'Z', street: 'Other', ownerId: c.neighbour.id }))).toEqual({
      status: 409,
      message: 'House 9 already exists in block Z',
    });
    expect(await failure(h.caller(c.admin.token).houses.create({ houseNumber: '10', block: 'Z', street: 'Elm', ownerId: 'nobody' }))).toEqual({
      status: 404,
      message: 'Owner not found',
    });
    expect(await failure(h.caller(c.admin.token).houses.create({ houseNumber: '', block: 'Z', street: 'Elm', ownerId: c.neighbour.id }))).toEqual({
      status: 400,
      message: 'House number is required',
    });
  });

  it('searches by house number or block, case-insensitively, with % and _ taken literally', async () => {
    const third = await h.caller(c.admin.token).houses.create({ houseNumber: '303', block: 'C', street: 'Birch Lane', ownerId: c.resident.id });
    const all = await h.caller(c.resident.token).houses.list({ limit: 100 });
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((house) => house.id)).toEqual(expect.arrayContaining([c.houseId, c.otherHouseId, third.id]));
    const byBlock = await h.caller(c.guard.token).houses.list({ q: 'b' });
    expect(byBlock.items.map((house) => `${house.block}-${house.houseNumber}`)).toEqual(['B-202']);
    const byNumber = await h.caller(c.guard.token).houses.list({ q: '10' });
    expect(byNumber.items.map((house) => house.houseNumber)).toEqual(['101']);
    expect((await h.caller(c.guard.token).houses.list({ q: '%' })).items).toEqual([]);
    expect((await h.caller(c.guard.token).houses.list({ q: '_' })).items).toEqual([]);
  });

  it('shows residents and vehicles to staff and to the house’s residents, and empty lists to other residents', async () => {
    const own = await h.caller(c.resident.token).houses.byId({ id: c.houseId });
    expect(own.residents).toEqual([{ id: c.resident.id, name: 'Rita Resident', email: 'rita@test.example', phone: '+15551234567' }]);
    expect(own.vehicles.map((vehicle) => vehicle.licensePlate)).toEqual(['ABC 123']);
    const other = await h.caller(c.neighbour.token).houses.byId({ id: c.houseId });
    expect(other).toMatchObject({ id: c.houseId, houseNumber: '101', residents: [], vehicles: [] });
    const guardView = await h.caller(c.guard.token).houses.byId({ id: c.houseId });
    expect(guardView.residents).toHaveLength(1);
    expect(await failure(h.caller(c.guard.token).houses.byId({ id: 'x' }))).toEqual({ status: 404, message: 'House not found' });
  });

  it('adds and removes residents (admin only); a user lives in at most one house', async () => {
    expect((await failure(h.caller(c.resident.token).houses.addResident({ id: c.houseId, userId: c.neighbour.id }))).status).toBe(403);
    const moved = await h.caller(c.admin.token).houses.addResident({ id: c.houseId, userId: c.neighbour.id });
    expect(moved.residents.map((resident) => resident.id).sort()).toEqual([c.resident.id, c.neighbour.id].sort());
    const left = await h.caller(c.admin.token).houses.byId({ id: c.otherHouseId });
    expect(left.residents).toEqual([]);
    const me = await h.caller(c.neighbour.token).auth.me();
    expect(me.user.houseId).toMatchObject({ id: c.houseId, houseNumber: '101', block: 'A' });

    const removed = await h.caller(c.admin.token).houses.removeResident({ id: c.houseId, residentId: c.neighbour.id });
    expect(removed.residents.map((resident) => resident.id)).toEqual([c.resident.id]);
    expect(await failure(h.caller(c.admin.token).houses.removeResident({ id: c.houseId, residentId: c.neighbour.id }))).toEqual({
      status: 404,
      message: 'Resident not found',
    });
  });
});
