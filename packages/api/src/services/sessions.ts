/**
 * Sign-in sessions (server-contract §4): opaque bearer tokens of 256 random bits,
 * stored only as their SHA-256 hash, expiring after SESSION_TTL_DAYS, revoked at
 * logout and when the user is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Session, type EntityManager, type User } from '@gatehouse/db';
import type { Role } from '@gatehouse/shared';

/** How often `lastSeenAt` is written, at most (ms): a read-mostly session does not write on every call. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** SHA-256 of a token, hex. Tokens are high-entropy, so a fast hash is enough. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a session for `user` and returns the bearer token (43 characters, base64url). */
export async function startSession(
  em: EntityManager,
  user: User,
  options: { now: Date; ttlDays: number; ipAddress: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  em.create(Session, {
    user,
    tokenHash: sessionTokenHash(token),
    createdAt: options.now,
    lastSeenAt: options.now,
    expiresAt: new Date(options.now.getTime() + options.ttlDays * 86_400_000),
    revokedAt: null,
    ipAddress: options.ipAddress.slice(0, 64),
  });
  await em.flush();
  return token;
}

/** The signed-in user as the session look-up reads it: the user's own columns, no relations. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  houseId: string | null;
  isActive: boolean;
  createdAt: Date;
}

/** A signed-in caller: the user and the session. */
export interface AuthenticatedSession {
  user: SessionUser;
  sessionId: string;
}

/** A `timestamptz` as the drivers hand it over raw (`2026-11-22 14:00:00.123+00`) → a Date. */
export function parseInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}

/**
 * The session behind `token` and its user, or null when the token is unknown, expired
 * (absolute lifetime), idle for longer than `idleDays`, revoked, or its user inactive.
 * One indexed query (the unique index on `token_hash`), no entity hydration; `last_seen_at`
 * is written at most once a minute.
 */
export async function authenticate(
  em: EntityManager,
  token: string,
  now: Date,
  idleDays: number,
): Promise<AuthenticatedSession | null> {
  if (token.length > 200) return null;
  const [row] = await em.execute<
    {
      session_id: string;
      last_seen_at: string | Date;
      id: string;
      name: string;
      email: string;
      phone: string;
      role: Role;
      house_id: string | null;
      created_at: string | Date;
    }[]
  >(
    `select s.id as session_id, s.last_seen_at, u.id, u.name, u.email, u.phone, u.role, u.house_id, u.created_at
       from session s join app_user u on u.id = s.user_id
      where s.token_hash = ? and s.revoked_at is null and s.expires_at > ? and s.last_seen_at > ? and u.is_active`,
    [sessionTokenHash(token), now, new Date(now.getTime() - idleDays * 86_400_000)],
  );
  if (!row) return null;
  if (now.getTime() - parseInstant(row.last_seen_at).getTime() > LAST_SEEN_RESOLUTION_MS) {
    await em.execute('update session set last_seen_at = ? where id = ?', [now, row.session_id]);
  }
  return {
    sessionId: row.session_id,
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      houseId: row.house_id,
      isActive: true,
      createdAt: parseInstant(row.created_at),
    },
  };
}

/**
 * Revokes the session of `token`; nothing happens when it is unknown or already revoked.
 * Returns the id of the user whose session ended, if one did.
 */
export async function revokeSessionByToken(em: EntityManager, token: string, now: Date): Promise<string | null> {
  if (token.length > 200) return null;
  const session = await em.findOne(Session, { tokenHash: sessionTokenHash(token), revokedAt: null }, { fields: ['id', 'user'] });
  if (!session) return null;
  await em.nativeUpdate(Session, { id: session.id, revokedAt: null }, { revokedAt: now });
  return (session.user as User).id;
}

/** Revokes every open session of a user (deactivation, server-contract §4). */
export async function revokeSessionsOfUser(em: EntityManager, userId: string, now: Date): Promise<number> {
  return em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: now });
}

/** Revokes every open session of a user except `keepSessionId` ('Sign out of all other sessions'). */
export async function revokeOtherSessions(em: EntityManager, userId: string, keepSessionId: string, now: Date): Promise<number> {
  return em.nativeUpdate(Session, { user: userId, revokedAt: null, id: { $ne: keepSessionId } }, { revokedAt: now });
}

/**
 * The session behind `token`, looked up at most once however often it is asked for:
 * one look-up per HTTP request, shared by the rate limiter and every call of a tRPC
 * batch (hardening issue, item 1). Null without a token or for an invalid one; rejects
 * when the database cannot be reached. The user comes as plain columns; each procedure
 * makes its own entity of it (see `protectedProcedure`).
 */
export function sessionResolver(
  db: { fork(): EntityManager },
  token: string | null,
  clock: () => Date,
  idleDays: number,
): () => Promise<AuthenticatedSession | null> {
  let pending: Promise<AuthenticatedSession | null> | undefined;
  return () => {
    pending ??= token ? authenticate(db.fork(), token, clock(), idleDays) : Promise.resolve(null);
    return pending;
  };
}
