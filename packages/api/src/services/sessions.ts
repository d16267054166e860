/**
 * Sign-in sessions (docs/api.md#sign-in-sessions-and-users): opaque bearer tokens of 256 random
 * bits,
 * stored only as their SHA-256 hash, expiring after SESSION_TTL_DAYS, revoked at
 * logout and when the user is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto';

import { Session, type EntityManager, type User } from '@gatehouse/db';
import { isApiTokenText, isUuid, type Role } from '@gatehouse/shared';

import { communityHeaderOf, MEMBERSHIP_SELECT, signInCommunityOf, type MembershipRow } from './communities';

/** How often `lastSeenAt` is written, at most (ms): a read-mostly session does not write on every call. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** SHA-256 of a token, hex. Tokens are high-entropy, so a fast hash is enough. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Creates a session for `user` and returns the bearer token (43 characters, base64url). The
 * session acts by default in `options.communityId` (docs/api.md#communities), else in the
 * community the user last signed in to (`signInCommunityOf`).
 */
export async function startSession(
  em: EntityManager,
  user: User,
  options: { now: Date; ttlDays: number; ipAddress: string; communityId?: string | null },
): Promise<string> {
  const communityId = options.communityId ?? (await signInCommunityOf(em, user.id));
  let token = randomBytes(32).toString('base64url');
  // A session token never looks like an API token (`gh_…`, docs/api.md#api-tokens): the look-up
  // tells them apart by that prefix alone (one in 262,144 random tokens would have it).
  while (isApiTokenText(token)) token = randomBytes(32).toString('base64url');
  em.create(Session, {
    user,
    tokenHash: sessionTokenHash(token),
    createdAt: options.now,
    lastSeenAt: options.now,
    expiresAt: new Date(options.now.getTime() + options.ttlDays * 86_400_000),
    revokedAt: null,
    ipAddress: options.ipAddress.slice(0, 64),
    community: communityId,
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

/**
 * The API token a call is made with (docs/api.md#api-tokens), as procedures and the audit log name
 * it.
 */
export interface ApiTokenIdentity {
  id: string;
  name: string;
}

/**
 * A signed-in caller: the user and the session, or, for a call made with an API token
 * (docs/api.md#api-tokens), the token and the user it acts as (its creator, with the token's
 * role in `user.role`) and no session.
 */
export type AuthenticatedSession = (
  | { user: SessionUser; sessionId: string; apiToken: null }
  | { user: SessionUser; sessionId: null; apiToken: ApiTokenIdentity }
) & {
  /**
   * The session's default community, or the API token's own (docs/api.md#communities): where a
   * request without `X-Community-Id` acts. Null: the user's oldest membership.
   */
  communityId: string | null;
  /**
   * The caller's membership where the request acts, read by the same statement
   * (docs/performance.md#the-targets: no extra statement on the gate path): for `requested`
   * (the `X-Community-Id` the look-up was made with, null without one) as
   * `resolveRequestCommunity` would find it; `row` null when there is none. Absent when
   * the header was not an id (the request is refused without a look-up).
   */
  membership?: { requested: string | null; row: MembershipRow | null };
};

/** The membership columns the look-ups add (`mc`: a membership joined with its community). */
const MEMBERSHIP_COLUMNS = `mc.id as mc_id, mc.name as mc_name, mc.slug as mc_slug, mc.time_zone as mc_time_zone,
            mc.status as mc_status, mc.role as mc_role, mc.house_id as mc_house_id`;

/** The columns of `MEMBERSHIP_COLUMNS`; all null when no membership was found. */
interface MembershipColumns {
  mc_id?: string | null;
  mc_name?: string | null;
  mc_slug?: string | null;
  mc_time_zone?: string | null;
  mc_status?: string | null;
  mc_role?: Role | null;
  mc_house_id?: string | null;
}

/** The membership a look-up's `MEMBERSHIP_COLUMNS` found, else null. */
function membershipOf(row: MembershipColumns): MembershipRow | null {
  if (!row.mc_id) return null;
  return {
    id: row.mc_id,
    name: row.mc_name ?? '',
    slug: row.mc_slug ?? '',
    time_zone: row.mc_time_zone ?? 'UTC',
    status: row.mc_status ?? '',
    role: row.mc_role as Role,
    house_id: row.mc_house_id ?? null,
  };
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
 * is written at most once a minute. A token starting with `gh_` is an API token
 * (docs/api.md#api-tokens) and is looked up as one (`authenticateApiToken`) instead: the prefix
 * decides, so a session's look-up costs no extra query.
 */
export async function authenticate(
  em: EntityManager,
  token: string,
  now: Date,
  idleDays: number,
  requestedCommunity: string | null = null,
): Promise<AuthenticatedSession | null> {
  if (token.length > 200) return null;
  if (isApiTokenText(token)) return authenticateApiToken(em, token, now);
  // The membership where the request acts (the header's community, else the session's, else
  // the oldest), in the same statement: one index probe of membership's (user, community).
  const lookUpMembership = requestedCommunity === null || isUuid(requestedCommunity);
  const [row] = await em.execute<(MembershipColumns & {
      session_id: string;
      last_seen_at: string | Date;
      community_id: string | null;
      id: string;
      name: string;
      email: string;
      phone: string;
      role: Role;
      house_id: string | null;
      created_at: string | Date;
    })[]
  >(
    `select s.id as session_id, s.last_seen_at, s.community_id, u.id, u.name, u.email, u.phone, u.role, u.house_id, u.created_at
            ${lookUpMembership ? `, ${MEMBERSHIP_COLUMNS}` : ''}
       from session s join app_user u on u.id = s.user_id
       ${
         lookUpMembership
           ? `left join lateral (
                ${MEMBERSHIP_SELECT}
                 where m.user_id = u.id and m.is_active
                   and (coalesce(?::uuid, s.community_id) is null or m.community_id = coalesce(?::uuid, s.community_id))
                 order by m.created_at, c.id limit 1) mc on true`
           : ''
       }
      where s.token_hash = ? and s.revoked_at is null and s.expires_at > ? and s.last_seen_at > ? and u.is_active`,
    [
      ...(lookUpMembership ? [requestedCommunity, requestedCommunity] : []),
      sessionTokenHash(token),
      now,
      new Date(now.getTime() - idleDays * 86_400_000),
    ],
  );
  if (!row) return null;
  if (now.getTime() - parseInstant(row.last_seen_at).getTime() > LAST_SEEN_RESOLUTION_MS) {
    await em.execute('update session set last_seen_at = ? where id = ?', [now, row.session_id]);
  }
  return {
    sessionId: row.session_id,
    apiToken: null,
    communityId: row.community_id,
    ...(lookUpMembership ? { membership: { requested: requestedCommunity, row: membershipOf(row) } } : {}),
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
 * The API token `token` (docs/api.md#api-tokens) and the user a call with it acts as, or null when
 * it is unknown, revoked, expired, or its creator is inactive or no longer an admin of the token's community. The
 * user is the creator's columns with `role` replaced by the token's (guard or admin):
 * every role check and service rule then applies to the token's role, and what the call
 * does is done in the creator's name (and attributed to the token in the audit log). One
 * indexed query (the unique index on `token_hash`); `last_used_at` is written by one
 * conditional UPDATE at most once a minute, so concurrent calls cannot write it twice.
 */
export async function authenticateApiToken(em: EntityManager, token: string, now: Date): Promise<AuthenticatedSession | null> {
  if (token.length > 200) return null;
  const [row] = await em.execute<(MembershipColumns & {
      token_id: string;
      token_name: string;
      token_role: Role;
      token_community_id: string;
      last_used_at: string | Date | null;
      id: string;
      name: string;
      email: string;
      phone: string;
      house_id: string | null;
      created_at: string | Date;
    })[]
  >(
    `select t.id as token_id, t.name as token_name, t.role as token_role, t.community_id as token_community_id, t.last_used_at,
            u.id, u.name, u.email, u.phone, u.house_id, u.created_at, ${MEMBERSHIP_COLUMNS}
       from api_token t join app_user u on u.id = t.created_by_id
       -- The creator is still an active admin of the token's community; the membership is
       -- where its calls act (docs/api.md#api-tokens).
       join lateral (
         ${MEMBERSHIP_SELECT}
          where m.user_id = u.id and m.community_id = t.community_id and m.role = 'admin' and m.is_active) mc on true
      where t.token_hash = ? and t.revoked_at is null and (t.expires_at is null or t.expires_at > ?)
        and u.is_active`,
    [sessionTokenHash(token), now],
  );
  if (!row) return null;
  const lastUsedBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (row.last_used_at === null || parseInstant(row.last_used_at) < lastUsedBefore) {
    await em.execute('update api_token set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)', [
      now,
      row.token_id,
      lastUsedBefore,
    ]);
  }
  return {
    sessionId: null,
    apiToken: { id: row.token_id, name: row.token_name },
    communityId: row.token_community_id,
    // A call with the token acts in the token's community only (a header naming another is refused).
    membership: { requested: null, row: membershipOf(row) },
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.token_role,
      houseId: row.house_id,
      isActive: true,
      createdAt: parseInstant(row.created_at),
    },
  };
}

/**
 * Whether `session` (the caller looked up again, with the stream's community as
 * `X-Community-Id`) still has the access a live stream was opened with (`opened`: the
 * user, the role and house in that community, docs/gate.md#live-updates): false when it is
 * gone (signed out, revoked, deactivated), or the membership there ended, changed role or
 * house, or its community was suspended. An API token keeps its own role and its creator's
 * house.
 */
export function sameStreamAccess(
  session: AuthenticatedSession | null,
  opened: { userId: string; role: Role; houseId: string | null; communityId: string },
): boolean {
  const membership = session?.membership?.row;
  if (!session || !membership || membership.id !== opened.communityId || membership.status !== 'active') return false;
  const role = session.apiToken ? session.user.role : membership.role;
  const houseId = session.apiToken ? session.user.houseId : membership.house_id;
  return session.user.id === opened.userId && role === opened.role && houseId === opened.houseId;
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

/** Revokes every open session of a user (deactivation, docs/api.md#sign-in-sessions-and-users). */
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
 * batch (docs/security.md#flooding). An API token (`gh_…`, docs/api.md#api-tokens) is resolved here
 * too (`authenticate` branches on the prefix). Null without a token or for an invalid one; rejects
 * when the database cannot be reached. The user comes as plain columns; each procedure
 * makes its own entity of it (see `protectedProcedure`). With `communityHeader` (the request's
 * `X-Community-Id`), the look-up also reads the caller's membership where the request acts.
 */
export function sessionResolver(
  db: { fork(): EntityManager },
  token: string | null,
  clock: () => Date,
  idleDays: number,
  communityHeader?: string | string[],
): () => Promise<AuthenticatedSession | null> {
  let pending: Promise<AuthenticatedSession | null> | undefined;
  return () => {
    pending ??= token ? authenticate(db.fork(), token, clock(), idleDays, communityHeaderOf(communityHeader)) : Promise.resolve(null);
    return pending;
  };
}
