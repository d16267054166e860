/**
 * Visitor lists (docs/performance.md#the-targets): the web's slim summaries (no pass), the counts
 * the
 * writes keep for X-Total-Count, and substring search, on both databases.
 */
import { VisitorInvitation, VisitorStatusCount } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { ZVisitorSummary } from '@gatehouse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('visitor lists on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const ids: string[] = [];

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    // h.now is 2026-11-22 09:00 in New York.
    for (let index = 0; index < 12; index += 1) {
      const visitor = await h.caller(index % 3 === 0 ? c.admin.token : c.resident.token).visitors.invite({
        name: index % 4 === 0 ? `Zelda Quill ${index}` : `Visitor Number ${index}`,
        phone: `+1555000${String(1000 + index)}`,
        houseId: c.houseId,
        visitDate: '2026-11-22',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
      });
      ids.push(visitor.id);
    }
    const guard = h.caller(c.guard.token);
    for (const id of ids.slice(0, 5)) await guard.visitors.checkIn({ visitorId: id });
    for (const id of ids.slice(0, 2)) await guard.visitors.checkOut({ visitorId: id });
    await h.caller(c.resident.token).visitors.cancel({ id: ids[11]! });
  });
  afterAll(() => h?.close());

  it('gives the web app summaries without the pass, with the same fields as the full list otherwise', async () => {
    const admin = h.caller(c.admin.token);
    const [full, slim] = await Promise.all([admin.visitors.list({ limit: 100 }), admin.visitors.listSummaries({ limit: 100 })]);
    expect(slim.total).toBe(full.total);
    expect(slim.items.map((item) => item.id)).toEqual(full.items.map((item) => item.id));
    for (const [index, item] of slim.items.entries()) {
      expect(item).not.toHaveProperty('qrCodeDataUrl');
      expect(item).not.toHaveProperty('qrCodeToken');
      expect(item).not.toHaveProperty('passCode');
      expect(ZVisitorSummary.strict().parse(item)).toEqual(item);
      expect(item).not.toHaveProperty('decisionReason');
      // Gates are shown on the visitor's own page, not in list rows (performance target 4: a row under 600 B).
      expect(item).not.toHaveProperty('checkInGate');
      expect(item).not.toHaveProperty('checkOutGate');
      const {
        qrCodeDataUrl: _image,
        qrCodeToken: _token,
        passCode: _code,
        decidedBy: _by,
        decidedAt: _at,
        decisionReason: _reason,
        checkInGate: _inGate,
        checkOutGate: _outGate,
        ...rest
      } = full.items[index]!;
      expect(item).toEqual(rest);
    }
    // A summary row is a small fraction of a full one.
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    expect(bytes(slim.items) / slim.items.length).toBeLessThan(600);
    expect(bytes(full.items) / full.items.length).toBeGreaterThan(2_000);
  });

  it('keeps the counts by status exact through invitations, check-ins, check-outs and cancels', async () => {
    const em = h.em();
    const admin = h.caller(c.admin.token);
    for (const status of [undefined, 'approved', 'checked-in', 'checked-out', 'cancelled', 'expired'] as const) {
      const page = await admin.visitors.listSummaries({ limit: 1, ...(status ? { status } : {}) });
      const actual = await em.count(VisitorInvitation, status ? { status } : {});
      expect(page.total, status ?? 'all').toBe(actual);
    }
    expect((await admin.visitors.list({ status: 'checked-in', limit: 1 })).total).toBe(3);
    const shards = await em.find(VisitorStatusCount, {});
    expect(shards.reduce((sum, shard) => sum + shard.n, 0)).toBe(await em.count(VisitorInvitation, {}));
  });

  it('counts a resident’s and a host’s lists from their own rows', async () => {
    const resident = h.caller(c.resident.token);
    expect((await resident.visitors.listSummaries({ limit: 1 })).total).toBe(12);
    expect((await resident.visitors.myInvitationSummaries({ limit: 1 })).total).toBe(8);
    expect((await h.caller(c.neighbour.token).visitors.listSummaries({ limit: 1 })).total).toBe(0);
  });

  it('finds a name or phone fragment, case-insensitively, and counts the matches', async () => {
    const admin = h.caller(c.admin.token);
    const byName = await admin.visitors.listSummaries({ q: 'lda qu', limit: 2 });
    expect(byName.total).toBe(3);
    expect(byName.items).toHaveLength(2);
    expect(byName.items.every((item) => item.name.startsWith('Zelda Quill'))).toBe(true);
    const byPhone = await admin.visitors.listSummaries({ q: '0001005' });
    expect(byPhone.items.map((item) => item.phone)).toEqual(['+15550001005']);
    expect((await admin.visitors.listSummaries({ q: '%' })).total).toBe(0);
    // Past the last match the page is empty and the count is still the matches'.
    const past = await admin.visitors.listSummaries({ q: 'lda qu', limit: 2, offset: 5 });
    expect(past).toEqual({ items: [], total: 3 });
    // The resident's house holds all 12: the same 3 matches, counted from the house's rows.
    const resident = await h.caller(c.resident.token).visitors.listSummaries({ q: 'lda qu', offset: 0 });
    expect(resident.total).toBe(3);
    expect(resident.items.map((item) => item.id).sort()).toEqual([ids[0]!, ids[4]!, ids[8]!].sort());
  });

  it('orders a search as the list it filters, also by check-in time among checked-in visitors', async () => {
    const admin = h.caller(c.admin.token);
    const everyone = await admin.visitors.listSummaries({ limit: 100 });
    const found = await admin.visitors.listSummaries({ q: 'zelda', limit: 100 });
    expect(found.items.map((item) => item.id)).toEqual(everyone.items.filter((item) => item.name.startsWith('Zelda')).map((item) => item.id));
    const inside = await admin.visitors.listSummaries({ status: 'checked-in', limit: 100 });
    const foundInside = await admin.visitors.listSummaries({ status: 'checked-in', q: 'visitor number', limit: 100 });
    expect(foundInside.total).toBe(2);
    expect(foundInside.items.map((item) => item.id)).toEqual(inside.items.filter((item) => item.name.startsWith('Visitor')).map((item) => item.id));
  });

  it('orders checked-in visitors by check-in time, newest first', async () => {
    const checkedIn = await h.caller(c.guard.token).visitors.listSummaries({ status: 'checked-in' });
    const times = checkedIn.items.map((item) => item.check_in_time!);
    expect(times).toHaveLength(3);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
