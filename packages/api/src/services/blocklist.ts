/**
 * The community blocklist (docs/operations.md#blocklist). Admins list, add and remove entries (a
 * name, a
 * phone number and/or a licence plate, a reason; who added it and when); each add and
 * removal writes its audit row (`blocklist.added`, `blocklist.removed`, ids only) in the
 * same transaction. The gate matches a visitor against it by phone (spaces and dashes
 * ignored, as docs/product.md#forms-and-their-messages validates phones) or plate (stored
 * normalised on both
 * sides): the SQL of that match lives here, once (`blocklistMatchSql`), for the scan, the
 * walk-in, the check-in's own condition (visitor-state-machine.ts) and recurring passes.
 */
import { BlocklistEntry, type EntityManager, communityIdOf } from '@gatehouse/db';
import {
  BLOCKLISTED_MESSAGE,
  isUuid,
  type BlocklistEntry as BlocklistEntryJson,
  type BlocklistListResponse,
  type BlocklistRefusalListResponse,
  type Blocklisted,
  type CreateBlocklistEntryInput,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { auditInsertSql, recordAudit, type Actor } from './audit';
import { gateOfMove, gateRefsById } from './gates';
import { BLOCKLIST_REFUSED_NOTICE, VISITOR_EVENT_CHANNEL } from './live-channel';

/** A phone number as the blocklist compares it: spaces and dashes removed (SQL over `column`). */
export const blocklistPhoneKeySql = (column: string) => `regexp_replace(${column}, '[\\s-]', '', 'g')`;

/**
 * SQL of the blocklist entry matching a phone and a plate, the oldest first, at most one:
 * `select b.id, b.reason from blocklist_entry b where …`. `phoneSql` and `plateSql` are SQL
 * expressions (columns such as `v.phone`, `v.vehicle_license_plate`, or `?`); a null one
 * matches nothing. `communitySql`: the community whose blocklist is read (`v.community_id`, or
 * `?`; docs/security.md#communities). Served by `blocklist_entry_phone_key_index` and
 * `blocklist_entry_license_plate_index`. Use it as a lateral join
 * (`left join lateral (${blocklistMatchSql('v.phone', 'v.vehicle_license_plate')}) bl on true`,
 * then `bl.id`, `bl.reason`), or through `blocklistedSql` as a condition.
 */
export function blocklistMatchSql(phoneSql: string, plateSql: string, communitySql: string): string {
  return `select b.id, b.reason from blocklist_entry b
           where b.community_id = ${communitySql}
             and (${blocklistPhoneKeySql('b.phone')} = ${blocklistPhoneKeySql(phoneSql)} or b.license_plate = ${plateSql})
           order by b.created_at, b.id limit 1`;
}

/**
 * SQL condition: the phone or the plate is on the blocklist (`exists (…)`). The check-in's
 * one statement refuses with `not ${blocklistedSql('v.phone', 'v.vehicle_license_plate')}`.
 */
export function blocklistedSql(phoneSql: string, plateSql: string, communitySql: string): string {
  return `exists (select 1 from blocklist_entry b
                   where b.community_id = ${communitySql}
                     and (${blocklistPhoneKeySql('b.phone')} = ${blocklistPhoneKeySql(phoneSql)} or b.license_plate = ${plateSql}))`;
}

/** The entry matching `phone` or `plate` (either may be null): its id and reason, or null. */
export async function findBlocklistMatch(
  em: EntityManager,
  phone: string | null,
  plate: string | null,
): Promise<{ id: string; reason: string } | null> {
  if (!phone && !plate) return null;
  const [row] = await em.execute<{ id: string; reason: string }[]>(blocklistMatchSql('?', '?', '?'), [communityIdOf(em), phone || null, plate || null]);
  return row ?? null;
}

/**
 * What the gate is shown of a match (docs/operations.md#blocklist): the reason, never who added the
 * entry.
 */
export function blocklistedOf(reason: string | null | undefined): Blocklisted {
  return reason === null || reason === undefined ? null : { reason };
}

/**
 * The 409 of a check-in of a blocklisted visitor (docs/operations.md#blocklist), code BLOCKLISTED.
 * The
 * reason is not in it: the gate has it from the scan (`blocklisted`).
 */
export function blocklistedError() {
  return httpError(409, BLOCKLISTED_MESSAGE, { code: 'BLOCKLISTED' });
}

/** Who a refused check-in was for: a visitor, or a recurring pass (its audit target type `pass`). */
export interface BlocklistRefusalTarget {
  type: 'visitor' | 'pass';
  id: string;
}

/**
 * Records a check-in the blocklist refused (docs/operations.md#blocklist), visitor or recurring
 * pass, in
 * one statement of its own, so that it stays whatever the caller does next: the audit row
 * `visitor.blocklist-refused` (target the visitor or the pass; details the entry's id and
 * reason, never the phone or plate, and `gateId`, the gate of the refused move as a move
 * records it: the one named, else the only active gate; left out when there is none), a `visitor.blocklist-refused` notification for every
 * active admin (`visitor_id` or `pass_id`), `NOTIFY notification` (Web Push) and a
 * `blocklist-refused:` notice on the live stream's channel (live-channel.ts: the admins'
 * dashboards hear it at once), both delivered at commit. Must not run inside a
 * transaction that the refusal rolls back: the callers (`transitionVisitor`,
 * `movePassAtGate`) run it on the entity manager they were given.
 */
export async function recordBlocklistRefusal(
  em: EntityManager,
  actor: Actor,
  target: BlocklistRefusalTarget,
  entry: { id: string; reason: string },
  now: Date,
  gateId?: string | null,
): Promise<void> {
  const subjectColumn = target.type === 'pass' ? 'pass_id' : 'visitor_id';
  const gate = gateOfMove(em, gateId).value;
  const audit = auditInsertSql(em, actor, now, {
    action: 'visitor.blocklist-refused',
    targetType: target.type,
    targetId: { sql: '?', params: [target.id] },
    detailsSql: {
      sql: "?::jsonb || case when refused_at.gate_id is null then '{}'::jsonb else jsonb_build_object('gateId', refused_at.gate_id) end",
      params: [JSON.stringify({ blocklistEntryId: entry.id, reason: entry.reason })],
    },
    from: { sql: `(select ${gate.sql} as gate_id) refused_at`, params: gate.params },
  });
  await em.execute(
    `with audit as (${audit.sql}), notified as (
       insert into notification (id, community_id, user_id, kind, ${subjectColumn}, created_at)
       select gen_random_uuid(), m.community_id, u.id, 'visitor.blocklist-refused', ?, ?
         from membership m join app_user u on u.id = m.user_id
        where m.community_id = ? and m.role = 'admin' and m.is_active and u.is_active
       returning id
     )
     select pg_notify('notification', ?), pg_notify('${VISITOR_EVENT_CHANNEL}', ?)
       from (select 1 where exists (select 1 from notified)) n`,
    [...audit.params, target.id, now, communityIdOf(em), target.id, `${BLOCKLIST_REFUSED_NOTICE}${communityIdOf(em)}:${target.type}:${target.id}`],
  );
}

interface BlocklistRow {
  id: string;
  name: string;
  phone: string | null;
  license_plate: string | null;
  reason: string;
  added_by_id: string | null;
  added_by_name: string | null;
  created_at: string | Date;
}

const toJson = (row: BlocklistRow): BlocklistEntryJson => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  licensePlate: row.license_plate,
  reason: row.reason,
  addedBy: row.added_by_id ? { id: row.added_by_id, name: row.added_by_name ?? '' } : null,
  createdAt: isoInstant(row.created_at),
});

const ROW_SELECT = `select b.id, b.name, b.phone, b.license_plate, b.reason, b.added_by_id, u.name as added_by_name, b.created_at
  from blocklist_entry b left join app_user u on u.id = b.added_by_id`;

/**
 * Admin (`GET /api/blocklist`): `em`'s community's entries (docs/security.md#communities), newest
 * first, a page and the full count. Input: `{limit, offset}`. Output: `{items, total}`.
 */
export async function listBlocklist(em: EntityManager, page: { limit: number; offset: number }): Promise<BlocklistListResponse> {
  const communityId = communityIdOf(em);
  const [rows, [count]] = await Promise.all([
    em.execute<BlocklistRow[]>(`${ROW_SELECT} where b.community_id = ? order by b.created_at desc, b.id desc limit ? offset ?`, [communityId, page.limit, page.offset]),
    em.execute<{ total: string | number }[]>('select count(*) as total from blocklist_entry where community_id = ?', [communityId]),
  ]);
  return { items: rows.map(toJson), total: Number(count?.total ?? 0) };
}

/**
 * Admin (`POST /api/blocklist`, 201): adds an entry, added by the actor, and its
 * `blocklist.added` audit row (the entry's id only) in one transaction. Input: the schema's
 * output (name and reason trimmed; phone as a visitor's; plate normalised; one of them at
 * least, checked by the schema and by the table). Output: the entry.
 */
export async function addBlocklistEntry(
  em: EntityManager,
  actor: Actor & { userId: string },
  input: CreateBlocklistEntryInput,
  now: Date,
): Promise<BlocklistEntryJson> {
  const id = await em.transactional(async (tx) => {
    const entry = tx.create(BlocklistEntry, {
      name: input.name,
      phone: input.phone ?? null,
      licensePlate: input.licensePlate ?? null,
      reason: input.reason,
      addedBy: actor.userId,
      createdAt: now,
    });
    await tx.flush();
    await recordAudit(tx, actor, { action: 'blocklist.added', targetType: 'blocklist-entry', targetId: entry.id }, now);
    return entry.id;
  });
  const [row] = await em.execute<BlocklistRow[]>(`${ROW_SELECT} where b.community_id = ? and b.id = ?`, [communityIdOf(em), id]);
  return toJson(row!);
}

/**
 * Admin (`DELETE /api/blocklist/{id}`): removes the entry and writes `blocklist.removed`
 * (its id only: the removed phone, plate and reason are not copied into the log) in one
 * transaction. Output: `{id}`. Errors: 404 'Blocklist entry not found' (unknown, malformed
 * or already removed).
 */
export async function removeBlocklistEntry(em: EntityManager, actor: Actor, id: string, now: Date): Promise<{ id: string }> {
  if (!isUuid(id)) throw httpError(404, 'Blocklist entry not found');
  const normalized = id.toLowerCase();
  return em.transactional(async (tx) => {
    const removed = await tx.nativeDelete(BlocklistEntry, { id: normalized });
    if (removed === 0) throw httpError(404, 'Blocklist entry not found');
    await recordAudit(tx, actor, { action: 'blocklist.removed', targetType: 'blocklist-entry', targetId: normalized }, now);
    return { id: normalized };
  });
}

/**
 * Guard or admin (`GET /api/visitors/{id}/blocklist-refusals`): every check-in of the visitor
 * the blocklist refused, newest first, from the audit rows the refusals wrote
 * (`visitor.blocklist-refused`): when, at which gate (null for a refusal recorded with no
 * gate), by whom, and the entry's reason as it was then. Output: `{items}`. Errors: 404
 * 'Visitor not found' (unknown or malformed id, or another community's visitor:
 * docs/security.md#communities).
 */
export async function listBlocklistRefusals(em: EntityManager, visitorId: string): Promise<BlocklistRefusalListResponse> {
  const communityId = communityIdOf(em);
  const [visitor] = isUuid(visitorId)
    ? await em.execute<{ id: string }[]>('select id from visitor_invitation where community_id = ? and id = ?', [communityId, visitorId.toLowerCase()])
    : [];
  if (!visitor) throw httpError(404, 'Visitor not found');
  // The audit log's target index: (target_type, target_id, occurred_at).
  const rows = await em.execute<Array<{ occurred_at: string | Date; actor_id: string | null; actor_name: string | null; details: Record<string, unknown> | string | null }>>(
    `select a.occurred_at, a.actor_id, u.name as actor_name, a.details
       from audit_event a left join app_user u on u.id = a.actor_id
      where a.community_id = ? and a.target_type = 'visitor' and a.target_id = ? and a.action = 'visitor.blocklist-refused'
      order by a.occurred_at desc, a.sequence desc`,
    [communityId, visitor.id],
  );
  const details = rows.map((row) => (typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : (row.details ?? {})));
  const gates = await gateRefsById(em, details.map((detail) => (typeof detail.gateId === 'string' ? detail.gateId : undefined)));
  return {
    items: rows.map((row, index) => {
      const detail = details[index]!;
      return {
        at: isoInstant(row.occurred_at),
        gate: (typeof detail.gateId === 'string' && gates.get(detail.gateId)) || null,
        by: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
        reason: typeof detail.reason === 'string' ? detail.reason : '',
      };
    }),
  };
}
