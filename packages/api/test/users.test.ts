import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('user procedures on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('lists users for admins only, filtered by role and by name or email, with the full count', async () => {
    // A database of its own: the other tests add and change accounts.
    const own = await createHarness(leg);
    try {
      const oc = await own.community();
      expect((await failure(own.caller(oc.guard.token).users.list({}))).status).toBe(403);
      expect((await failure(own.caller(oc.resident.token).users.list({}))).status).toBe(403);
      const all = await own.caller(oc.admin.token).users.list({});
      expect(all.total).toBe(4);
      const residents = await own.caller(oc.admin.token).users.list({ role: 'resident' });
      expect(residents.items.map((user) => user.name)).toEqual(['Ned Neighbour', 'Rita Resident']);
      const search = await own.caller(oc.admin.token).users.list({ q: 'RITA@' });
      expect(search.items.map((user) => user.email)).toEqual(['rita@test.example']);
      const page = await own.caller(oc.admin.token).users.list({ limit: 1, offset: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.total).toBe(4);
    } finally {
      await own.close();
    }
  });

  it('lets admins create accounts of any role, in a house', async () => {
    const guard = await h.caller(c.admin.token).users.create({
      name: 'Second Guard',
      email: 'guard2@test.example',
      phone: '+15550001111',
      password: 'secret123',
      role: 'guard',
    });
    expect(guard).toMatchObject({ role: 'guard', isActive: true, houseId: null });
    const resident = await h.caller(c.admin.token).users.create({
      name: 'New Resident',
      email: 'new@test.example',
      phone: '+15550001112',
      password: 'secret123',
      role: 'resident',
      houseId: c.houseId,
    });
    expect(resident.houseId).toMatchObject({ id: c.houseId });
    expect(await failure(h.caller(c.admin.token).users.create({ name: 'Dup', email: 'NEW@test.example', phone: '+15550001112', password: 'secret123', role: 'resident' }))).toEqual({
      status: 409,
      message: 'Email is already registered',
    });
    expect((await failure(h.caller(c.resident.token).users.create({ name: 'Sneaky', email: 's@test.example', phone: '+15550001112', password: 'secret123', role: 'admin' }))).status).toBe(403);
  });

  it('lets users read and change only their own name and phone', async () => {
    await expect(h.caller(c.resident.token).users.byId({ id: c.resident.id })).resolves.toMatchObject({ name: 'Rita Resident' });
    expect(await failure(h.caller(c.resident.token).users.byId({ id: c.neighbour.id }))).toEqual({ status: 404, message: 'User not found' });
    const renamed = await h.caller(c.resident.token).users.update({ id: c.resident.id, name: 'Rita R. Resident', phone: '+15559990000' });
    expect(renamed).toMatchObject({ name: 'Rita R. Resident', phone: '+15559990000', role: 'resident' });
    expect(await failure(h.caller(c.resident.token).users.update({ id: c.resident.id, role: 'admin' }))).toEqual({
      status: 403,
      message: 'You cannot change your own role or active state',
    });
    expect((await failure(h.caller(c.resident.token).users.update({ id: c.resident.id, isActive: false }))).status).toBe(403);
    expect((await failure(h.caller(c.resident.token).users.update({ id: c.neighbour.id, name: 'Hacked' }))).status).toBe(404);
  });

  it('lets admins change every field, and keeps at least one active admin', async () => {
    const moved = await h.caller(c.admin.token).users.update({ id: c.neighbour.id, houseId: c.houseId, role: 'guard' });
    expect(moved).toMatchObject({ role: 'guard', houseId: { id: c.houseId } });
    await h.caller(c.admin.token).users.update({ id: c.neighbour.id, houseId: c.otherHouseId, role: 'resident' });
    expect(await failure(h.caller(c.admin.token).users.update({ id: c.admin.id, role: 'guard' }))).toEqual({
      status: 409,
      message: 'The community must keep at least one active admin',
    });
    expect((await failure(h.caller(c.admin.token).users.update({ id: c.admin.id, isActive: false }))).status).toBe(409);
    expect((await failure(h.caller(c.admin.token).users.deactivate({ id: c.admin.id }))).status).toBe(409);
  });

  it('deactivates through delete: history kept, sessions revoked at once, sign-in refused', async () => {
    const { token, id } = await h.signup('resident', 'Leaving Soon', 'leaving@test.example');
    await expect(h.caller(token).auth.me()).resolves.toMatchObject({ user: { id, email: 'leaving@test.example', isActive: true } });
    await expect(h.caller(c.admin.token).users.deactivate({ id })).resolves.toEqual({ id });
    expect((await failure(h.caller(token).auth.me())).status).toBe(401);
    expect(await failure(h.caller().auth.login({ email: 'leaving@test.example', password: 'secret123' }))).toEqual({ status: 403, message: 'Account is inactive' });
    await expect(h.caller(c.admin.token).users.byId({ id })).resolves.toMatchObject({ isActive: false });
    expect((await failure(h.caller(c.admin.token).users.deactivate({ id: 'nope' }))).status).toBe(404);
  });
});
