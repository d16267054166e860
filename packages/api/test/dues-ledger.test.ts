/**
 * The dues ledger (docs/operations.md#dues-ledger) against a real database, on both legs: bulk dues
 * (all or
 * nothing), the derived overdue flag and filter across the community zone's date line,
 * completion with method and reference, and the house balance with its permissions.
 */
import { AuditEvent, House, Payment } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('dues ledger on $name', (leg) => {
  let h: Harness;
  let c: Community;
  let houseCount = 0;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  /** A house of its own (and, when asked, a resident living there), so its figures are exactly the test's. */
  const newHouse = async (name: string, withResident = false) => {
    houseCount += 1;
    const owner = withResident ? await h.signup('resident', `Res ${name}`, `${name}@ledger.example`) : null;
    const house = await h.caller(c.admin.token).houses.create({
      houseNumber: `L${houseCount}`,
      block: 'Ledger',
      street: 'Dues Lane',
      ownerId: owner?.id ?? c.resident.id,
    });
    if (owner) await h.caller(c.admin.token).houses.addResident({ id: house.id, userId: owner.id });
    return { id: house.id, token: owner?.token ?? '' };
  };

  const dues = { type: 'maintenance' as const, amount: 120.25, description: 'December maintenance', dueDate: '2026-12-01' };

  it('raises dues for the houses named, in one call, each payment pending and audited', async () => {
    const first = await newHouse('bulk-a');
    const second = await newHouse('bulk-b');
    const result = await h.caller(c.admin.token).payments.bulk({ ...dues, houseIds: [first.id, second.id, first.id] });
    expect(result.count).toBe(2);
    expect(result.ids).toHaveLength(2);
    const rows = await h.em().find(Payment, { id: { $in: result.ids } }, { orderBy: { house: 'asc' } });
    expect(rows.map((row) => [row.status, row.amountCents, row.description, row.dueDate]).sort()).toEqual([
      ['pending', 12025, 'December maintenance', '2026-12-01'],
      ['pending', 12025, 'December maintenance', '2026-12-01'],
    ]);
    const byHouse = await h.caller(c.admin.token).payments.list({ houseId: second.id });
    expect(byHouse.items.map((payment) => payment.id)).toEqual([result.ids[1]]);
    const audits = await h.em().find(AuditEvent, { targetType: 'payment', targetId: { $in: result.ids } });
    expect(audits.map((event) => [event.action, event.targetId, (event.details as Record<string, unknown>).bulk]).sort()).toEqual(
      result.ids.map((id) => ['payment.created', id, true]).sort(),
    );
  });

  it('raises dues for every house when houseIds is omitted', async () => {
    await newHouse('bulk-every');
    const houses = await h.em().count(House, {});
    const result = await h.caller(c.admin.token).payments.bulk({ ...dues, description: 'Every house' });
    expect(result.count).toBe(houses);
    const rows = await h.em().find(Payment, { id: { $in: result.ids } }, { populate: ['house'] });
    expect(new Set(rows.map((row) => (row.house as House).id)).size).toBe(houses);
    expect(await h.em().count(Payment, { description: 'Every house' })).toBe(houses);
  });

  it('creates nothing when one house is unknown or malformed: 404 House not found', async () => {
    const real = await newHouse('bulk-none');
    const before = await h.em().count(Payment, {});
    const auditsBefore = await h.em().count(AuditEvent, { action: 'payment.created' });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-house']) {
      expect(await failure(h.caller(c.admin.token).payments.bulk({ ...dues, houseIds: [real.id, bad] }))).toEqual({
        status: 404,
        message: 'House not found',
      });
    }
    expect(await h.em().count(Payment, {})).toBe(before);
    expect(await h.em().count(AuditEvent, { action: 'payment.created' })).toBe(auditsBefore);
  });

  it('checks its input and lets only admins raise dues', async () => {
    const house = await newHouse('bulk-input');
    expect(await failure(h.caller(c.admin.token).payments.bulk({ ...dues, houseIds: [] }))).toEqual({ status: 400, message: 'Select at least one house' });
    expect(await failure(h.caller(c.admin.token).payments.bulk({ ...dues, description: ' ', houseIds: [house.id] }))).toEqual({
      status: 400,
      message: 'Description is required',
    });
    expect(await failure(h.caller(c.admin.token).payments.bulk({ ...dues, dueDate: '', houseIds: [house.id] }))).toEqual({
      status: 400,
      message: 'Due date is required',
    });
    expect(await failure(h.caller(c.admin.token).payments.bulk({ ...dues, amount: 0, houseIds: [house.id] }))).toEqual({
      status: 400,
      message: 'Amount must be greater than 0',
    });
    expect((await failure(h.caller(c.resident.token).payments.bulk({ ...dues, houseIds: [house.id] }))).status).toBe(403);
    expect((await failure(h.caller(c.guard.token).payments.bulk({ ...dues, houseIds: [house.id] }))).status).toBe(403);
  });

  it('allows due dates in the past, which are overdue at once', async () => {
    const house = await newHouse('past-due');
    const raised = await h.caller(c.admin.token).payments.bulk({ ...dues, dueDate: '2025-01-31', houseIds: [house.id] });
    const single = await h.caller(c.admin.token).payments.create({ houseId: house.id, amount: 5, type: 'fine', dueDate: '2026-11-01' });
    expect(single).toMatchObject({ dueDate: '2026-11-01', overdue: true, status: 'pending' });
    await expect(h.caller(c.admin.token).payments.byId({ id: raised.ids[0]! })).resolves.toMatchObject({ dueDate: '2025-01-31', overdue: true });
  });

  it('derives overdue from the community’s date, not UTC’s, in the flag and the filter', async () => {
    const saved = h.now;
    try {
      const house = await newHouse('overdue-line');
      const { ids } = await h.caller(c.admin.token).payments.bulk({ ...dues, dueDate: '2026-11-22', houseIds: [house.id] });
      const dueToday = ids[0]!;
      const { ids: earlier } = await h.caller(c.admin.token).payments.bulk({ ...dues, dueDate: '2026-11-21', houseIds: [house.id] });
      const noDate = await h.caller(c.admin.token).payments.create({ houseId: house.id, amount: 3, type: 'other' });
      const overdueIds = async () =>
        (await h.caller(c.admin.token).payments.list({ houseId: house.id, overdue: true })).items.map((payment) => payment.id).sort();

      // 23:30 on Nov 22 in New York, already Nov 23 in UTC: due today is not overdue yet.
      h.now = new Date('2026-11-23T04:30:00.000Z');
      expect(await overdueIds()).toEqual([earlier[0]]);
      await expect(h.caller(c.admin.token).payments.byId({ id: dueToday })).resolves.toMatchObject({ overdue: false });
      const all = await h.caller(c.admin.token).payments.list({ houseId: house.id, overdue: false });
      expect(all.items.map((payment) => payment.id).sort()).toEqual([dueToday, earlier[0], noDate.id].sort());

      // 00:30 on Nov 23 in New York: now it is.
      h.now = new Date('2026-11-23T05:30:00.000Z');
      expect(await overdueIds()).toEqual([dueToday, earlier[0]].sort());
      const listed = await h.caller(c.admin.token).payments.list({ houseId: house.id });
      expect(Object.fromEntries(listed.items.map((payment) => [payment.id, payment.overdue]))).toEqual({
        [dueToday]: true,
        [earlier[0]!]: true,
        [noDate.id]: false,
      });

      // Completed or failed, a payment is never overdue.
      await h.caller(c.admin.token).payments.complete({ id: dueToday });
      await h.caller(c.admin.token).payments.fail({ id: earlier[0]! });
      expect(await overdueIds()).toEqual([]);
    } finally {
      h.now = saved;
    }
  });

  it('shows a resident only their own house’s overdue payments', async () => {
    const mine = await h.caller(c.admin.token).payments.create({ houseId: c.houseId, amount: 9, type: 'fine', dueDate: '2026-10-01' });
    await h.caller(c.admin.token).payments.create({ houseId: c.otherHouseId, amount: 9, type: 'fine', dueDate: '2026-10-01' });
    const seen = await h.caller(c.resident.token).payments.list({ overdue: true, limit: 100 });
    expect(seen.items.map((payment) => payment.id)).toContain(mine.id);
    expect(seen.items.every((payment) => payment.houseId.id === c.houseId && payment.overdue)).toBe(true);
  });

  it('records method, reference and paidAt when completing; no body means method other, paid now', async () => {
    const house = await newHouse('complete');
    const create = () => h.caller(c.admin.token).payments.create({ houseId: house.id, amount: 40, type: 'amenity' });
    const cheque = await create();
    await expect(
      h.caller(c.admin.token).payments.complete({ id: cheque.id, method: 'cheque', reference: '  CHQ-00417  ', paidAt: '2026-11-20T10:15:00-05:00' }),
    ).resolves.toMatchObject({ status: 'completed', method: 'cheque', reference: 'CHQ-00417', paidAt: '2026-11-20T15:15:00.000Z', overdue: false });
    const audit = await h.em().findOneOrFail(AuditEvent, { targetId: cheque.id, action: 'payment.completed' });
    expect(audit.details).toEqual({ method: 'cheque', reference: 'CHQ-00417', paidAt: '2026-11-20T15:15:00.000Z' });

    const bare = await create();
    await expect(h.caller(c.admin.token).payments.complete({ id: bare.id })).resolves.toMatchObject({
      method: 'other',
      reference: null,
      paidAt: h.now.toISOString(),
    });
    const failed = await create();
    await expect(h.caller(c.admin.token).payments.fail({ id: failed.id })).resolves.toMatchObject({ method: null, reference: null });

    const pending = await create();
    const refused = [
      [{ method: 'bitcoin' }, 'Method must be cash, cheque, bank-transfer, card or other'],
      [{ reference: 'x'.repeat(101) }, 'Reference must be at most 100 characters'],
      [{ paidAt: '2026-11-20' }, 'Paid at must be a date and time with a time zone (ISO 8601)'],
      [{ paidAt: '2026-11-22T14:00:01Z' }, 'Paid at cannot be in the future'],
    ] as const;
    for (const [extra, message] of refused) {
      expect(await failure(h.caller(c.admin.token).payments.complete({ id: pending.id, ...(extra as object) }))).toEqual({ status: 400, message });
    }
    await expect(h.caller(c.admin.token).payments.byId({ id: pending.id })).resolves.toMatchObject({ status: 'pending', method: null });
    expect(await failure(h.caller(c.admin.token).payments.complete({ id: cheque.id, method: 'cash' }))).toEqual({
      status: 409,
      message: 'Payment cannot be completed: status is completed',
    });
  });

  it('sums a house’s balance: pending, the overdue part, and what was paid this year in the community’s zone', async () => {
    const house = await newHouse('balance', true);
    const admin = h.caller(c.admin.token);
    const make = (amount: number, dueDate?: string) => admin.payments.create({ houseId: house.id, amount, type: 'maintenance', ...(dueDate ? { dueDate } : {}) });
    await make(100.1, '2026-11-21'); // overdue
    await make(50.05, '2026-11-22'); // due today: pending, not overdue
    await make(7); // no due date: pending
    await admin.payments.fail({ id: (await make(999, '2026-01-01')).id });
    // 22:00 on Dec 31, 2025 in New York (Jan 1 in UTC): last year.
    await admin.payments.complete({ id: (await make(30)).id, paidAt: '2026-01-01T03:00:00Z' });
    // 01:00 on Jan 1, 2026 in New York: this year.
    await admin.payments.complete({ id: (await make(20.2)).id, paidAt: '2026-01-01T06:00:00Z' });
    await admin.payments.complete({ id: (await make(0.3)).id });
    // Another house's dues count for that house only.
    await admin.payments.create({ houseId: c.otherHouseId, amount: 500, type: 'fine', dueDate: '2026-01-01' });

    const expected = { pending: 157.15, overdue: 100.1, paidThisYear: 20.5 };
    await expect(admin.houses.balance({ id: house.id })).resolves.toEqual(expected);
    await expect(h.caller(house.token).houses.balance({ id: house.id })).resolves.toEqual(expected);

    const empty = await newHouse('balance-empty');
    await expect(admin.houses.balance({ id: empty.id })).resolves.toEqual({ pending: 0, overdue: 0, paidThisYear: 0 });

    // Next year in New York (still Dec 31 in no zone that matters): this year's payments are last year's.
    const saved = h.now;
    try {
      h.now = new Date('2027-01-01T05:30:00.000Z');
      await expect(admin.houses.balance({ id: house.id })).resolves.toEqual({ pending: 157.15, overdue: 150.15, paidThisYear: 0 });
      h.now = new Date('2027-01-01T04:30:00.000Z'); // 23:30 on Dec 31, 2026 in New York
      await expect(admin.houses.balance({ id: house.id })).resolves.toEqual({ pending: 157.15, overdue: 150.15, paidThisYear: 20.5 });
    } finally {
      h.now = saved;
    }
  });

  it('lets admins read any house’s balance, residents their own only (others 404), never guards', async () => {
    await expect(h.caller(c.admin.token).houses.balance({ id: c.otherHouseId })).resolves.toHaveProperty('pending');
    await expect(h.caller(c.resident.token).houses.balance({ id: c.houseId })).resolves.toHaveProperty('overdue');
    expect(await failure(h.caller(c.resident.token).houses.balance({ id: c.otherHouseId }))).toEqual({ status: 404, message: 'House not found' });
    expect((await failure(h.caller(c.guard.token).houses.balance({ id: c.houseId }))).status).toBe(403);
    expect(await failure(h.caller(c.admin.token).houses.balance({ id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, message: 'House not found' });
    expect(await failure(h.caller(c.admin.token).houses.balance({ id: 'nope' }))).toEqual({ status: 404, message: 'House not found' });
    const homeless = await h.signup('resident', 'Hal Homeless', 'hal@ledger.example');
    expect(await failure(h.caller(homeless.token).houses.balance({ id: c.houseId }))).toEqual({ status: 404, message: 'House not found' });
  });
});
