import { User } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { ZSignupRequest } from '@gatehouse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureBootstrapAdmin } from '../src/services/auth';
import { hasDemoAccounts, isDatabaseEmpty, seedDemoCommunity } from '../src/seed/demo';
import { createHarness, TEST_TIME_ZONE, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('start-up data on $name', (leg) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(leg);
  });
  afterAll(() => h?.close());

  it('creates the ADMIN_* admin only while the community has no admin, and it can sign in', async () => {
    const admin = ZSignupRequest.parse({ name: 'Boss Person', email: 'boss@example.com', phone: '+15551230000', password: 'long-secret', role: 'admin' });
    await expect(ensureBootstrapAdmin(h.em(), admin)).resolves.toBe(true);
    await expect(ensureBootstrapAdmin(h.em(), { ...admin, email: 'second@example.com' })).resolves.toBe(false);
    expect(await h.em().count(User, { role: 'admin' })).toBe(1);
    const signedIn = await h.caller().auth.login({ email: 'boss@example.com', password: 'long-secret' });
    expect(signedIn.user.role).toBe('admin');
  });

  it('seeds the demo community with invitations in every status, one valid today', async () => {
    const fresh = await createHarness(leg);
    try {
      expect(await isDatabaseEmpty(fresh.em())).toBe(true);
      await seedDemoCommunity(fresh.em(), fresh.now, TEST_TIME_ZONE);
      expect(await hasDemoAccounts(fresh.em())).toBe(true);
      const guard = await fresh.caller().auth.login({ email: 'guard@gatehouse.test', password: 'gatehouse123' });
      const visitors = await fresh.caller(guard.token).visitors.list({ limit: 100 });
      const statuses = new Set(visitors.items.map((visitor) => visitor.status));
      expect([...statuses].sort()).toEqual(['approved', 'cancelled', 'checked-in', 'checked-out', 'expired', 'pending', 'rejected']);
      const today = visitors.items.find((visitor) => visitor.status === 'approved' && visitor.visitDate === '2026-11-22');
      expect(today).toBeDefined();
      await expect(fresh.caller(guard.token).visitors.checkIn({ visitorId: today!.id })).resolves.toMatchObject({ status: 'checked-in' });
      const houses = await fresh.caller(guard.token).houses.list({ limit: 100 });
      expect(houses.total).toBe(12);
      // The demo's admin is the deployment's operator; the guard is not (docs/api.md#operators).
      const admin = await fresh.caller().auth.login({ email: 'admin@gatehouse.test', password: 'gatehouse123' });
      expect((await fresh.caller(admin.token).auth.me()).isOperator).toBe(true);
      expect((await fresh.caller(guard.token).auth.me()).isOperator).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
