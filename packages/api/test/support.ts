/**
 * Integration-test harness: a real database of the given leg, the router's server-side
 * caller with a controllable clock, and helpers that build a small community through
 * the procedures themselves.
 */
import { User, type EntityManager } from '@gatehouse/db';
import type { DatabaseLeg, TestDatabase } from '@gatehouse/db/testing';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

import { createCaller } from '../src/root';
import { createMemoryAuthRateLimits, type AuthRateLimitOptions } from '../src/lib/rate-limits';
import { describeError } from '../src/errors';
import { FailedScanLog } from '../src/services/audit';
import { createInnerContext, type ServiceConfig } from '../src/trpc';

/** The community's zone in tests: not UTC, so zone mistakes show. */
export const TEST_TIME_ZONE = 'America/New_York';

export interface Harness {
  test: TestDatabase;
  em(): EntityManager;
  /** The fixed "now" of every call; change it to move time. */
  now: Date;
  config: ServiceConfig;
  caller(token?: string | null, address?: string): ReturnType<typeof createCaller>;
  /** Signs up (the first admin can self-register) and returns the token and user id. */
  signup(role: 'admin' | 'guard' | 'resident', name: string, email: string): Promise<{ token: string; id: string }>;
  /** An admin, a guard, a house with one resident, and a second house with another resident. */
  community(): Promise<Community>;
  close(): Promise<void>;
}

export interface Community {
  admin: { token: string; id: string };
  guard: { token: string; id: string };
  resident: { token: string; id: string };
  neighbour: { token: string; id: string };
  houseId: string;
  otherHouseId: string;
}

export async function createHarness(
  leg: DatabaseLeg,
  options: { rateLimits?: Partial<AuthRateLimitOptions>; now?: Date } = {},
): Promise<Harness> {
  const test = await leg.create();
  const rateLimits = createMemoryAuthRateLimits({
    requestsPerAddressPerMinute: 10_000,
    failedSignInsPerEmail: 10,
    failedSignInWindowSeconds: 900,
    ...options.rateLimits,
  });
  // One per harness, as one per server process: failed scans add up across calls.
  const failedScans = new FailedScanLog();
  const harness: Harness = {
    test,
    em: () => test.db.fork(),
    // 2026-11-22 09:00 in New York.
    now: options.now ?? new Date('2026-11-22T14:00:00.000Z'),
    config: { timeZone: TEST_TIME_ZONE, earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
    caller: (token = null, address = '127.0.0.1') =>
      createCaller(
        createInnerContext({
          db: test.db,
          config: harness.config,
          rateLimits,
          clock: () => harness.now,
          bearerToken: token,
          clientAddress: address,
          failedScans,
        }),
      ),
    async signup(role, name, email) {
      const result = await harness
        .caller()
        .auth.signup({ name, email, phone: '+15551234567', password: 'secret123', role });
      return { token: result.token, id: result.user.id };
    },
    async community() {
      const admin = await harness.signup('admin', 'Ada Admin', 'admin@test.example');
      // Guards are created by the admin's hand in the database here (the users API is another issue).
      const guardUser = await harness.signup('resident', 'Gus Guard', 'guard@test.example');
      const em = harness.em();
      await em.nativeUpdate(User, { id: guardUser.id }, { role: 'guard' });
      const resident = await harness.signup('resident', 'Rita Resident', 'rita@test.example');
      const neighbour = await harness.signup('resident', 'Ned Neighbour', 'ned@test.example');
      const adminCaller = harness.caller(admin.token);
      const house = await adminCaller.houses.create({ houseNumber: '101', block: 'A', street: 'Maple Avenue', ownerId: resident.id });
      const otherHouse = await adminCaller.houses.create({ houseNumber: '202', block: 'B', street: 'Cedar Lane', ownerId: neighbour.id });
      await adminCaller.houses.addResident({ id: house.id, userId: resident.id });
      await adminCaller.houses.addResident({ id: otherHouse.id, userId: neighbour.id });
      return { admin, guard: guardUser, resident, neighbour, houseId: house.id, otherHouseId: otherHouse.id };
    },
    close: () => test.drop(),
  };
  return harness;
}

/** Runs `promise`, expects it to fail, and returns the status and message a caller would see. */
export async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string; retryAfterSeconds?: number }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    const described = describeError(error);
    return {
      status: described.status,
      message: described.message,
      ...(described.retryAfterSeconds !== undefined ? { retryAfterSeconds: described.retryAfterSeconds } : {}),
    };
  }
  throw new Error('expected the call to fail, it succeeded');
}
