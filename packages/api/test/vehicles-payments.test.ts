import { Payment, Vehicle } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('vehicle procedures on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  const vehicle = (overrides: Record<string, unknown> = {}) => ({
    licensePlate: ' abc   123 ',
    make: 'Toyota',
    model: 'Corolla',
    color: 'White',
    houseId: c.houseId,
    ...overrides,
  });

  it('normalises plates, keeps them unique, and makes a resident the owner of what they add to their own house', async () => {
    const added = await h.caller(c.resident.token).vehicles.create(vehicle({ ownerId: c.neighbour.id }));
    expect(added).toMatchObject({ licensePlate: 'ABC 123', houseId: { id: c.houseId }, ownerId: { id: c.resident.id, name: 'Rita Resident' } });
    expect(await failure(h.caller(c.admin.token).vehicles.create(vehicle({ licensePlate: 'abc 123' })))).toEqual({
      status: 409,
      message: 'License plate ABC 123 is already registered',
    });
    expect(await failure(h.caller(c.resident.token).vehicles.create(vehicle({ licensePlate: 'OTHER 1', houseId: c.otherHouseId })))).toEqual({
      status: 403,
      message: 'You can only add vehicles to your own house',
    });
    expect((await failure(h.caller(c.guard.token).vehicles.create(vehicle({ licensePlate: 'G 1' })))).status).toBe(403);
    expect(await failure(h.caller(c.resident.token).vehicles.create(vehicle({ licensePlate: '   ' })))).toEqual({ status: 400, message: 'License plate is required' });
    const admins = await h.caller(c.admin.token).vehicles.create(vehicle({ licensePlate: 'NED 1', houseId: c.otherHouseId, ownerId: c.neighbour.id }));
    expect(admins.ownerId.id).toBe(c.neighbour.id);
  });

  it('shows residents their own house’s vehicles only; staff see all', async () => {
    // A house of its own, so that its list is exactly what this test adds.
    const { token, id } = await h.signup('resident', 'Vic Vehicles', 'vic@test.example');
    const home = await h.caller(c.admin.token).houses.create({ houseNumber: '303', block: 'V', street: 'Garage Row', ownerId: id });
    await h.caller(c.admin.token).houses.addResident({ id: home.id, userId: id });
    await h.caller(token).vehicles.create(vehicle({ licensePlate: 'VIC 2', houseId: home.id }));
    await h.caller(token).vehicles.create(vehicle({ licensePlate: 'VIC 1', houseId: home.id }));
    const theirs = await h.caller(c.admin.token).vehicles.create(vehicle({ licensePlate: 'NED 2', houseId: c.otherHouseId, ownerId: c.neighbour.id }));
    const mine = await h.caller(token).vehicles.list({});
    expect(mine.items.map((row) => row.licensePlate)).toEqual(['VIC 1', 'VIC 2']);
    expect(mine.total).toBe(2);
    const all = await h.caller(c.guard.token).vehicles.list({ limit: 100 });
    expect(all.total).toBe(await h.em().count(Vehicle, {}));
    expect(all.items.map((row) => row.licensePlate)).toEqual(expect.arrayContaining(['VIC 1', 'VIC 2', 'NED 2']));
    expect(await failure(h.caller(token).vehicles.byId({ id: theirs.id }))).toEqual({ status: 404, message: 'Vehicle not found' });
    await expect(h.caller(c.guard.token).vehicles.byId({ id: theirs.id })).resolves.toMatchObject({ licensePlate: 'NED 2' });
  });

  it('lets only admins and the owning resident change or remove a vehicle', async () => {
    const mine = await h.caller(c.resident.token).vehicles.create(vehicle({ licensePlate: 'RITA 7' }));
    expect(mine.ownerId.id).toBe(c.resident.id);
    expect((await failure(h.caller(c.guard.token).vehicles.update({ id: mine.id, color: 'Red' }))).status).toBe(403);
    await h.caller(c.admin.token).users.update({ id: c.neighbour.id, houseId: c.houseId });
    const neighbour = await h.caller().auth.login({ email: 'ned@test.example', password: 'secret123' });
    expect(await failure(h.caller(neighbour.token).vehicles.update({ id: mine.id, color: 'Red' }))).toEqual({
      status: 403,
      message: 'Only the owner of this vehicle or an admin can change it',
    });
    await expect(h.caller(c.resident.token).vehicles.update({ id: mine.id, color: 'Silver', licensePlate: 'xyz  9' })).resolves.toMatchObject({
      color: 'Silver',
      licensePlate: 'XYZ 9',
      make: 'Toyota',
    });
    await expect(h.caller(c.resident.token).vehicles.delete({ id: mine.id })).resolves.toEqual({ id: mine.id });
    expect((await failure(h.caller(c.admin.token).vehicles.byId({ id: mine.id }))).status).toBe(404);
  });
});

describe.each(legs)('payment procedures on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('records dues in cents and shows them in dollars, pending at first', async () => {
    const payment = await h.caller(c.admin.token).payments.create({ houseId: c.houseId, amount: 150.5, type: 'maintenance', description: 'November', dueDate: '2026-12-01' });
    expect(payment).toMatchObject({ amount: 150.5, type: 'maintenance', status: 'pending', description: 'November', dueDate: '2026-12-01', paidAt: null, houseId: { id: c.houseId } });
    await expect(h.caller(c.admin.token).payments.create({ houseId: c.houseId, amount: 19.99, type: 'fine' })).resolves.toMatchObject({ amount: 19.99 });
  });

  it.each([
    [0, 'Amount must be greater than 0'],
    [-5, 'Amount must be greater than 0'],
    [1_000_000.01, 'Amount must be at most 1,000,000'],
    [10.005, 'Amount must have at most 2 decimals'],
  ])('refuses an amount of %s', async (amount, message) => {
    const c2 = c;
    expect(await failure(h.caller(c2.admin.token).payments.create({ houseId: c2.houseId, amount, type: 'other' }))).toEqual({ status: 400, message });
  });

  it('lets a resident see their own house’s payments only, and never guards', async () => {
    const own = await h.caller(c.admin.token).payments.create({ houseId: c.houseId, amount: 30, type: 'maintenance' });
    const other = await h.caller(c.admin.token).payments.create({ houseId: c.otherHouseId, amount: 10, type: 'amenity' });
    const mine = await h.caller(c.resident.token).payments.list({ limit: 100 });
    expect(mine.items.map((payment) => payment.id)).toContain(own.id);
    expect(mine.items.filter((payment) => payment.houseId.id !== c.houseId)).toEqual([]);
    expect(mine.total).toBe(await h.em().count(Payment, { house: c.houseId }));
    expect(mine.total).toBe(mine.items.length);
    expect(await failure(h.caller(c.resident.token).payments.byId({ id: other.id }))).toEqual({ status: 404, message: 'Payment not found' });
    expect((await failure(h.caller(c.guard.token).payments.list({}))).status).toBe(403);
    expect((await failure(h.caller(c.resident.token).payments.create({ houseId: c.houseId, amount: 1, type: 'other' }))).status).toBe(403);
    const filtered = await h.caller(c.admin.token).payments.list({ houseId: c.otherHouseId });
    expect(filtered.items.map((payment) => payment.id)).toEqual([other.id]);
  });

  it('edits, completes and fails only pending payments', async () => {
    // A house of its own, so that its completed payments are exactly this test's.
    const house = await h.caller(c.admin.token).houses.create({ houseNumber: '303', block: 'P', street: 'Ledger Lane', ownerId: c.resident.id });
    const payment = await h.caller(c.admin.token).payments.create({ houseId: house.id, amount: 20, type: 'other' });
    await expect(h.caller(c.admin.token).payments.update({ id: payment.id, amount: 25 })).resolves.toMatchObject({ amount: 25, type: 'other' });
    const paid = await h.caller(c.admin.token).payments.complete({ id: payment.id });
    expect(paid).toMatchObject({ status: 'completed', paidAt: h.now.toISOString() });
    expect(await failure(h.caller(c.admin.token).payments.fail({ id: payment.id }))).toEqual({ status: 409, message: 'Payment cannot be failed: status is completed' });
    expect(await failure(h.caller(c.admin.token).payments.update({ id: payment.id, amount: 1 }))).toEqual({ status: 409, message: 'Payment cannot be edited: status is completed' });
    const other = await h.caller(c.admin.token).payments.create({ houseId: house.id, amount: 5, type: 'fine' });
    await expect(h.caller(c.admin.token).payments.fail({ id: other.id })).resolves.toMatchObject({ status: 'failed', paidAt: null });
    expect((await failure(h.caller(c.admin.token).payments.complete({ id: other.id }))).status).toBe(409);
    const completed = await h.caller(c.admin.token).payments.list({ status: 'completed', houseId: house.id });
    expect(completed.items.map((row) => row.id)).toEqual([payment.id]);
  });

  it('lets exactly one of concurrent completions succeed', async () => {
    const payment = await h.caller(c.admin.token).payments.create({ houseId: c.houseId, amount: 7, type: 'fine' });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0 ? h.caller(c.admin.token).payments.complete({ id: payment.id }) : h.caller(c.admin.token).payments.fail({ id: payment.id }),
    ));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe.each(legs)('house update and delete on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('updates partially and keeps (houseNumber, block) unique', async () => {
    await expect(h.caller(c.admin.token).houses.update({ id: c.houseId, street: 'Oak Road' })).resolves.toMatchObject({ street: 'Oak Road', houseNumber: '101', block: 'A' });
    expect(await failure(h.caller(c.admin.token).houses.update({ id: c.houseId, houseNumber: '202', block: 'B' }))).toEqual({ status: 409, message: 'House 202 already exists in block B' });
    expect((await failure(h.caller(c.resident.token).houses.update({ id: c.houseId, street: 'Mine' }))).status).toBe(403);
  });

  it('deletes only a house without residents, vehicles, visitors or payments', async () => {
    expect(await failure(h.caller(c.admin.token).houses.delete({ id: c.houseId }))).toEqual({
      status: 409,
      message: 'House cannot be deleted while it has residents, vehicles, visitors or payments',
    });
    const empty = await h.caller(c.admin.token).houses.create({ houseNumber: '9', block: 'Z', street: 'Elm', ownerId: c.resident.id });
    await h.caller(c.admin.token).payments.create({ houseId: empty.id, amount: 1, type: 'other' });
    expect((await failure(h.caller(c.admin.token).houses.delete({ id: empty.id }))).status).toBe(409);
    const bare = await h.caller(c.admin.token).houses.create({ houseNumber: '10', block: 'Z', street: 'Elm', ownerId: c.resident.id });
    await expect(h.caller(c.admin.token).houses.delete({ id: bare.id })).resolves.toEqual({ id: bare.id });
    expect((await failure(h.caller(c.admin.token).houses.byId({ id: bare.id }))).status).toBe(404);
  });
});
