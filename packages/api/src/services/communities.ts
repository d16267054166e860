/**
 * Which community a request acts in (docs/api.md#communities): the `X-Community-Id` header when
 * present, else the session's default community; the caller must hold an active membership there
 * and the community must be active. The caller's role and house are those of that membership.
 */
import type { Database, EntityManager } from '@gatehouse/db';
import { COMMUNITY_SUSPENDED_MESSAGE, isUuid, NOT_A_MEMBER_MESSAGE, type Community, type CommunityMembership, type Role } from '@gatehouse/shared';

import { httpError } from '../errors';

/** The request's community and the caller's membership there. */
export interface RequestCommunity {
  community: Community;
  /** The caller's role in it (for an API token, the token's role is applied after). */
  role: Role;
  /** A resident's house in it, else null. */
  houseId: string | null;
}

/**
 * A membership (`m`) joined with its community (`c`), as every look-up of one reads it
 * (`MembershipRow`); the caller adds its conditions after.
 */
export const MEMBERSHIP_SELECT = `select c.id, c.name, c.slug, c.time_zone, c.status, m.role, m.house_id
       from membership m join community c on c.id = m.community_id`;

/** A membership and its community, as `MEMBERSHIP_SELECT` reads them. */
export interface MembershipRow {
  id: string;
  name: string;
  slug: string;
  time_zone: string;
  status: string;
  role: Role;
  house_id: string | null;
}

/**
 * The request's community from the membership a look-up found (`row`), else 403 'You are
 * not a member of this community'; 403 'This community is suspended' when it is not active.
 */
export function requestCommunityOf(row: MembershipRow | null | undefined): RequestCommunity {
  if (!row) throw httpError(403, NOT_A_MEMBER_MESSAGE);
  if (row.status !== 'active') throw httpError(403, COMMUNITY_SUSPENDED_MESSAGE);
  return {
    community: { id: row.id, name: row.name, slug: row.slug, timeZone: row.time_zone },
    role: row.role,
    houseId: row.house_id,
  };
}

/** The value of the `X-Community-Id` header: one value, trimmed; absent or empty: null. */
export function communityHeaderOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/**
 * The community user `userId` acts in: `requested` (the header) when given, else
 * `defaultCommunityId` (the session's, or an API token's own), else their oldest active
 * membership. One indexed query (a request's session look-up usually answers it already:
 * `authenticate`'s `membership`).
 * Errors: 403 'You are not a member of this community' (no active membership there, or no
 * membership at all), 403 'This community is suspended'.
 */
export async function resolveRequestCommunity(
  em: EntityManager,
  userId: string,
  requested: string | null,
  defaultCommunityId: string | null,
): Promise<RequestCommunity> {
  const wanted = requested ?? defaultCommunityId;
  if (wanted !== null && !isUuid(wanted)) throw httpError(403, NOT_A_MEMBER_MESSAGE);
  const [row] = await em.execute<MembershipRow[]>(
    `${MEMBERSHIP_SELECT}
      where m.user_id = ? and m.is_active ${wanted !== null ? 'and m.community_id = ?' : ''}
      order by m.created_at, c.id limit 1`,
    wanted !== null ? [userId, wanted] : [userId],
  );
  return requestCommunityOf(row);
}

/** The communities user `userId` is an active member of, oldest membership first: `[{id, name, slug, role}]`. */
export async function listCommunitiesOf(em: EntityManager, userId: string): Promise<CommunityMembership[]> {
  const rows = await em.execute<{ id: string; name: string; slug: string; role: Role }[]>(
    `select c.id, c.name, c.slug, m.role from membership m join community c on c.id = m.community_id
      where m.user_id = ? and m.is_active order by m.created_at, c.id`,
    [userId],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, role: row.role }));
}

/**
 * The community a new session of `userId` starts in: that of their latest session whose
 * community they are still an active member of, else their oldest active membership; null
 * without any.
 */
export async function signInCommunityOf(em: EntityManager, userId: string): Promise<string | null> {
  const [row] = await em.execute<{ community_id: string }[]>(
    `select m.community_id from membership m
       left join lateral (select max(s.created_at) as used_at from session s where s.user_id = m.user_id and s.community_id = m.community_id) last on true
      where m.user_id = ? and m.is_active
      order by last.used_at desc nulls last, m.created_at, m.community_id limit 1`,
    [userId],
  );
  return row?.community_id ?? null;
}

/**
 * Makes `communityId` the default community of session `sessionId` (user `userId`),
 * after the same checks as a request naming it. Errors: the 403s of `resolveRequestCommunity`.
 */
export async function setSessionCommunity(em: EntityManager, sessionId: string, userId: string, communityId: string): Promise<RequestCommunity> {
  const resolved = await resolveRequestCommunity(em, userId, communityId, null);
  await em.execute('update session set community_id = ? where id = ? and user_id = ?', [resolved.community.id, sessionId, userId]);
  return resolved;
}

/** A community as a background job needs it: its id, time zone and settings (docs/api.md#communities). */
export interface JobCommunity {
  id: string;
  timeZone: string;
  /** The community's settings as stored (`visitorRetentionDays`, …); a job falls back to its own default for one missing. */
  settings: Record<string, unknown>;
}

/**
 * Runs `work` once for every active community, one after another, each with an entity manager
 * acting in that community (`db.forCommunity`) and the community's own time zone
 * (docs/security.md#communities: a background job works per community, in its zone). A failing
 * community does not stop the others: its error goes to `onError` (default: rethrown after the
 * others ran, the first one). Resolves with how many communities ran.
 */
export async function forEachActiveCommunity(
  db: Pick<Database, 'fork' | 'forCommunity'>,
  work: (em: EntityManager, community: JobCommunity) => Promise<unknown>,
  onError?: (error: unknown, community: JobCommunity) => void,
): Promise<number> {
  // `community` is a global table (docs/security.md#communities): any entity manager reads it.
  const rows = await db
    .fork()
    .execute<{ id: string; time_zone: string; settings: Record<string, unknown> | string | null }[]>(
      `select id, time_zone, settings from community where status = 'active' order by created_at, id`,
    );
  let failed: { error: unknown } | null = null;
  for (const row of rows) {
    const settings = typeof row.settings === 'string' ? (JSON.parse(row.settings) as Record<string, unknown>) : (row.settings ?? {});
    const community = { id: row.id, timeZone: row.time_zone, settings };
    try {
      await work(db.forCommunity(row.id), community);
    } catch (error) {
      if (onError) onError(error, community);
      else failed ??= { error };
    }
  }
  if (failed) throw failed.error;
  return rows.length;
}
