/**
 * Visitor privacy and retention (docs/privacy.md#retention-and-erasure), on both databases: the
 * retention run
 * anonymises the visitors whose visit ended past the limit (name "Visitor"; phone, e-mail,
 * plate, notes and photo removed), leaves newer ones and those still inside untouched,
 * skips what it already did, works in batches, and the reports' counts (by status, house
 * and date) are the same after; a search for a removed name finds nothing; the audit log
 * holds ids, never removed values. An admin's erase does the same at once, the purpose too.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { anonymiseEndedVisitors } from '../src/services/visitor-privacy';
import { createHarness, failure, TEST_TIME_ZONE, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** 2026-11-22 09:00 in New York: "now" of the retention runs. */
const NOW = new Date('2026-11-22T14:00:00.000Z');

describe.each(legs)('visitor privacy on $name', (leg) => {
  let h: Harness;
  let c: Community;
  /** Visited on 2026-04-01 (past 180 days), checked in with notes and out, a photo. */
  let oldId: string;
  /** Visit ended on 2026-05-30 17:00, 176 days before NOW: kept. */
  let recentId: string;
  /** Window ended in April, checked out only on 2026-06-01 (174 days before NOW): kept. */
  let lateLeaverId: string;
  /** Checked in on 2026-04-02 and never checked out: still inside, kept. */
  let insideId: string;

  /** The newest visitor event's id (0: none). */
  const lastEventId = async () => {
    const [last] = await h.em().execute<{ id: string }[]>(`select coalesce(max(id), 0)::text as id from visitor_event`);
    return last!.id;
  };
  /** The visitor events after `afterId`: type and visitor. */
  const eventsAfter = (afterId: string) =>
    h.em().execute<{ type: string; visitor_id: string }[]>(`select type, visitor_id from visitor_event where id > ? order by id`, [afterId]);
  const deliveryCount = async () => {
    const [counted] = await h.em().execute<{ n: number }[]>(`select count(*)::int as n from webhook_delivery`);
    return counted!.n;
  };

  const row = async (id: string) => {
    const [found] = await h.em().execute<Record<string, unknown>[]>(`select * from visitor_invitation where id = ?`, [id]);
    return found!;
  };

  /** The reports' figures: visitors by status, house and date, and by check-in day. */
  const aggregates = async () => ({
    byStatusHouseDate: await h.em().execute(
      `select status, house_id, visit_date::text as visit_date, count(*)::int as n from visitor_invitation
        group by status, house_id, visit_date order by status, house_id, visit_date`,
    ),
    checkIns: await h.em().execute(
      `select (check_in_time at time zone 'UTC')::date::text as day, count(*)::int as n from visitor_invitation
        where check_in_time is not null group by 1 order by 1`,
    ),
    statusCounts: await h.em().execute(`select status, sum(n)::int as n from visitor_status_count group by status order by status`),
  });

  beforeAll(async () => {
    h = await createHarness(leg);
    // The community is made "now"; its invitations in the past, with the clock moved back.
    c = await h.community();
    const resident = () => h.caller(c.resident.token);
    const guard = () => h.caller(c.guard.token);
    h.now = new Date('2026-04-01T13:00:00.000Z');
    const old = await resident().visitors.invite({
      name: 'Alicia Quixote',
      phone: '+15559871234',
      email: 'alicia@example.com',
      purpose: 'Plumbing',
      vehicleLicensePlate: 'ZXQ 987',
      houseId: c.houseId,
      visitDate: '2026-04-01',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    oldId = old.id;
    await guard().visitors.checkIn({ visitorId: old.id, notes: 'Gate code 4321 told to Alicia' });
    h.now = new Date('2026-04-01T15:00:00.000Z');
    await guard().visitors.checkOut({ visitorId: old.id, notes: 'Left with Alicia’s toolbox' });
    await h.em().execute(`insert into visitor_photo (community_id, visitor_id, jpeg) values ((select id from community order by created_at, id limit 1), ?, decode('ffd8ffe000', 'hex'))`, [old.id]);
    await h.em().execute(`update visitor_invitation set has_photo = true where id = ?`, [old.id]);

    const late = await resident().visitors.invite({
      name: 'Lenny Lateleaver',
      phone: '+15550001111',
      houseId: c.houseId,
      visitDate: '2026-04-01',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    lateLeaverId = late.id;
    await guard().visitors.checkIn({ visitorId: late.id });
    const inside = await resident().visitors.invite({
      name: 'Ingrid Inside',
      phone: '+15550002222',
      houseId: c.houseId,
      visitDate: '2026-04-02',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    insideId = inside.id;
    h.now = new Date('2026-04-02T13:30:00.000Z');
    await guard().visitors.checkIn({ visitorId: inside.id });
    // Lenny left two months later (the gate forgot to check him out).
    await h.em().execute(`update visitor_invitation set status = 'checked-out', check_out_time = '2026-06-01T12:00:00Z' where id = ?`, [late.id]);

    const recent = await resident().visitors.invite({
      name: 'Rosa Recent',
      phone: '+15550003333',
      houseId: c.houseId,
      visitDate: '2026-05-30',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    recentId = recent.id;

    // 2,500 more old visitors (expired, the other house), to run several batches.
    await h.em().execute(
      `insert into visitor_invitation (community_id, id, name, phone, email, house_id, host_id, visit_date, visit_time_from, visit_time_to, status,
         qr_code_token, qr_code_data_url, pass_code, created_at, updated_at)
       select (select id from community order by created_at, id limit 1), gen_random_uuid(), 'Bulk Person ' || n, '+1666' || lpad(n::text, 7, '0'), 'bulk' || n || '@example.com', ?, ?,
              date '2026-01-01' + (n % 60), '09:00', '17:00', 'expired',
              md5(random()::text || n::text) || md5(n::text), 'data:image/png;base64,', lpad(n::text, 6, '0'),
              timestamptz '2026-01-01 00:00:00+00', now()
         from generate_series(1, 2500) n`,
      [c.otherHouseId, c.neighbour.id],
    );
    h.now = NOW;
    // Reading an ended invitation expires it: done now, so that the figures compare alike.
    await h.caller(c.admin.token).visitors.byId({ id: recentId });
  });
  afterAll(() => h?.close());

  it('anonymises the visitors past the limit, in batches, leaves the others, and the reports count the same', async () => {
    const before = await aggregates();
    const oldBefore = await row(oldId);
    const recentBefore = await row(recentId);

    // A webhook subscribed to everything: an event would make a delivery.
    await h.em().execute(
      `insert into webhook (community_id, id, url, events, secret, created_by_id) values ((select id from community order by created_at, id limit 1), gen_random_uuid(), 'https://hooks.example.com/all', '{*}', 'whsec_x', ?)`,
      [c.admin.id],
    );
    const eventsBefore = await lastEventId();
    const deliveriesBefore = await deliveryCount();

    const result = await anonymiseEndedVisitors(h.em(), { now: NOW, timeZone: TEST_TIME_ZONE, retentionDays: 180, batchSize: 1000 });
    expect(result.anonymised).toBe(2501);
    // No flood: no visitor event (live screens, NOTIFY) and no webhook delivery per visitor.
    expect(await eventsAfter(eventsBefore)).toEqual([]);
    expect(await deliveryCount()).toBe(deliveriesBefore);
    expect(result.cutoff.toISOString()).toBe('2026-05-26T14:00:00.000Z');

    const old = await row(oldId);
    expect(old).toMatchObject({
      name: 'Visitor',
      phone: '',
      email: null,
      vehicle_license_plate: null,
      notes: null,
      has_photo: false,
      // Kept: purpose (the retention job leaves it), the visit, the house, the status, the gate's times.
      purpose: 'Plumbing',
      status: 'checked-out',
      house_id: oldBefore.house_id,
      host_id: oldBefore.host_id,
      checked_in_by_id: oldBefore.checked_in_by_id,
    });
    expect(String(old.visit_date)).toBe(String(oldBefore.visit_date));
    expect(old.check_in_time).toEqual(oldBefore.check_in_time);
    expect(old.check_out_time).toEqual(oldBefore.check_out_time);
    expect(old.anonymised_at).not.toBeNull();
    const [photos] = await h.em().execute<{ n: number }[]>(`select count(*)::int as n from visitor_photo where visitor_id = ?`, [oldId]);
    expect(photos?.n).toBe(0);

    // The API says so: anonymisedAt, and no phone.
    const json = await h.caller(c.admin.token).visitors.byId({ id: oldId });
    expect(json).toMatchObject({ name: 'Visitor', phone: null, email: null, vehicleLicensePlate: null, notes: null, hasPhoto: false });
    expect(json.anonymisedAt).toBe(NOW.toISOString());

    // Newer, left later, or still inside: untouched.
    expect(await row(recentId)).toEqual(recentBefore);
    expect((await h.caller(c.admin.token).visitors.byId({ id: recentId })).anonymisedAt).toBeNull();
    expect(await row(lateLeaverId)).toMatchObject({ name: 'Lenny Lateleaver', anonymised_at: null });
    expect(await row(insideId)).toMatchObject({ name: 'Ingrid Inside', status: 'checked-in', anonymised_at: null });

    // "Reports still count them."
    expect(await aggregates()).toEqual(before);
  });

  it('leaves nothing to find: a search for a removed name or phone finds none, and the counts it keeps agree', async () => {
    const admin = h.caller(c.admin.token);
    for (const q of ['Alicia', 'Quixote', '987123', 'Bulk Person', '+1666']) {
      expect((await admin.visitors.list({ limit: 10, offset: 0, q })).total, q).toBe(0);
    }
    expect((await admin.visitors.list({ limit: 10, offset: 0, q: 'Rosa' })).total).toBe(1);
    for (const gram of ['ali', 'bul', '666']) {
      const [kept] = await h.em().execute<{ n: number }[]>(`select coalesce(sum(n), 0)::int as n from visitor_search_gram_count where gram = ?`, [gram]);
      const [actual] = await h.em().execute<{ n: number }[]>(
        `select count(*)::int as n from visitor_invitation where name ilike ? or phone ilike ?`,
        [`%${gram}%`, `%${gram}%`],
      );
      expect(kept?.n, gram).toBe(actual?.n);
    }
  });

  it('keeps ids in the audit log, never the removed values, and removes the gate notes it held', async () => {
    const rows = await h.em().execute<{ actor_id: string | null; details: unknown }[]>(
      `select actor_id, details from audit_event where action = 'visitor.anonymised' order by sequence`,
    );
    expect(rows.length).toBe(3);
    const details = rows.map((item) => (typeof item.details === 'string' ? JSON.parse(item.details) : item.details) as Record<string, unknown>);
    expect(details.map((item) => item.count)).toEqual([1000, 1000, 501]);
    expect(details.flatMap((item) => item.visitorIds as string[])).toContain(oldId);
    expect(rows.every((item) => item.actor_id === null)).toBe(true);
    const everything = JSON.stringify(await h.em().execute(`select * from audit_event`));
    for (const removed of ['Alicia', 'Quixote', '5559871234', 'Gate code', 'toolbox', 'ZXQ', 'alicia@example.com', 'Bulk Person']) {
      expect(everything, removed).not.toContain(removed);
    }
    // The Activity Log still shows the check-in and check-out, without the notes.
    const activity = await h.caller(c.admin.token).visitors.activity({ id: oldId });
    expect(JSON.stringify(activity)).not.toContain('Gate code');
    expect(activity.items.map((item) => item.action)).toEqual(['invited', 'checked-in', 'checked-out']);
    // The append-only rule still holds for any other change.
    await expect(h.em().execute(`update audit_event set ip_address = 'x' where action = 'visitor.anonymised'`)).rejects.toThrow(/append-only/);
    await expect(h.em().execute(`delete from audit_event where action = 'visitor.anonymised'`)).rejects.toThrow(/append-only/);
  });

  it('skips what it already did: a second run changes nothing', async () => {
    const before = await row(oldId);
    const again = await anonymiseEndedVisitors(h.em(), { now: new Date(NOW.getTime() + 60_000), timeZone: TEST_TIME_ZONE, retentionDays: 180 });
    expect(again.anonymised).toBe(0);
    expect(await row(oldId)).toEqual(before);
    // A run with nothing to do still leaves its trace, with count 0.
    const [last] = await h.em().execute<{ details: unknown }[]>(
      `select details from audit_event where action = 'visitor.anonymised' order by sequence desc limit 1`,
    );
    const details = typeof last?.details === 'string' ? JSON.parse(last.details) : last?.details;
    expect(details).toMatchObject({ count: 0, visitorIds: [] });
  });

  it('lets an admin erase a visitor at once, the purpose too, writing visitor.erased with who asked', async () => {
    expect((await failure(h.caller(c.guard.token).visitors.erase({ id: recentId }))).status).toBe(403);
    expect((await failure(h.caller(c.resident.token).visitors.erase({ id: recentId }))).status).toBe(403);
    expect(await failure(h.caller(c.admin.token).visitors.erase({ id: '00000000-0000-4000-8000-000000000000' }))).toEqual({
      status: 404,
      message: 'Visitor not found',
    });
    expect((await row(recentId)).name).toBe('Rosa Recent');
    const eventsBefore = await lastEventId();
    const deliveriesBefore = await deliveryCount();

    const erased = await h.caller(c.admin.token).visitors.erase({ id: recentId });
    // An erase is news: one visitor.updated event, and so one delivery to the webhook of everything.
    expect(await eventsAfter(eventsBefore)).toEqual([{ type: 'visitor.updated', visitor_id: recentId }]);
    expect(await deliveryCount()).toBe(deliveriesBefore + 1);
    expect(erased).toMatchObject({
      id: recentId,
      name: 'Visitor',
      phone: null,
      email: null,
      purpose: null,
      vehicleLicensePlate: null,
      notes: null,
      hasPhoto: false,
      visitDate: '2026-05-30',
      anonymisedAt: NOW.toISOString(),
    });
    const audit = await h.em().execute<{ actor_id: string; target_id: string; details: unknown }[]>(
      `select actor_id, target_id, details from audit_event where action = 'visitor.erased'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: c.admin.id, target_id: recentId });
    expect(JSON.stringify(audit[0]!.details)).not.toContain('Rosa');
    expect((await h.caller(c.admin.token).visitors.list({ limit: 10, offset: 0, q: 'Rosa' })).total).toBe(0);
  });

  it('erases a visitor who is inside without moving them: still checked in, on the gate’s list', async () => {
    const erased = await h.caller(c.admin.token).visitors.erase({ id: insideId });
    expect(erased).toMatchObject({ name: 'Visitor', phone: null, status: 'checked-in' });
    expect(erased.check_in_time).not.toBeNull();
    const active = await h.caller(c.guard.token).visitors.list({ limit: 50, offset: 0, status: 'checked-in' });
    expect(active.items.map((item) => item.id)).toContain(insideId);
  });

  it('removes the visitor’s personal fields from the webhook bodies kept for resends', async () => {
    const [webhook] = await h.em().execute<{ id: string }[]>(
      `insert into webhook (community_id, id, url, events, secret, created_by_id) values ((select id from community order by created_at, id limit 1), gen_random_uuid(), 'https://hooks.example.com/x', '{*}', 'whsec_x', ?) returning id`,
      [c.admin.id],
    );
    const body = (id: string, name: string) =>
      JSON.stringify({ id: 'd', type: 'visitor.updated', occurredAt: '2026-04-01T13:00:00.000Z', data: { id, name, phone: '+15557654321', purpose: 'Tea', status: 'approved' } });
    await h.em().execute(
      `insert into webhook_delivery (community_id, id, webhook_id, event_type, event_id, payload, status, created_at)
       values ((select id from community order by created_at, id limit 1), gen_random_uuid(), ?, 'visitor.updated', 1, ?::jsonb, 'delivered', '2026-04-01T13:00:00Z'),
              ((select id from community order by created_at, id limit 1), gen_random_uuid(), ?, 'visitor.updated', 2, ?::jsonb, 'delivered', now()),
              ((select id from community order by created_at, id limit 1), gen_random_uuid(), ?, 'visitor.updated', 3, ?::jsonb, 'delivered', now())`,
      [webhook!.id, body(lateLeaverId, 'Old Copy Name'), webhook!.id, body(lateLeaverId, 'Lenny Lateleaver'), webhook!.id, body(recentId, 'Kept Until Erased')],
    );
    const bodies = async () => {
      const rows = await h.em().execute<{ payload: unknown }[]>(`select payload from webhook_delivery where payload is not null order by event_id`);
      return rows.map((item) => ((typeof item.payload === 'string' ? JSON.parse(item.payload) : item.payload) as { data: Record<string, unknown> }).data);
    };
    // The retention run: the bodies older than the cutoff (the purpose stays, as in the row).
    await anonymiseEndedVisitors(h.em(), { now: NOW, timeZone: TEST_TIME_ZONE, retentionDays: 180 });
    let data = await bodies();
    expect(data[0]).toMatchObject({ name: 'Visitor', phone: null, purpose: 'Tea', anonymisedAt: NOW.toISOString() });
    expect(data[1]).toMatchObject({ name: 'Lenny Lateleaver', phone: '+15557654321' });
    // The erase: the visitor's own bodies, whenever made, the purpose too; the id as a client
    // may write it (upper case) still finds them.
    await h.caller(c.admin.token).visitors.erase({ id: lateLeaverId.toUpperCase() });
    data = await bodies();
    expect(data[1]).toMatchObject({ name: 'Visitor', phone: null, purpose: null });
    // Another visitor's recent body stays as it was (that visitor was erased before it was made).
    expect(data[2]).toMatchObject({ name: 'Kept Until Erased', phone: '+15557654321' });
  });
});
