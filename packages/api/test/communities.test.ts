/**
 * Which community a call acts in (docs/api.md#communities), through the procedures on both
 * databases: the `X-Community-Id` header or the session's default community, the 403s, the
 * caller's memberships and default community, and a second community's rows invisible from the
 * first (visitors list, houses list, a check-in by pass code, the gate pack, inside now, the pass
 * list, the visitor and audit exports, the reports, the audit log, the live event stream, gate
 * reviews, the blocklist, notifications, webhooks) and the other way round; the background jobs
 * run per community.
 */
import { randomUUID } from 'node:crypto';

import { Community, communityIdOf, type User } from '@gatehouse/db';
import { addTestCommunity, databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createCaller } from '../src/root';
import { forEachActiveCommunity } from '../src/services/communities';
import { authenticate, sameStreamAccess } from '../src/services/sessions';
import { getVisitorPhoto, putVisitorPhoto } from '../src/services/visitor-photos';
import { anonymiseEndedVisitors } from '../src/services/visitor-privacy';
import { applyExpiry } from '../src/services/visitors';
import { createMemoryAuthRateLimits } from '../src/lib/rate-limits';
import { pruneVisitorEvents, VisitorEventHub, type VisitorStreamItem } from '../src/services/visitor-events';
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
    second = await addTestCommunity(h.test.db, { name: 'Lakeside Towers', slug: 'lakeside', timeZone: 'America/New_York' });
    const em = h.test.db.orm.em.fork();
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

  it("keeps a live stream's access by the membership in the stream's community, not the first one's", async () => {
    // The resident is a guard of the second community for this test.
    const conn = h.test.db.orm.em.fork().getConnection();
    const membershipId = randomUUID();
    await conn.execute(`insert into membership (id, user_id, community_id, role, house_id, is_active) values (?, ?, ?, 'guard', null, true)`, [membershipId, c.resident.id, second]);
    try {
      const opened = { userId: c.resident.id, role: 'guard' as const, houseId: null, communityId: second };
      const lookUp = () => authenticate(h.em(), c.resident.token, h.now, h.config.sessionIdleDays, second);
      // A guard there (a resident with a house in the first community): the same access.
      expect(sameStreamAccess(await lookUp(), opened)).toBe(true);
      // In the first community the same person is the resident: another access.
      expect(sameStreamAccess(await authenticate(h.em(), c.resident.token, h.now, h.config.sessionIdleDays, first), opened)).toBe(false);
      // Made an admin there, or no longer a member there: the stream's access is gone.
      await conn.execute(`update membership set role = 'admin' where id = ?`, [membershipId]);
      expect(sameStreamAccess(await lookUp(), opened)).toBe(false);
      await conn.execute(`update membership set role = 'guard', is_active = false where id = ?`, [membershipId]);
      expect(sameStreamAccess(await lookUp(), opened)).toBe(false);
    } finally {
      await conn.execute(`delete from membership where id = ?`, [membershipId]);
    }
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

  it("keeps the other community's passes out of the gate pack, inside now, the exports, the reports, the audit log and the pass list", async () => {
    // Each community has a visitor inside; the second also a recurring pass inside (a pass entry).
    const guardInFirst = callerIn(c.guard.token);
    const guardInSecond = callerIn(c.guard.token, second);
    const adminInFirst = callerIn(c.admin.token);
    const adminInSecond = callerIn(c.admin.token, second);
    // docs/operations.md#gates: a gate's name is unique in its community only, and each
    // community's only active gate is the one its moves record.
    const secondGate = await adminInSecond.gates.create({ name: 'Lake Gate' });
    const firstGate = await adminInFirst.gates.create({ name: 'lake gate' });
    const pass = await adminInSecond.passes.create({
      name: 'Pat Pass',
      phone: '+15550001234',
      houseId: secondHouseId,
      purpose: 'Cleaning',
      weekdays: ['sun', 'mon'],
      timeFrom: '08:00',
      timeTo: '17:00',
      startDate: '2026-11-22',
      endDate: '2026-12-31',
    });
    await guardInSecond.visitors.checkIn({ visitorId: pass.id });
    const secondIds = [secondVisitor.id, pass.id];
    if ((await adminInSecond.visitors.byId({ id: secondVisitor.id })).status !== 'checked-in') await guardInSecond.visitors.checkIn({ visitorId: secondVisitor.id });
    await guardInFirst.visitors.checkIn({ visitorId: firstVisitor.id });

    // docs/gate.md#the-gate-pack: the whole pack, then a delta from its cursor.
    const firstPack = await guardInFirst.gate.pack({});
    expect(firstPack.items.map((item) => item.id)).toEqual([firstVisitor.id]);
    const secondPack = await guardInSecond.gate.pack({});
    expect(secondPack.items.map((item) => item.id).sort()).toEqual([...secondIds].sort());
    const firstDelta = await guardInFirst.gate.pack({ since: firstPack.cursor });
    const firstDeltaIds = [...firstDelta.items.map((item) => item.id), ...firstDelta.removed];
    expect(firstDeltaIds).not.toContain(pass.id);
    expect(firstDeltaIds).not.toContain(secondVisitor.id);

    // Inside now, with the gate each entry was recorded at.
    expect((await guardInFirst.gate.inside({})).items.map((item) => [item.id, item.gate?.id])).toEqual([[firstVisitor.id, firstGate.id]]);
    const secondInside = await guardInSecond.gate.inside({});
    expect(secondInside.items.map((item) => item.id).sort()).toEqual([...secondIds].sort());
    expect(secondInside.items.find((item) => item.id === pass.id)?.gate).toEqual({ id: secondGate.id, name: 'Lake Gate' });
    expect(secondInside.total).toBe(2);
    // A gate of the other community is unknown.
    expect(await failure(guardInFirst.visitors.checkOut({ visitorId: firstVisitor.id, gateId: secondGate.id }))).toMatchObject({ status: 400, message: 'Unknown gate' });

    // The pass list, and a pass of the other community by id.
    expect((await adminInFirst.passes.list({ limit: 50, offset: 0 })).items.map((item) => item.id)).not.toContain(pass.id);
    expect((await adminInSecond.passes.list({ limit: 50, offset: 0 })).items.map((item) => item.id)).toEqual([pass.id]);
    expect((await failure(adminInFirst.passes.byId({ id: pass.id }))).status).toBe(404);

    // The visitor export (its pass-entry rows too).
    const range = { from: '2026-11-22', to: '2026-11-22' };
    const rowsOf = async (rows: AsyncIterable<Record<string, string | null>>) => {
      const all: Record<string, string | null>[] = [];
      for await (const row of rows) all.push(row);
      return all;
    };
    expect((await rowsOf((await adminInFirst.visitors.exportCsv(range)).rows)).map((row) => row.name)).toEqual(['Fay First']);
    expect((await rowsOf((await adminInSecond.visitors.exportCsv(range)).rows)).map((row) => row.name).sort()).toEqual(['Pat Pass', 'Sam Second']);

    // The reports' figures.
    const firstReport = await adminInFirst.reports.summary(range);
    expect(firstReport.totalEntries).toBe(1);
    expect(firstReport.busiestHouses.map((house) => house.houseId)).toEqual([c.houseId]);
    const secondReport = await adminInSecond.reports.summary(range);
    expect(secondReport.totalEntries).toBe(2);
    expect(secondReport.byKind.find((kind) => kind.kind === 'recurring')?.entries).toBe(1);
    expect(secondReport.busiestHouses.map((house) => house.houseId)).toEqual([secondHouseId]);

    // The audit log and its export.
    const targetsOf = (items: Array<{ targetId: string | null }>) => items.map((item) => item.targetId);
    const firstAudit = await adminInFirst.audit.list({ limit: 100, offset: 0 });
    expect(targetsOf(firstAudit.items)).toContain(firstVisitor.id);
    expect(targetsOf(firstAudit.items)).not.toContain(secondVisitor.id);
    expect(targetsOf(firstAudit.items)).not.toContain(pass.id);
    const secondAudit = await adminInSecond.audit.list({ limit: 100, offset: 0 });
    expect(targetsOf(secondAudit.items)).toEqual(expect.arrayContaining([secondVisitor.id, pass.id]));
    expect(targetsOf(secondAudit.items)).not.toContain(firstVisitor.id);
    const firstAuditRows = await rowsOf((await adminInFirst.audit.exportCsv(range)).rows);
    expect(firstAuditRows.map((row) => row.targetId)).toContain(firstVisitor.id);
    expect(firstAuditRows.map((row) => row.targetId)).not.toContain(secondVisitor.id);
    const secondAuditRows = await rowsOf((await adminInSecond.audit.exportCsv(range)).rows);
    expect(secondAuditRows.map((row) => row.targetId)).not.toContain(firstVisitor.id);
  });

  it("keeps the other community's gate reviews, blocklist, notifications, webhooks, photos and houses out of reach", async () => {
    const guardInFirst = callerIn(c.guard.token);
    const guardInSecond = callerIn(c.guard.token, second);
    const adminInFirst = callerIn(c.admin.token);
    const adminInSecond = callerIn(c.admin.token, second);

    // docs/gate.md#recording-moves-offline: a review of the second community.
    const review = await guardInSecond.gate.createReview({
      visitorId: secondVisitor.id,
      action: 'check-out',
      occurredAt: '2026-11-22T08:55:00-05:00',
      message: 'Visitor cannot be checked out',
      idempotencyKey: randomUUID(),
    });
    expect((await guardInSecond.gate.listReviews({})).items.map((item) => item.id)).toEqual([review.id]);
    expect(await guardInFirst.gate.listReviews({})).toMatchObject({ items: [], total: 0 });
    expect((await failure(adminInFirst.gate.dismissReview({ id: review.id }))).status).toBe(404);
    // A review of the first community cannot name the second's visitor.
    expect(
      await failure(guardInFirst.gate.createReview({ visitorId: secondVisitor.id, action: 'check-in', occurredAt: '2026-11-22T08:55:00-05:00', message: 'x', idempotencyKey: randomUUID() })),
    ).toMatchObject({ status: 404, message: 'Visitor not found' });

    // docs/operations.md#blocklist: a refused check-in notifies the second community's admins,
    // in the second community's bell only.
    await adminInSecond.blocklist.create({ name: 'Bo Banned', phone: '+15550009999', reason: 'Threatened a guard' });
    const banned = await adminInSecond.visitors.invite({ ...invite(secondHouseId, 'Bo Banned'), phone: '+15550009999' });
    expect((await failure(guardInSecond.visitors.checkIn({ visitorId: banned.id }))).status).toBe(409);
    // The blocklist and a visitor's refusals are the community's.
    expect((await adminInSecond.blocklist.list({})).items.map((item) => item.name)).toEqual(['Bo Banned']);
    expect(await adminInFirst.blocklist.list({})).toMatchObject({ items: [], total: 0 });
    expect((await guardInSecond.visitors.blocklistRefusals({ id: banned.id })).items).toHaveLength(1);
    expect(await failure(guardInFirst.visitors.blocklistRefusals({ id: banned.id }))).toMatchObject({ status: 404, message: 'Visitor not found' });
    // (The admin also hosts the second community's visitors: their check-ins are in that bell too.)
    const secondBell = await adminInSecond.notifications.list({});
    expect(secondBell.items.map((item) => item.visitor.id)).toContain(banned.id);
    expect(secondBell.unread).toBeGreaterThan(0);
    expect(await adminInFirst.notifications.list({})).toMatchObject({ items: [], total: 0, unread: 0 });
    expect(await adminInFirst.notifications.count()).toEqual({ total: 0, unread: 0 });
    // Marking every one read in the first community leaves the second's unread.
    await adminInFirst.notifications.markRead({});
    expect((await adminInSecond.notifications.count()).unread).toBe(secondBell.unread);

    // docs/api.md#webhooks: a webhook of the second community cannot be deleted from the first.
    const webhook = await adminInSecond.webhooks.create({ url: 'http://93.184.216.34/hooks/gatehouse', events: ['*'] });
    expect((await adminInFirst.webhooks.list({})).items.map((item) => item.id)).not.toContain(webhook.id);
    expect(await failure(adminInFirst.webhooks.delete({ id: webhook.id }))).toMatchObject({ status: 404 });
    expect((await adminInSecond.webhooks.list({})).items.map((item) => item.id)).toEqual([webhook.id]);

    // docs/gate.md#walk-ins: a visitor's photo, read or added, is the community's.
    const staff = { id: c.admin.id, role: 'admin', house: null } as unknown as User;
    expect(await failure(getVisitorPhoto(h.test.db.forCommunity(first), staff, secondVisitor.id))).toMatchObject({ status: 404, message: 'Visitor not found' });
    const actor = { userId: c.guard.id, ipAddress: '127.0.0.1' };
    const notAJpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
    expect(await failure(putVisitorPhoto(h.test.db.forCommunity(first), actor, { id: banned.id, jpeg: notAJpeg }, h.now))).toMatchObject({
      status: 404,
      message: 'Visitor not found',
    });
    // docs/operations.md#frequent-visitors: a pass for another community's house.
    expect(
      await failure(
        adminInFirst.passes.create({ name: 'Pia Pass', phone: '+15550001234', houseId: secondHouseId, purpose: 'Cleaning', weekdays: ['mon'], timeFrom: '08:00', timeTo: '12:00', startDate: '2026-11-23', endDate: '2026-12-31' }),
      ),
    ).toMatchObject({ status: 404, message: 'House not found' });

    // docs/privacy.md#retention-and-erasure: an admin erases their own community's visitors only.
    expect(await failure(adminInFirst.visitors.erase({ id: secondVisitor.id }))).toMatchObject({ status: 404, message: 'Visitor not found' });
    expect((await adminInSecond.visitors.byId({ id: secondVisitor.id })).name).toBe('Sam Second');
  });

  it("streams the live events of the stream's own community only, replayed and live", async () => {
    const hub = new VisitorEventHub(h.test.db);
    const stop = new AbortController();
    const admin = { id: c.admin.id, role: 'admin' as const, house: null };
    const open = (communityId: string, lastEventId: string) =>
      hub.stream({ ...admin, communityId }, { lastEventId, signal: stop.signal })[Symbol.asyncIterator]();
    /** The visitors' names the stream sends, up to and with `name` (a `reset` as 'reset'), and the last event's id. */
    const namesUntil = async (stream: AsyncIterator<VisitorStreamItem>, name: string) => {
      const names: string[] = [];
      let lastId = '';
      for (;;) {
        const { value, done } = await stream.next();
        if (done) throw new Error(`the stream ended before ${name}`);
        names.push('visitor' in value ? value.visitor.name : value.type);
        if ('id' in value) lastId = value.id;
        if (names.at(-1) === name || value.type === 'reset') return { names, lastId };
      }
    };
    try {
      // Each stream resumes from its own community's newest event.
      const lastOf = async (communityId: string) =>
        ((await h.test.db.orm.em.fork().getConnection().execute<{ last: string }[]>('select max(id)::text as last from visitor_event where community_id = ?', [communityId])) as [
          { last: string },
        ])[0].last;
      const [firstLast, secondLast] = [await lastOf(first), await lastOf(second)];
      // Made before the streams open: they come by replay.
      await callerIn(c.admin.token, second).visitors.invite(invite(secondHouseId, 'Sid Second'));
      await h.caller(c.resident.token).visitors.invite(invite(c.houseId, 'Flo First'));
      const firstStream = open(first, firstLast);
      const secondStream = open(second, secondLast);
      expect((await namesUntil(firstStream, 'Flo First')).names).toEqual(['Flo First']);
      const replayedSecond = await namesUntil(secondStream, 'Sid Second');
      expect(replayedSecond.names).toEqual(['Sid Second']);
      // Made while they are open: they come live.
      await callerIn(c.admin.token, second).visitors.invite(invite(secondHouseId, 'Sue Second'));
      await h.caller(c.resident.token).visitors.invite(invite(c.houseId, 'Fox First'));
      expect((await namesUntil(firstStream, 'Fox First')).names).toEqual(['Fox First']);
      expect((await namesUntil(secondStream, 'Sue Second')).names).toEqual(['Sue Second']);
      // An event of the other community is unknown to a stream: resuming from it is a reset.
      expect((await namesUntil(open(first, replayedSecond.lastId), '')).names).toEqual(['reset']);
    } finally {
      stop.abort();
      await hub.close();
    }
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
  it('runs the background jobs per community, each in its own time zone', async () => {
    const ran: Array<[string, string, string]> = [];
    const count = await forEachActiveCommunity(h.test.db, async (em, community) => {
      ran.push([community.id, communityIdOf(em), community.timeZone]);
    });
    expect(count).toBe(2);
    expect(ran).toEqual([
      [first, first, expect.any(String)],
      [second, second, 'America/New_York'],
    ]);

    const raw = h.test.db.orm.em.fork().getConnection();
    const statuses = async (communityId: string) =>
      (await raw.execute<{ status: string }[]>(`select status from visitor_invitation where community_id = ? and status in ('approved', 'expired') order by status`, [communityId])).map(
        (row) => row.status,
      );
    // docs/api.md#visitors-and-their-statuses: two days on, the first community's sweep expires its
    // own ended invitations only.
    const secondBefore = await statuses(second);
    expect(secondBefore).toContain('approved');
    expect(await applyExpiry(h.test.db.forCommunity(first), { now: new Date('2026-11-24T15:00:00.000Z'), timeZone: 'America/New_York' })).toBeGreaterThan(0);
    expect(await statuses(first)).not.toContain('approved');
    expect(await statuses(second)).toEqual(secondBefore);

    // docs/privacy.md#retention-and-erasure: the first community's retention run anonymises its
    // own ended visitors only.
    const anonymisedIn = async (communityId: string) =>
      Number(
        (await raw.execute<{ n: string | number }[]>(`select count(*) as n from visitor_invitation where community_id = ? and anonymised_at is not null`, [communityId]))[0]?.n,
      );
    const retained = await anonymiseEndedVisitors(h.test.db.forCommunity(first), { now: new Date('2027-12-01T00:00:00.000Z'), timeZone: 'America/New_York', retentionDays: 180 });
    expect(retained.anonymised).toBeGreaterThan(0);
    expect(await anonymisedIn(first)).toBe(retained.anonymised);
    expect(await anonymisedIn(second)).toBe(0);

    // docs/gate.md#live-updates: events are pruned per community.
    await raw.execute(`update visitor_event set created_at = now() - interval '2 days' where community_id = ?`, [second]);
    expect(await pruneVisitorEvents(h.test.db.forCommunity(first))).toBe(0);
    expect(await pruneVisitorEvents(h.test.db.forCommunity(second))).toBeGreaterThan(0);
    expect(await raw.execute(`select id from visitor_event where community_id = ?`, [second])).toEqual([]);
  });
});
