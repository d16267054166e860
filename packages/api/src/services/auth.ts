/**
 * Sign-up, sign-in, password change and the first-admin rule
 * (docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#password-guessing, docs/security.md#sign-up,
 * docs/security.md#sign-in-and-sessions, docs/security.md#what-is-disclosed).
 */
import { createHash } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { forkInCommunity, House, SignInMarker, User, type EntityManager } from '@gatehouse/db';
import { TRPCError } from '@trpc/server';
import { NOT_A_MEMBER_MESSAGE, type AuthResponse, type Community, type User as UserJson, type ZLoginRequest, type ZSignupRequest } from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import type { AuthRateLimits } from '../lib/rate-limits';
import { houseRef, serializeUser } from '../lib/serialize';
import { recordAudit, type AuditRecord } from './audit';
import { resolveRequestCommunity, signInCommunityOf } from './communities';
import { revokeOtherSessions, startSession } from './sessions';

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
 * The transaction-level advisory lock under which a guard or admin account may be
 * self-created while the community has no admin (docs/security.md#sign-up): concurrent
 * bootstrap sign-ups wait for each other, so exactly one of them sees "no admin yet".
 */
const BOOTSTRAP_LOCK_KEY = 7_310_420_916;

async function lockBootstrap(em: EntityManager): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?)', [BOOTSTRAP_LOCK_KEY]);
}

/** Whether the deployment has any account yet (one index probe, not a count). */
async function anyAccount(em: EntityManager): Promise<boolean> {
  const [row] = await em.execute<{ present: boolean }[]>('select exists (select 1 from app_user) as present');
  return row?.present === true;
}

/**
 * Creates an account and signs it in: 201 `{token, user}`.
 * - guard and admin only while the community has no admin: else 403
 *   'Only an admin can create guard or admin accounts', and nothing is created; the check
 *   and the insert run in one transaction under an advisory lock, so of concurrent
 *   bootstrap sign-ups exactly one succeeds;
 * - a taken email: 409 'Email is already registered'. Such refusals are limited per
 *   address (10 in 15 minutes, then 429 before the email is even looked up) and
 *   audited, so the 409 cannot be used to enumerate accounts at speed
 *   (docs/security.md#what-is-disclosed).
 */
export async function signup(
  em: EntityManager,
  input: SignupInput,
  context: SignInContext & { rateLimits: AuthRateLimits },
): Promise<AuthResponse> {
  const actor = { userId: null, ipAddress: context.ipAddress };
  const refused = (reason: string) =>
    recordAudit(em, actor, { action: 'auth.sign-up-refused', email: input.email, details: { reason, role: input.role } }, context.now);
  try {
    await context.rateLimits.reserveSignUp(context.ipAddress);
  } catch (error) {
    await refused('rate-limited');
    throw error;
  }
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await em.transactional(async (tx) => {
      if (input.role !== 'resident') {
        await lockBootstrap(tx);
        if (await communityHasAdmin(tx)) throw httpError(403, 'Only an admin can create guard or admin accounts');
      }
      if ((await tx.count(User, { email: input.email })) > 0) throw httpError(409, 'Email is already registered');
      // The first account of a deployment runs it (docs/api.md#operators); concurrent first
      // sign-ups wait for each other, so one of them is.
      let isOperator = false;
      if (!(await anyAccount(tx))) {
        await lockBootstrap(tx);
        isOperator = !(await anyAccount(tx));
      }
      const created = tx.create(User, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        role: input.role,
        passwordHash,
        house: null,
        isActive: true,
        isOperator,
      });
      await tx.flush();
      return created;
    });
  } catch (error) {
    const taken =
      error instanceof UniqueConstraintViolationException ||
      (error instanceof TRPCError && error.code === 'CONFLICT');
    if (taken) {
      await refused('email-taken');
      throw httpError(409, 'Email is already registered');
    }
    await context.rateLimits.refundSignUp(context.ipAddress);
    if (error instanceof TRPCError && error.code === 'FORBIDDEN') await refused('role-not-allowed');
    throw error;
  }
  await context.rateLimits.refundSignUp(context.ipAddress);
  return openSession(em, user, context, {
    action: 'auth.sign-up',
    targetType: 'user',
    targetId: user.id,
    details: { role: user.role },
  });
}

/**
 * Starts a session for `user` (returns its bearer token), remembers the address it signed
 * in from and writes the audit row `record`, in one transaction.
 */
async function openSession(
  em: EntityManager,
  user: User,
  context: SignInContext,
  record: AuditRecord,
): Promise<{ token: string; user: UserJson; community: Community }> {
  // docs/api.md#communities: the session acts in the community last signed in to (else the
  // oldest membership); the answer's role and house are the membership's there, and the
  // sign-in's audit row is that community's.
  const communityId = await signInCommunityOf(em, user.id);
  if (communityId === null) throw httpError(403, NOT_A_MEMBER_MESSAGE);
  const membership = await resolveRequestCommunity(em, user.id, communityId, null);
  const inCommunity = forkInCommunity(em, membership.community.id);
  const token = await inCommunity.transactional(async (tx) => {
    const started = await startSession(tx, user, {
      now: context.now,
      ttlDays: context.sessionTtlDays,
      ipAddress: context.ipAddress,
      communityId: membership.community.id,
    });
    await rememberSignInAddress(tx, user.id, context.ipAddress, context.now);
    await recordAudit(tx, { userId: user.id, ipAddress: context.ipAddress }, record, context.now);
    return started;
  });
  const house = membership.houseId ? await inCommunity.findOne(House, { id: membership.houseId }) : null;
  return {
    token,
    user: { ...serializeUser(user), role: membership.role, houseId: house ? houseRef(house) : null },
    community: membership.community,
  };
}

/** SHA-256 of (user, address): how an address an account signed in from is remembered. */
export function signInMarker(userId: string, ipAddress: string): string {
  return createHash('sha256').update(`${userId}\n${ipAddress}`, 'utf8').digest('hex');
}

/** Remembers that `userId` signed in successfully from `ipAddress` (hashed). */
async function rememberSignInAddress(em: EntityManager, userId: string, ipAddress: string, now: Date): Promise<void> {
  await em.execute(
    `insert into sign_in_marker (user_id, marker_hash, first_seen_at, last_seen_at) values (?, ?, ?, ?)
     on conflict (user_id, marker_hash) do update set last_seen_at = excluded.last_seen_at`,
    [userId, signInMarker(userId, ipAddress), now, now],
  );
}

/** Whether `userId` has signed in successfully from `ipAddress` before. */
async function isKnownSignInAddress(em: EntityManager, userId: string, ipAddress: string): Promise<boolean> {
  return (await em.count(SignInMarker, { user: userId, markerHash: signInMarker(userId, ipAddress) })) > 0;
}

/**
 * Failed sign-in attempts on `userId` since its last successful sign-in (or ever), read
 * from the audit log, to tell the user at this sign-in (docs/security.md#password-guessing).
 */
async function failedSignInsSinceLastSignIn(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<{ failed: string | number }[]>(
    `select count(*) as failed from audit_event f
      where f.actor_id = ? and f.action = 'auth.sign-in-failed'
        and f.sequence > coalesce(
          (select max(s.sequence) from audit_event s where s.actor_id = ? and s.action = 'auth.sign-in'), 0)`,
    [userId, userId],
  );
  return Number(row?.failed ?? 0);
}

/**
 * Signs in: 200 `{token, user, failedSignIns}`. Unknown email and wrong password both
 * give 401 INVALID_CREDENTIALS 'Invalid email or password' after one argon2 verification
 * each; an inactive account with the right password gives 403 ACCOUNT_INACTIVE 'Account is
 * inactive' (docs/api.md#error-codes).
 *
 * Brute force (docs/api.md#sign-in-sessions-and-users, docs/security.md#password-guessing): each
 * attempt reserves
 * one of the email's 10 attempts per 15 minutes *before* the password is verified, and
 * only a success gives it back, so concurrent guesses cannot overrun the limit. Once the
 * limit has tripped (429), an address that has signed into the account successfully
 * before still gets its own 10 attempts, so a stranger cannot lock the owner out.
 * `failedSignIns` counts the failed attempts since the previous successful sign-in.
 */
export async function login(
  em: EntityManager,
  input: LoginInput,
  context: SignInContext & { rateLimits: AuthRateLimits },
): Promise<AuthResponse> {
  const actor = { userId: null, ipAddress: context.ipAddress };
  const failed = (reason: string, userId: string | null) =>
    recordAudit(em, actor, { action: 'auth.sign-in-failed', userId, email: input.email, details: { reason } }, context.now);
  const user = await em.findOne(User, { email: input.email }, { populate: ['house', 'passwordHash'] });

  let viaKnownAddress = false;
  try {
    await context.rateLimits.reserveSignIn(input.email);
  } catch (error) {
    const known = user ? await isKnownSignInAddress(em, user.id, context.ipAddress) : false;
    if (!user || !known || !(error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS')) {
      await failed('rate-limited', user?.id ?? null);
      throw error;
    }
    try {
      await context.rateLimits.reserveKnownAddressSignIn(input.email, signInMarker(user.id, context.ipAddress));
    } catch (knownError) {
      await failed('rate-limited', user.id);
      throw knownError;
    }
    viaKnownAddress = true;
  }

  const passwordMatches = await verify(user?.passwordHash ?? (await timingDummyHash()), input.password).catch(
    () => false,
  );
  if (!user || !passwordMatches) {
    await failed(user ? 'wrong-password' : 'unknown-email', user?.id ?? null);
    throw httpError(401, 'Invalid email or password', { code: 'INVALID_CREDENTIALS' });
  }
  if (!user.isActive) {
    await failed('inactive', user.id);
    throw httpError(403, 'Account is inactive', { code: 'ACCOUNT_INACTIVE' });
  }
  // The owner got in: their own known-address attempts are forgiven. The email's
  // counter is cleared only by an ordinary sign-in: a sign-in through the known-address
  // path leaves a stranger's lock-out of the email in place.
  if (viaKnownAddress) await context.rateLimits.clearKnownAddressSignIns(input.email, signInMarker(user.id, context.ipAddress));
  else await context.rateLimits.clearFailedSignIns(input.email);
  const failedSignIns = await failedSignInsSinceLastSignIn(em, user.id);
  const session = await openSession(em, user, context, {
    action: 'auth.sign-in',
    email: user.email,
    ...(viaKnownAddress ? { details: { via: 'known-address' } } : {}),
  });
  return { ...session, failedSignIns };
}

/**
 * Changes the signed-in user's own password (docs/security.md#sign-in-and-sessions): verifies
 * `currentPassword` (a wrong one is 400 VALIDATION_FAILED 'Current password is incorrect',
 * details on `currentPassword`, and counts as a
 * failed sign-in for the account's email, so a stolen session cannot guess it at
 * speed), stores the new hash and revokes every other session of the user. Returns
 * `{revoked}`, the number of sessions ended.
 */
export async function changePassword(
  em: EntityManager,
  user: User,
  keepSessionId: string,
  input: { currentPassword: string; newPassword: string },
  context: { now: Date; ipAddress: string; rateLimits: AuthRateLimits },
): Promise<{ revoked: number }> {
  const actor = { userId: user.id, ipAddress: context.ipAddress };
  await context.rateLimits.reserveSignIn(user.email);
  const stored = await em.findOneOrFail(User, { id: user.id }, { fields: ['id', 'passwordHash'] });
  if (!(await verify(stored.passwordHash, input.currentPassword).catch(() => false))) {
    await recordAudit(em, actor, { action: 'auth.sign-in-failed', email: user.email, details: { reason: 'wrong-current-password' } }, context.now);
    throw httpError(400, 'Current password is incorrect', { field: 'currentPassword' });
  }
  await context.rateLimits.clearFailedSignIns(user.email);
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash, updatedAt: context.now });
    const ended = await revokeOtherSessions(tx, user.id, keepSessionId, context.now);
    await recordAudit(tx, actor, { action: 'auth.password-changed', targetType: 'user', targetId: user.id, details: { revokedSessions: ended } }, context.now);
    return ended;
  });
  return { revoked };
}

/** The ADMIN_* variables of docs/configuration.md#environment-variables. */
export interface BootstrapAdmin {
  email: string;
  password: string;
  name: string;
  phone: string;
}

/**
 * Creates the configured admin at start when the community has no admin
 * (docs/configuration.md#environment-variables). Returns whether one was created. An existing
 * account with that
 * email is promoted instead. Throws a zod error when the values break the sign-up rules.
 */
export async function ensureBootstrapAdmin(em: EntityManager, admin: SignupInput): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  return em.transactional(async (tx) => {
    // The same lock as a bootstrap sign-up: an ADMIN_* start and a first-admin sign-up
    // cannot both create an admin.
    await lockBootstrap(tx);
    if (await communityHasAdmin(tx)) return false;
    const existing = await tx.findOne(User, { email: admin.email });
    if (existing) {
      existing.role = 'admin';
      existing.isActive = true;
    } else {
      tx.create(User, {
        name: admin.name,
        email: admin.email,
        phone: admin.phone,
        role: 'admin',
        passwordHash,
        house: null,
        isActive: true,
      });
    }
    await tx.flush();
    return true;
  });
}
