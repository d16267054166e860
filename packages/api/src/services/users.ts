/**
 * User administration (docs/api.md#sign-in-sessions-and-users, docs/security.md#who-may-do-what,
 * docs/api.md#lists-and-pagination): list, read, create, update and
 * deactivate. The community keeps at least one active admin.
 */
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { House, User, type EntityManager } from '@gatehouse/db';
import {
  isUuid,
  type Role,
  type User as UserJson,
  type UserListResponse,
  type ZCreateUserRequest,
  type ZUpdateUserRequest,
} from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import { likePattern, serializeUser } from '../lib/serialize';
import { revokeApiTokensOfCreator } from './api-tokens';
import { recordAudit, type Actor } from './audit';
import { hashPassword } from './auth';
import { revokeOtherSessions, revokeSessionsOfUser } from './sessions';

export type CreateUserInput = z.output<typeof ZCreateUserRequest>;
export type UpdateUserInput = z.output<typeof ZUpdateUserRequest>;

const LAST_ADMIN_MESSAGE = 'The community must keep at least one active admin';
const emailTaken = () => httpError(409, 'Email is already registered');

async function findUser(em: EntityManager, id: string): Promise<User> {
  const user = isUuid(id) ? await em.findOne(User, { id }, { populate: ['house'] }) : null;
  if (!user) throw httpError(404, 'User not found');
  return user;
}

async function findHouseOrNull(em: EntityManager, houseId: string | null): Promise<House | null> {
  if (houseId === null) return null;
  const house = isUuid(houseId) ? await em.findOne(House, { id: houseId }) : null;
  if (!house) throw httpError(404, 'House not found');
  return house;
}

/** Throws 409 when `user` is the last active admin and is about to stop being one. */
async function assertNotLastActiveAdmin(em: EntityManager, user: User): Promise<void> {
  if (user.role !== 'admin' || !user.isActive) return;
  const others = await em.count(User, { role: 'admin', isActive: true, id: { $ne: user.id } });
  if (others === 0) throw httpError(409, LAST_ADMIN_MESSAGE);
}

/** A page of users ordered by name; `role` filters, `q` matches name or email (admin). */
export async function listUsers(
  em: EntityManager,
  input: { limit: number; offset: number; role?: Role | undefined; q?: string | undefined },
): Promise<UserListResponse> {
  const conditions: FilterQuery<User>[] = [];
  if (input.role) conditions.push({ role: input.role });
  if (input.q) conditions.push({ $or: [{ name: { $ilike: likePattern(input.q) } }, { email: { $ilike: likePattern(input.q) } }] });
  const [rows, total] = await em.findAndCount(User, conditions.length ? { $and: conditions } : {}, {
    populate: ['house'],
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map(serializeUser), total };
}

/** One user: admins read anyone, others only themselves (else 404, docs/api.md#the-envelope). */
export async function getUser(em: EntityManager, viewer: User, id: string): Promise<UserJson> {
  if (viewer.role !== 'admin' && viewer.id !== id) throw httpError(404, 'User not found');
  return serializeUser(await findUser(em, id));
}

/** What a new account is made of (`insertAccount`). */
export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  /** The password as typed: hashed here. */
  password: string;
  role: Role;
  /** Its house, looked up once the email is known to be free (none: no house). */
  house?: () => Promise<House | null>;
  isActive: boolean;
}

/**
 * Inserts an account (its password hashed, `hashPassword`) and returns it: what `createUser` and
 * an operator's new community (`createCommunity`, docs/api.md#operators) share. A taken email:
 * 409 'Email is already registered'. Writes no audit row (the caller does).
 */
export async function insertAccount(em: EntityManager, account: NewAccount): Promise<User> {
  if ((await em.count(User, { email: account.email })) > 0) throw emailTaken();
  const { password, house, ...fields } = account;
  const user = em.create(User, { ...fields, house: house ? await house() : null, passwordHash: await hashPassword(password) });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw emailTaken();
    throw error;
  }
  return user;
}

/** Creates an account of any role (admin): 201 with the user. Errors: 404 house, 409 email. */
export async function createUser(em: EntityManager, actor: Actor, input: CreateUserInput): Promise<UserJson> {
  const user = await insertAccount(em, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    role: input.role,
    password: input.password,
    house: () => findHouseOrNull(em, input.houseId ?? null),
    isActive: input.isActive,
  });
  await recordAudit(em, actor, { action: 'user.created', targetType: 'user', targetId: user.id, details: { role: user.role, email: user.email } });
  return serializeUser(user);
}

/**
 * Partial update (docs/api.md#the-envelope, docs/security.md#who-may-do-what). Admins: every field.
 * Anyone else: only their
 * own name and phone; another user is 404, their own role, active state or other fields
 * 403. Demoting or deactivating the last active admin is 409. Deactivation revokes the
 * user's sessions; so does a password reset (all of them, or all but `viewerSessionId`
 * when admins reset their own). Deactivation and a role other than admin revoke the API
 * tokens the user made, for good (`revokeApiTokensOfCreator`).
 */
export async function updateUser(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  input: UpdateUserInput,
  now: Date,
  viewerSessionId?: string,
): Promise<UserJson> {
  const { id, ...changes } = input;
  if (viewer.role !== 'admin') {
    if (viewer.id !== id) throw httpError(404, 'User not found');
    const forbidden = (['role', 'isActive', 'email', 'password', 'houseId'] as const).filter(
      (field) => changes[field] !== undefined,
    );
    if (forbidden.length > 0) {
      throw httpError(403, forbidden.includes('role') || forbidden.includes('isActive')
        ? 'You cannot change your own role or active state'
        : 'You can only change your own name and phone');
    }
  }
  const user = await findUser(em, id);
  const losesAdmin = (changes.role !== undefined && changes.role !== 'admin') || changes.isActive === false;
  if (losesAdmin) await assertNotLastActiveAdmin(em, user);
  if (changes.email !== undefined && changes.email !== user.email) {
    if ((await em.count(User, { email: changes.email, id: { $ne: user.id } })) > 0) throw emailTaken();
    user.email = changes.email;
  }
  const previousRole = user.role;
  const wasActive = user.isActive;
  const changedFields = Object.entries(changes)
    .filter(([field, value]) => value !== undefined && !['role', 'isActive', 'password'].includes(field))
    .map(([field]) => field);
  if (changes.name !== undefined) user.name = changes.name;
  if (changes.phone !== undefined) user.phone = changes.phone;
  if (changes.role !== undefined) user.role = changes.role;
  if (changes.houseId !== undefined) user.house = await findHouseOrNull(em, changes.houseId);
  if (changes.password !== undefined) user.passwordHash = await hashPassword(changes.password);
  const deactivated = changes.isActive === false && user.isActive;
  if (changes.isActive !== undefined) user.isActive = changes.isActive;
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw emailTaken();
    throw error;
  }
  if (deactivated || (changes.role !== undefined && user.role !== 'admin')) {
    await revokeApiTokensOfCreator(em, actor, user.id, deactivated ? 'creator-deactivated' : 'creator-demoted', now);
  }
  if (deactivated) {
    await revokeSessionsOfUser(em, user.id, now);
  } else if (changes.password !== undefined) {
    // A password reset signs the account out everywhere (docs/security.md#sign-in-and-sessions); an
    // admin resetting their own password keeps the session they are using.
    const revoked =
      user.id === viewer.id && viewerSessionId
        ? await revokeOtherSessions(em, user.id, viewerSessionId, now)
        : await revokeSessionsOfUser(em, user.id, now);
    await recordAudit(em, actor, { action: 'auth.password-changed', targetType: 'user', targetId: user.id, details: { revokedSessions: revoked, by: 'admin' } }, now);
  }
  const target = { targetType: 'user' as const, targetId: user.id };
  if (user.role !== previousRole) {
    await recordAudit(em, actor, { action: 'user.role-changed', ...target, details: { from: previousRole, to: user.role } }, now);
  }
  if (user.isActive !== wasActive) {
    await recordAudit(em, actor, { action: user.isActive ? 'user.reactivated' : 'user.deactivated', ...target }, now);
  }
  if (changedFields.length > 0) {
    await recordAudit(em, actor, { action: 'user.updated', ...target, details: { fields: changedFields } }, now);
  }
  return serializeUser(user);
}

/**
 * Deactivates a user (DELETE, admin): the account and its history stay, its sessions
 * and the API tokens it made are revoked at once (tokens for good: reactivation does not
 * bring them back). The last active admin: 409. Answers `{id}`.
 */
export async function deactivateUser(em: EntityManager, actor: Actor, id: string, now: Date): Promise<{ id: string }> {
  const user = await findUser(em, id);
  await assertNotLastActiveAdmin(em, user);
  user.isActive = false;
  await em.flush();
  await revokeSessionsOfUser(em, user.id, now);
  await revokeApiTokensOfCreator(em, actor, user.id, 'creator-deactivated', now);
  await recordAudit(em, actor, { action: 'user.deactivated', targetType: 'user', targetId: user.id }, now);
  return { id: user.id };
}
