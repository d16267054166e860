/**
 * Which community a request acts in (docs/api.md#communities): the `X-Community-Id` header when
 * present, else the session's default community; the caller must hold an active membership there
 * and the community must be active. The caller's role and house are those of that membership.
 * Operators (docs/api.md#operators) create, change, suspend and resume communities here too.
 */
import { randomUUID } from 'node:crypto';

import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Community as CommunityEntity, forkInCommunity, Membership, NO_FIRST_MEMBERSHIP_SQL, User, type Database, type EntityManager } from '@gatehouse/db';
import {
  COMMUNITY_SUSPENDED_MESSAGE,
  DEFAULT_CURRENCY,
  DEFAULT_WALKIN_ESCALATE_SECONDS,
  isUuid,
  NOT_A_MEMBER_MESSAGE,
  OPERATOR_ONLY_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type Community,
  type CommunityDetail,
  type CommunityMembership,
  type CommunitySettings,
  type CommunityWithCounts,
  type CreateCommunityResponse,
  type Role,
  type ZCreateCommunityRequest,
  type ZUpdateCommunityRequest,
} from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { addCalendarDays, communityDate } from '../lib/time';
import type { ServiceConfig } from '../trpc';
import { recordAudit, type Actor } from './audit';
import { insertAccount } from './users';
import { DEFAULT_VISITOR_RETENTION_DAYS } from './visitor-privacy';

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

// Operators (docs/api.md#operators) ------------------------------------------------------

export type CreateCommunityInput = z.output<typeof ZCreateCommunityRequest>;
export type UpdateCommunityInput = z.output<typeof ZUpdateCommunityRequest>;

/** Whether account `userId` is an operator (`app_user.is_operator`, a global table). */
export async function isOperator(em: EntityManager, userId: string): Promise<boolean> {
  const [row] = await em.execute<{ is_operator: boolean }[]>('select is_operator from app_user where id = ?', [userId]);
  return row?.is_operator === true;
}

/**
 * Refuses anyone but an operator (docs/api.md#operators): 403 'Only operators can do this'. Being
 * an operator is a property of the account, not a role of a membership, so the access matrix
 * lets any signed-in caller through and this check is the rule. A call made with an API token is
 * never an operator's (a token acts in one community).
 */
export async function assertOperator(em: EntityManager, caller: { userId: string; apiTokenId: string | null }): Promise<void> {
  if (caller.apiTokenId !== null || !(await isOperator(em, caller.userId))) throw httpError(403, OPERATOR_ONLY_MESSAGE);
}

/** What the `community` table holds of one community. */
interface CommunityRow {
  id: string;
  name: string;
  slug: string;
  time_zone: string;
  status: 'active' | 'suspended';
  settings: CommunitySettings | string;
  created_at: string | Date;
}

const COMMUNITY_COLUMNS = 'c.id, c.name, c.slug, c.time_zone, c.status, c.settings, c.created_at';

function communityDetailOf(row: CommunityRow): CommunityDetail {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    timeZone: row.time_zone,
    status: row.status,
    settings: typeof row.settings === 'string' ? (JSON.parse(row.settings) as CommunitySettings) : row.settings,
    createdAt: isoInstant(row.created_at),
  };
}

async function communityDetail(em: EntityManager, id: string): Promise<CommunityDetail> {
  const [row] = await em.execute<CommunityRow[]>(`select ${COMMUNITY_COLUMNS} from community c where c.id = ?`, [id]);
  if (!row) throw httpError(404, 'Community not found');
  return communityDetailOf(row);
}

/**
 * The settings a new community starts with: the server's configuration (the environment
 * variables the settings replaced, docs/configuration.md#environment-variables).
 */
export function defaultCommunitySettings(config: ServiceConfig): CommunitySettings {
  return {
    earlyCheckInMinutes: config.earlyCheckinMinutes,
    walkInApprovalMinutes: config.walkinApprovalMinutes,
    walkInEscalateSeconds: config.walkinEscalateSeconds ?? DEFAULT_WALKIN_ESCALATE_SECONDS,
    visitorRetentionDays: config.visitorRetentionDays ?? DEFAULT_VISITOR_RETENTION_DAYS,
    currency: DEFAULT_CURRENCY,
    allowSignup: true,
  };
}

/**
 * Creates a community and its first admin (operators, docs/api.md#operators), in one
 * transaction with its audit rows (the new community's: `community.created`, and `user.created`
 * for a new account). The admin gets an admin membership; an account is made (`insertAccount`)
 * only when the email has none, and never a membership of the first community; an existing
 * account keeps its name and password. Errors: 409 'Slug is already taken'.
 */
export async function createCommunity(
  em: EntityManager,
  actor: Actor,
  input: CreateCommunityInput,
  settings: CommunitySettings,
  now: Date,
): Promise<CreateCommunityResponse> {
  const id = randomUUID();
  const slugTaken = () => httpError(409, SLUG_TAKEN_MESSAGE, { code: 'CONFLICT' });
  const admin = await forkInCommunity(em, id).transactional(async (tx) => {
    const [taken] = await tx.execute<{ id: string }[]>('select id from community where slug = ?', [input.slug]);
    if (taken) throw slugTaken();
    tx.create(CommunityEntity, { id, name: input.name, slug: input.slug, timeZone: input.timeZone, settings, status: 'active' });
    try {
      await tx.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw slugTaken();
      throw error;
    }
    let account = await tx.findOne(User, { email: input.admin.email });
    const newAccount = account === null;
    if (account === null) {
      // The account belongs to this community only: no membership of the first one.
      await tx.execute(NO_FIRST_MEMBERSHIP_SQL);
      account = await insertAccount(tx, { ...input.admin, role: 'admin', isActive: true });
    }
    tx.create(Membership, { user: account, community: tx.getReference(CommunityEntity, id), role: 'admin', house: null, isActive: true });
    await tx.flush();
    const target = { targetType: 'community' as const, targetId: id };
    await recordAudit(
      tx,
      actor,
      { action: 'community.created', ...target, details: { name: input.name, slug: input.slug, timeZone: input.timeZone, adminId: account.id, adminEmail: account.email, newAccount } },
      now,
    );
    if (newAccount) {
      await recordAudit(tx, actor, { action: 'user.created', targetType: 'user', targetId: account.id, details: { role: 'admin', email: account.email } }, now);
    }
    return { id: account.id, email: account.email };
  });
  return { community: await communityDetail(em, id), admin };
}

/**
 * Renames a community, changes its time zone or settings (merged over the current ones),
 * suspends or resumes it (operators, docs/api.md#operators), with its audit rows in the same
 * transaction (the community's own: `community.updated` naming the fields, `community.suspended`,
 * `community.resumed`). Answers the community. Errors: 404 'Community not found'.
 */
export async function updateCommunity(em: EntityManager, actor: Actor, input: UpdateCommunityInput, now: Date): Promise<CommunityDetail> {
  const { id, ...changes } = input;
  if (!isUuid(id)) throw httpError(404, 'Community not found');
  await forkInCommunity(em, id).transactional(async (tx) => {
    const community = await tx.findOne(CommunityEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!community) throw httpError(404, 'Community not found');
    const fields: string[] = [];
    if (changes.name !== undefined && changes.name !== community.name) {
      community.name = changes.name;
      fields.push('name');
    }
    if (changes.timeZone !== undefined && changes.timeZone !== community.timeZone) {
      community.timeZone = changes.timeZone;
      fields.push('timeZone');
    }
    const settings = Object.fromEntries(
      Object.entries(changes.settings ?? {}).filter(([key, value]) => value !== undefined && community.settings[key as keyof CommunitySettings] !== value),
    ) as Partial<CommunitySettings>;
    if (Object.keys(settings).length > 0) {
      community.settings = { ...community.settings, ...settings };
      fields.push('settings');
    }
    const statusChanged = changes.status !== undefined && changes.status !== community.status;
    if (changes.status !== undefined) community.status = changes.status;
    await tx.flush();
    const target = { targetType: 'community' as const, targetId: id };
    if (fields.length > 0) {
      await recordAudit(tx, actor, { action: 'community.updated', ...target, details: { fields, ...(Object.keys(settings).length > 0 ? { settings } : {}) } }, now);
    }
    if (statusChanged) {
      await recordAudit(tx, actor, { action: community.status === 'suspended' ? 'community.suspended' : 'community.resumed', ...target }, now);
    }
  });
  return communityDetail(em, id);
}

/**
 * Every community with its counts (operators, docs/api.md#operators): houses, active residents
 * (active resident memberships of active accounts) and visitors this month (invitations and
 * walk-ins whose visit date falls in the current month of the community's own zone). Raw SQL
 * over every community, on purpose: the counts only, never a row of theirs.
 */
export async function listAllCommunities(em: EntityManager, now: Date): Promise<CommunityWithCounts[]> {
  const rows = await em.execute<CommunityRow[]>(`select ${COMMUNITY_COLUMNS} from community c order by c.created_at, c.id`);
  if (rows.length === 0) return [];
  const months = rows.map((row) => {
    const first = `${communityDate(now, row.time_zone).slice(0, 7)}-01`;
    const next = addCalendarDays(first, 31).slice(0, 7);
    return [row.id, first, `${next}-01`];
  });
  const counts = await em.execute<{ id: string; houses: string | number; residents: string | number; visitors: string | number }[]>(
    `with month (id, first_day, next_first_day) as (values ${months.map(() => '(?::uuid, ?::date, ?::date)').join(', ')})
     select month.id,
       (select count(*) from house h where h.community_id = month.id) as houses,
       (select count(*) from membership m join app_user u on u.id = m.user_id
          where m.community_id = month.id and m.role = 'resident' and m.is_active and u.is_active) as residents,
       (select count(*) from visitor_invitation v
          where v.community_id = month.id and v.visit_date >= month.first_day and v.visit_date < month.next_first_day) as visitors
     from month`,
    months.flat(),
  );
  const byId = new Map(counts.map((row) => [row.id, row]));
  return rows.map((row) => {
    const count = byId.get(row.id);
    return {
      ...communityDetailOf(row),
      counts: { houses: Number(count?.houses ?? 0), residents: Number(count?.residents ?? 0), visitorsThisMonth: Number(count?.visitors ?? 0) },
    };
  });
}

/**
 * Makes the account whose email is `email` (ADMIN_EMAIL, docs/configuration.md#environment-variables)
 * an operator, at start-up; resolves with whether one was changed (none with that email, or
 * already one: false).
 */
export async function ensureOperator(em: EntityManager, email: string): Promise<boolean> {
  const changed = await em.execute<{ id: string }[]>(
    'update app_user set is_operator = true where email = ? and not is_operator returning id',
    [email.trim().toLowerCase()],
  );
  return changed.length > 0;
}
