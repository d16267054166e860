/**
 * The audit log (hardening issue): an append-only record of sign-ins (success and
 * failure), role and account changes, and every gate event, with who, when and from
 * which address. The visitor's Activity Log (product-spec §2) reads from it, and admins
 * can list it. Rows are only ever inserted; the database refuses UPDATE and DELETE.
 */
import { randomUUID } from 'node:crypto';

import type { ApiToken, User } from '@gatehouse/db';
import { AuditEvent, type AuditAction, type EntityManager } from '@gatehouse/db';
import { FAILED_SCANS_LIMIT, FAILED_SCANS_WINDOW_MS } from '@gatehouse/shared';
import type { FilterQuery } from '@mikro-orm/core';

import { httpError } from '../errors';

/** Who is acting and from where, passed down from the request. */
export interface Actor {
  userId: string | null;
  ipAddress: string;
  /**
   * The API token the call is made with (integrations §4): every audit row the call writes
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
  targetType?: 'user' | 'visitor' | 'session' | 'house' | 'payment' | 'gate-review' | 'api-token' | 'webhook' | 'gate' | 'blocklist-entry';
  targetId?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends one event. */
export async function recordAudit(em: EntityManager, actor: Actor, record: AuditRecord, at = new Date()): Promise<void> {
  // A plain INSERT (no unit of work), so entity hooks do not run: the id is made here.
  await em.insert(AuditEvent, {
    id: randomUUID(),
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

/** An audit event as JSON. */
export interface AuditEventJson {
  id: string;
  occurredAt: string;
  action: AuditAction;
  actor: { id: string; name: string } | null;
  actorEmail: string | null;
  /** The API token the call was made with (integrations §4), else null. */
  apiToken: { id: string; name: string } | null;
  ipAddress: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

/** An audit event (its actor and API token populated) as JSON. */
export function serializeAuditEvent(event: AuditEvent): AuditEventJson {
  const actor = event.actor as User | null | undefined;
  const apiToken = event.apiToken as ApiToken | null | undefined;
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
    details: (event.details as Record<string, unknown> | null | undefined) ?? null,
  };
}

/** A page of events, newest first; filters by action, target, actor and API token. */
export async function listAuditEvents(
  em: EntityManager,
  input: {
    limit: number;
    offset: number;
    action?: AuditAction | undefined;
    targetId?: string | undefined;
    actorId?: string | undefined;
    apiTokenId?: string | undefined;
  },
): Promise<{ items: AuditEventJson[]; total: number }> {
  const where: FilterQuery<AuditEvent> = {};
  if (input.action) where.action = input.action;
  if (input.targetId) where.targetId = input.targetId;
  if (input.actorId) where.actor = input.actorId;
  if (input.apiTokenId) where.apiToken = input.apiTokenId;
  const [rows, total] = await em.findAndCount(AuditEvent, where, {
    populate: ['actor', 'apiToken'],
    orderBy: [{ occurredAt: 'desc' }, { sequence: 'desc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map(serializeAuditEvent), total };
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
 * audit row each (hardening issue, item 10): a guard mistyping or an attacker trying
 * tokens at speed must not flood the log, but an admin must see that it happened. Each
 * server process counts in memory and writes one `visitor.scan-failed` row per (user,
 * minute) with the count once the minute is over (`flush`, called every minute and at
 * shutdown).
 *
 * They are also limited (live-gate §1): at most FAILED_SCANS_LIMIT (20) per signed-in user
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
