/**
 * The permission matrix of docs/security.md#who-may-do-what, walked over every REST path for every
 * kind of caller: anonymous, a resident of the house concerned, a resident of another
 * house, a guard and an admin. The expectations are written here independently of the
 * server's own access table, so a change to either shows.
 */
import { createMemoryAuthRateLimits, restRoutes } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { ERROR_CODE_STATUS, type ErrorCode } from '@gatehouse/shared';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { SMALL_JPEG } from './support/jpeg';
import { UNLIMITED_API } from './support/limits';
import { withResponseValidation } from './support/openapi-validation';

const legs = await databaseLegs();

/** A whole JPEG: the server decodes and encodes every photo again. */
const JPEG = SMALL_JPEG;

const CALLERS = ['anonymous', 'resident', 'otherResident', 'guard', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Expected = [anonymous: number, resident: number, otherResident: number, guard: number, admin: number];

interface Call {
  url: string;
  body?: unknown;
  /** Use this token instead of the caller's usual one (e.g. for logout). */
  token?: string;
  /** A JPEG body instead of JSON (photos). */
  jpeg?: Buffer;
  /** An event stream: read the status and headers, then stop. */
  stream?: boolean;
}

interface Row {
  method: Method;
  path: string;
  expected: Expected;
  /** Builds the request, creating fresh objects where the call changes them. */
  prepare: (caller: Caller) => Promise<Call>;
}

describe.each(legs)('permission matrix over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const ids = {} as Record<'resident' | 'otherResident' | 'house' | 'otherHouse' | 'vehicle' | 'visitor' | 'payment', string>;
  let visitorToken = '';
  /** The community the PUT /api/communities/:id row renames (made by its first call). */
  let operatedCommunity: string | undefined;
  let counter = 0;
  const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

  const request = async (method: Method, url: string, token?: string, body?: unknown, options: Pick<Call, 'jpeg' | 'stream'> = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.jpeg ? { 'content-type': 'image/jpeg' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      ...(options.jpeg ? { payload: options.jpeg } : {}),
      ...(options.stream ? { payloadAsStream: true } : {}),
    });
    const type = String(response.headers['content-type'] ?? '');
    if (options.stream && type.startsWith('text/event-stream')) {
      response.stream().destroy();
      return { status: response.statusCode, body: { success: true, data: null, error: null } };
    }
    if (options.stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      return { status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean; data: any; error: string | null } };
    }
    // A photo, or a CSV export (docs/operations.md#reports-exports-and-inside-now): the status is
    // what the walk checks.
    if (type.startsWith('image/jpeg') || type.startsWith('text/csv')) return { status: response.statusCode, body: { success: response.statusCode < 400, data: null, error: null } };
    return { status: response.statusCode, body: response.json() as { success: boolean; data: any; error: string | null } };
  };
  const asAdmin = async (method: Method, url: string, body?: unknown) => {
    const response = await request(method, url, tokens.admin, body);
    if (response.status >= 300) throw new Error(`setup ${method} ${url}: ${response.status} ${response.body.error}`);
    return response.body.data;
  };
  const login = async (email: string) => (await request('POST', '/api/auth/login', undefined, { email, password: 'secret123' })).body.data.token as string;
  const emailOf: Record<Exclude<Caller, 'anonymous'>, string> = {
    admin: 'admin@perm.example',
    guard: 'guard@perm.example',
    resident: 'resident@perm.example',
    otherResident: 'other@perm.example',
  };

  const newUser = async () =>
    asAdmin('POST', '/api/users', { name: 'Fresh Person', email: `fresh-${unique()}@perm.example`, phone: '+15550000001', password: 'secret123', role: 'resident' });
  const newVehicle = async () =>
    asAdmin('POST', '/api/vehicles', { licensePlate: `P ${unique()}`.slice(0, 16), make: 'Kia', model: 'Rio', color: 'Red', houseId: ids.house, ownerId: ids.resident });
  const newVisitor = async () =>
    asAdmin('POST', '/api/visitors/invite', { name: 'Fresh Visitor', phone: '+15550000002', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '09:30', visitTimeTo: '17:00' });
  const newPayment = async () => asAdmin('POST', '/api/payments', { houseId: ids.house, amount: 12.5, type: 'other' });
  /**
   * docs/operations.md#frequent-visitors: a recurring pass of the resident's house, valid every day
   * from today.
   */
  const passBody = () => ({
    name: 'Pat Pass',
    phone: '+15550000004',
    houseId: ids.house,
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    timeFrom: '06:00',
    timeTo: '22:00',
    startDate: '2026-11-22',
    endDate: '2027-05-22',
  });
  const newPass = async () => asAdmin('POST', '/api/passes', passBody());
  const invitation = () => ({ name: 'Vera Visitor', phone: '+15557654321', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '10:00', visitTimeTo: '17:00' });
  const walkIn = () => ({ name: 'Wes Walker', phone: '+15557654321', houseId: ids.house, purpose: 'Delivery' });
  const review = () => ({ visitorId: ids.visitor, action: 'check-in', occurredAt: '2026-11-22T13:55:00Z', message: 'Visitor cannot be checked in: status is cancelled' });
  const newReview = async () => asAdmin('POST', '/api/gate/reviews', review());
  const newWebhook = async () => asAdmin('POST', '/api/webhooks', { url: 'http://93.184.216.34/hook', events: ['*'] });
  /** A webhook with one delivery (an invitation's visitor.created). */
  const newDelivery = async () => {
    const webhook = await newWebhook();
    await newVisitor();
    const [delivery] = await asAdmin('GET', `/api/webhooks/${webhook.id}/deliveries`);
    return `/api/webhooks/${webhook.id}/deliveries/${delivery.id}`;
  };

  const fixed = (url: () => string, body?: () => unknown) => async (): Promise<Call> => ({ url: url(), ...(body ? { body: body() } : {}) });

  const ROWS: Row[] = [
    { method: 'POST', path: '/api/auth/signup', expected: [201, 201, 201, 201, 201], prepare: fixed(() => '/api/auth/signup', () => ({ name: 'New Comer', email: `new-${unique()}@perm.example`, phone: '+15550000003', password: 'secret123' })) },
    { method: 'POST', path: '/api/auth/login', expected: [200, 200, 200, 200, 200], prepare: fixed(() => '/api/auth/login', () => ({ email: 'resident@perm.example', password: 'secret123' })) },
    {
      method: 'POST',
      path: '/api/auth/logout',
      expected: [200, 200, 200, 200, 200],
      prepare: async (caller) => ({ url: '/api/auth/logout', ...(caller === 'anonymous' ? {} : { token: await login(emailOf[caller]) }) }),
    },
    { method: 'GET', path: '/api/auth/me', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/auth/me') },
    // docs/api.md#communities: every member may list their communities and choose the default.
    { method: 'GET', path: '/api/communities', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/communities') },
    // docs/api.md#operators: operators only (the admin here is the first account, an operator).
    {
      method: 'POST',
      path: '/api/communities',
      expected: [401, 403, 403, 403, 201],
      prepare: fixed(
        () => '/api/communities',
        () => ({ name: 'New Place', slug: `place-${unique()}`, timeZone: 'UTC', admin: { name: 'Pia Place', email: `place-${unique()}@perm.example`, phone: '+15550000005', password: 'secret123' } }),
      ),
    },
    {
      method: 'PUT',
      path: '/api/communities/:id',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => {
        operatedCommunity ??= (
          await asAdmin('POST', '/api/communities', { name: 'Operated', slug: `operated-${unique()}`, timeZone: 'UTC', admin: { name: 'Opal Op', email: `op-${unique()}@perm.example`, phone: '+15550000006', password: 'secret123' } })
        ).community.id as string;
        return { url: `/api/communities/${operatedCommunity}`, body: { name: 'Operated Renamed' } };
      },
    },
    {
      method: 'POST',
      path: '/api/auth/community',
      expected: [401, 200, 200, 200, 200],
      prepare: fixed(() => '/api/auth/community', () => ({ communityId: test.db.firstCommunityId })),
    },
    {
      method: 'POST',
      path: '/api/auth/change-password',
      expected: [401, 200, 200, 200, 200],
      // The same password again: the caller's token stays valid for the rows that follow.
      prepare: fixed(() => '/api/auth/change-password', () => ({ currentPassword: 'secret123', newPassword: 'secret123' })),
    },

    { method: 'GET', path: '/api/users', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/users') },
    { method: 'GET', path: '/api/users/:id', expected: [401, 200, 404, 404, 200], prepare: fixed(() => `/api/users/${ids.resident}`) },
    { method: 'POST', path: '/api/users', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/users', () => ({ name: 'Made By Admin', email: `made-${unique()}@perm.example`, phone: '+15550000004', password: 'secret123', role: 'guard' })) },
    { method: 'PUT', path: '/api/users/:id', expected: [401, 200, 404, 404, 200], prepare: fixed(() => `/api/users/${ids.resident}`, () => ({ name: 'Rita Renamed' })) },
    { method: 'DELETE', path: '/api/users/:id', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/users/${(await newUser()).id}` }) },

    { method: 'GET', path: '/api/houses', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/houses') },
    { method: 'GET', path: '/api/houses/:id', expected: [401, 200, 200, 200, 200], prepare: fixed(() => `/api/houses/${ids.house}`) },
    { method: 'POST', path: '/api/houses', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/houses', () => ({ houseNumber: unique().slice(-10), block: 'P', street: 'Perm Street', ownerId: ids.resident })) },
    { method: 'PUT', path: '/api/houses/:id', expected: [401, 403, 403, 403, 200], prepare: fixed(() => `/api/houses/${ids.house}`, () => ({ street: 'Maple Avenue' })) },
    {
      method: 'DELETE',
      path: '/api/houses/:id',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => ({ url: `/api/houses/${(await asAdmin('POST', '/api/houses', { houseNumber: unique().slice(-10), block: 'D', street: 'Gone Street', ownerId: ids.resident })).id}` }),
    },
    { method: 'POST', path: '/api/houses/:id/residents', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/houses/${ids.otherHouse}/residents`, body: { userId: (await newUser()).id } }) },
    {
      method: 'DELETE',
      path: '/api/houses/:id/residents/:residentId',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => {
        const user = await newUser();
        await asAdmin('POST', `/api/houses/${ids.otherHouse}/residents`, { userId: user.id });
        return { url: `/api/houses/${ids.otherHouse}/residents/${user.id}` };
      },
    },
    // docs/operations.md#dues-ledger: a house's balance follows payments (own house only for
    // residents, never guards).
    { method: 'GET', path: '/api/houses/:id/balance', expected: [401, 200, 404, 403, 200], prepare: fixed(() => `/api/houses/${ids.house}/balance`) },

    { method: 'GET', path: '/api/vehicles', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/vehicles') },
    { method: 'GET', path: '/api/vehicles/:id', expected: [401, 200, 404, 200, 200], prepare: fixed(() => `/api/vehicles/${ids.vehicle}`) },
    { method: 'POST', path: '/api/vehicles', expected: [401, 201, 403, 403, 201], prepare: fixed(() => '/api/vehicles', () => ({ licensePlate: `N ${unique()}`.slice(0, 16), make: 'Kia', model: 'Rio', color: 'Red', houseId: ids.house, ownerId: ids.resident })) },
    { method: 'PUT', path: '/api/vehicles/:id', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/vehicles/${(await newVehicle()).id}`, body: { color: 'Blue' } }) },
    { method: 'DELETE', path: '/api/vehicles/:id', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/vehicles/${(await newVehicle()).id}` }) },

    { method: 'GET', path: '/api/visitors', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/visitors') },
    { method: 'GET', path: '/api/visitors/my-invitations', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/visitors/my-invitations') },
    // docs/operations.md#reports-exports-and-inside-now: admins export every visitor, a resident
    // their house's, guards nothing.
    { method: 'GET', path: '/api/visitors/export.csv', expected: [401, 200, 200, 403, 200], prepare: fixed(() => '/api/visitors/export.csv') },
    { method: 'GET', path: '/api/visitors/:id', expected: [401, 200, 404, 200, 200], prepare: fixed(() => `/api/visitors/${ids.visitor}`) },
    { method: 'GET', path: '/api/visitors/:id/activity', expected: [401, 200, 404, 200, 200], prepare: fixed(() => `/api/visitors/${ids.visitor}/activity`) },
    {
      method: 'GET',
      path: '/api/visitors/:id/blocklist-refusals',
      expected: [401, 403, 403, 200, 200],
      prepare: fixed(() => `/api/visitors/${ids.visitor}/blocklist-refusals`),
    },
    { method: 'POST', path: '/api/visitors/invite', expected: [401, 201, 403, 403, 201], prepare: fixed(() => '/api/visitors/invite', invitation) },
    { method: 'DELETE', path: '/api/visitors/:id/cancel', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/visitors/${(await newVisitor()).id}/cancel` }) },
    { method: 'POST', path: '/api/visitors/scan', expected: [401, 403, 403, 200, 200], prepare: fixed(() => '/api/visitors/scan', () => ({ token: visitorToken })) },
    { method: 'POST', path: '/api/visitors/checkin-qr', expected: [401, 403, 403, 200, 200], prepare: async () => ({ url: '/api/visitors/checkin-qr', body: { visitorId: (await newVisitor()).id } }) },
    {
      method: 'POST',
      path: '/api/visitors/checkout-qr',
      expected: [401, 403, 403, 200, 200],
      prepare: async () => {
        const visitor = await newVisitor();
        await asAdmin('POST', '/api/visitors/checkin-qr', { visitorId: visitor.id });
        return { url: '/api/visitors/checkout-qr', body: { visitorId: visitor.id } };
      },
    },

    // docs/gate.md#walk-ins: the gate registers a walk-in; a resident of its house or an admin
    // decides;
    // a guard approves only with a reason and never rejects; another house's resident: 404.
    { method: 'POST', path: '/api/visitors/walk-in', expected: [401, 403, 403, 201, 201], prepare: fixed(() => '/api/visitors/walk-in', walkIn) },
    {
      method: 'POST',
      path: '/api/visitors/:id/approve',
      expected: [401, 200, 404, 200, 200],
      prepare: async () => ({ url: `/api/visitors/${(await asAdmin('POST', '/api/visitors/walk-in', walkIn())).id}/approve`, body: { reason: 'Confirmed on the intercom' } }),
    },
    {
      method: 'POST',
      path: '/api/visitors/:id/reject',
      expected: [401, 200, 404, 403, 200],
      prepare: async () => ({ url: `/api/visitors/${(await asAdmin('POST', '/api/visitors/walk-in', walkIn())).id}/reject` }),
    },
    // Photos: the gate adds them; whoever may read the visitor sees them (404 elsewhere).
    {
      method: 'PUT',
      path: '/api/visitors/:id/photo',
      expected: [401, 403, 403, 200, 200],
      prepare: async () => ({ url: `/api/visitors/${(await asAdmin('POST', '/api/visitors/walk-in', walkIn())).id}/photo`, jpeg: JPEG }),
    },
    {
      method: 'GET',
      path: '/api/visitors/:id/photo',
      expected: [401, 200, 404, 200, 200],
      prepare: async () => {
        const visitor = await asAdmin('POST', '/api/visitors/walk-in', walkIn());
        expect((await request('PUT', `/api/visitors/${visitor.id}/photo`, tokens.admin, undefined, { jpeg: JPEG })).status).toBe(200);
        return { url: `/api/visitors/${visitor.id}/photo` };
      },
    },
    // docs/privacy.md#retention-and-erasure: only an admin erases a visitor's personal data (the
    // house's resident too is refused).
    { method: 'POST', path: '/api/visitors/:id/erase', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/visitors/${(await newVisitor()).id}/erase` }) },
    // docs/gate.md#live-updates: every signed-in user may open the stream (each sees what they may
    // read).
    { method: 'GET', path: '/api/events', expected: [401, 200, 200, 200, 200], prepare: async () => ({ url: '/api/events', stream: true }) },

    // docs/operations.md#frequent-visitors: recurring passes follow visitors (the house's residents
    // and admins manage; guards read).
    { method: 'GET', path: '/api/passes', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/passes') },
    { method: 'POST', path: '/api/passes', expected: [401, 201, 403, 403, 201], prepare: fixed(() => '/api/passes', passBody) },
    { method: 'GET', path: '/api/passes/:id', expected: [401, 200, 404, 200, 200], prepare: async () => ({ url: `/api/passes/${(await newPass()).id}` }) },
    { method: 'PUT', path: '/api/passes/:id', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/passes/${(await newPass()).id}`, body: { purpose: 'Cooking' } }) },
    { method: 'POST', path: '/api/passes/:id/pause', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/passes/${(await newPass()).id}/pause` }) },
    {
      method: 'POST',
      path: '/api/passes/:id/resume',
      expected: [401, 200, 404, 403, 200],
      prepare: async () => {
        const pass = await newPass();
        await asAdmin('POST', `/api/passes/${pass.id}/pause`);
        return { url: `/api/passes/${pass.id}/resume` };
      },
    },
    { method: 'DELETE', path: '/api/passes/:id', expected: [401, 200, 404, 403, 200], prepare: async () => ({ url: `/api/passes/${(await newPass()).id}` }) },

    { method: 'GET', path: '/api/payments', expected: [401, 200, 200, 403, 200], prepare: fixed(() => '/api/payments') },
    { method: 'GET', path: '/api/payments/:id', expected: [401, 200, 404, 403, 200], prepare: fixed(() => `/api/payments/${ids.payment}`) },
    { method: 'POST', path: '/api/payments', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/payments', () => ({ houseId: ids.house, amount: 99.99, type: 'maintenance' })) },
    // docs/operations.md#dues-ledger: raising dues in bulk is for admins.
    {
      method: 'POST',
      path: '/api/payments/bulk',
      expected: [401, 403, 403, 403, 201],
      prepare: fixed(() => '/api/payments/bulk', () => ({ type: 'maintenance', amount: 10, description: 'Dues', dueDate: '2026-12-01', houseIds: [ids.house] })),
    },
    { method: 'PUT', path: '/api/payments/:id', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/payments/${(await newPayment()).id}`, body: { amount: 13 } }) },
    { method: 'POST', path: '/api/payments/:id/complete', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/payments/${(await newPayment()).id}/complete` }) },
    { method: 'POST', path: '/api/payments/:id/fail', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/payments/${(await newPayment()).id}/fail` }) },

    { method: 'GET', path: '/api/audit', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/audit') },
    { method: 'GET', path: '/api/audit/export.csv', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/audit/export.csv') },

    // docs/gate.md#the-gate-pack: the gate pack is for the gate (guards and admins).
    { method: 'GET', path: '/api/gate/pack', expected: [401, 403, 403, 200, 200], prepare: fixed(() => '/api/gate/pack') },
    // docs/operations.md#reports-exports-and-inside-now: Inside now, the roll call, for the gate
    // (guards and admins).
    { method: 'GET', path: '/api/gate/inside', expected: [401, 403, 403, 200, 200], prepare: fixed(() => '/api/gate/inside') },
    // docs/operations.md#reports-exports-and-inside-now: the reports page's figures, for admins
    // only.
    { method: 'GET', path: '/api/reports/summary', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/reports/summary') },
    // docs/gate.md#recording-moves-offline: Needs review, for the gate and the admins; only an
    // admin records a passage.
    { method: 'GET', path: '/api/gate/reviews', expected: [401, 403, 403, 200, 200], prepare: fixed(() => '/api/gate/reviews') },
    { method: 'POST', path: '/api/gate/reviews', expected: [401, 403, 403, 201, 201], prepare: fixed(() => '/api/gate/reviews', review) },
    { method: 'POST', path: '/api/gate/reviews/:id/dismiss', expected: [401, 403, 403, 200, 200], prepare: async () => ({ url: `/api/gate/reviews/${(await newReview()).id}/dismiss` }) },
    {
      method: 'POST',
      path: '/api/gate/reviews/:id/record',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => ({ url: `/api/gate/reviews/${(await newReview()).id}/record`, body: { note: 'Seen on the camera' } }),
    },

    // docs/operations.md#gates: gates: everyone signed in lists them, admins manage them.
    { method: 'GET', path: '/api/gates', expected: [401, 200, 200, 200, 200], prepare: fixed(() => '/api/gates') },
    { method: 'POST', path: '/api/gates', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/gates', () => ({ name: `Gate ${unique()}` })) },
    {
      method: 'PUT',
      path: '/api/gates/:id',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => ({ url: `/api/gates/${(await asAdmin('POST', '/api/gates', { name: `Gate ${unique()}` })).id}`, body: { isActive: false } }),
    },

    // docs/operations.md#blocklist: the blocklist, for admins only.
    { method: 'GET', path: '/api/blocklist', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/blocklist') },
    {
      method: 'POST',
      path: '/api/blocklist',
      expected: [401, 403, 403, 403, 201],
      prepare: fixed(() => '/api/blocklist', () => ({ name: 'Banned Person', licensePlate: `BAN ${unique()}`.slice(0, 16), reason: 'Permissions walk' })),
    },
    {
      method: 'DELETE',
      path: '/api/blocklist/:id',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => ({
        url: `/api/blocklist/${(await asAdmin('POST', '/api/blocklist', { name: 'To Remove', licensePlate: `DEL ${unique()}`.slice(0, 16), reason: 'Permissions walk' })).id}`,
      }),
    },

    // docs/api.md#api-tokens: API tokens, for admins only.
    { method: 'GET', path: '/api/api-tokens', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/api-tokens') },
    { method: 'POST', path: '/api/api-tokens', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/api-tokens', () => ({ name: 'Barrier', role: 'guard' })) },
    {
      method: 'DELETE',
      path: '/api/api-tokens/:id',
      expected: [401, 403, 403, 403, 200],
      prepare: async () => ({ url: `/api/api-tokens/${(await asAdmin('POST', '/api/api-tokens', { name: 'To Revoke', role: 'guard' })).id}` }),
    },

    // docs/api.md#webhooks: webhooks, for admins only.
    { method: 'GET', path: '/api/webhooks', expected: [401, 403, 403, 403, 200], prepare: fixed(() => '/api/webhooks') },
    { method: 'POST', path: '/api/webhooks', expected: [401, 403, 403, 403, 201], prepare: fixed(() => '/api/webhooks', () => ({ url: 'http://93.184.216.34/hook', events: ['visitor.created'] })) },
    { method: 'PUT', path: '/api/webhooks/:id', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/webhooks/${(await newWebhook()).id}`, body: { isActive: false } }) },
    { method: 'DELETE', path: '/api/webhooks/:id', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/webhooks/${(await newWebhook()).id}` }) },
    { method: 'GET', path: '/api/webhooks/:id/deliveries', expected: [401, 403, 403, 403, 200], prepare: async () => ({ url: `/api/webhooks/${(await newWebhook()).id}/deliveries` }) },
    { method: 'POST', path: '/api/webhooks/:id/deliveries/:deliveryId/resend', expected: [401, 403, 403, 403, 202], prepare: async () => ({ url: `${await newDelivery()}/resend` }) },
  ];

  beforeAll(async () => {
    test = await leg.create();
    // Every answer of the walk is checked against the OpenAPI document
    // (docs/api.md#openapi-and-the-api-reference).
    app = withResponseValidation(
      await buildApp({
        db: test.db,
        service: { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 100_000, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        clock: () => now,
      }),
    );
    const signup = async (email: string, name: string, role = 'resident') =>
      (await request('POST', '/api/auth/signup', undefined, { name, email, phone: '+15551234567', password: 'secret123', role })).body.data;
    tokens.admin = (await signup(emailOf.admin, 'Ada Admin', 'admin')).token;
    const guard = await signup(emailOf.guard, 'Gus Guard');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup(emailOf.resident, 'Rita Resident');
    const other = await signup(emailOf.otherResident, 'Olga Other');
    tokens.resident = resident.token;
    tokens.otherResident = other.token;
    ids.resident = resident.user.id;
    ids.otherResident = other.user.id;
    ids.house = (await asAdmin('POST', '/api/houses', { houseNumber: '1', block: 'A', street: 'Maple Avenue', ownerId: ids.resident })).id;
    ids.otherHouse = (await asAdmin('POST', '/api/houses', { houseNumber: '2', block: 'B', street: 'Cedar Lane', ownerId: ids.otherResident })).id;
    await asAdmin('POST', `/api/houses/${ids.house}/residents`, { userId: ids.resident });
    await asAdmin('POST', `/api/houses/${ids.otherHouse}/residents`, { userId: ids.otherResident });
    ids.vehicle = (await newVehicle()).id;
    const visitor = await newVisitor();
    ids.visitor = visitor.id;
    visitorToken = visitor.qrCodeToken;
    ids.payment = (await newPayment()).id;
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('has a row for every REST path of the mapping table', () => {
    const covered = new Set(ROWS.map((row) => `${row.method} ${row.path}`));
    expect(restRoutes.map((route) => `${route.method} ${route.path}`).filter((path) => !covered.has(path))).toEqual([]);
    expect(ROWS).toHaveLength(restRoutes.length);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.path}`, row] as const))('%s answers each caller as docs/security.md#who-may-do-what says', async (_name, row) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [index, caller] of CALLERS.entries()) {
      const call = await row.prepare(caller);
      const token = call.token ?? (caller === 'anonymous' ? undefined : tokens[caller]);
      const response = await request(row.method, call.url, token, call.body, call);
      actual[caller] = response.status;
      expected[caller] = row.expected[index]!;
      expect(response.body.success).toBe(response.status < 400);
      // Every refusal carries the stable code of its status (docs/api.md#error-codes).
      if (response.status >= 400) expect(ERROR_CODE_STATUS[(response.body as { code?: ErrorCode }).code!], `${caller} ${call.url}`).toBe(response.status);
    }
    expect(actual).toEqual(expected);
  });
});
