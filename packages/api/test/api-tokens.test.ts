/**
 * API tokens (docs/api.md#api-tokens), on both databases: admins make, list and revoke them; the
 * token is shown once and stored only as its SHA-256; a call made with one acts as its
 * creator with the token's role, is refused what tokens may never do (403), is attributed
 * to the token in the audit log, and stops working when the token is revoked or expired
 * or its creator deactivated (401); its use is written to `lastUsedAt` at most once a minute.
 */
import { createHash } from 'node:crypto';

import { ApiToken, AuditEvent, User } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { createMemoryAuthRateLimits } from '../src/lib/rate-limits';
import { createCallerFactory, createInnerContext, createTRPCRouter, protectedProcedure } from '../src/trpc';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York

/** The status, stable code and text a caller would get from a refused call. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { status, code, message } = describeError(error);
    return { status, code, message };
  }
  throw new Error('expected a refusal');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(legs)('API tokens on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const admin = () => h.caller(c.admin.token);
  const invite = (name: string) =>
    h.caller(c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
  const rowOf = (id: string) => h.em().findOneOrFail(ApiToken, { id });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('creates a token shown once, lists it without the secret, and stores only its hash', async () => {
    const created = await admin().apiTokens.create({ name: '  Barrier at Gate 1 ', role: 'guard', expiresAt: '2027-01-01T00:00:00-05:00' });
    expect(created.token).toMatch(/^gh_[A-Za-z0-9_-]{43}$/);
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Barrier at Gate 1',
      role: 'guard',
      prefix: created.token.slice(0, 11),
      createdAt: START.toISOString(),
      expiresAt: '2027-01-01T05:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      token: created.token,
    });
    expect(created.prefix).toMatch(/^gh_.{8}$/);

    const listed = await admin().apiTokens.list({});
    const item = listed.items.find((token) => token.id === created.id);
    expect(item).toEqual({ ...created, token: undefined });
    expect(item).not.toHaveProperty('token');
    expect(listed.total).toBeGreaterThanOrEqual(1);

    const row = await rowOf(created.id);
    expect(row.tokenHash).toBe(sha256(created.token));
    expect(row.tokenHash).not.toContain(created.token.slice(3));
    const [raw] = await h.em().execute<Record<string, unknown>[]>('select * from api_token where id = ?', [created.id]);
    expect(JSON.stringify(raw)).not.toContain(created.token.slice(3));

    const audit = await h.em().find(AuditEvent, { targetType: 'api-token', targetId: created.id });
    expect(audit.map((event) => [event.action, (event.actor as User).id])).toEqual([['api-token.created', c.admin.id]]);
    expect(audit[0]!.details).toMatchObject({ name: 'Barrier at Gate 1', role: 'guard', prefix: created.prefix });
  });

  it('refuses a role other than guard or admin, and an expiry in the past or more than 2 years ahead', async () => {
    expect(await refusal(admin().apiTokens.create({ name: 'Bad', role: 'resident' as 'guard' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Role must be guard or admin',
    });
    expect(await refusal(admin().apiTokens.create({ name: 'Bad', role: 'guard', expiresAt: START.toISOString() }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Expiry must be in the future',
    });
    expect(await refusal(admin().apiTokens.create({ name: 'Bad', role: 'guard', expiresAt: '2028-11-22T14:00:00.001Z' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Expiry must be at most 2 years ahead',
    });
    expect(await refusal(admin().apiTokens.create({ name: 'Bad', role: 'guard', expiresAt: 'tomorrow' }))).toMatchObject({
      status: 400,
      message: 'Expiry must be an ISO 8601 instant',
    });
    expect(await refusal(admin().apiTokens.create({ name: '  ', role: 'guard' }))).toMatchObject({ status: 400, message: 'Name is required' });
    // Exactly two years ahead is allowed, and so is no expiry at all.
    expect((await admin().apiTokens.create({ name: 'Two years', role: 'admin', expiresAt: '2028-11-22T14:00:00.000Z' })).expiresAt).toBe(
      '2028-11-22T14:00:00.000Z',
    );
    expect((await admin().apiTokens.create({ name: 'Forever', role: 'admin', expiresAt: '' })).expiresAt).toBeNull();
    expect(await h.em().count(ApiToken, { name: 'Bad' })).toBe(0);
  });

  it('lets a guard token check a visitor in as its creator with the guard role; the audit rows name the token', async () => {
    const token = await admin().apiTokens.create({ name: 'Kiosk', role: 'guard' });
    const visitor = await invite('Token Visitor');
    const gate = h.caller(token.token, '10.0.0.9');
    const scanned = await gate.visitors.scan({ token: visitor.qrCodeToken });
    expect(scanned.id).toBe(visitor.id);
    const checkedIn = await gate.visitors.checkIn({ visitorId: visitor.id });
    expect(checkedIn.status).toBe('checked-in');

    const rows = await h.em().find(
      AuditEvent,
      { targetType: 'visitor', targetId: visitor.id, action: { $in: ['visitor.scanned', 'visitor.checked-in'] } },
      { orderBy: { sequence: 'asc' } },
    );
    expect(rows.map((row) => [row.action, (row.actor as User).id, (row.apiToken as ApiToken | null)?.id, row.ipAddress])).toEqual([
      ['visitor.scanned', c.admin.id, token.id, '10.0.0.9'],
      ['visitor.checked-in', c.admin.id, token.id, '10.0.0.9'],
    ]);
    // The admin's audit list shows the token; the filter finds exactly its calls.
    const listed = await admin().audit.list({ apiTokenId: token.id });
    expect(listed.items.map((event) => [event.action, event.apiToken])).toEqual([
      ['visitor.checked-in', { id: token.id, name: 'Kiosk' }],
      ['visitor.scanned', { id: token.id, name: 'Kiosk' }],
    ]);
    // A session's own calls name no token.
    const invited = await admin().audit.list({ action: 'visitor.invited', targetId: visitor.id });
    expect(invited.items.map((event) => event.apiToken)).toEqual([null]);

    // The token's role was the call's role, never written to the creator's row.
    const [adminRow] = await h.em().execute<{ role: string }[]>('select role from app_user where id = ?', [c.admin.id]);
    expect(adminRow!.role).toBe('admin');
    expect((await admin().auth.me()).user.role).toBe('admin');
  });

  it('never writes the token’s role into the creator’s row, even when a call flushes that user', async () => {
    const token = await admin().apiTokens.create({ name: 'Flusher', role: 'guard' });
    // A procedure that loads the caller's own row through the unit of work, changes another
    // column, hands the caller's user to a new row as a relation and flushes: the call keeps
    // the token's role throughout, and the row gets the other column only.
    const probe = createTRPCRouter({
      touch: protectedProcedure.mutation(async ({ ctx }) => {
        const loaded = await ctx.em.findOneOrFail(User, { id: ctx.user.id });
        expect(loaded.role).toBe('admin');
        expect(ctx.user.role).toBe('guard');
        loaded.phone = '+15550004242';
        ctx.em.create(ApiToken, { name: 'Made In Probe', role: 'guard', tokenHash: sha256('probe'), prefix: 'gh_probe000', createdBy: ctx.user });
        await ctx.em.flush();
        await ctx.em.findOneOrFail(User, { id: ctx.user.id }, { refresh: true });
        return { role: ctx.user.role, apiToken: ctx.apiToken, sessionId: ctx.sessionId };
      }),
    });
    const caller = createCallerFactory(probe)(
      createInnerContext({
        db: h.test.db,
        config: h.config,
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        clock: () => h.now,
        bearerToken: token.token,
        clientAddress: '127.0.0.1',
      }),
    );
    expect(await caller.touch()).toEqual({ role: 'guard', apiToken: { id: token.id, name: 'Flusher' }, sessionId: null });
    const [row] = await h.em().execute<{ role: string; phone: string }[]>('select role, phone from app_user where id = ?', [c.admin.id]);
    expect(row).toEqual({ role: 'admin', phone: '+15550004242' });
    expect((await h.em().findOneOrFail(ApiToken, { name: 'Made In Probe' })).createdBy.id).toBe(c.admin.id);
  });

  it('gives a guard token the guard role: admin-only procedures are 403', async () => {
    const token = await admin().apiTokens.create({ name: 'Guard Only', role: 'guard' });
    const refused = await refusal(h.caller(token.token).houses.create({ houseNumber: '303', block: 'C', street: 'Elm Street', ownerId: c.resident.id }));
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(h.caller(token.token).payments.list({}))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    // What a guard may do, it may: the visitors list.
    expect((await h.caller(token.token).visitors.list({})).total).toBeGreaterThanOrEqual(0);
  });

  it('refuses with a token what tokens may never do: auth, users, API tokens (403), and logs it', async () => {
    const token = await admin().apiTokens.create({ name: 'Integration', role: 'admin' });
    const api = h.caller(token.token);
    const forbidden = { status: 403, code: 'FORBIDDEN', message: 'API tokens cannot do this' };
    expect(await refusal(api.auth.me())).toEqual(forbidden);
    expect(await refusal(api.auth.changePassword({ currentPassword: 'secret123', newPassword: 'secret456' }))).toEqual(forbidden);
    expect(await refusal(api.auth.revokeOtherSessions())).toEqual(forbidden);
    expect(await refusal(api.auth.logout())).toEqual(forbidden);
    expect(await refusal(api.auth.login({ email: 'admin@test.example', password: 'secret123' }))).toEqual(forbidden);
    expect(await refusal(api.users.list({}))).toEqual(forbidden);
    expect(await refusal(api.users.byId({ id: c.admin.id }))).toEqual(forbidden);
    expect(await refusal(api.users.update({ id: c.admin.id, name: 'Renamed By Token' }))).toEqual(forbidden);
    expect(await refusal(api.apiTokens.list({}))).toEqual(forbidden);
    expect(await refusal(api.apiTokens.create({ name: 'Child', role: 'admin' }))).toEqual(forbidden);
    expect(await refusal(api.apiTokens.revoke({ id: token.id }))).toEqual(forbidden);
    // The creator's own inbox is not the integration's to read.
    expect(await refusal(api.notifications.list({}))).toEqual(forbidden);
    // Moving people in or out of a house manages users too.
    expect(await refusal(api.houses.addResident({ id: c.houseId, userId: c.admin.id }))).toEqual(forbidden);
    expect(await refusal(api.houses.removeResident({ id: c.houseId, residentId: c.admin.id }))).toEqual(forbidden);
    // An admin token still does what an admin may, elsewhere.
    expect((await api.houses.list({})).total).toBeGreaterThanOrEqual(2);
    // Nothing changed; the refusals are in the audit log, naming the token.
    expect((await rowOf(token.id)).revokedAt).toBeNull();
    expect(await h.em().count(ApiToken, { name: 'Child' })).toBe(0);
    const denied = await admin().audit.list({ action: 'access.denied', apiTokenId: token.id, limit: 100 });
    expect(denied.items.map((event) => event.details?.procedure).sort()).toEqual(
      ['apiTokens.create', 'apiTokens.list', 'apiTokens.revoke', 'auth.changePassword', 'auth.me', 'auth.revokeOtherSessions', 'houses.addResident', 'houses.removeResident', 'notifications.list', 'users.byId', 'users.list', 'users.update'].sort(),
    );
  });

  it('is 401 once revoked; it stays listed with revokedAt; revoking again changes nothing', async () => {
    const token = await admin().apiTokens.create({ name: 'Short Lived', role: 'guard' });
    expect((await h.caller(token.token).houses.list({})).total).toBeGreaterThan(0);
    h.now = new Date(START.getTime() + 5_000);
    expect(await admin().apiTokens.revoke({ id: token.id })).toEqual({ id: token.id });
    expect(await failure(h.caller(token.token).houses.list({}))).toEqual({ status: 401, message: 'Authentication required' });
    const listed = (await admin().apiTokens.list({ limit: 100 })).items.find((item) => item.id === token.id);
    expect(listed?.revokedAt).toBe(h.now.toISOString());
    expect(await admin().apiTokens.revoke({ id: token.id })).toEqual({ id: token.id });
    const audit = await h.em().find(AuditEvent, { targetType: 'api-token', targetId: token.id }, { orderBy: { sequence: 'asc' } });
    expect(audit.map((event) => event.action)).toEqual(['api-token.created', 'api-token.revoked']);
    expect(await failure(admin().apiTokens.revoke({ id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, message: 'API token not found' });
    expect(await failure(admin().apiTokens.revoke({ id: 'not-an-id' }))).toEqual({ status: 404, message: 'API token not found' });
  });

  it('is 401 once expired, for an unknown token, and once its creator is deactivated', async () => {
    const token = await admin().apiTokens.create({ name: 'One Hour', role: 'guard', expiresAt: '2026-11-22T15:00:00Z' });
    h.now = new Date('2026-11-22T14:59:59.000Z');
    expect((await h.caller(token.token).houses.list({})).total).toBeGreaterThan(0);
    h.now = new Date('2026-11-22T15:00:00.000Z');
    expect((await failure(h.caller(token.token).houses.list({}))).status).toBe(401);
    expect((await failure(h.caller(`gh_${'A'.repeat(43)}`).houses.list({}))).status).toBe(401);
    // An unknown gh_ token asking a forbidden signed-in procedure is 401 as well (not known to be a token).
    expect((await failure(h.caller(`gh_${'B'.repeat(43)}`).users.list({}))).status).toBe(401);

    h.now = START;
    const second = await admin().users.create({ name: 'Second Admin', email: 'second-admin@test.example', phone: '+15550009999', password: 'secret123', role: 'admin' });
    const secondSession = await h.caller().auth.login({ email: 'second-admin@test.example', password: 'secret123' });
    const theirs = await h.caller(secondSession.token).apiTokens.create({ name: 'Theirs', role: 'admin' });
    expect((await h.caller(theirs.token).houses.list({})).total).toBeGreaterThan(0);
    await admin().users.deactivate({ id: second.id });
    expect((await failure(h.caller(theirs.token).houses.list({}))).status).toBe(401);
  });

  it('stays revoked when its creator, deactivated or demoted, is made an active admin again (for good, with an audit row each)', async () => {
    const makeAdmin = async (email: string) => {
      const user = await admin().users.create({ name: 'Token Maker', email, phone: '+15550009999', password: 'secret123', role: 'admin' });
      const session = await h.caller().auth.login({ email, password: 'secret123' });
      return { id: user.id, caller: h.caller(session.token) };
    };
    const works = async (token: string) => (await h.caller(token).houses.list({})).total > 0;
    const refused = async (token: string) => (await failure(h.caller(token).houses.list({}))).status;

    const deactivated = await makeAdmin('maker-deactivated@test.example');
    const first = await deactivated.caller.apiTokens.create({ name: 'Lives Or Not', role: 'guard' });
    const alreadyRevoked = await deactivated.caller.apiTokens.create({ name: 'Revoked Before', role: 'guard' });
    await admin().apiTokens.revoke({ id: alreadyRevoked.id });
    expect(await works(first.token)).toBe(true);
    await admin().users.deactivate({ id: deactivated.id });
    expect(await refused(first.token)).toBe(401);
    await admin().users.update({ id: deactivated.id, isActive: true });
    expect(await refused(first.token)).toBe(401);
    expect((await rowOf(first.id)).revokedAt?.toISOString()).toBe(START.toISOString());

    // Deactivated through the update (isActive: false) too.
    const updated = await makeAdmin('maker-updated@test.example');
    const third = await updated.caller.apiTokens.create({ name: 'Updated Away', role: 'admin' });
    await admin().users.update({ id: updated.id, isActive: false });
    await admin().users.update({ id: updated.id, isActive: true });
    expect(await refused(third.token)).toBe(401);

    const demoted = await makeAdmin('maker-demoted@test.example');
    const second = await demoted.caller.apiTokens.create({ name: 'Demoted Maker', role: 'admin' });
    expect(await works(second.token)).toBe(true);
    await admin().users.update({ id: demoted.id, role: 'guard' });
    expect(await refused(second.token)).toBe(401);
    await admin().users.update({ id: demoted.id, role: 'admin' });
    expect(await refused(second.token)).toBe(401);
    expect((await admin().apiTokens.list({ limit: 100 })).items.find((item) => item.id === second.id)?.revokedAt).toBe(START.toISOString());

    const revocations = await h.em().find(AuditEvent, { action: 'api-token.revoked', targetId: { $in: [first.id, second.id, third.id, alreadyRevoked.id] } });
    expect(revocations.map((row) => [row.targetId, row.details]).sort()).toEqual(
      [
        [alreadyRevoked.id, null],
        [first.id, { reason: 'creator-deactivated' }],
        [second.id, { reason: 'creator-demoted' }],
        [third.id, { reason: 'creator-deactivated' }],
      ].sort(),
    );
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const token = await admin().apiTokens.create({ name: 'Busy', role: 'guard' });
    const use = () => h.caller(token.token).houses.list({});
    await use();
    expect((await rowOf(token.id)).lastUsedAt?.toISOString()).toBe(START.toISOString());
    h.now = new Date(START.getTime() + 30_000);
    await use();
    expect((await rowOf(token.id)).lastUsedAt?.toISOString()).toBe(START.toISOString());
    h.now = new Date(START.getTime() + 60_000);
    await use();
    expect((await rowOf(token.id)).lastUsedAt?.toISOString()).toBe(START.toISOString());
    h.now = new Date(START.getTime() + 61_000);
    await use();
    expect((await rowOf(token.id)).lastUsedAt?.toISOString()).toBe(h.now.toISOString());
    const listed = (await admin().apiTokens.list({ limit: 100 })).items.find((item) => item.id === token.id);
    expect(listed?.lastUsedAt).toBe(h.now.toISOString());
  });
});
