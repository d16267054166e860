/**
 * Visitor privacy over REST and the daily job's wiring (docs/privacy.md#retention-and-erasure), on
 * both databases,
 * every answer checked against the OpenAPI document: POST /api/visitors/{id}/erase (admin
 * 200 with the erased visitor; guard and resident 403; unknown 404), GET shows the erased
 * visitor as such; the retention job is scheduled on the one pg-boss the webhook sender
 * runs (daily, in the community's zone) and its worker runs the retention service.
 */
import { VISITOR_RETENTION_CRON, VISITOR_RETENTION_QUEUE } from '@gatehouse/api';
import { databaseLegs } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();
const TIME_ZONE = 'America/New_York';

describe.each(legs)('visitor privacy over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const harness = restHarness(leg, {
    domain: 'privacy.example',
    clock: () => now,
    service: { timeZone: TIME_ZONE, visitorRetentionDays: 180 },
    app: { webhooks: { pollIntervalSeconds: 1 }, retention: { pollIntervalSeconds: 1, clock: () => now } },
    house: { houseNumber: '9', block: 'P', street: 'Privacy Lane' },
  });
  const { tokens, call, answer } = harness;
  const invite = (name: string) =>
    harness.invite(name, { email: 'guest@example.com', purpose: 'Dinner', vehicleLicensePlate: 'PRV 123' });

  it('lets an admin erase a visitor (200, the erased visitor), refuses guards and residents (403), 404 for an unknown id', async () => {
    const visitor = await invite('Priscilla Private');
    expect(answer(await call('POST', `/api/visitors/${visitor.id}/erase`, tokens.guard), 403).code).toBe('FORBIDDEN');
    expect(answer(await call('POST', `/api/visitors/${visitor.id}/erase`, tokens.resident), 403).code).toBe('FORBIDDEN');
    expect(answer(await call('POST', '/api/visitors/00000000-0000-4000-8000-000000000000/erase', tokens.admin), 404).error).toBe('Visitor not found');

    const erased = answer(await call('POST', `/api/visitors/${visitor.id}/erase`, tokens.admin), 200).data;
    expect(erased).toMatchObject({
      id: visitor.id,
      name: 'Visitor',
      phone: null,
      email: null,
      purpose: null,
      vehicleLicensePlate: null,
      notes: null,
      status: 'approved',
      houseId: { id: harness.houseId },
      anonymisedAt: now.toISOString(),
    });
    // Read again, by the resident of the house too: shown as erased, never as a real name.
    const read = answer(await call('GET', `/api/visitors/${visitor.id}`, tokens.resident), 200).data;
    expect(read).toMatchObject({ name: 'Visitor', phone: null, anonymisedAt: now.toISOString() });
    const list = answer(await call('GET', '/api/visitors?q=Priscilla', tokens.admin), 200);
    expect(list.data).toEqual([]);
    // A visitor never erased says so too.
    const other = await invite('Oscar Ordinary');
    expect(answer(await call('GET', `/api/visitors/${other.id}`, tokens.admin), 200).data.anonymisedAt).toBeNull();
  });

  it('schedules the retention job daily at 03:15 in the community’s zone on the one job queue, whose worker runs the service', async () => {
    const boss = jobQueueOf(harness.app);
    const schedules = await boss.getSchedules(VISITOR_RETENTION_QUEUE);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ name: VISITOR_RETENTION_QUEUE, cron: VISITOR_RETENTION_CRON, timezone: TIME_ZONE });
    // A visitor of last January, past the 180 days: what today's run must anonymise.
    const old = await invite('Olga Oldvisit');
    await harness.test.db.fork().execute(`update visitor_invitation set visit_date = '2026-01-10', status = 'expired' where id = ?`, [old.id]);
    // Today's job, sent by hand instead of waiting for 03:15: the worker runs the service,
    // which writes its audit row naming the visitor (the run this test made, whatever else ran).
    await boss.send(VISITOR_RETENTION_QUEUE, {});
    const runsOf = (visitorId: string) =>
      harness.test.db
        .fork()
        .execute<{ details: unknown }[]>(
          `select details from audit_event where action = 'visitor.anonymised' and details -> 'visitorIds' @> jsonb_build_array(?::text)`,
          [visitorId],
        );
    // A generous time-out: the wait ends as soon as the row is there.
    const deadline = Date.now() + 25_000;
    let runs = await runsOf(old.id);
    while (runs.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      runs = await runsOf(old.id);
    }
    expect(runs).toHaveLength(1);
    const details = (typeof runs[0]!.details === 'string' ? JSON.parse(runs[0]!.details) : runs[0]!.details) as Record<string, unknown>;
    expect(details).toMatchObject({ count: 1, visitorIds: [old.id], retentionDays: 180 });
    const read = answer(await call('GET', `/api/visitors/${old.id}`, tokens.admin), 200).data;
    expect(read).toMatchObject({ name: 'Visitor', phone: null, anonymisedAt: now.toISOString() });
  });
});

/** The pg-boss of the app's webhook sender (the process's one job queue). */
function jobQueueOf(app: FastifyInstance) {
  const boss = app.webhookDispatcher?.jobQueue;
  if (!boss) throw new Error('no job queue');
  return boss;
}
