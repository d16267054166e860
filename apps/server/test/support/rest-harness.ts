/**
 * The set-up the REST integration tests (`*-rest.test.ts`) share: called inside a
 * `describe` of one database leg, `restHarness` registers the `beforeAll` that creates the
 * leg's database, builds the app on it (every answer checked against the OpenAPI document
 * by `withResponseValidation`, the general API rate limit out of reach, the test's clock)
 * and signs up an admin, a guard and a resident, and the `afterAll` that closes the app
 * and drops the database. A file's own `beforeAll`, registered after the call, runs after
 * this one, with the users signed in.
 */
import { createMemoryAuthRateLimits, type ServiceConfig } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import type { DatabaseLeg, TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';

import { buildApp, type AppOptions } from '../../src/app';
import { UNLIMITED_API } from './limits';
import { withResponseValidation } from './openapi-validation';

/** The envelope of docs/api.md#the-envelope, as the tests read it (`data` loosely typed). */
export interface Envelope {
  success: boolean;
  data: any;
  error: string | null;
  code?: string;
  details?: unknown;
}

/** The methods the REST paths take. */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-up user: the sign-in token and the user's id. */
export interface SignedUp {
  token: string;
  user: { id: string };
}

/** What differs between the test files. */
export interface RestHarnessOptions {
  /** The email domain of the three users: `admin@DOMAIN`, `guard@DOMAIN`, `rita@DOMAIN`. */
  domain: string;
  /** The app's clock (read on every call, so a test may move the time it returns). */
  clock: () => Date;
  /**
   * Added to the service configuration, whose defaults are: America/New_York, check-in 60
   * minutes early, walk-ins decided within 10 minutes, sessions of 30 days, idle after 7.
   */
  service?: Partial<ServiceConfig>;
  /** Further options of `buildApp` (webRoot, webhooks, retention, …). */
  app?: Omit<Partial<AppOptions>, 'db' | 'service' | 'rateLimits' | 'clock' | 'apiRateLimits'>;
  /** A house owned by the resident, who is made its resident too; `houseId` is its id. Absent: no house. */
  house?: { houseNumber: string; block: string; street: string };
}

/** The harness of one describe block; its getters throw when read before its `beforeAll` ran. */
export interface RestHarness {
  /** The app (valid from the `beforeAll` on). */
  readonly app: FastifyInstance;
  /** The leg's database of this describe block. */
  readonly test: TestDatabase;
  /** The sign-in tokens of Ada Admin, Gus Guard and Rita Resident (filled by the `beforeAll`). */
  readonly tokens: { admin: string; guard: string; resident: string };
  /** Rita Resident's user id. */
  readonly residentId: string;
  /** The id of `options.house` (empty without one). */
  readonly houseId: string;
  /** `method url` with a bearer token and, when given, a JSON body and more headers; answers the raw response. */
  call(method: RestMethod, url: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Expects `status` (the body's start is the failure message) and answers the parsed envelope. */
  answer(response: LightMyRequestResponse, status: number): Envelope;
  /** POST /api/auth/signup (phone +15551234567, password secret123), expecting 201. */
  signup(name: string, email: string, role?: string): Promise<SignedUp>;
  /**
   * The resident invites `name` to the house (phone +15559998888, 2026-11-22 from 09:00 to
   * 17:00; `fields` add to or replace these), expecting 201; answers the visitor.
   */
  invite(name: string, fields?: Record<string, unknown>): Promise<{ id: string; qrCodeToken: string }>;
}

/** The default service configuration of the REST tests (see `RestHarnessOptions.service`). */
const SERVICE: ServiceConfig = {
  timeZone: 'America/New_York',
  earlyCheckinMinutes: 60,
  walkinApprovalMinutes: 10,
  sessionTtlDays: 30,
  sessionIdleDays: 7,
};

/**
 * Registers the shared set-up and tear-down (see the module's docstring) in the calling
 * `describe` and answers the harness that the tests use once the `beforeAll` has run.
 */
export function restHarness(leg: DatabaseLeg, options: RestHarnessOptions): RestHarness {
  let test: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let residentId = '';
  let houseId = '';
  const tokens = { admin: '', guard: '', resident: '' };
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the REST harness is read before its beforeAll ran');
    return value;
  };

  const call = (method: RestMethod, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
    ready(app).inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const answer = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return response.json() as Envelope;
  };
  const signup = async (name: string, email: string, role = 'resident') => {
    const response = await ready(app).inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name, email, phone: '+15551234567', password: 'secret123', role }),
    });
    return answer(response, 201).data as SignedUp;
  };
  const invite = async (name: string, fields: Record<string, unknown> = {}) =>
    answer(
      await call('POST', '/api/visitors/invite', tokens.resident, {
        name,
        phone: '+15559998888',
        houseId,
        visitDate: '2026-11-22',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
        ...fields,
      }),
      201,
    ).data as { id: string; qrCodeToken: string };

  beforeAll(async () => {
    test = await leg.create();
    app = withResponseValidation(
      await buildApp({
        ...options.app,
        db: test.db,
        service: { ...SERVICE, ...options.service },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        clock: options.clock,
      }),
    );
    tokens.admin = (await signup('Ada Admin', `admin@${options.domain}`, 'admin')).token;
    const guard = await signup('Gus Guard', `guard@${options.domain}`);
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', `rita@${options.domain}`);
    tokens.resident = resident.token;
    residentId = resident.user.id;
    if (options.house) {
      houseId = answer(await call('POST', '/api/houses', tokens.admin, { ...options.house, ownerId: residentId }), 201).data.id;
      answer(await call('POST', `/api/houses/${houseId}/residents`, tokens.admin, { userId: residentId }), 200);
    }
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  return {
    get app() {
      return ready(app);
    },
    get test() {
      return ready(test);
    },
    tokens,
    get residentId() {
      return residentId;
    },
    get houseId() {
      return houseId;
    },
    call,
    answer,
    signup,
    invite,
  };
}
