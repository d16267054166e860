/**
 * The audit log (hardening issue): an append-only record of sign-ins (success and
 * failure), role and account changes, and every gate event, with who, when and from
 * which address. The visitor's Activity Log (product-spec §2) reads from it, and admins
 * can list it. Rows are only ever inserted; the database refuses UPDATE and DELETE.
 */
import { randomUUID } from 'node:crypto';

import type { User} from '@gatehouse/db';
import { AuditEvent, type AuditAction, type EntityManager } from '@gatehouse/db';
import type { FilterQuery } from '@mikro-orm/core';

/** Who is acting and from where, passed down from the request. */
export interface Actor {
  userId: string | null;
  ipAddress: string;
}

/** What happened, to what. */
export interface AuditRecord {
  action: AuditAction;
  /** Overrides the actor's user (e.g. the account a failed sign-in was for). */
  userId?: string | null;
  email?: string | null;
  targetType?: 'user' | 'visitor' | 'session';
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
  ipAddress: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

export function serializeAuditEvent(event: AuditEvent): AuditEventJson {
  const actor = event.actor as User | null | undefined;
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    action: event.action,
    actor: actor ? { id: actor.id, name: actor.name } : null,
    actorEmail: event.actorEmail ?? null,
    ipAddress: event.ipAddress ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    details: (event.details as Record<string, unknown> | null | undefined) ?? null,
  };
}

/** A page of events, newest first; filters by action, target and actor. */
export async function listAuditEvents(
  em: EntityManager,
  input: { limit: number; offset: number; action?: AuditAction | undefined; targetId?: string | undefined; actorId?: string | undefined },
): Promise<{ items: AuditEventJson[]; total: number }> {
  const where: FilterQuery<AuditEvent> = {};
  if (input.action) where.action = input.action;
  if (input.targetId) where.targetId = input.targetId;
  if (input.actorId) where.actor = input.actorId;
  const [rows, total] = await em.findAndCount(AuditEvent, where, {
    populate: ['actor'],
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
    { populate: ['actor'], orderBy: [{ occurredAt: 'asc' }, { sequence: 'asc' }] },
  );
  return rows.map(serializeAuditEvent);
}
