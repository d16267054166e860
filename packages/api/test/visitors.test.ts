import { VisitorInvitation } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** Decodes the QR code of a PNG data URL. */
function decodeQr(dataUrl: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe.each(legs)('visitor procedures on $name', (leg) => {
  let h: Harness;
  let c: Community;
  // h.now is 2026-11-22 09:00 in New York.
  const invite = (overrides: Record<string, unknown> = {}) => ({
    name: 'Vera Visitor',
    phone: '+15557654321',
    houseId: c.houseId,
    visitDate: '2026-11-22',
    visitTimeFrom: '10:00',
    visitTimeTo: '17:00',
    ...overrides,
  });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('invites with status approved and a pass whose QR code encodes exactly the token', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite(
      invite({ email: '', purpose: ' Dinner ', vehicleLicensePlate: 'abc 123' }),
    );
    expect(visitor).toMatchObject({
      status: 'approved',
      email: null,
      purpose: 'Dinner',
      vehicleLicensePlate: 'ABC 123',
      houseId: { id: c.houseId, houseNumber: '101', block: 'A' },
      hostId: { id: c.resident.id, name: 'Rita Resident' },
      check_in_time: null,
      check_out_time: null,
      notes: null,
    });
    expect(visitor.qrCodeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visitor.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(decodeQr(visitor.qrCodeDataUrl)).toBe(visitor.qrCodeToken);
  });

  it('lets a resident invite only to their own house, and never a guard', async () => {
    expect(await failure(h.caller(c.resident.token).visitors.invite(invite({ houseId: c.otherHouseId })))).toEqual({
      status: 403,
      message: 'You can only invite visitors to your own house',
    });
    expect((await failure(h.caller(c.guard.token).visitors.invite(invite()))).status).toBe(403);
    await expect(h.caller(c.admin.token).visitors.invite(invite({ houseId: c.otherHouseId }))).resolves.toMatchObject({ status: 'approved' });
    expect(await failure(h.caller(c.admin.token).visitors.invite(invite({ houseId: '00000000-0000-4000-8000-000000000000' })))).toEqual({
      status: 404,
      message: 'House not found',
    });
  });

  it('refuses past dates and a window that has already ended today, in the community time zone', async () => {
    expect(await failure(h.caller(c.resident.token).visitors.invite(invite({ visitDate: '2026-11-21' })))).toEqual({
      status: 400,
      message: 'Visit date cannot be in the past',
    });
    expect(await failure(h.caller(c.resident.token).visitors.invite(invite({ visitTimeFrom: '07:00', visitTimeTo: '08:30' })))).toEqual({
      status: 400,
      message: 'End time has already passed',
    });
    expect(await failure(h.caller(c.resident.token).visitors.invite(invite({ visitTimeFrom: '17:00', visitTimeTo: '09:00' })))).toEqual({
      status: 400,
      message: 'End time must be after start time',
    });
  });

  it('shows a resident only their house’s invitations, as 404 for others', async () => {
    const own = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Olive Ownguest' }));
    const adminsForTheHouse = await h.caller(c.admin.token).visitors.invite(invite({ name: 'Abe Adminguest' }));
    const neighbours = await h.caller(c.neighbour.token).visitors.invite(invite({ houseId: c.otherHouseId, name: 'Nora Neighbourguest' }));
    const mine = await h.caller(c.resident.token).visitors.list({ limit: 100 });
    const mineIds = mine.items.map((visitor) => visitor.id);
    expect(mineIds).toEqual(expect.arrayContaining([own.id, adminsForTheHouse.id]));
    expect(mineIds).not.toContain(neighbours.id);
    expect(mine.items.filter((visitor) => visitor.houseId.id !== c.houseId)).toEqual([]);
    expect(mine.total).toBe(mine.items.length);
    expect(await failure(h.caller(c.resident.token).visitors.byId({ id: neighbours.id }))).toEqual({ status: 404, message: 'Visitor not found' });
    expect(await failure(h.caller(c.resident.token).visitors.cancel({ id: neighbours.id }))).toEqual({ status: 404, message: 'Visitor not found' });
    expect(await failure(h.caller(c.guard.token).visitors.byId({ id: 'not-a-uuid' }))).toEqual({ status: 404, message: 'Visitor not found' });
    const all = await h.caller(c.guard.token).visitors.list({ limit: 100 });
    expect(all.items.map((visitor) => visitor.id)).toEqual(expect.arrayContaining([own.id, adminsForTheHouse.id, neighbours.id]));
    // The admin's own invitations: the one to the resident's house, not the resident's.
    const hosted = await h.caller(c.admin.token).visitors.myInvitations({ limit: 100 });
    const hostedIds = hosted.items.map((visitor) => visitor.id);
    expect(hostedIds).toContain(adminsForTheHouse.id);
    expect(hostedIds).not.toContain(own.id);
    expect(hosted.items.filter((visitor) => visitor.hostId?.id !== c.admin.id)).toEqual([]);
  });

  it('searches by name or phone, case-insensitively, with % and _ taken literally', async () => {
    await h.caller(c.resident.token).visitors.invite(invite({ name: 'Zelda Searchable', phone: '+44 20 7946 0999' }));
    const byName = await h.caller(c.guard.token).visitors.list({ q: 'zELDA' });
    expect(byName.items.map((visitor) => visitor.name)).toEqual(['Zelda Searchable']);
    const byPhone = await h.caller(c.guard.token).visitors.list({ q: '7946 0999' });
    expect(byPhone.items.map((visitor) => visitor.name)).toEqual(['Zelda Searchable']);
    expect((await h.caller(c.guard.token).visitors.list({ q: '%' })).items).toEqual([]);
  });

  it('lists nearest visit first with limit, offset and the full count', async () => {
    // Three invitations of one day ahead, made in another order than their start times.
    const created: Record<string, string> = {};
    for (const [time, name] of [['11:00', 'Paige Second'], ['15:00', 'Paige Third'], ['08:30', 'Paige First']] as const) {
      created[name] = (await h.caller(c.resident.token).visitors.invite(invite({ name, visitDate: '2026-11-24', visitTimeFrom: time }))).id;
    }
    const day = { from: '2026-11-24', to: '2026-11-24' };
    const page = await h.caller(c.guard.token).visitors.list({ ...day, limit: 2, offset: 0 });
    const next = await h.caller(c.guard.token).visitors.list({ ...day, limit: 2, offset: 2 });
    expect(page.items.map((visitor) => visitor.id)).toEqual([created['Paige First'], created['Paige Second']]);
    expect(next.items.map((visitor) => visitor.id)).toEqual([created['Paige Third']]);
    expect([page.total, next.total]).toEqual([3, 3]);
    // Unfiltered, today's visits come before that day's, and the total is everyone's.
    const everyone = await h.caller(c.guard.token).visitors.list({ limit: 100 });
    expect(everyone.total).toBe(everyone.items.length);
    const dates = everyone.items.map((visitor) => visitor.visitDate);
    expect(dates.indexOf('2026-11-22')).toBeLessThan(dates.indexOf('2026-11-24'));
  });

  it('runs the gate loop: scan, check in inside the window, check out, with 409s naming the status', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Gate Loop' }));
    const guard = h.caller(c.guard.token);
    await expect(guard.visitors.scan({ token: `  ${visitor.qrCodeToken}\n` })).resolves.toMatchObject({ id: visitor.id, status: 'approved' });
    expect(await failure(guard.visitors.scan({ token: 'nope' }))).toEqual({ status: 404, message: 'Invalid or expired QR code' });
    expect(await failure(guard.visitors.scan({ token: '  ' }))).toEqual({ status: 400, message: 'Please enter a token' });
    expect((await failure(h.caller(c.resident.token).visitors.scan({ token: visitor.qrCodeToken }))).status).toBe(403);
    expect(await failure(guard.visitors.checkOut({ visitorId: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be checked out: status is approved',
    });

    // 09:00 is within 60 minutes of 10:00.
    const inside = await guard.visitors.checkIn({ visitorId: visitor.id, notes: 'Blue sedan' });
    expect(inside).toMatchObject({ status: 'checked-in', check_in_time: h.now.toISOString(), notes: 'Blue sedan' });
    const stored = await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id }, { populate: ['checkedInBy'] });
    expect(stored.checkedInBy?.id).toBe(c.guard.id);
    expect(await failure(guard.visitors.checkIn({ visitorId: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be checked in: status is checked-in',
    });
    const active = await guard.visitors.list({ status: 'checked-in', limit: 100 });
    expect(active.items.map((row) => row.id)).toContain(visitor.id);
    expect(await failure(h.caller(c.resident.token).visitors.cancel({ id: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be cancelled: status is checked-in',
    });

    const out = await guard.visitors.checkOut({ visitorId: visitor.id, notes: 'Left on foot' });
    expect(out).toMatchObject({ status: 'checked-out', notes: 'Blue sedan\nLeft on foot' });
    // docs/operations.md#frequent-visitors: the gate's answer may be a recurring pass; this one is
    // the visitor.
    expect('check_out_time' in out && out.check_out_time).toBe(h.now.toISOString());
    expect(await failure(guard.visitors.checkOut({ visitorId: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be checked out: status is checked-out',
    });
  });

  it('allows check-in only inside the visit window, naming the invitation’s own date and times', async () => {
    const later = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Too Early', visitTimeFrom: '11:30', visitTimeTo: '17:00' }));
    expect(await failure(h.caller(c.guard.token).visitors.checkIn({ visitorId: later.id }))).toEqual({
      status: 409,
      message: 'This invitation is valid on Nov 22, 2026 from 11:30 AM to 5:00 PM',
    });
    const tomorrow = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Tomorrow', visitDate: '2026-11-23' }));
    expect((await failure(h.caller(c.guard.token).visitors.checkIn({ visitorId: tomorrow.id }))).message).toBe(
      'This invitation is valid on Nov 23, 2026 from 10:00 AM to 5:00 PM',
    );
  });

  it('expires an invitation whose window has ended, on read', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Soon Expired', visitTimeFrom: '09:00', visitTimeTo: '09:30' }));
    const start = h.now;
    try {
      h.now = new Date(start.getTime() + 31 * 60_000); // 09:31
      await expect(h.caller(c.resident.token).visitors.byId({ id: visitor.id })).resolves.toMatchObject({ status: 'expired' });
      expect(await failure(h.caller(c.guard.token).visitors.checkIn({ visitorId: visitor.id }))).toEqual({
        status: 409,
        message: 'Visitor cannot be checked in: status is expired',
      });
    } finally {
      h.now = start;
    }
  });

  it('cancels pending or approved invitations for the host, the house and admins, never for guards', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite(invite({ name: 'To Cancel' }));
    expect((await failure(h.caller(c.guard.token).visitors.cancel({ id: visitor.id }))).status).toBe(403);
    await expect(h.caller(c.resident.token).visitors.cancel({ id: visitor.id })).resolves.toMatchObject({ status: 'cancelled' });
    expect(await failure(h.caller(c.admin.token).visitors.cancel({ id: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be cancelled: status is cancelled',
    });
  });

  it('lets exactly one of 50 concurrent check-ins of one visitor succeed', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite(invite({ name: 'Race Condition' }));
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, () => h.caller(c.guard.token).visitors.checkIn({ visitorId: visitor.id })),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(succeeded).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') {
        expect((await failure(Promise.reject(attempt.reason))).status).toBe(409);
      }
    }
  });
});
