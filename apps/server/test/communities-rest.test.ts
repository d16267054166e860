/**
 * Communities over REST and tRPC (docs/api.md#communities), on both databases, every REST answer
 * checked against the OpenAPI document: `GET /api/auth/me` names the request's community,
 * `GET /api/communities` lists the caller's memberships, `X-Community-Id` chooses the community
 * (403 in the envelope for a non-member or a suspended community), `POST /api/auth/community`
 * changes the session's default, and a second community's houses stay out of the first's list.
 */
import { randomUUID } from 'node:crypto';

import { Community } from '@gatehouse/db';
import { addTestCommunity, databaseLegs } from '@gatehouse/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('communities over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z');
  const harness = restHarness(leg, {
    domain: 'communities.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer } = harness;
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = harness.test.db.firstCommunityId as string;
    second = await addTestCommunity(harness.test.db, { name: 'Hillview', slug: 'hillview', timeZone: 'Asia/Kolkata', settings: { currency: 'INR', allowSignup: false } });
    const em = harness.test.db.orm.em.fork();
    const [admin] = await em.getConnection().execute<{ id: string }[]>(`select id from app_user where email = 'admin@communities.example'`);
    await em.getConnection().execute(
      `insert into membership (id, user_id, community_id, role, house_id, is_active) values (?, ?, ?, 'admin', null, true)`,
      [randomUUID(), admin!.id, second],
    );
  });

  it('names the community in me and lists the memberships', async () => {
    const me = answer(await call('GET', '/api/auth/me', tokens.admin), 200).data;
    expect(me.community).toEqual({ id: first, name: 'My Community', slug: 'default', timeZone: expect.any(String) });
    expect(answer(await call('GET', '/api/communities', tokens.admin), 200).data).toEqual([
      { id: first, name: 'My Community', slug: 'default', role: 'admin' },
      { id: second, name: 'Hillview', slug: 'hillview', role: 'admin' },
    ]);
    const there = answer(await call('GET', '/api/auth/me', tokens.admin, undefined, { 'x-community-id': second }), 200).data;
    expect(there.community).toEqual({ id: second, name: 'Hillview', slug: 'hillview', timeZone: 'Asia/Kolkata' });
  });

  it("acts in the header's community: the other community's houses are not listed", async () => {
    const inSecond = { 'x-community-id': second };
    expect(answer(await call('GET', '/api/houses', tokens.admin, undefined, inSecond), 200).data).toEqual([]);
    answer(await call('POST', '/api/houses', tokens.admin, { houseNumber: '101', block: 'A', street: 'Hill Road', ownerId: harness.residentId }, inSecond), 201);
    const secondHouses = await call('GET', '/api/houses', tokens.admin, undefined, inSecond);
    expect(answer(secondHouses, 200).data.map((house: { street: string }) => house.street)).toEqual(['Hill Road']);
    expect(secondHouses.headers['x-total-count']).toBe('1');
    const firstHouses = answer(await call('GET', '/api/houses', tokens.admin), 200).data;
    expect(firstHouses.map((house: { street: string }) => house.street)).toEqual(['Maple']);
  });

  it('refuses a non-member and a suspended community with 403 in the envelope', async () => {
    const refused = answer(await call('GET', '/api/houses', tokens.resident, undefined, { 'x-community-id': second }), 403);
    expect(refused).toMatchObject({ success: false, data: null, error: 'You are not a member of this community', code: 'FORBIDDEN' });
    await harness.test.db.orm.em.fork().nativeUpdate(Community, { id: second }, { status: 'suspended' });
    try {
      const suspended = answer(await call('GET', '/api/houses', tokens.admin, undefined, { 'x-community-id': second }), 403);
      expect(suspended).toMatchObject({ success: false, data: null, error: 'This community is suspended', code: 'FORBIDDEN' });
    } finally {
      await harness.test.db.orm.em.fork().nativeUpdate(Community, { id: second }, { status: 'active' });
    }
  });

  it('takes the header over tRPC too', async () => {
    const response = await call('GET', '/trpc/auth.me', tokens.admin, undefined, { 'x-community-id': second });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { result: { data: { community: { id: string } } } }).result.data.community.id).toBe(second);
    const refused = await call('GET', '/trpc/auth.me', tokens.resident, undefined, { 'x-community-id': second });
    expect(refused.statusCode).toBe(403);
  });

  it("makes a community the session's default with POST /api/auth/community", async () => {
    const switched = answer(await call('POST', '/api/auth/community', tokens.admin, { communityId: second }), 200).data;
    expect(switched).toMatchObject({ community: { id: second, slug: 'hillview' }, user: { role: 'admin' } });
    expect(answer(await call('GET', '/api/auth/me', tokens.admin), 200).data.community.id).toBe(second);
    expect(answer(await call('POST', '/api/auth/community', tokens.resident, { communityId: second }), 403).error).toBe('You are not a member of this community');
    answer(await call('POST', '/api/auth/community', tokens.admin, { communityId: first }), 200);
    expect(answer(await call('GET', '/api/auth/me', tokens.admin), 200).data.community.id).toBe(first);
  });
});
