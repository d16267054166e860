import { AuditEvent } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('audit log on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('records sign-ins, successful and failed, with who, when and from which address', async () => {
    await h.caller(null, '203.0.113.7').auth.login({ email: 'rita@test.example', password: 'secret123' });
    await failure(h.caller(null, '203.0.113.8').auth.login({ email: 'rita@test.example', password: 'not-it-at-all' }));
    await failure(h.caller(null, '203.0.113.9').auth.login({ email: 'ghost@test.example', password: 'whatever1' }));
    const events = await h.caller(c.admin.token).audit.list({ limit: 100 });
    const signIn = events.items.find((event) => event.action === 'auth.sign-in' && event.ipAddress === '203.0.113.7');
    expect(signIn).toMatchObject({ actor: { id: c.resident.id, name: 'Rita Resident' }, occurredAt: h.now.toISOString() });
    const failures = events.items.filter((event) => event.action === 'auth.sign-in-failed');
    expect(failures.map((event) => [event.ipAddress, event.actorEmail, event.details?.reason])).toEqual(
      expect.arrayContaining([
        ['203.0.113.8', 'rita@test.example', 'wrong-password'],
        ['203.0.113.9', 'ghost@test.example', 'unknown-email'],
      ]),
    );
  });

  it('records role and account changes', async () => {
    const { id } = await h.signup('resident', 'Promoted Person', 'promoted@test.example');
    await h.caller(c.admin.token).users.update({ id, role: 'guard' });
    await h.caller(c.admin.token).users.deactivate({ id });
    const events = await h.caller(c.admin.token).audit.list({ targetId: id, limit: 100 });
    expect(events.items.map((event) => event.action).reverse()).toEqual(['auth.sign-up', 'user.role-changed', 'user.deactivated']);
    expect(events.items.find((event) => event.action === 'user.role-changed')).toMatchObject({
      actor: { id: c.admin.id },
      details: { from: 'resident', to: 'guard' },
    });
  });

  it('records every gate event, and the visitor’s Activity Log reads from it', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite({
      name: 'Audited Visitor',
      phone: '+15550002222',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    await h.caller(c.guard.token, '10.1.1.1').visitors.scan({ token: visitor.qrCodeToken });
    await h.caller(c.guard.token, '10.1.1.1').visitors.checkIn({ visitorId: visitor.id, notes: 'Arrived by taxi' });
    await h.caller(c.guard.token, '10.1.1.1').visitors.checkOut({ visitorId: visitor.id });
    const activity = await h.caller(c.resident.token).visitors.activity({ id: visitor.id });
    expect(activity.items.map((entry) => [entry.action, entry.by, entry.notes])).toEqual([
      ['invited', 'Rita Resident', null],
      ['scanned', 'Gus Guard', null],
      ['checked-in', 'Gus Guard', 'Arrived by taxi'],
      ['checked-out', 'Gus Guard', null],
    ]);
    expect((await failure(h.caller(c.neighbour.token).visitors.activity({ id: visitor.id }))).status).toBe(404);
    const gate = await h.caller(c.admin.token).audit.list({ targetId: visitor.id, action: 'visitor.checked-in' });
    expect(gate.items[0]).toMatchObject({ ipAddress: '10.1.1.1', actor: { id: c.guard.id } });

    const cancelled = await h.caller(c.resident.token).visitors.invite({
      name: 'Cancelled Visitor',
      phone: '+15550002223',
      houseId: c.houseId,
      visitDate: '2026-11-23',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    await h.caller(c.resident.token).visitors.cancel({ id: cancelled.id });
    expect((await h.caller(c.resident.token).visitors.activity({ id: cancelled.id })).items.map((entry) => entry.action)).toEqual([
      'invited',
      'cancelled',
    ]);
  });

  it('is append-only: the database refuses to change or delete an event', async () => {
    const connection = h.em().getConnection();
    await expect(connection.execute(`update audit_event set action = 'auth.sign-in'`)).rejects.toThrow(/append-only/);
    await expect(connection.execute('delete from audit_event')).rejects.toThrow(/append-only/);
    expect(await h.em().count(AuditEvent, {})).toBeGreaterThan(5);
  });

  it('is for admins only', async () => {
    expect((await failure(h.caller(c.guard.token).audit.list({}))).status).toBe(403);
    expect((await failure(h.caller(c.resident.token).audit.list({}))).status).toBe(403);
  });
});
