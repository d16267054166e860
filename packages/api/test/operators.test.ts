/**
 * Operators (docs/api.md#operators), through the procedures on both databases: the first account
 * is one (`isOperator` in `auth.me`); an operator creates a community with its admin (a new
 * account, or an existing one that keeps its password and name), renames it, merges its
 * settings, suspends and resumes it, and lists every community with its counts; a taken slug is
 * 409, a bad slug or time zone 400, anyone else 403; the new community's admin acts there and
 * sees nothing of the first community; every change writes its audit row, in the community.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLegs } from '@gatehouse/db/testing';
import { SLUG_MESSAGE, TIME_ZONE_MESSAGE } from '@gatehouse/shared';

import { createCaller } from '../src/root';
import { createMemoryAuthRateLimits } from '../src/lib/rate-limits';
import { createInnerContext } from '../src/trpc';
import { createHarness, failure, type Community as TestCommunity, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('operators on $name', (leg) => {
  let h: Harness;
  let c: TestCommunity;
  let first: string;
  const rateLimits = createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000 });
  /** A caller that names community `communityId` in the X-Community-Id header (absent: none). */
  const callerIn = (token: string, communityId?: string) =>
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
  const lakesideAdmin = { name: 'Lena Lake', email: 'lena@lakeside.example', phone: '+15550001111', password: 'lakeside-secret' };
  let lakeside: string;
  let lenaId: string;
  let lenaToken: string;

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    first = h.test.db.firstCommunityId as string;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('makes the first account an operator, and no one else', async () => {
    expect(await h.caller(c.admin.token).auth.me()).toMatchObject({ user: { id: c.admin.id }, isOperator: true });
    expect(await h.caller(c.resident.token).auth.me()).toMatchObject({ user: { id: c.resident.id }, isOperator: false });
    expect(await h.caller(c.guard.token).auth.me()).toMatchObject({ isOperator: false });
  });

  it('creates a community with a new account as its admin: the answer, the membership, no first-community membership', async () => {
    const created = await h.caller(c.admin.token).communities.create({ name: 'Lakeside Towers', slug: 'lakeside', timeZone: 'Asia/Kolkata', admin: lakesideAdmin });
    lakeside = created.community.id;
    lenaId = created.admin.id;
    expect(created).toEqual({
      community: {
        id: expect.any(String),
        name: 'Lakeside Towers',
        slug: 'lakeside',
        timeZone: 'Asia/Kolkata',
        status: 'active',
        // The server's configuration: the defaults of a new community.
        settings: { earlyCheckInMinutes: 60, walkInApprovalMinutes: 10, walkInEscalateSeconds: 60, visitorRetentionDays: 180, currency: 'USD', allowSignup: true },
        createdAt: expect.any(String),
      },
      admin: { id: expect.any(String), email: 'lena@lakeside.example' },
    });
    const memberships = await h.test.db.orm.em.fork().getConnection().execute<{ community_id: string; role: string }[]>(
      'select community_id, role from membership where user_id = ?',
      [lenaId],
    );
    expect(memberships).toEqual([{ community_id: lakeside, role: 'admin' }]);
  });

  it("lets the new admin sign in and act in the new community, seeing none of the first community's houses or visitors", async () => {
    const login = await h.caller().auth.login({ email: lakesideAdmin.email, password: lakesideAdmin.password });
    lenaToken = login.token;
    expect(login.community).toEqual({ id: lakeside, name: 'Lakeside Towers', slug: 'lakeside', timeZone: 'Asia/Kolkata' });
    expect(login.user).toMatchObject({ id: lenaId, role: 'admin', name: 'Lena Lake' });
    const lena = callerIn(lenaToken, lakeside);
    expect(await lena.auth.me()).toMatchObject({ community: { id: lakeside }, user: { role: 'admin' }, isOperator: false });
    expect(await lena.houses.list({})).toEqual({ items: [], total: 0 });
    expect(await lena.visitors.list({})).toMatchObject({ items: [], total: 0 });
    expect((await failure(lena.houses.byId({ id: c.houseId }))).status).toBe(404);
    const house = await lena.houses.create({ houseNumber: '7', block: 'L', street: 'Shore Road', ownerId: lenaId });
    await lena.visitors.invite({ name: 'Lia Lakeside', phone: '+15557654321', houseId: house.id, visitDate: '2026-11-23', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    expect((await lena.houses.list({})).items.map((item) => item.street)).toEqual(['Shore Road']);
    // The first community is not hers.
    expect(await failure(callerIn(lenaToken, first).houses.list({}))).toEqual({ status: 403, message: 'You are not a member of this community' });
    // Nor are its houses the first community's.
    expect((await h.caller(c.admin.token).houses.list({})).items.map((item) => item.street).sort()).toEqual(['Cedar Lane', 'Maple Avenue']);
  });

  it("keeps operators out of a community's visitors and houses unless they are members there", async () => {
    expect(await failure(callerIn(c.admin.token, lakeside).visitors.list({}))).toEqual({ status: 403, message: 'You are not a member of this community' });
    expect((await failure(callerIn(c.admin.token, lakeside).houses.list({}))).status).toBe(403);
  });

  it('gives an existing account a membership; it keeps its password and name', async () => {
    const created = await h.caller(c.admin.token).communities.create({
      name: 'Hillview',
      slug: 'hillview',
      timeZone: 'Europe/Lisbon',
      admin: { name: 'Someone Else', email: 'RITA@test.example', phone: '+15550002222', password: 'another-password' },
    });
    expect(created.admin).toEqual({ id: c.resident.id, email: 'rita@test.example' });
    await expect(h.caller().auth.login({ email: 'rita@test.example', password: 'secret123' })).resolves.toMatchObject({ user: { name: 'Rita Resident' } });
    expect((await failure(h.caller().auth.login({ email: 'rita@test.example', password: 'another-password' }))).status).toBe(401);
    // An admin there, still a resident of the first community.
    expect(await callerIn(c.resident.token, created.community.id).auth.me()).toMatchObject({ user: { role: 'admin', name: 'Rita Resident' }, community: { slug: 'hillview' } });
    expect(await callerIn(c.resident.token, first).auth.me()).toMatchObject({ user: { role: 'resident' }, community: { id: first } });
  });

  it('refuses a taken slug with 409', async () => {
    const admin = { ...lakesideAdmin, email: 'other@lakeside.example' };
    const operator = h.caller(c.admin.token);
    expect(await failure(operator.communities.create({ name: 'Lakeside Again', slug: 'lakeside', timeZone: 'UTC', admin }))).toEqual({ status: 409, message: 'Slug is already taken' });
    expect(await failure(operator.communities.create({ name: 'Default', slug: 'default', timeZone: 'UTC', admin }))).toEqual({ status: 409, message: 'Slug is already taken' });
    // Nothing was made: no account for the email.
    const rows = await h.test.db.orm.em.fork().getConnection().execute('select id from app_user where email = ?', ['other@lakeside.example']);
    expect(rows).toEqual([]);
  });

  it('refuses a bad slug and a bad time zone with 400', async () => {
    const operator = h.caller(c.admin.token);
    const admin = { ...lakesideAdmin, email: 'bad@lakeside.example' };
    for (const slug of ['ab', 'Upper-Case', 'has space', 'under_score', 'x'.repeat(41)]) {
      expect(await failure(operator.communities.create({ name: 'Bad Slug', slug, timeZone: 'UTC', admin })), slug).toEqual({ status: 400, message: SLUG_MESSAGE });
    }
    for (const timeZone of ['Mars/Olympus', '+05:30', '', 'Not a zone']) {
      expect(await failure(operator.communities.create({ name: 'Bad Zone', slug: 'bad-zone', timeZone, admin })), timeZone).toEqual({ status: 400, message: TIME_ZONE_MESSAGE });
    }
    expect(await failure(operator.communities.update({ id: lakeside, timeZone: 'Mars/Olympus' }))).toEqual({ status: 400, message: TIME_ZONE_MESSAGE });
  });

  it('refuses non-operators with 403, an admin included, and all=true too', async () => {
    const forbidden = { status: 403, message: 'Only operators can do this' };
    const request = { name: 'Nope', slug: 'nope', timeZone: 'UTC', admin: { ...lakesideAdmin, email: 'nope@lakeside.example' } };
    for (const token of [lenaToken, c.resident.token, c.guard.token]) {
      expect(await failure(h.caller(token).communities.create(request))).toEqual(forbidden);
      expect(await failure(h.caller(token).communities.update({ id: lakeside, status: 'suspended' }))).toEqual(forbidden);
      expect(await failure(h.caller(token).communities.list({ all: true }))).toEqual(forbidden);
    }
    // Their own memberships they still list.
    expect(await h.caller(lenaToken).communities.list({})).toEqual([{ id: lakeside, name: 'Lakeside Towers', slug: 'lakeside', role: 'admin' }]);
  });

  it('renames a community, changes its zone and merges its settings', async () => {
    const operator = h.caller(c.admin.token);
    const updated = await operator.communities.update({ id: lakeside, name: 'Lakeside Gardens', timeZone: 'Asia/Dubai', settings: { currency: 'INR', earlyCheckInMinutes: 30 } });
    expect(updated).toMatchObject({
      id: lakeside,
      name: 'Lakeside Gardens',
      slug: 'lakeside',
      timeZone: 'Asia/Dubai',
      status: 'active',
      settings: { earlyCheckInMinutes: 30, walkInApprovalMinutes: 10, walkInEscalateSeconds: 60, visitorRetentionDays: 180, currency: 'INR', allowSignup: true },
    });
    const again = await operator.communities.update({ id: lakeside, settings: { allowSignup: false } });
    expect(again.settings).toEqual({ earlyCheckInMinutes: 30, walkInApprovalMinutes: 10, walkInEscalateSeconds: 60, visitorRetentionDays: 180, currency: 'INR', allowSignup: false });
    expect(await callerIn(lenaToken, lakeside).auth.me()).toMatchObject({ community: { name: 'Lakeside Gardens', timeZone: 'Asia/Dubai' } });
    expect((await failure(operator.communities.update({ id: lakeside, settings: { currency: 'rupees' } }))).status).toBe(400);
    expect(await failure(operator.communities.update({ id: randomUUID(), name: 'Nobody' }))).toEqual({ status: 404, message: 'Community not found' });
    expect(await failure(operator.communities.update({ id: 'not-an-id', name: 'Nobody' }))).toEqual({ status: 404, message: 'Community not found' });
  });

  it("suspends a community (its members get 403 'This community is suspended') and resumes it", async () => {
    const operator = h.caller(c.admin.token);
    expect(await operator.communities.update({ id: lakeside, status: 'suspended' })).toMatchObject({ status: 'suspended' });
    expect(await failure(callerIn(lenaToken, lakeside).houses.list({}))).toEqual({ status: 403, message: 'This community is suspended' });
    expect(await failure(h.caller(lenaToken).visitors.list({}))).toEqual({ status: 403, message: 'This community is suspended' });
    // The other communities go on.
    await expect(h.caller(c.resident.token).auth.me()).resolves.toMatchObject({ community: { id: first } });
    expect(await operator.communities.update({ id: lakeside, status: 'active' })).toMatchObject({ status: 'active' });
    await expect(callerIn(lenaToken, lakeside).houses.list({})).resolves.toMatchObject({ total: 1 });
  });

  it('lists every community with its counts for operators (all=true)', async () => {
    // One visitor this month in the first community, one next month (not counted).
    const resident = h.caller(c.resident.token);
    const visit = { phone: '+15557654321', houseId: c.houseId, visitTimeFrom: '09:00', visitTimeTo: '17:00' };
    await resident.visitors.invite({ ...visit, name: 'Nora Now', visitDate: '2026-11-25' });
    await resident.visitors.invite({ ...visit, name: 'Dan December', visitDate: '2026-12-02' });
    const all = await h.caller(c.admin.token).communities.list({ all: true });
    const bySlug = Object.fromEntries(all.map((community) => [community.slug, community]));
    expect(Object.keys(bySlug)).toEqual(['default', 'lakeside', 'hillview']);
    expect(bySlug.default).toMatchObject({ id: first, status: 'active', counts: { houses: 2, residents: 2, visitorsThisMonth: 1 } });
    expect(bySlug.lakeside).toMatchObject({ id: lakeside, name: 'Lakeside Gardens', counts: { houses: 1, residents: 0, visitorsThisMonth: 1 } });
    expect(bySlug.hillview).toMatchObject({ counts: { houses: 0, residents: 0, visitorsThisMonth: 0 } });
    // Without all=true: the operator's own memberships only.
    expect((await h.caller(c.admin.token).communities.list({})).map((community) => community.slug)).toEqual(['default']);
  });

  it("writes every change's audit row in the community it is about", async () => {
    const rows = await h.test.db.orm.em.fork().getConnection().execute<{ community_id: string; action: string; actor_id: string; target_type: string; target_id: string; details: unknown }[]>(
      `select community_id, action, actor_id, target_type, target_id, details from audit_event
        where action like 'community.%' or (action = 'user.created' and target_id = ?) order by sequence`,
      [lenaId],
    );
    const lakesideRows = rows.filter((row) => row.target_id === lakeside || row.target_id === lenaId);
    expect(lakesideRows.map((row) => [row.action, row.target_type])).toEqual([
      ['community.created', 'community'],
      ['user.created', 'user'],
      ['community.updated', 'community'],
      ['community.updated', 'community'],
      ['community.suspended', 'community'],
      ['community.resumed', 'community'],
    ]);
    expect(lakesideRows.every((row) => row.community_id === lakeside && row.actor_id === c.admin.id)).toBe(true);
    expect(lakesideRows[0]?.details).toMatchObject({ slug: 'lakeside', adminId: lenaId, adminEmail: 'lena@lakeside.example', newAccount: true });
    expect(lakesideRows[2]?.details).toEqual({ fields: ['name', 'timeZone', 'settings'], settings: { currency: 'INR', earlyCheckInMinutes: 30 } });
    // The existing account's community: its creation, no user.created.
    expect(rows.filter((row) => row.action === 'community.created').map((row) => (row.details as { newAccount: boolean }).newAccount)).toEqual([true, false]);
  });
});
