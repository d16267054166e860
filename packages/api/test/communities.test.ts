/**
 * Which community a call acts in (docs/api.md#communities), through the procedures on both
 * databases: the `X-Community-Id` header or the session's default community, the 403s, the
 * caller's memberships and default community, and a second community's rows invisible from the
 * first (visitors list, houses list, a check-in by pass code) and the other way round.
 */
import { randomUUID } from 'node:crypto';

import { Community } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createCaller } from '../src/root';
import { createMemoryAuthRateLimits } from '../src/lib/rate-limits';
import { createInnerContext } from '../src/trpc';
import { createHarness, failure, type Community as TestCommunity, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('communities on $name', (leg) => {
  let h: Harness;
  let c: TestCommunity;
  let first: string;
  let second: string;
  const rateLimits = createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000 });
  /** A caller that names community `communityId` in the header (absent: none). */
  const callerIn = (token: string, communityId?: string | string[]) =>
    createCaller(
      createInnerContext({
        db: h.test.db,
        config: h.config,
        rateLimits,
        clock: () => h.now,
        bearerToken: token,
        clientAddress: '127.0.0.1',
        ...(communityId !== undefined ? { communityHeader: communityId } : {}),
      }),
    );
  const invite = (houseId: string, name: string) => ({
    name,
    phone: '+15557654321',
    houseId,
    visitDate: '2026-11-22',
    visitTimeFrom: '08:00',
    visitTimeTo: '17:00',
  });
  let secondHouseId: string;
  let secondVisitor: { id: string; passCode: string };
  let firstVisitor: { id: string; passCode: string };

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    first = h.test.db.firstCommunityId as string;
    const em = h.test.db.orm.em.fork();
    const other = em.create(Community, {
      name: 'Lakeside Towers',
      slug: 'lakeside',
      timeZone: 'America/New_York',
      settings: { earlyCheckInMinutes: 60, walkInApprovalMinutes: 10, walkInEscalateSeconds: 60, visitorRetentionDays: 180, currency: 'USD', allowSignup: true },
    });
    await em.flush();
    second = other.id;
    // The first community's admin is an admin of the second too, and its guard a guard there.
    await em.getConnection().execute(
      `insert into membership (id, user_id, community_id, role, house_id, is_active) values (?, ?, ?, 'admin', null, true), (?, ?, ?, 'guard', null, true)`,
      [randomUUID(), c.admin.id, second, randomUUID(), c.guard.id, second],
    );
    // The same house number as in the first community: unique per community only.
    const inSecond = callerIn(c.admin.token, second);
    secondHouseId = (await inSecond.houses.create({ houseNumber: '101', block: 'A', street: 'Lake Road', ownerId: c.admin.id })).id;
    const created = await inSecond.visitors.invite(invite(secondHouseId, 'Sam Second'));
    secondVisitor = { id: created.id, passCode: created.passCode };
    const mine = await h.caller(c.resident.token).visitors.invite(invite(c.houseId, 'Fay First'));
    firstVisitor = { id: mine.id, passCode: mine.passCode };
  });
  afterAll(async () => {
    await h?.close();
  });

  it("keeps the second community's houses and visitors out of the first's lists, and the other way round", async () => {
    const inFirst = callerIn(c.admin.token);
    const firstHouses = await inFirst.houses.list({});
    expect(firstHouses.items.map((house) => house.street).sort()).toEqual(['Cedar Lane', 'Maple Avenue']);
    const firstVisitors = await inFirst.visitors.list({});
    expect(firstVisitors.items.map((visitor) => visitor.name)).toEqual(['Fay First']);
    expect(firstVisitors.total).toBe(1);

    const inSecond = callerIn(c.admin.token, second);
    expect((await inSecond.houses.list({})).items.map((house) => house.id)).toEqual([secondHouseId]);
    const secondVisitors = await inSecond.visitors.list({});
    expect(secondVisitors.items.map((visitor) => visitor.id)).toEqual([secondVisitor.id]);
    expect(secondVisitors.total).toBe(1);
    // A 3-letter search counts from the kept counts: those of the community only.
    expect((await inSecond.visitors.list({ q: 'sam' })).total).toBe(1);
    expect((await inFirst.visitors.list({ q: 'sam' })).total).toBe(0);
    // A house of the other community is not found by id either.
    expect((await failure(inFirst.houses.byId({ id: secondHouseId }))).status).toBe(404);
  });

  it('checks a visitor in by pass code only in its own community', async () => {
    const guardInFirst = callerIn(c.guard.token);
    const guardInSecond = callerIn(c.guard.token, second);
    expect(await failure(guardInFirst.visitors.scan({ token: secondVisitor.passCode }))).toMatchObject({ status: 404 });
    expect((await failure(guardInFirst.visitors.checkIn({ visitorId: secondVisitor.id }))).status).toBe(404);
    expect(await failure(guardInSecond.visitors.scan({ token: firstVisitor.passCode }))).toMatchObject({ status: 404 });

    await expect(guardInSecond.visitors.scan({ token: secondVisitor.passCode })).resolves.toMatchObject({ id: secondVisitor.id });
    await expect(guardInSecond.visitors.checkIn({ visitorId: secondVisitor.id })).resolves.toMatchObject({ id: secondVisitor.id, status: 'checked-in' });
    // The audit row of the check-in is the second community's.
    const rows = await h.test.db.orm.em.fork().getConnection().execute<{ community_id: string }[]>(
      `select community_id from audit_event where action = 'visitor.checked-in' and target_id = ?`,
      [secondVisitor.id],
    );
    expect(rows).toEqual([{ community_id: second }]);
  });

  it('refuses a header naming a community the caller is not a member of, or not a community', async () => {
    const notMember = { status: 403, message: 'You are not a member of this community' };
    expect(await failure(callerIn(c.resident.token, second).houses.list({}))).toMatchObject(notMember);
    expect(await failure(callerIn(c.resident.token, 'not-a-uuid').auth.me())).toMatchObject(notMember);
    expect(await failure(callerIn(c.resident.token, randomUUID()).auth.me())).toMatchObject(notMember);
    // An empty header is no header.
    await expect(callerIn(c.resident.token, '').auth.me()).resolves.toMatchObject({ community: { id: first } });
  });

  it('answers me with the community and the role there; lists memberships; switches the default', async () => {
    const me = await callerIn(c.admin.token).auth.me();
    expect(me.community).toEqual({ id: first, name: 'My Community', slug: 'default', timeZone: expect.any(String) });
    expect(me.user.role).toBe('admin');
    const guardThere = await callerIn(c.guard.token, second).auth.me();
    expect(guardThere).toMatchObject({ community: { id: second, name: 'Lakeside Towers', slug: 'lakeside', timeZone: 'America/New_York' }, user: { role: 'guard', houseId: null } });
    const residentMe = await callerIn(c.resident.token).auth.me();
    expect(residentMe.user).toMatchObject({ role: 'resident', houseId: { id: c.houseId } });

    expect(await callerIn(c.admin.token).communities.list()).toEqual([
      { id: first, name: 'My Community', slug: 'default', role: 'admin' },
      { id: second, name: 'Lakeside Towers', slug: 'lakeside', role: 'admin' },
    ]);
    expect(await callerIn(c.resident.token).communities.list()).toEqual([{ id: first, name: 'My Community', slug: 'default', role: 'resident' }]);

    // The guard's session now acts in the second community when no header names one, and so
    // does their next sign-in.
    const switched = await callerIn(c.guard.token).auth.setCommunity({ communityId: second });
    expect(switched).toMatchObject({ community: { id: second }, user: { id: c.guard.id, role: 'guard' } });
    await expect(callerIn(c.guard.token).auth.me()).resolves.toMatchObject({ community: { id: second } });
    const signedIn = await callerIn('').auth.login({ email: 'guard@test.example', password: 'secret123' });
    expect(signedIn.community).toMatchObject({ id: second, slug: 'lakeside' });
    expect(await failure(callerIn(c.resident.token).auth.setCommunity({ communityId: second }))).toMatchObject({
      status: 403,
      message: 'You are not a member of this community',
    });
    await callerIn(c.guard.token).auth.setCommunity({ communityId: first });
  });

  it('answers the sign-in with the community', async () => {
    const signedIn = await callerIn('').auth.login({ email: 'rita@test.example', password: 'secret123' });
    expect(signedIn.community).toMatchObject({ id: first, slug: 'default' });
    expect(signedIn.user).toMatchObject({ role: 'resident', houseId: { id: c.houseId } });
  });

  it("refuses an API token a header naming another community than its own", async () => {
    const made = await callerIn(c.admin.token).apiTokens.create({ name: 'Barrier', role: 'guard' });
    expect((await callerIn(made.token).visitors.list({})).items.map((visitor) => visitor.name)).toEqual(['Fay First']);
    expect(await failure(callerIn(made.token, second).visitors.list({}))).toMatchObject({ status: 403, message: 'You are not a member of this community' });
  });

  it('refuses every call in a suspended community', async () => {
    await h.test.db.orm.em.fork().nativeUpdate(Community, { id: second }, { status: 'suspended' });
    try {
      expect(await failure(callerIn(c.admin.token, second).houses.list({}))).toEqual({ status: 403, message: 'This community is suspended' });
      await expect(callerIn(c.admin.token).houses.list({})).resolves.toMatchObject({ total: 2 });
    } finally {
      await h.test.db.orm.em.fork().nativeUpdate(Community, { id: second }, { status: 'active' });
    }
  });
});
