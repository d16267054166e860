/**
 * An erase, and the retention job, reach every place that holds a visitor's data, on both
 * databases. A walk-in goes through everything that copies its data somewhere (a guard's
 * approval with a reason, a check-in the blocklist refused, the gate's notes at check-in
 * and check-out, a Needs review entry with its message and an admin's note, an answer kept
 * for a repeat of an Idempotency-Key, a webhook body kept for resends, the day's live
 * events); afterwards no table of the database (every schema, the job queue's too) holds
 * any of its name, phone, plate, purpose or free text, while the visit's facts stay.
 */
import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { anonymiseEndedVisitors, REDACTED_REVIEW_TEXT } from '../src/services/visitor-privacy';
import { readVisitorEvent } from '../src/services/visitor-events';
import { createHarness, TEST_TIME_ZONE, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** What the visitor's data looks like wherever a copy may be: none may survive. */
const MARKERS = ['Zebulon', 'Quixote', '5554443322', 'ZQX 4242', 'Marmalade', 'intercom-sister', 'ladder-in', 'ladder-out', 'stolen-parcel', 'escorted-by', 'tablet-said'];

/** Every base table of the database (all schemas but the system's), with the markers each row holds. */
async function markersInDatabase(em: EntityManager, markers: readonly string[] = MARKERS): Promise<Record<string, string[]>> {
  const tables = await em.execute<{ table_schema: string; table_name: string }[]>(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const found: Record<string, string[]> = {};
  for (const table of tables) {
    const [row] = await em.execute<{ text: string | null }[]>(
      `select string_agg(t::text, E'\\n') as text from "${table.table_schema}"."${table.table_name}" t`,
    );
    const hits = markers.filter((marker) => row?.text?.includes(marker));
    if (hits.length > 0) found[`${table.table_schema}.${table.table_name}`] = hits;
  }
  return found;
}

describe.each(legs)('erase and retention reach every copy on $name', (leg) => {
  let h: Harness;
  let c: Community;

  /**
   * A walk-in registered at `at`, through every path that copies its data (see the file's
   * comment); returns its id and its last event's id.
   */
  async function visitorEverywhere(at: Date): Promise<{ id: string; eventId: string }> {
    const admin = h.caller(c.admin.token);
    const guard = h.caller(c.guard.token);
    h.now = at;
    const visitor = await guard.visitors.walkIn({
      name: 'Zebulon Quixote',
      phone: '+15554443322',
      houseId: c.houseId,
      purpose: 'Marmalade delivery',
      vehicleLicensePlate: 'ZQX 4242',
    });
    await guard.visitors.approve({ id: visitor.id, reason: 'Zebulon’s intercom-sister confirmed' });
    // A check-in the blocklist refused: its audit row holds the entry's reason.
    const entry = await admin.blocklist.create({ name: 'Zebulon Quixote', licensePlate: 'ZQX 4242', reason: 'Zebulon stolen-parcel last spring' });
    await expect(guard.visitors.checkIn({ visitorId: visitor.id })).rejects.toThrow(/blocklist/);
    await admin.blocklist.remove({ id: entry.id });
    await guard.visitors.checkIn({ visitorId: visitor.id, notes: 'Zebulon ladder-in' });
    // Needs review: the tablet's message, an admin's note.
    const review = await guard.gate.createReview({
      visitorId: visitor.id,
      action: 'check-in',
      occurredAt: at.toISOString(),
      message: 'Zebulon Quixote tablet-said no',
      code: 'INVALID_TRANSITION',
      details: { reason: 'visitor-status', move: 'check-in', status: 'checked-in' },
    });
    await admin.gate.recordReview({ id: review.id, note: 'Zebulon escorted-by Gus' });
    const checkedOut = await guard.visitors.checkOut({ visitorId: visitor.id, notes: 'Zebulon ladder-out' });
    // An answer kept for a repeat of its Idempotency-Key (REST's envelope), and a webhook body kept for resends.
    await h.em().execute(
      `insert into idempotency_key (community_id, id, user_id, caller, key, method, path, request_hash, created_at, response_status, response_body, completed_at)
       values ((select id from community order by created_at, id limit 1), ?, ?, '', ?, 'POST', '/api/visitors/checkout-qr', ?, ?, 200, ?, ?),
              ((select id from community order by created_at, id limit 1), ?, ?, '', ?, 'POST', '/api/gate/reviews', ?, ?, 201, ?, ?)`,
      [
        randomUUID(), c.guard.id, `out-${visitor.id}`, 'a'.repeat(64), h.now,
        JSON.stringify({ success: true, data: checkedOut, error: null }), h.now,
        randomUUID(), c.guard.id, `review-${visitor.id}`, 'b'.repeat(64), h.now,
        JSON.stringify({ success: true, data: review, error: null }), h.now,
      ],
    );
    const [event] = await h.em().execute<{ id: string }[]>(`select max(id)::text as id from visitor_event where visitor_id = ?`, [visitor.id]);
    await h.em().execute(
      `insert into webhook_delivery (community_id, id, webhook_id, event_type, event_id, payload, status, created_at)
       values ((select id from community order by created_at, id limit 1), gen_random_uuid(), (select id from webhook limit 1), 'visitor.updated', ?, ?::jsonb, 'delivered', ?)`,
      [event!.id, JSON.stringify({ id: randomUUID(), type: 'visitor.updated', occurredAt: h.now.toISOString(), data: checkedOut }), h.now],
    );
    return { id: visitor.id, eventId: event!.id };
  }

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    await h.em().execute(
      `insert into webhook (community_id, id, url, events, secret, created_by_id) values ((select id from community order by created_at, id limit 1), gen_random_uuid(), 'https://hooks.example.com/all', '{*}', 'whsec_x', ?)`,
      [c.admin.id],
    );
  });
  afterAll(() => h?.close());

  it('an erase leaves no copy anywhere, and the visit’s facts stay', async () => {
    const { id, eventId } = await visitorEverywhere(new Date('2026-11-22T14:00:00.000Z'));
    // Every copy is there before: the scan can see them.
    const before = await markersInDatabase(h.em());
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['public.visitor_invitation', 'public.audit_event', 'public.gate_review', 'public.visitor_event', 'public.idempotency_key', 'public.webhook_delivery']),
    );

    h.now = new Date('2026-11-22T16:00:00.000Z');
    const erased = await h.caller(c.admin.token).visitors.erase({ id });
    expect(erased).toMatchObject({ name: 'Visitor', decisionReason: null, notes: null, status: 'checked-out' });
    expect(await markersInDatabase(h.em())).toEqual({});

    // What stays: the Activity Log's moves and who made them, without their notes or reasons;
    // the approval's gate override (the reports count it); the review's refusal.
    const activity = await h.caller(c.admin.token).visitors.activity({ id });
    expect(activity.items.map((item) => [item.action, item.by, item.notes])).toEqual([
      ['walked-in', 'Gus Guard', null],
      ['approved', 'Gus Guard', null],
      ['checked-in', 'Gus Guard', null],
      ['checked-out', 'Gus Guard', null],
    ]);
    const [approval] = await h.em().execute<{ details: unknown }[]>(`select details from audit_event where action = 'visitor.approved' and target_id = ?`, [id]);
    expect(typeof approval!.details === 'string' ? JSON.parse(approval!.details) : approval!.details).toEqual({ gateOverride: true });
    const [review] = await h.em().execute<{ message: string; note: string; code: string; details: unknown }[]>(
      `select message, note, code, details from gate_review where visitor_id = ?`,
      [id],
    );
    expect(review).toMatchObject({ message: REDACTED_REVIEW_TEXT, note: REDACTED_REVIEW_TEXT, code: 'INVALID_TRANSITION' });
    // The live-event replay shows the visitor as erased.
    const replayed = await readVisitorEvent(h.em(), eventId);
    expect(replayed?.visitor).toMatchObject({ id, name: 'Visitor', notes: null, decisionReason: null, phone: null });
    // The append-only rule still holds for any other change.
    await expect(h.em().execute(`update audit_event set details = '{}'::jsonb where target_id = ?`, [id])).rejects.toThrow(/append-only/);
  });

  it('the retention job reaches the same places', async () => {
    // A visit in April, and a kept answer "made" then (kept answers live 24 h; this one stands for any).
    const { id } = await visitorEverywhere(new Date('2026-04-01T14:00:00.000Z'));
    expect(Object.keys(await markersInDatabase(h.em())).length).toBeGreaterThan(0);
    const result = await anonymiseEndedVisitors(h.em(), { now: new Date('2026-11-22T14:00:00.000Z'), timeZone: TEST_TIME_ZONE, retentionDays: 180 });
    expect(result.anonymised).toBe(1);
    // All but the purpose, which the retention job keeps (the reports count it); an erase removes it.
    expect(await markersInDatabase(h.em(), MARKERS.filter((marker) => marker !== 'Marmalade'))).toEqual({});
    const [row] = await h.em().execute<{ name: string; purpose: string | null }[]>(`select name, purpose from visitor_invitation where id = ?`, [id]);
    expect(row).toMatchObject({ name: 'Visitor', purpose: 'Marmalade delivery' });
  });
});
