/**
 * Sign-up, sign-in and the first-admin rule (server-contract §4).
 */
import { hash, verify } from '@node-rs/argon2';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { User, type EntityManager } from '@gatehouse/db';
import type { AuthResponse, ZLoginRequest, ZSignupRequest } from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import type { AuthRateLimits } from '../lib/rate-limits';
import { serializeUser } from '../lib/serialize';
import { recordAudit } from './audit';
import { startSession } from './sessions';

export type SignupInput = z.output<typeof ZSignupRequest>;
export type LoginInput = z.output<typeof ZLoginRequest>;

/** Where and when a sign-in happens. */
export interface SignInContext {
  now: Date;
  sessionTtlDays: number;
  ipAddress: string;
}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the email is unknown, so both failures take about the same time. */
function timingDummyHash(): Promise<string> {
  dummyHash ??= hash('gatehouse-timing-equaliser');
  return dummyHash;
}

/** Whether the community has an admin yet (active or not). */
export async function communityHasAdmin(em: EntityManager): Promise<boolean> {
  return (await em.count(User, { role: 'admin' })) > 0;
}

/**
 * Creates an account and signs it in: 201 `{token, user}`.
 * - guard and admin only while the community has no admin: else 403
 *   'Only an admin can create guard or admin accounts', and nothing is created;
 * - a taken email: 409 'Email is already registered'.
 */
export async function signup(em: EntityManager, input: SignupInput, context: SignInContext): Promise<AuthResponse> {
  if (input.role !== 'resident' && (await communityHasAdmin(em))) {
    throw httpError(403, 'Only an admin can create guard or admin accounts');
  }
  if ((await em.count(User, { email: input.email })) > 0) {
    throw httpError(409, 'Email is already registered');
  }
  const user = em.create(User, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    house: null,
    isActive: true,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw httpError(409, 'Email is already registered');
    throw error;
  }
  const token = await startSession(em, user, {
    now: context.now,
    ttlDays: context.sessionTtlDays,
    ipAddress: context.ipAddress,
  });
  await recordAudit(em, { userId: user.id, ipAddress: context.ipAddress }, { action: 'auth.sign-up', targetType: 'user', targetId: user.id, details: { role: user.role } }, context.now);
  return { token, user: serializeUser(user) };
}

/**
 * Signs in: 200 `{token, user}`. Unknown email and wrong password both give 401
 * 'Invalid email or password' after one argon2 verification each; an inactive account
 * with the right password gives 403 'Account is inactive'; after 10 failures for an
 * email in 15 minutes, 429 even with the right password.
 */
export async function login(
  em: EntityManager,
  input: LoginInput,
  context: SignInContext & { rateLimits: AuthRateLimits },
): Promise<AuthResponse> {
  const actor = { userId: null, ipAddress: context.ipAddress };
  const failed = (reason: string, userId: string | null) =>
    recordAudit(em, actor, { action: 'auth.sign-in-failed', userId, email: input.email, details: { reason } }, context.now);
  try {
    await context.rateLimits.assertEmailAllowed(input.email);
  } catch (error) {
    await failed('rate-limited', null);
    throw error;
  }
  const user = await em.findOne(
    User,
    { email: input.email },
    { populate: ['house', 'passwordHash'] },
  );
  const passwordMatches = await verify(user?.passwordHash ?? (await timingDummyHash()), input.password).catch(
    () => false,
  );
  if (!user || !passwordMatches) {
    await context.rateLimits.recordFailedSignIn(input.email);
    await failed(user ? 'wrong-password' : 'unknown-email', user?.id ?? null);
    throw httpError(401, 'Invalid email or password');
  }
  if (!user.isActive) {
    await failed('inactive', user.id);
    throw httpError(403, 'Account is inactive');
  }
  await context.rateLimits.clearFailedSignIns(input.email);
  const token = await startSession(em, user, {
    now: context.now,
    ttlDays: context.sessionTtlDays,
    ipAddress: context.ipAddress,
  });
  await recordAudit(em, { userId: user.id, ipAddress: context.ipAddress }, { action: 'auth.sign-in', email: user.email }, context.now);
  return { token, user: serializeUser(user) };
}

/** The ADMIN_* variables of server-contract §3. */
export interface BootstrapAdmin {
  email: string;
  password: string;
  name: string;
  phone: string;
}

/**
 * Creates the configured admin at start when the community has no admin
 * (server-contract §3). Returns whether one was created. An existing account with that
 * email is promoted instead. Throws a zod error when the values break the sign-up rules.
 */
export async function ensureBootstrapAdmin(em: EntityManager, admin: SignupInput): Promise<boolean> {
  if (await communityHasAdmin(em)) return false;
  const existing = await em.findOne(User, { email: admin.email });
  if (existing) {
    existing.role = 'admin';
    existing.isActive = true;
  } else {
    em.create(User, {
      name: admin.name,
      email: admin.email,
      phone: admin.phone,
      role: 'admin',
      passwordHash: await hashPassword(admin.password),
      house: null,
      isActive: true,
    });
  }
  await em.flush();
  return true;
}
