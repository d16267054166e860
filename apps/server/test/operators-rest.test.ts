/**
 * Operators over REST (docs/api.md#operators), on both databases, every answer checked against
 * the OpenAPI document: `POST /api/communities` answers 201 `{community, admin}`, the new admin
 * signs in and acts there with `X-Community-Id`; 409 for a taken slug, 400 for a bad slug or
 * time zone, 403 for anyone but an operator (`all=true` included); `PUT /api/communities/{id}`
 * renames, merges settings, suspends (members then get 403) and resumes;
 * `GET /api/communities?all=true` gives the counts; `GET /api/auth/me` says `isOperator`.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('operators over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z');
  const harness = restHarness(leg, {
    domain: 'operators.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer } = harness;
  const admin = { name: 'Omar Orchard', email: 'omar@orchard.example', phone: '+15550003333', password: 'orchard-secret' };
  let orchard: string;
  let omarToken: string;
  let omarId: string;

  beforeAll(async () => {
    const created = answer(await call('POST', '/api/communities', tokens.admin, { name: 'Orchard Park', slug: 'orchard-park', timeZone: 'Asia/Kolkata', admin }), 201);
    orchard = created.data.community.id;
    omarId = created.data.admin.id;
    expect(created.data).toEqual({
      community: {
        id: expect.any(String),
        name: 'Orchard Park',
        slug: 'orchard-park',
        timeZone: 'Asia/Kolkata',
        status: 'active',
        settings: { earlyCheckInMinutes: 60, walkInApprovalMinutes: 10, walkInEscalateSeconds: 60, visitorRetentionDays: 180, currency: 'USD', allowSignup: true },
        createdAt: expect.any(String),
      },
      admin: { id: expect.any(String), email: 'omar@orchard.example' },
    });
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    omarToken = answer(login, 200).data.token;
  });

  it('says isOperator in GET /api/auth/me: the first account is one', async () => {
    expect(answer(await call('GET', '/api/auth/me', tokens.admin), 200).data).toMatchObject({ user: { email: 'admin@operators.example' }, isOperator: true });
    expect(answer(await call('GET', '/api/auth/me', tokens.resident), 200).data.isOperator).toBe(false);
    expect(answer(await call('GET', '/api/auth/me', omarToken), 200).data.isOperator).toBe(false);
  });

  it("lets the new admin act in the new community with X-Community-Id, never in the first one's", async () => {
    const there = { 'x-community-id': orchard };
    expect(answer(await call('GET', '/api/auth/me', omarToken, undefined, there), 200).data).toMatchObject({ community: { id: orchard, slug: 'orchard-park' }, user: { role: 'admin' } });
    expect(answer(await call('GET', '/api/houses', omarToken, undefined, there), 200).data).toEqual([]);
    expect(answer(await call('GET', '/api/visitors', omarToken, undefined, there), 200).data).toEqual([]);
    answer(await call('POST', '/api/houses', omarToken, { houseNumber: '1', block: 'O', street: 'Orchard Lane', ownerId: omarId }, there), 201);
    const first = harness.test.db.firstCommunityId as string;
    expect(answer(await call('GET', '/api/houses', omarToken, undefined, { 'x-community-id': first }), 403)).toMatchObject({ error: 'You are not a member of this community', code: 'FORBIDDEN' });
    expect(answer(await call('GET', '/api/houses', tokens.admin), 200).data.map((house: { street: string }) => house.street)).toEqual(['Maple']);
  });

  it('refuses a taken slug (409), a bad slug or time zone (400) and non-operators (403) in the envelope', async () => {
    const other = { ...admin, email: 'other@orchard.example' };
    expect(answer(await call('POST', '/api/communities', tokens.admin, { name: 'Again', slug: 'orchard-park', timeZone: 'UTC', admin: other }), 409)).toMatchObject({
      success: false,
      error: 'Slug is already taken',
      code: 'CONFLICT',
    });
    expect(answer(await call('POST', '/api/communities', tokens.admin, { name: 'Bad', slug: 'No Spaces', timeZone: 'UTC', admin: other }), 400)).toMatchObject({
      error: 'Slug must be 3 to 40 characters of a-z, 0-9 and -',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'slug', message: 'Slug must be 3 to 40 characters of a-z, 0-9 and -' }],
    });
    expect(answer(await call('POST', '/api/communities', tokens.admin, { name: 'Bad', slug: 'bad-zone', timeZone: 'Moon/Base', admin: other }), 400)).toMatchObject({
      error: 'Time zone must be an IANA time zone, e.g. Asia/Kolkata',
      details: [{ path: 'timeZone', message: 'Time zone must be an IANA time zone, e.g. Asia/Kolkata' }],
    });
    const forbidden = { success: false, data: null, error: 'Only operators can do this', code: 'FORBIDDEN' };
    for (const token of [omarToken, tokens.resident]) {
      expect(answer(await call('POST', '/api/communities', token, { name: 'Nope', slug: 'nope', timeZone: 'UTC', admin: other }), 403)).toMatchObject(forbidden);
      expect(answer(await call('PUT', `/api/communities/${orchard}`, token, { status: 'suspended' }), 403)).toMatchObject(forbidden);
      expect(answer(await call('GET', '/api/communities?all=true', token), 403)).toMatchObject(forbidden);
    }
  });

  it('renames, merges settings, suspends (members get 403) and resumes with PUT /api/communities/{id}', async () => {
    const renamed = answer(await call('PUT', `/api/communities/${orchard}`, tokens.admin, { name: 'Orchard Gardens', settings: { visitorRetentionDays: 30 } }), 200).data;
    expect(renamed).toMatchObject({ name: 'Orchard Gardens', settings: { visitorRetentionDays: 30, currency: 'USD', earlyCheckInMinutes: 60 } });
    answer(await call('PUT', `/api/communities/${orchard}`, tokens.admin, { status: 'suspended' }), 200);
    expect(answer(await call('GET', '/api/houses', omarToken, undefined, { 'x-community-id': orchard }), 403)).toMatchObject({ error: 'This community is suspended', code: 'FORBIDDEN' });
    answer(await call('PUT', `/api/communities/${orchard}`, tokens.admin, { status: 'active' }), 200);
    expect(answer(await call('GET', '/api/houses', omarToken, undefined, { 'x-community-id': orchard }), 200).data).toHaveLength(1);
    expect(answer(await call('PUT', '/api/communities/00000000-0000-4000-8000-000000000000', tokens.admin, { name: 'Nobody' }), 404).error).toBe('Community not found');
  });

  it('lists every community with its counts for an operator (all=true), the memberships without it', async () => {
    const all = answer(await call('GET', '/api/communities?all=true', tokens.admin), 200).data as Array<{ slug: string; counts: unknown }>;
    expect(all.map((community) => [community.slug, community.counts])).toEqual([
      ['default', { houses: 1, residents: 1, visitorsThisMonth: 0 }],
      ['orchard-park', { houses: 1, residents: 0, visitorsThisMonth: 0 }],
    ]);
    expect(answer(await call('GET', '/api/communities', tokens.admin), 200).data).toEqual([
      { id: harness.test.db.firstCommunityId, name: 'My Community', slug: 'default', role: 'admin' },
    ]);
    expect(answer(await call('GET', '/api/communities?all=maybe', tokens.admin), 400).code).toBe('VALIDATION_FAILED');
  });
});
