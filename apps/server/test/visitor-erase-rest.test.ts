/**
 * An erase over the API, on both databases, leaves the visitor's data nowhere a client can
 * read it again: a repeat of an Idempotency-Key sent before the erase (the walk-in, the
 * approval, the check-in, the Needs review entry: over REST and tRPC) gets the anonymised
 * visitor, not the original name, phone and plate, and the work is not done again; the
 * Activity Log, the audit log (JSON and CSV), Needs review and the live-event replay show
 * none of its name, phone, plate, purpose or free text.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';
import { openSse } from './support/sse';

const legs = await databaseLegs();
/** 10:00 in New York. */
const NOW = new Date('2026-11-22T15:00:00.000Z');

/** The visitor's data as it was sent; none may come back after the erase. */
const MARKERS = ['Yolanda', 'Quartermain', '5553332211', 'YQ 7788', 'Quince', 'cousin-on-phone', 'bicycle-in', 'tablet-words', 'admin-saw'];

describe.each(legs)('erase over the API on $name', (leg) => {
  const harness = restHarness(leg, {
    domain: 'erase-rest.example',
    clock: () => NOW,
    house: { houseNumber: '12', block: 'E', street: 'Erase Road' },
  });

  const keyed = (method: 'POST' | 'GET', url: string, token: string, body: unknown, key: string) =>
    harness.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });
  const expectNoMarkers = (text: string, where: string) => {
    for (const marker of MARKERS) expect(text, `${where}: ${marker}`).not.toContain(marker);
  };

  it('gives the erased visitor to a repeat of a key, and shows its data nowhere', async () => {
    const { tokens } = harness;
    // An earlier visitor's event: where the live-event replay below starts.
    await harness.invite('Anchor Person');
    const [anchor] = await harness.test.db.fork().execute<{ id: string }[]>(`select max(id)::text as id from visitor_event`);
    const walkInBody = { name: 'Yolanda Quartermain', phone: '+15553332211', houseId: harness.houseId, purpose: 'Quince jam', vehicleLicensePlate: 'YQ 7788' };
    const walkIn = await keyed('POST', '/api/visitors/walk-in', tokens.guard, walkInBody, 'walk-in-1');
    const visitor = harness.answer(walkIn, 201).data as { id: string };
    const approveBody = { reason: 'Yolanda’s cousin-on-phone said yes' };
    harness.answer(await keyed('POST', `/api/visitors/${visitor.id}/approve`, tokens.guard, approveBody, 'approve-1'), 200);
    const checkInBody = { visitorId: visitor.id, notes: 'Yolanda bicycle-in' };
    const checkIn = await keyed('POST', '/trpc/visitors.checkIn', tokens.guard, checkInBody, 'check-in-1');
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const reviewBody = { visitorId: visitor.id, action: 'check-in', occurredAt: NOW.toISOString(), message: 'Yolanda tablet-words' };
    const review = harness.answer(await keyed('POST', '/api/gate/reviews', tokens.guard, reviewBody, 'review-1'), 201).data as { id: string };
    harness.answer(await harness.call('POST', `/api/gate/reviews/${review.id}/record`, tokens.admin, { note: 'Yolanda admin-saw her' }), 200);
    // Before the erase, the repeat gives the original answer: the test can see it.
    expect((await keyed('POST', '/api/visitors/walk-in', tokens.guard, walkInBody, 'walk-in-1')).body).toContain('Yolanda');

    harness.answer(await harness.call('POST', `/api/visitors/${visitor.id}/erase`, tokens.admin), 200);

    // A repeat of each key: the first answer's status, the erased visitor, nothing done again.
    const replayedWalkIn = await keyed('POST', '/api/visitors/walk-in', tokens.guard, walkInBody, 'walk-in-1');
    expect(replayedWalkIn.headers['idempotency-replayed']).toBe('true');
    expect(harness.answer(replayedWalkIn, 201).data).toMatchObject({ id: visitor.id, name: 'Visitor', phone: null, vehicleLicensePlate: null, purpose: null });
    const replayedApproval = await keyed('POST', `/api/visitors/${visitor.id}/approve`, tokens.guard, approveBody, 'approve-1');
    expect(harness.answer(replayedApproval, 200).data).toMatchObject({ id: visitor.id, name: 'Visitor', decisionReason: null });
    const replayedCheckIn = await keyed('POST', '/trpc/visitors.checkIn', tokens.guard, checkInBody, 'check-in-1');
    expect(replayedCheckIn.statusCode).toBe(200);
    expect((replayedCheckIn.json() as { result: { data: unknown } }).result.data).toMatchObject({ id: visitor.id, name: 'Visitor', notes: null });
    const replayedReview = await keyed('POST', '/api/gate/reviews', tokens.guard, reviewBody, 'review-1');
    expect(harness.answer(replayedReview, 201).data).toMatchObject({ id: review.id, visitor: { id: visitor.id, name: 'Visitor' } });
    for (const [name, response] of Object.entries({ replayedWalkIn, replayedApproval, replayedCheckIn, replayedReview })) expectNoMarkers(response.body, name);
    const [{ n }] = (await harness.test.db.fork().execute(`select count(*)::int as n from visitor_invitation`)) as [{ n: number }];
    expect(n).toBe(2);

    // Where the API shows the visitor's history.
    expectNoMarkers((await harness.call('GET', `/api/visitors/${visitor.id}`, tokens.admin)).body, 'the visitor');
    expectNoMarkers((await harness.call('GET', `/api/visitors/${visitor.id}/activity`, tokens.admin)).body, 'the Activity Log');
    const audit = await harness.call('GET', `/api/audit?limit=100`, tokens.admin);
    expect(audit.statusCode).toBe(200);
    expectNoMarkers(audit.body, 'the audit log');
    const csv = await harness.call('GET', `/api/audit/export.csv`, tokens.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('visitor.erased');
    expectNoMarkers(csv.body, 'the audit export');
    const reviews = await harness.call('GET', `/api/gate/reviews?limit=100`, tokens.admin);
    expectNoMarkers(reviews.body, 'Needs review');

    // The live events since the anchor's, replayed (Last-Event-ID).
    const base = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/events`, { token: tokens.admin, lastEventId: anchor!.id });
    try {
      const events = await stream.waitFor(4);
      expect(events.some((event) => event.data.includes(visitor.id))).toBe(true);
      expectNoMarkers(events.map((event) => event.data).join('\n'), 'the live-event replay');
    } finally {
      stream.close();
    }
  });
});
