/**
 * The protections of docs/security.md#security (password guessing, sign-up, sessions, audit,
 * input), on both databases:
 * each test fails when its protection is taken out.
 */
import { AuditEvent, createPgPool, Session, User } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createCaller } from '../src/root';
import { createPostgresAuthRateLimits, type AuthRateLimits } from '../src/lib/rate-limits';
import { FailedScanLog } from '../src/services/audit';
import { sessionTokenHash } from '../src/services/sessions';
import { createInnerContext } from '../src/trpc';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

const PASSWORD = 'secret123';
const phone = '+15551234567';

describe.each(legs)('sign-in and sign-up limits on $name', (leg) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(leg);
    await h.signup('admin', 'Ada Admin', 'admin@test.example');
  });
  afterAll(() => h?.close());

  const failedVerifications = async (email: string) =>
    (await h.em().find(AuditEvent, { action: 'auth.sign-in-failed', actorEmail: email })).filter(
      (event) => (event.details as { reason?: string } | null)?.reason === 'wrong-password',
    ).length;

  it('verifies at most 10 of 30 concurrent wrong passwords for one email (docs/security.md#password-guessing)', async () => {
    await h.caller(null, '198.51.100.1').auth.signup({ name: 'Conny Current', email: 'conny@test.example', phone, password: PASSWORD });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        failure(h.caller(null, `198.51.100.${10 + index}`).auth.login({ email: 'conny@test.example', password: `wrong-${index}-pass` })),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(await failedVerifications('conny@test.example')).toBe(10);
  });

  it('lets the right password through from an address the account signed in from, and tells the count (docs/security.md#password-guessing)', async () => {
    await h.caller(null, '192.0.2.10').auth.signup({ name: 'Owen Owner', email: 'owen@test.example', phone, password: PASSWORD });
    await h.caller(null, '192.0.2.10').auth.login({ email: 'owen@test.example', password: PASSWORD });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await failure(h.caller(null, '203.0.113.66').auth.login({ email: 'owen@test.example', password: 'guess-guess' }))).status).toBe(401);
    }
    // The attacker, and anyone from a new address, now waits, even with the right password.
    expect((await failure(h.caller(null, '203.0.113.66').auth.login({ email: 'owen@test.example', password: PASSWORD }))).status).toBe(429);
    expect((await failure(h.caller(null, '192.0.2.99').auth.login({ email: 'owen@test.example', password: PASSWORD }))).status).toBe(429);
    // The owner, from where they signed in before, gets in, and is told of the 12 failures.
    const owner = await h.caller(null, '192.0.2.10').auth.login({ email: 'owen@test.example', password: PASSWORD });
    expect(owner.user.email).toBe('owen@test.example');
    expect(owner.failedSignIns).toBe(12);
    // Told once: the next sign-in has nothing new to tell.
    expect((await h.caller(null, '192.0.2.10').auth.login({ email: 'owen@test.example', password: PASSWORD })).failedSignIns).toBe(0);
    // A known address guessing is limited too.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await failure(h.caller(null, '192.0.2.10').auth.login({ email: 'owen@test.example', password: 'guess-again' }))).status).toBe(401);
    }
    expect((await failure(h.caller(null, '192.0.2.10').auth.login({ email: 'owen@test.example', password: PASSWORD }))).status).toBe(429);
    // The refusals are in the audit log.
    const limited = await h.em().find(AuditEvent, { action: 'auth.sign-in-failed', actorEmail: 'owen@test.example' });
    expect(limited.filter((event) => (event.details as { reason?: string }).reason === 'rate-limited').length).toBeGreaterThanOrEqual(3);
  });

  it('limits sign-ups refused for a taken email per address and audits them (docs/security.md#what-is-disclosed)', async () => {
    await h.caller(null, '198.51.100.200').auth.signup({ name: 'Tara Taken', email: 'tara@test.example', phone, password: PASSWORD });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        await failure(h.caller(null, '198.51.100.201').auth.signup({ name: 'Probe Person', email: 'tara@test.example', phone, password: PASSWORD })),
      ).toEqual({ status: 409, message: 'Email is already registered' });
    }
    const limited = await failure(
      h.caller(null, '198.51.100.201').auth.signup({ name: 'Probe Person', email: 'tara@test.example', phone, password: PASSWORD }),
    );
    expect(limited.status).toBe(429);
    // Successful sign-ups from an address do not use up its allowance.
    for (let index = 0; index < 12; index += 1) {
      await h.caller(null, '198.51.100.202').auth.signup({ name: 'Fresh Person', email: `fresh-${index}@test.example`, phone, password: PASSWORD });
    }
    const refusals = await h.em().find(AuditEvent, { action: 'auth.sign-up-refused', ipAddress: '198.51.100.201' });
    expect(refusals.map((event) => (event.details as { reason: string }).reason).sort()).toEqual([
      ...Array<string>(10).fill('email-taken'),
      'rate-limited',
    ]);
  });

  it('records logins refused by the per-address limit (docs/security.md#audit)', async () => {
    const h2 = await createHarness(leg, { rateLimits: { requestsPerAddressPerMinute: 2 } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await failure(h2.caller(null, '198.51.100.77').auth.login({ email: 'nobody@test.example', password: PASSWORD }));
      }
      const events = await h2.em().find(AuditEvent, { action: 'auth.rate-limited', ipAddress: '198.51.100.77' });
      expect(events).toHaveLength(1);
      expect(events[0]!.details).toEqual({ procedure: 'auth.login' });
    } finally {
      await h2.close();
    }
  });
});

describe.each(legs.filter((leg) => leg.name === 'postgresql'))('sign-in limits shared by two processes on $name', (leg) => {
  it('verifies at most 10 of 30 concurrent wrong passwords sent to two processes (docs/security.md#password-guessing)', async () => {
    const h = await createHarness(leg);
    const pools = [createPgPool(h.test.url!), createPgPool(h.test.url!)];
    try {
      await h.signup('resident', 'Pat Parallel', 'pat@test.example');
      // Two processes: each has its own limiter objects over the same tables.
      // (Created one after the other, as servers do under the start-up lock: two `create
      // table if not exists` at once can collide in PostgreSQL's catalog.)
      const limits: AuthRateLimits[] = [];
      for (const pool of pools) limits.push(await createPostgresAuthRateLimits(pool, { requestsPerAddressPerMinute: 1_000 }));
      const callerOn = (process: number, address: string) =>
        createCaller(
          createInnerContext({
            db: h.test.db,
            config: h.config,
            rateLimits: limits[process]!,
            clock: () => h.now,
            bearerToken: null,
            clientAddress: address,
          }),
        );
      const attempts = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          failure(callerOn(index % 2, `198.18.0.${index}`).auth.login({ email: 'pat@test.example', password: `wrong-${index}-pass` })),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 401)).toHaveLength(10);
      expect(attempts.filter((attempt) => attempt.status === 429)).toHaveLength(20);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await h.close();
    }
  }, 60_000);
});

describe.each(legs)('the first admin on $name', (leg) => {
  it('creates exactly one admin from 20 concurrent bootstrap sign-ups (docs/security.md#sign-up)', async () => {
    const h = await createHarness(leg);
    try {
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          h.caller(null, `10.8.0.${index}`).auth.signup({ name: 'Would Be Admin', email: `admin-${index}@test.example`, phone, password: PASSWORD, role: 'admin' }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') {
          expect(await failure(Promise.reject(attempt.reason))).toEqual({ status: 403, message: 'Only an admin can create guard or admin accounts' });
        }
      }
      expect(await h.em().count(User, { role: 'admin' })).toBe(1);
    } finally {
      await h.close();
    }
  }, 60_000);
});

describe.each(legs)('passwords and sessions on $name', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('revokes every session of a user whose password an admin resets (docs/security.md#sign-in-and-sessions)', async () => {
    const other = await h.caller(null, '10.1.1.1').auth.login({ email: 'ned@test.example', password: PASSWORD });
    await h.caller(c.admin.token).users.update({ id: c.neighbour.id, password: 'brand-new-pass' });
    for (const token of [c.neighbour.token, other.token]) {
      expect(await failure(h.caller(token).auth.me())).toEqual({ status: 401, message: 'Authentication required' });
    }
    await expect(h.caller(null, '10.1.1.2').auth.login({ email: 'ned@test.example', password: 'brand-new-pass' })).resolves.toMatchObject({
      user: { id: c.neighbour.id },
    });
    const events = await h.caller(c.admin.token).audit.list({ targetId: c.neighbour.id, action: 'auth.password-changed' });
    expect(events.items).toHaveLength(1);
    expect(events.items[0]!.details).toMatchObject({ revokedSessions: 2, by: 'admin' });
  });

  it('changes the own password: wrong current is 400, others are signed out, this one stays (docs/security.md#sign-in-and-sessions)', async () => {
    const second = await h.caller(null, '10.1.2.1').auth.login({ email: 'rita@test.example', password: PASSWORD });
    expect(
      await failure(h.caller(c.resident.token).auth.changePassword({ currentPassword: 'not-my-password', newPassword: 'next-password' })),
    ).toEqual({ status: 400, message: 'Current password is incorrect' });
    expect(
      await failure(h.caller(c.resident.token).auth.changePassword({ currentPassword: PASSWORD, newPassword: '123' })),
    ).toEqual({ status: 400, message: 'Password must be at least 6 characters' });
    await expect(
      h.caller(c.resident.token).auth.changePassword({ currentPassword: PASSWORD, newPassword: 'next-password' }),
    ).resolves.toEqual({ revoked: 1 });
    await expect(h.caller(c.resident.token).auth.me()).resolves.toMatchObject({ user: { id: c.resident.id } });
    expect((await failure(h.caller(second.token).auth.me())).status).toBe(401);
    expect((await failure(h.caller(null, '10.1.2.2').auth.login({ email: 'rita@test.example', password: PASSWORD }))).status).toBe(401);
    await expect(h.caller(null, '10.1.2.2').auth.login({ email: 'rita@test.example', password: 'next-password' })).resolves.toMatchObject({
      user: { id: c.resident.id },
    });
    const open = await h.em().count(Session, { user: c.resident.id, revokedAt: null, tokenHash: { $ne: sessionTokenHash(c.resident.token) } });
    expect(open).toBe(1);
  });

  it('counts wrong current passwords against the sign-in limit (docs/security.md#sign-in-and-sessions)', async () => {
    const { token } = await h.signup('resident', 'Stolen Session', 'stolen@test.example');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await failure(h.caller(token).auth.changePassword({ currentPassword: `guess-${attempt}-x`, newPassword: 'whatever1' }))).status).toBe(400);
    }
    expect((await failure(h.caller(token).auth.changePassword({ currentPassword: PASSWORD, newPassword: 'whatever1' }))).status).toBe(429);
  });
});

describe.each(legs)('audit gaps closed on $name (docs/security.md#audit)', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  const actionsFor = async (targetId: string) =>
    (await h.caller(c.admin.token).audit.list({ targetId, limit: 100 })).items.map((event) => event.action).reverse();

  it('records every payment move', async () => {
    const admin = h.caller(c.admin.token);
    const paid = await admin.payments.create({ houseId: c.houseId, amount: 120, type: 'maintenance' });
    await admin.payments.update({ id: paid.id, amount: 125.5 });
    await admin.payments.complete({ id: paid.id });
    const failed = await admin.payments.create({ houseId: c.houseId, amount: 10, type: 'fine' });
    await admin.payments.fail({ id: failed.id });
    expect(await actionsFor(paid.id)).toEqual(['payment.created', 'payment.updated', 'payment.completed']);
    expect(await actionsFor(failed.id)).toEqual(['payment.created', 'payment.failed']);
    // A refused move writes nothing.
    expect((await failure(admin.payments.complete({ id: failed.id }))).status).toBe(409);
    expect(await actionsFor(failed.id)).toEqual(['payment.created', 'payment.failed']);
  });

  it('records house updates and resident changes', async () => {
    const admin = h.caller(c.admin.token);
    const { id } = await h.signup('resident', 'Moving Person', 'moving@test.example');
    await admin.houses.update({ id: c.otherHouseId, street: 'Birch Road' });
    await admin.houses.addResident({ id: c.otherHouseId, userId: id });
    await admin.houses.removeResident({ id: c.otherHouseId, residentId: id });
    expect(await actionsFor(c.otherHouseId)).toEqual(
      expect.arrayContaining(['house.updated', 'house.resident-added', 'house.resident-removed']),
    );
    const events = (await admin.audit.list({ targetId: c.otherHouseId, limit: 100 })).items;
    expect(events.find((event) => event.action === 'house.updated')!.details).toEqual({ fields: ['street'] });
    expect(events.find((event) => event.action === 'house.resident-added')!.details).toMatchObject({ userId: id });
  });

  it('records 403 refusals with who and what', async () => {
    expect((await failure(h.caller(c.resident.token).payments.create({ houseId: c.houseId, amount: 5, type: 'other' }))).status).toBe(403);
    expect(
      (await failure(h.caller(c.resident.token).visitors.invite({
        name: 'Vera Visitor', phone, houseId: c.otherHouseId, visitDate: '2026-11-23', visitTimeFrom: '09:00', visitTimeTo: '17:00',
      }))).status,
    ).toBe(403);
    const denied = (await h.caller(c.admin.token).audit.list({ action: 'access.denied', actorId: c.resident.id, limit: 10 })).items;
    expect(denied.map((event) => event.details?.procedure).sort()).toEqual(['payments.create', 'visitors.invite']);
  });

  it('counts failed scans per user per minute: one row with the count, not one each', async () => {
    const failedScans = new FailedScanLog();
    const guard = createCaller(
      createInnerContext({
        db: h.test.db, config: h.config, rateLimits: noAuthRateLimits(), clock: () => h.now,
        bearerToken: c.guard.token, clientAddress: '10.2.2.2', failedScans,
      }),
    );
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expect((await failure(guard.visitors.scan({ token: `no-such-token-${attempt}` }))).status).toBe(404);
    }
    expect(failedScans.pending).toBe(7);
    // The minute is not over: nothing is written yet.
    expect(await failedScans.flush(h.em(), h.now)).toBe(0);
    expect(await failedScans.flush(h.em(), new Date(h.now.getTime() + 60_000))).toBe(1);
    const rows = await h.em().find(AuditEvent, { action: 'visitor.scan-failed' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ count: 7 });
    expect(rows[0]!.ipAddress).toBe('10.2.2.2');
    expect(failedScans.pending).toBe(0);
  });

  it('refuses TRUNCATE, UPDATE and DELETE of the audit log', async () => {
    const count = await h.em().count(AuditEvent);
    expect(count).toBeGreaterThan(0);
    for (const statement of ['truncate audit_event', 'delete from audit_event', "update audit_event set ip_address = 'x'"]) {
      await expect(h.em().execute(statement)).rejects.toThrow(/append-only/);
    }
    expect(await h.em().count(AuditEvent)).toBe(count);
  });
});

describe.each(legs)('visit date bounds on $name (docs/security.md#input)', (leg) => {
  let h: Harness;
  let c: Community;
  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  const invite = (visitDate: string) =>
    h.caller(c.resident.token).visitors.invite({
      name: 'Far Future', phone, houseId: c.houseId, visitDate, visitTimeFrom: '09:00', visitTimeTo: '17:00',
    });

  it('accepts a visit one year ahead and refuses a day more', async () => {
    // "Now" is 2026-11-22 in the community's zone.
    await expect(invite('2027-11-22')).resolves.toMatchObject({ visitDate: '2027-11-22' });
    expect(await failure(invite('2027-11-23'))).toEqual({ status: 400, message: 'Visit date can be at most one year ahead' });
    expect(await failure(invite('9999-12-31'))).toEqual({ status: 400, message: 'Visit date can be at most one year ahead' });
  });
});

/** No sign-in limits, for a caller built by hand in this file. */
function noAuthRateLimits(): AuthRateLimits {
  return {
    consumeAddress: async () => {},
    reserveSignIn: async () => {},
    clearFailedSignIns: async () => {},
    reserveKnownAddressSignIn: async () => {},
    clearKnownAddressSignIns: async () => {},
    reserveSignUp: async () => {},
    refundSignUp: async () => {},
  };
}
