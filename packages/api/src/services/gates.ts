/**
 * Gates (docs/operations.md#gates): the community's entrances. Admins add, rename and switch them
 * on
 * or off (every change with its audit row, in the same transaction); every signed-in user
 * may list them. Every check-in and check-out records its gate: the gate the tablet names
 * (`gateId`), or, without one, the only active gate when there is exactly one (else none).
 *
 * The gate of a move is resolved INSIDE the move's own statement (`gateOfMove`), so a
 * check-in costs no extra round trip: the state machine (`transitionVisitor`) and the
 * recurring passes' entries (docs/operations.md#frequent-visitors) use the same fragment. An
 * explicit gate that
 * is unknown or inactive makes the statement match nothing; the refusal path then asks
 * `assertKnownGate`, which answers 400 `Unknown gate`.
 */
import { communityIdOf, Gate, type EntityManager } from '@gatehouse/db';
import {
  GATE_NAME_TAKEN_MESSAGE,
  GATES_MAX,
  isUuid,
  TOO_MANY_GATES_MESSAGE,
  UNKNOWN_GATE_MESSAGE,
  type Gate as GateJson,
  type GateListResponse,
  type GateRef,
} from '@gatehouse/shared';
import { UniqueConstraintViolationException } from '@mikro-orm/core';

import { httpError } from '../errors';
import { recordAudit, type Actor } from './audit';

/** A SQL fragment with its `?` parameters, in order. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * The only active gate's id when exactly one gate of `em`'s community is active, else null
 * (docs/operations.md#gates: "without a gateId the only active gate is used, and with several
 * the gate stays null"; docs/security.md#communities: another community's gates count for
 * nothing). A scalar sub-select over the (small) gate table, with its parameter.
 */
export const onlyActiveGateSql = (em: Pick<EntityManager, 'getFilterParams'>): SqlFragment => ({
  sql: `(select g.id from gate g where g.community_id = ? and g.is_active
           and not exists (select 1 from gate o where o.community_id = g.community_id and o.is_active and o.id <> g.id))`,
  params: [communityIdOf(em)],
});

/**
 * "The gate of this move" (docs/operations.md#gates), as SQL for the move's own statement:
 * - `value`: what to store as the move's gate (`check_in_gate_id = <value>`, or a pass
 *   entry's `gate_id`): the named gate, or `onlyActiveGateSql` without one;
 * - `condition`: with a named gate, a condition the statement's WHERE must carry (the
 *   gate exists in `em`'s community and is active), so that an unknown, inactive or other
 *   community's gate changes nothing; null without one. When the statement then matches nothing, call `assertKnownGate` first on
 *   the refusal path (400 `Unknown gate`), before explaining any other reason.
 * `gateId` must already be a uuid (the request schemas' `gateIdField` makes sure).
 */
export function gateOfMove(
  em: Pick<EntityManager, 'getFilterParams'>,
  gateId: string | null | undefined,
): { value: SqlFragment; condition: SqlFragment | null } {
  if (!gateId) return { value: onlyActiveGateSql(em), condition: null };
  return {
    value: { sql: '?::uuid', params: [gateId] },
    condition: { sql: 'exists (select 1 from gate g where g.community_id = ? and g.id = ?::uuid and g.is_active)', params: [communityIdOf(em), gateId] },
  };
}

/** The 400 of an unknown or inactive gate: VALIDATION_FAILED with details on `gateId`. */
export const unknownGate = () => httpError(400, UNKNOWN_GATE_MESSAGE, { field: 'gateId' });

/** Throws 400 `Unknown gate` (details on `gateId`) unless `gateId` is absent or names an active gate. One indexed read. */
export async function assertKnownGate(em: EntityManager, gateId: string | null | undefined): Promise<void> {
  if (!gateId) return;
  if (!isUuid(gateId)) throw unknownGate();
  const [row] = await em.execute<{ id: string }[]>('select id from gate where community_id = ? and id = ? and is_active', [communityIdOf(em), gateId]);
  if (!row) throw unknownGate();
}

/**
 * The gate a move made outside one statement records (e.g. code that inserts a pass entry
 * with the ORM): the named active gate (400 `Unknown gate` otherwise), or the only active
 * gate, or null. One read.
 */
export async function resolveGate(em: EntityManager, gateId: string | null | undefined): Promise<string | null> {
  if (gateId) {
    await assertKnownGate(em, gateId);
    return gateId.toLowerCase();
  }
  const only = onlyActiveGateSql(em);
  const [row] = await em.execute<{ id: string | null }[]>(`select ${only.sql} as id`, only.params);
  return row?.id ?? null;
}

/** `{id, name}` of the gates of `em`'s community among `ids` (any state), for showing recorded gates by id (e.g. the Activity Log). */
export async function gateRefsById(em: EntityManager, ids: readonly (string | null | undefined)[]): Promise<Map<string, GateRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && isUuid(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await em.execute<GateRef[]>(`select id, name from gate where community_id = ? and id in (${wanted.map(() => '?').join(', ')})`, [
    communityIdOf(em),
    ...wanted,
  ]);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
}

/** Gate JSON. */
export function serializeGate(gate: Gate): GateJson {
  return {
    id: gate.id,
    name: gate.name,
    isActive: gate.isActive,
    createdAt: gate.createdAt.toISOString(),
    updatedAt: gate.updatedAt.toISOString(),
  };
}

const notFound = () => httpError(404, 'Gate not found');
const nameTaken = () => httpError(409, GATE_NAME_TAKEN_MESSAGE);

/** Whether another gate (not `exceptId`) of `em`'s community already has `name`, whatever its case. */
async function nameInUse(em: EntityManager, name: string, exceptId?: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from gate where community_id = ? and lower(name) = lower(?)${exceptId ? ' and id <> ?' : ''} limit 1`,
    exceptId ? [communityIdOf(em), name, exceptId] : [communityIdOf(em), name],
  );
  return rows.length > 0;
}

/**
 * Every gate, active and inactive, ordered by name (case-insensitive), then id
 * (`GET /api/gates`, docs/operations.md#gates). Output `{items, total}`.
 */
export async function listGates(em: EntityManager): Promise<GateListResponse> {
  const gates = await em.find(Gate, {}, { orderBy: { id: 'asc' }, limit: GATES_MAX });
  gates.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return { items: gates.map(serializeGate), total: gates.length };
}

/**
 * Adds an active gate (`POST /api/gates`, 201, admin), with its `gate.created` audit row in
 * the same transaction. Input: `{name}` (trimmed, 1–60 characters). Errors: 409 `A gate
 * with this name already exists` (whatever the case), 409 when the community already has
 * GATES_MAX gates.
 */
export async function createGate(em: EntityManager, actor: Actor, input: { name: string }, now: Date): Promise<GateJson> {
  try {
    return await em.transactional(async (tx) => {
      if (await nameInUse(tx, input.name)) throw nameTaken();
      if ((await tx.count(Gate, {})) >= GATES_MAX) throw httpError(409, TOO_MANY_GATES_MESSAGE);
      const gate = tx.create(Gate, { name: input.name, isActive: true, createdAt: now, updatedAt: now });
      await tx.flush();
      await recordAudit(tx, actor, { action: 'gate.created', targetType: 'gate', targetId: gate.id, details: { name: gate.name } }, now);
      return serializeGate(gate);
    });
  } catch (error) {
    // Two admins adding the same name at once: the unique index decides.
    if (error instanceof UniqueConstraintViolationException) throw nameTaken();
    throw error;
  }
}

/**
 * Renames a gate and/or switches it on or off (`PUT /api/gates/{id}`, admin): only the
 * fields present (docs/api.md#the-envelope); a change writes `gate.updated` with what changed
 * (`{name: {from, to}}`, `{isActive}`), in the same transaction; no change writes nothing.
 * An inactive gate stays on the visits it recorded, but no new move may name it. Errors:
 * 404 `Gate not found`; 409 `A gate with this name already exists`.
 */
export async function updateGate(
  em: EntityManager,
  actor: Actor,
  input: { id: string; name?: string | undefined; isActive?: boolean | undefined },
  now: Date,
): Promise<GateJson> {
  if (!isUuid(input.id)) throw notFound();
  try {
    return await em.transactional(async (tx) => {
      const gate = await tx.findOne(Gate, { id: input.id.toLowerCase() }, { disableIdentityMap: true });
      if (!gate) throw notFound();
      const changed: Record<string, unknown> = {};
      const fields: { name?: string; isActive?: boolean } = {};
      if (input.name !== undefined && input.name !== gate.name) {
        if (await nameInUse(tx, input.name, gate.id)) throw nameTaken();
        changed.name = { from: gate.name, to: input.name };
        fields.name = input.name;
      }
      if (input.isActive !== undefined && input.isActive !== gate.isActive) changed.isActive = fields.isActive = input.isActive;
      if (Object.keys(changed).length === 0) return serializeGate(gate);
      // A plain UPDATE, so that `updated_at` is the service's clock (the entity's hook would take the wall clock).
      await tx.nativeUpdate(Gate, { id: gate.id }, { ...fields, updatedAt: now });
      await recordAudit(tx, actor, { action: 'gate.updated', targetType: 'gate', targetId: gate.id, details: changed }, now);
      return { ...serializeGate(gate), ...fields, updatedAt: now.toISOString() };
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw nameTaken();
    throw error;
  }
}
