/**
 * The audit log (docs/security.md#security): an append-only record of sign-ins (success and
 * failure), role and account changes, and every gate event, with who, when and from
 * which address. The visitor's Activity Log (docs/product.md#screens-and-routes) reads from it, and
 * admins
 * can list it. Rows are only ever inserted; the database refuses UPDATE and DELETE.
 */
import { randomUUID } from 'node:crypto';

import { AuditEvent, communityIdOf, type AuditAction, type EntityManager } from '@gatehouse/db';
import {
  FAILED_SCANS_LIMIT,
  FAILED_SCANS_WINDOW_MS,
  type AuditEvent as AuditEventOutput,
  type AuditFilters,
  type AuditTargetType,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { addCalendarDays, communityInstant } from '../lib/time';
import type { SqlFragment } from './gates';

/** Who is acting and from where, passed down from the request. */
export interface Actor {
  userId: string | null;
  ipAddress: string;
  /**
   * The API token the call is made with (docs/api.md#api-tokens): every audit row the call writes
   * names it (`audit_event.api_token_id`). Absent or null: a sign-in session's call.
   */
  apiTokenId?: string | null;
}

/** What happened, to what. */
export interface AuditRecord {
  action: AuditAction;
  /** Overrides the actor's user (e.g. the account a failed sign-in was for). */
  userId?: string | null;
  email?: string | null;
  targetType?: Exclude<AuditTargetType, 'pass'>;
  targetId?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends one event. */
export async function recordAudit(em: EntityManager, actor: Actor, record: AuditRecord, at = new Date()): Promise<void> {
  // A plain INSERT (no unit of work), so entity hooks do not run: the id is made here.
  await em.insert(AuditEvent, {
    id: randomUUID(),
    community: communityIdOf(em),
    occurredAt: at,
    action: record.action,
    actor: record.userId !== undefined ? record.userId : actor.userId,
    actorEmail: record.email ?? null,
    apiToken: actor.apiTokenId ?? null,
    ipAddress: actor.ipAddress.slice(0, 64),
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    details: record.details ?? null,
  });
}

/** An audit row a raw SQL statement writes about the rows of `from` (`auditInsertSql`). */
export interface RawAuditRow {
  action: AuditAction;
  targetType: AuditTargetType;
  /** The target's id: SQL over `from`'s rows (`moved.id`), or a fragment with its parameters (`?`, the id). */
  targetId: string | SqlFragment;
  /** The details as a JSON value, bound as one parameter (`?::jsonb`); null or absent: none. */
  details?: Record<string, unknown> | null;
  /** Or SQL computing the details (a jsonb) over `from`'s rows, with its parameters; wins over `details`. */
  detailsSql?: SqlFragment;
  /** What the rows are written for: a CTE's name, or an aliased sub-select (with its parameters); one audit row per row of it. */
  from: string | SqlFragment;
}

/**
 * `insert into audit_event … select … from <from>`: the audit rows of a raw statement,
 * to be written by that statement itself (as a CTE, `audit as (<sql>)`), so that they commit
 * or roll back with the change they record and no other path writes them. The row is
 * `recordAudit`'s: a new id, `now`, the actor's user, API token and address (at most 64
 * characters), in `em`'s community (docs/security.md#communities). Output: the SQL and its `?` parameters, in order, to splice in where the
 * SQL goes among the statement's own.
 */
export function auditInsertSql(em: Pick<EntityManager, 'getFilterParams'>, actor: Actor, now: Date, row: RawAuditRow): SqlFragment {
  const fragment = (part: string | SqlFragment): SqlFragment => (typeof part === 'string' ? { sql: part, params: [] } : part);
  const targetId = fragment(row.targetId);
  const details = row.detailsSql ?? { sql: '?::jsonb', params: [row.details ? JSON.stringify(row.details) : null] };
  const from = fragment(row.from);
  return {
    sql: `insert into audit_event (id, community_id, occurred_at, action, actor_id, api_token_id, ip_address, target_type, target_id, details)
       select ?, ?, ?, ?, ?, ?, ?, ?, ${targetId.sql}, ${details.sql} from ${from.sql}`,
    params: [
      randomUUID(),
      communityIdOf(em),
      now,
      row.action,
      actor.userId,
      actor.apiTokenId ?? null,
      actor.ipAddress.slice(0, 64),
      row.targetType,
      ...targetId.params,
      ...details.params,
      ...from.params,
    ],
  };
}

/** An audit event as JSON. */
export interface AuditEventJson {
  id: string;
  occurredAt: string;
  action: AuditAction;
  actor: { id: string; name: string } | null;
  actorEmail: string | null;
  /** The API token the call was made with (docs/api.md#api-tokens), else null. */
  apiToken: { id: string; name: string } | null;
  ipAddress: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

/** An audit event (its actor and API token populated) as JSON. */
export function serializeAuditEvent(event: AuditEvent): AuditEventJson {
  const actor = event.actor;
  const apiToken = event.apiToken;
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action,
    actor: actor ? { id: actor.id, name: actor.name } : null,
    actorEmail: event.actorEmail ?? null,
    apiToken: apiToken ? { id: apiToken.id, name: apiToken.name } : null,
    ipAddress: event.ipAddress ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    details: (event.details) ?? null,
  };
}

/**
 * The audit log's filters as SQL conditions over `audit_event a`, with their parameters:
 * `em`'s community first (docs/security.md#communities), then `action`, `actorId`,
 * `targetType`, `targetId`, `apiTokenId` (the list and its export alike; the date range is
 * each one's own). Never empty.
 */
export function auditFilterSql(em: EntityManager, filters: Omit<AuditFilters, 'from' | 'to'>): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = ['a.community_id = ?'];
  const params: unknown[] = [communityIdOf(em)];
  const add = (condition: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    params.push(value);
  };
  add('a.action = ?', filters.action);
  add('a.actor_id = ?::uuid', filters.actorId);
  add('a.target_type = ?', filters.targetType);
  add('a.target_id = ?::uuid', filters.targetId);
  add('a.api_token_id = ?::uuid', filters.apiTokenId);
  return { conditions, params };
}

interface AuditListRow {
  id: string;
  occurred_at: string | Date;
  action: AuditAction;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  api_token_id: string | null;
  api_token_name: string | null;
  ip_address: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | string | null;
}

/**
 * What each kind of target is called, by id (SQL with one `any(?::uuid[])` parameter):
 * the name a person or thing has now, a house as `A-101`, a payment by its house and
 * description. Kinds absent here (a session, a gate review) have no label.
 */
const TARGET_LABEL_SQL: Partial<Record<AuditTargetType, string>> = {
  visitor: 'select id, name as label from visitor_invitation where id = any(?::uuid[])',
  pass: 'select id, name as label from recurring_pass where id = any(?::uuid[])',
  user: 'select id, name as label from app_user where id = any(?::uuid[])',
  house: "select id, block || '-' || house_number as label from house where id = any(?::uuid[])",
  payment: `select p.id, h.block || '-' || h.house_number || coalesce(' · ' || p.description, '') as label
              from payment p join house h on h.id = p.house_id where p.id = any(?::uuid[])`,
  gate: 'select id, name as label from gate where id = any(?::uuid[])',
  'blocklist-entry': 'select id, name as label from blocklist_entry where id = any(?::uuid[])',
  'api-token': 'select id, name as label from api_token where id = any(?::uuid[])',
  webhook: 'select id, url as label from webhook where id = any(?::uuid[])',
};

/** The labels of the targets of `rows`, by `type:id`: one indexed read per kind present. */
async function targetLabels(em: EntityManager, rows: readonly AuditListRow[]): Promise<Map<string, string>> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.target_type || !row.target_id || !(row.target_type in TARGET_LABEL_SQL)) continue;
    const ids = idsByType.get(row.target_type) ?? new Set<string>();
    ids.add(row.target_id);
    idsByType.set(row.target_type, ids);
  }
  const labels = new Map<string, string>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const found = await em.execute<{ id: string; label: string | null }[]>(TARGET_LABEL_SQL[type as AuditTargetType]!, [`{${[...ids].join(',')}}`]);
      for (const { id, label } of found) if (label) labels.set(`${type}:${id}`, label);
    }),
  );
  return labels;
}

/**
 * Admin (`GET /api/audit`): a page of audit events, newest first (by time, then insertion
 * order), under the filters (`auditFilterSql`) and `from`/`to`, the events' days in the
 * community's zone (inclusive). Each event names its target's current label (`targetLabel`).
 * Output: `{items, total}`. Errors: none of its own (the schema validates the input).
 */
export async function listAuditEvents(
  em: EntityManager,
  input: AuditFilters & { limit: number; offset: number },
  timeZone: string,
): Promise<{ items: AuditEventOutput[]; total: number }> {
  const { conditions, params } = auditFilterSql(em, input);
  if (input.from) {
    conditions.push('a.occurred_at >= ?');
    params.push(communityInstant(input.from, '00:00', timeZone));
  }
  if (input.to) {
    conditions.push('a.occurred_at < ?');
    params.push(communityInstant(addCalendarDays(input.to, 1), '00:00', timeZone));
  }
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const [rows, [count]] = await Promise.all([
    em.execute<AuditListRow[]>(
      `select a.id, a.occurred_at, a.action, a.actor_id, u.name as actor_name, a.actor_email, a.api_token_id, t.name as api_token_name,
              a.ip_address, a.target_type, a.target_id, a.details
         from audit_event a left join app_user u on u.id = a.actor_id left join api_token t on t.id = a.api_token_id
         ${where}
        order by a.occurred_at desc, a.sequence desc
        limit ? offset ?`,
      [...params, input.limit, input.offset],
    ),
    em.execute<{ total: string | number }[]>(`select count(*) as total from audit_event a ${where}`, params),
  ]);
  const labels = await targetLabels(em, rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      occurredAt: isoInstant(row.occurred_at),
      action: row.action,
      actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
      actorEmail: row.actor_email,
      apiToken: row.api_token_id ? { id: row.api_token_id, name: row.api_token_name ?? '' } : null,
      ipAddress: row.ip_address,
      targetType: row.target_type,
      targetId: row.target_id,
      targetLabel: (row.target_type && row.target_id && labels.get(`${row.target_type}:${row.target_id}`)) || null,
      details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
    })),
    total: Number(count?.total ?? 0),
  };
}

/** The gate events of one visitor, oldest first: the visitor's Activity Log. */
export async function visitorActivity(em: EntityManager, visitorId: string): Promise<AuditEventJson[]> {
  const rows = await em.find(
    AuditEvent,
    { targetType: 'visitor', targetId: visitorId },
    { populate: ['actor', 'apiToken'], orderBy: [{ occurredAt: 'asc' }, { sequence: 'asc' }] },
  );
  return rows.map(serializeAuditEvent);
}

/**
 * Failed pass scans (an unknown token or code), counted per user per minute instead of one
 * audit row each (docs/security.md#audit): a guard mistyping or an attacker trying
 * tokens at speed must not flood the log, but an admin must see that it happened. Each
 * server process counts in memory and writes one `visitor.scan-failed` row per (user,
 * minute) with the count once the minute is over (`flush`, called every minute and at
 * shutdown).
 *
 * They are also limited (docs/gate.md#verifying-a-pass): at most FAILED_SCANS_LIMIT (20) per
 * signed-in user
 * in any FAILED_SCANS_WINDOW_MS (10 minutes, sliding); while over, every scan by that user
 * is refused with 429 (`assertMayScan`). Six-digit codes are guessable, so a guard's
 * account must not be usable to try them at speed; other users are not affected. Each
 * process keeps its own window.
 */
export class FailedScanLog {
  private readonly counts = new Map<string, { actor: Actor; minute: number; count: number }>();
  /** Per user, the times (ms) of the failed scans still inside the window, oldest first. */
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly limit = FAILED_SCANS_LIMIT,
    private readonly windowMs = FAILED_SCANS_WINDOW_MS,
  ) {}

  /**
   * Throws 429 `Too many failed scans, try again in N s` (with `Retry-After`, details
   * `{reason: 'failed-scans', seconds: N}`) while `actor`
   * has `limit` failed scans in the window ending at `at`: N is when the oldest leaves it.
   */
  assertMayScan(actor: Actor, at: Date): void {
    if (!actor.userId) return;
    const times = this.inWindow(actor.userId, at.getTime());
    if (times.length < this.limit) return;
    const seconds = Math.max(1, Math.ceil((times[times.length - this.limit]! + this.windowMs - at.getTime()) / 1000));
    throw httpError(429, `Too many failed scans, try again in ${seconds} s`, {
      retryAfterSeconds: seconds,
      refusal: { reason: 'failed-scans', seconds },
    });
  }

  /** The user's failed scans inside the window ending at `now`, forgetting older ones. */
  private inWindow(userId: string, now: number): number[] {
    const times = this.recent.get(userId);
    if (!times) return [];
    while (times.length > 0 && times[0]! <= now - this.windowMs) times.shift();
    if (times.length === 0) this.recent.delete(userId);
    return times;
  }

  /** Counts one failed scan by `actor` at `at`. */
  record(actor: Actor, at: Date): void {
    if (actor.userId) {
      const times = this.inWindow(actor.userId, at.getTime());
      times.push(at.getTime());
      // Only the last `limit` matter to the limit.
      if (times.length > this.limit) times.shift();
      this.recent.set(actor.userId, times);
    }
    const minute = Math.floor(at.getTime() / 60_000);
    const key = `${actor.userId ?? ''}|${actor.ipAddress}|${minute}`;
    const entry = this.counts.get(key);
    if (entry) entry.count += 1;
    else this.counts.set(key, { actor, minute, count: 1 });
  }

  /** How many failed scans are counted and not yet written. */
  get pending(): number {
    let total = 0;
    for (const entry of this.counts.values()) total += entry.count;
    return total;
  }

  /**
   * Writes one audit row per (user, address, minute) whose minute has ended by `now`
   * (every one when `all`), e.g. `{count: 7, minute: '2026-11-24T10:41:00.000Z'}`.
   * Returns the number of rows written. A failed write keeps the counts for the next flush.
   */
  async flush(em: EntityManager, now: Date, { all = false } = {}): Promise<number> {
    const currentMinute = Math.floor(now.getTime() / 60_000);
    let written = 0;
    for (const [key, entry] of [...this.counts]) {
      if (!all && entry.minute >= currentMinute) continue;
      const minuteStart = new Date(entry.minute * 60_000);
      await recordAudit(
        em,
        entry.actor,
        { action: 'visitor.scan-failed', details: { count: entry.count, minute: minuteStart.toISOString() } },
        new Date(Math.min(now.getTime(), minuteStart.getTime() + 59_999)),
      );
      this.counts.delete(key);
      written += 1;
    }
    return written;
  }
}
