/**
 * Needs review (docs/gate.md#recording-moves-offline, last bullet): an entry the gate recorded
 * offline that the
 * server refused on replay (the pass was cancelled meanwhile, checked in at another gate,
 * blocklisted) is not dropped. The gate files it here with the server's message (and the
 * refusal's stable code and details, so that it can be worded in the reader's language); it stays
 * open, for the guards and the admins alike, until a person dismisses it, or an admin
 * records, with a note, that the person did pass the gate. A review names the visitor or
 * the recurring pass (docs/operations.md#frequent-visitors: moved offline by its id like a visitor)
 * it was about.
 *
 * Every change is one statement that writes the review and its audit row together
 * (`gate.review-opened`, `gate.review-dismissed`, `gate.review-recorded`, target
 * `gate-review`).
 */
import { randomUUID } from 'node:crypto';

import { communityIdOf } from '@gatehouse/db';
import type { AuditAction, EntityManager } from '@gatehouse/db';
import {
  isUuid,
  OCCURRED_AT_MESSAGE,
  parseIsoInstant,
  type ErrorCode,
  type ErrorDetails,
  type GateReview,
  type GateReviewAction,
  type GateReviewListResponse,
  type GateReviewStatus,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { auditInsertSql, type Actor } from './audit';

/** The moves of a review: each only from open. */
const REVIEW_MOVES = {
  dismiss: { from: ['open'], to: 'dismissed', verb: 'dismissed', audit: 'gate.review-dismissed' },
  record: { from: ['open'], to: 'recorded', verb: 'recorded', audit: 'gate.review-recorded' },
} as const satisfies Record<string, { from: readonly GateReviewStatus[]; to: GateReviewStatus; verb: string; audit: string }>;

type ReviewMove = keyof typeof REVIEW_MOVES;

interface ReviewRow {
  id: string;
  visitor_id: string | null;
  pass_id: string | null;
  /** The visitor's name, or the pass holder's. */
  visitor_name: string | null;
  house_id: string | null;
  house_number: string | null;
  block: string | null;
  action: GateReviewAction;
  occurred_at: string | Date;
  message: string;
  code: ErrorCode | null;
  details: ErrorDetails | null;
  status: GateReviewStatus;
  idempotency_key: string | null;
  created_by_id: string;
  created_by_name: string;
  created_at: string | Date;
  closed_by_id: string | null;
  closed_by_name: string | null;
  closed_at: string | Date | null;
  note: string | null;
}

/**
 * The columns of a `ReviewRow` over a review source aliased `r`, and the joins they read
 * through: the person is the visitor's or the pass's (at most one is set: `gate_review_subject_check`).
 */
const REVIEW_COLUMNS = `r.id, r.visitor_id, r.pass_id, coalesce(v.name, rp.name) as visitor_name,
  coalesce(v.house_id, rp.house_id) as house_id, h.house_number, h.block, r.action, r.occurred_at,
  r.message, r.code, r.details, r.status, r.idempotency_key, r.created_by_id, cu.name as created_by_name, r.created_at, r.closed_by_id,
  xu.name as closed_by_name, r.closed_at, r.note`;
const REVIEW_JOINS = `left join visitor_invitation v on v.id = r.visitor_id left join recurring_pass rp on rp.id = r.pass_id
  left join house h on h.id = coalesce(v.house_id, rp.house_id)
  join app_user cu on cu.id = r.created_by_id left join app_user xu on xu.id = r.closed_by_id`;

/** The audit row of a review's change, written by the same statement (`audit as (<sql>)`): about each row of the CTE `source`. */
const reviewAudit = (em: EntityManager, source: string, actor: Actor, now: Date, action: AuditAction, details: Record<string, unknown>) =>
  auditInsertSql(em, actor, now, { action, targetType: 'gate-review', targetId: `${source}.id`, details, from: source });

function serializeReview(row: ReviewRow): GateReview {
  // A notification's rule: `visitor` is the person, a pass's holder under the pass id.
  const personId = row.visitor_id ?? row.pass_id;
  const person =
    personId && row.house_id
      ? { id: personId, name: row.visitor_name ?? '', house: { id: row.house_id, houseNumber: row.house_number ?? '', block: row.block ?? '' } }
      : null;
  return {
    id: row.id,
    visitor: person,
    target: person ? (row.visitor_id ? 'visitor' : 'pass') : null,
    action: row.action,
    occurredAt: isoInstant(row.occurred_at),
    message: row.message,
    code: row.code ?? null,
    details: row.details ?? null,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    createdBy: { id: row.created_by_id, name: row.created_by_name },
    createdAt: isoInstant(row.created_at),
    closedBy: row.closed_by_id ? { id: row.closed_by_id, name: row.closed_by_name ?? '' } : null,
    closedAt: row.closed_at ? isoInstant(row.closed_at) : null,
    note: row.note,
  };
}

/**
 * Files a refused offline entry for review (docs/gate.md#recording-moves-offline; guard or admin),
 * open, and its
 * `gate.review-opened` audit row. The same `idempotencyKey` again from the same user gives
 * the review filed first (the tablet may send it twice), with no second row.
 * `visitorId` names a visitor or, failing that, a recurring pass
 * (docs/operations.md#frequent-visitors: the gate
 * replays a pass's move under its id), stored as `pass_id`; the review then names the holder.
 * Errors: 404 'Visitor not found' (a `visitorId` that names neither).
 */
export async function createGateReview(
  em: EntityManager,
  actor: Actor & { userId: string },
  input: {
    visitorId?: string | undefined;
    action: GateReviewAction;
    occurredAt: string;
    message: string;
    code?: ErrorCode | undefined;
    details?: ErrorDetails | undefined;
    idempotencyKey?: string | undefined;
  },
  now: Date,
): Promise<GateReview> {
  const occurredAt = parseIsoInstant(input.occurredAt);
  if (!occurredAt) throw httpError(400, OCCURRED_AT_MESSAGE, { field: 'occurredAt' });
  const { visitorId, passId } = await subjectOf(em, input.visitorId ?? null);
  const idempotencyKey = input.idempotencyKey ?? null;
  const audit = reviewAudit(em, 'created', actor, now, 'gate.review-opened', {
    visitorId,
    ...(passId !== null ? { passId } : {}),
    action: input.action,
    occurredAt: occurredAt.toISOString(),
    message: input.message,
    ...(input.code !== undefined ? { code: input.code } : {}),
  });
  const [created] = await em.execute<ReviewRow[]>(
    `with created as (
       insert into gate_review (id, community_id, visitor_id, pass_id, action, occurred_at, message, code, details, idempotency_key, status, created_by_id, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, 'open', ?, ?)
       on conflict (created_by_id, idempotency_key) do nothing
       returning *
     ), audit as (${audit.sql})
     select ${REVIEW_COLUMNS} from created r ${REVIEW_JOINS}`,
    [
      randomUUID(),
      communityIdOf(em),
      visitorId,
      passId,
      input.action,
      occurredAt,
      input.message,
      input.code ?? null,
      input.details !== undefined ? JSON.stringify(input.details) : null,
      idempotencyKey,
      actor.userId,
      now,
      ...audit.params,
    ],
  );
  if (created) return serializeReview(created);
  // Filed before with this key: that review.
  const [existing] = await em.execute<ReviewRow[]>(
    `select ${REVIEW_COLUMNS} from gate_review r ${REVIEW_JOINS} where r.community_id = ? and r.created_by_id = ? and r.idempotency_key = ?`,
    [communityIdOf(em), actor.userId, idempotencyKey],
  );
  if (!existing) throw new Error('A gate review was neither created nor found');
  return serializeReview(existing);
}

/**
 * Whom a review's `visitorId` names: a visitor, else a recurring pass (the replayed move of a
 * pass carries its id), else nobody when absent. Errors: 404 'Visitor not found' (neither).
 */
async function subjectOf(em: EntityManager, id: string | null): Promise<{ visitorId: string | null; passId: string | null }> {
  if (id === null) return { visitorId: null, passId: null };
  if (!isUuid(id)) throw httpError(404, 'Visitor not found');
  const [found] = await em.execute<{ visitor_id: string | null; pass_id: string | null }[]>(
    `select (select id from visitor_invitation where community_id = ? and id = ?) as visitor_id,
            (select id from recurring_pass where community_id = ? and id = ?) as pass_id`,
    [communityIdOf(em), id, communityIdOf(em), id],
  );
  if (found?.visitor_id) return { visitorId: found.visitor_id, passId: null };
  if (found?.pass_id) return { visitorId: null, passId: found.pass_id };
  throw httpError(404, 'Visitor not found');
}

/**
 * The open reviews, newest first (docs/gate.md#recording-moves-offline; guards and admins), a page
 * and the full count.
 */
export async function listOpenGateReviews(em: EntityManager, input: { limit: number; offset: number }): Promise<GateReviewListResponse> {
  const rows = await em.execute<ReviewRow[]>(
    `select ${REVIEW_COLUMNS} from gate_review r ${REVIEW_JOINS}
      where r.community_id = ? and r.status = 'open' order by r.created_at desc, r.id desc limit ? offset ?`,
    [communityIdOf(em), input.limit, input.offset],
  );
  const [count] = await em.execute<{ total: string | number }[]>(`select count(*) as total from gate_review where community_id = ? and status = 'open'`, [
    communityIdOf(em),
  ]);
  return { items: rows.map(serializeReview), total: Number(count?.total ?? 0) };
}

/**
 * Closes an open review (docs/gate.md#recording-moves-offline; `dismiss`: guard or admin; `record`:
 * admin, with a note saying
 * that the person did pass the gate), with its audit row, in one statement.
 * Errors: 404 'Review not found'; 409 INVALID_TRANSITION 'Review cannot be dismissed:
 * status is recorded' (any move from a closed review), details `{reason: 'review-status',
 * move: 'dismiss', status: 'recorded'}`.
 */
export async function closeGateReview(
  em: EntityManager,
  actor: Actor & { userId: string },
  input: { id: string; note?: string },
  move: ReviewMove,
  now: Date,
): Promise<GateReview> {
  if (!isUuid(input.id)) throw httpError(404, 'Review not found');
  const { from, to, audit: action } = REVIEW_MOVES[move];
  const note = move === 'record' ? (input.note ?? null) : null;
  const audit = reviewAudit(em, 'closed', actor, now, action, note !== null ? { note } : {});
  const [closed] = await em.execute<ReviewRow[]>(
    `with closed as (
       update gate_review set status = ?, closed_by_id = ?, closed_at = ?, note = ?
        where community_id = ? and id = ? and status in (${from.map(() => '?').join(', ')})
       returning *
     ), audit as (${audit.sql})
     select ${REVIEW_COLUMNS} from closed r ${REVIEW_JOINS}`,
    [
      to,
      actor.userId,
      now,
      note,
      communityIdOf(em),
      input.id,
      ...from,
      ...audit.params,
    ],
  );
  if (closed) return serializeReview(closed);
  const [row] = await em.execute<{ status: GateReviewStatus }[]>('select status from gate_review where community_id = ? and id = ?', [communityIdOf(em), input.id]);
  if (!row) throw httpError(404, 'Review not found');
  throw httpError(409, `Review cannot be ${REVIEW_MOVES[move].verb}: status is ${row.status}`, {
    code: 'INVALID_TRANSITION',
    refusal: { reason: 'review-status', move, status: row.status },
  });
}
