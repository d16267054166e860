/**
 * A gate move and its audit row are one statement: if the audit insert dies (on
 * PostgreSQL the connection is killed right then; on the embedded database the insert
 * fails), the move does not happen either. A move without its audit row is impossible
 * (docs/security.md#faults; a test kills the connection between them to prove it).
 */
import { AuditEvent, VisitorInvitation } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('gate moves and their audit rows on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  /** While installed, inserting a check-in or check-out audit row kills its connection (PostgreSQL) or fails (PGlite). */
  const sabotageAudit = async () => {
    const action =
      leg.name === 'postgresql'
        ? 'perform pg_terminate_backend(pg_backend_pid());'
        : "raise exception 'audit insert sabotaged';";
    await h.em().execute(`create or replace function sabotage_audit() returns trigger as $$ begin
      if new.action in ('visitor.checked-in', 'visitor.checked-out') then ${action} end if; return new; end; $$ language plpgsql`);
    await h.em().execute('create trigger sabotage_audit before insert on audit_event for each row execute function sabotage_audit()');
  };
  const restoreAudit = async () => {
    // The pool may first hand out the connection the sabotage killed: try again on a fresh one.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await h.em().execute('drop trigger if exists sabotage_audit on audit_event');
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };

  it('leaves the visitor as it was when its audit row cannot be written', async () => {
    const visitor = await h.caller(c.resident.token).visitors.invite({
      name: 'Atomic Visitor',
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    await sabotageAudit();
    try {
      const refused = await failure(h.caller(c.guard.token).visitors.checkIn({ visitorId: visitor.id }));
      expect(refused.status).toBeGreaterThanOrEqual(500);
    } finally {
      await restoreAudit();
    }
    const stored = await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id });
    expect(stored.status).toBe('approved');
    expect(stored.checkInTime).toBeNull();
    expect(await h.em().count(AuditEvent, { targetId: visitor.id, action: 'visitor.checked-in' })).toBe(0);

    // With the audit log working again the same move goes through, with its row.
    await expect(h.caller(c.guard.token).visitors.checkIn({ visitorId: visitor.id })).resolves.toMatchObject({ status: 'checked-in' });
    expect(await h.em().count(AuditEvent, { targetId: visitor.id, action: 'visitor.checked-in' })).toBe(1);
  });
});
