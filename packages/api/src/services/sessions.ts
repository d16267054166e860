/**
 * Sign-in sessions (server-contract §4): opaque bearer tokens of 256 random bits,
 * stored only as their SHA-256 hash, expiring after SESSION_TTL_DAYS, revoked at
 * logout and when the user is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Session, type EntityManager, type User } from '@gatehouse/db';

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

/**
 * The user and session behind `token`, or null when the token is unknown, expired
 * (absolute lifetime), idle for longer than `idleDays`, revoked, or its user inactive.
 * The user comes with their house loaded.
 */
export async function authenticate(
  em: EntityManager,
  token: string,
  now: Date,
  idleDays: number,
): Promise<{ user: User; sessionId: string } | null> {
  if (token.length > 200) return null;
  const session = await em.findOne(
    Session,
    {
      tokenHash: sessionTokenHash(token),
      revokedAt: null,
      expiresAt: { $gt: now },
      lastSeenAt: { $gt: new Date(now.getTime() - idleDays * 86_400_000) },
    },
    { populate: ['user', 'user.house'] },
  );
  if (!session || !session.user.isActive) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: now });
  }
  return { user: session.user as User, sessionId: session.id };
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

/** A signed-in caller: the user (house loaded) and the session. */
export interface AuthenticatedSession {
  user: User;
  sessionId: string;
}

/**
 * The session behind `token`, looked up at most once however often it is asked for:
 * one look-up per HTTP request, shared by the rate limiter and every call of a tRPC
 * batch (hardening issue, item 1). Null without a token or for an invalid one; rejects
 * when the database cannot be reached. The user is loaded in an entity manager of its
 * own; each procedure merges it into its own (see `protectedProcedure`).
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
