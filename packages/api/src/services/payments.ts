/**
 * Community dues (docs/api.md#payments, docs/operations.md#dues-ledger): integer cents in storage,
 * dollars in
 * JSON; only pending payments can be edited, completed or failed, each move one conditional
 * UPDATE so that concurrent attempts cannot both succeed. Residents see their own house's.
 * "Overdue" is derived (pending, due before today in the community's zone), never stored.
 */
import { randomUUID } from 'node:crypto';

import type { FilterQuery } from '@mikro-orm/core';
import { communityIdOf, House, Payment, type EntityManager, type User } from '@gatehouse/db';
import {
  fromCents,
  isUuid,
  parseIsoInstant,
  toCents,
  type BulkPaymentResponse,
  type HouseBalance,
  type Payment as PaymentJson,
  type PaymentListResponse,
  type PaymentStatus,
  type ZBulkPaymentRequest,
  type ZCompletePaymentRequest,
  type ZCreatePaymentRequest,
  type ZUpdatePaymentRequest,
} from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import { communityDate, communityInstant } from '../lib/time';
import { houseIdOf, houseRef } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';

export type CreatePaymentInput = z.output<typeof ZCreatePaymentRequest>;
export type UpdatePaymentInput = z.output<typeof ZUpdatePaymentRequest>;
export type BulkPaymentInput = z.output<typeof ZBulkPaymentRequest>;
export type CompletePaymentInput = z.output<typeof ZCompletePaymentRequest>;

/**
 * Whether a payment is overdue on `today` (YYYY-MM-DD, the community's date): pending and due
 * before it (docs/operations.md#dues-ledger).
 */
export function isOverdue(payment: Pick<Payment, 'status' | 'dueDate'>, today: string): boolean {
  return payment.status === 'pending' && payment.dueDate != null && payment.dueDate < today;
}

/**
 * Payment JSON; `house` must be loaded. `today` is the community's date (YYYY-MM-DD,
 * `communityDate`), against which `overdue` is derived.
 */
export function serializePayment(payment: Payment, today: string): PaymentJson {
  return {
    id: payment.id,
    houseId: houseRef(payment.house),
    amount: fromCents(payment.amountCents),
    type: payment.type,
    description: payment.description ?? null,
    status: payment.status,
    dueDate: payment.dueDate ?? null,
    paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
    method: payment.method ?? null,
    reference: payment.reference ?? null,
    overdue: isOverdue(payment, today),
    created_at: payment.createdAt.toISOString(),
  };
}

function visibleTo(viewer: User): FilterQuery<Payment> {
  if (viewer.role === 'admin') return {};
  const houseId = houseIdOf(viewer);
  return houseId ? { house: houseId } : { id: { $in: [] } };
}

/**
 * A page of payments, newest first; filters `status`, `houseId` and `overdue` (true: pending
 * and due before `today`, the community's date YYYY-MM-DD; docs/operations.md#dues-ledger).
 */
export async function listPayments(
  em: EntityManager,
  viewer: User,
  input: {
    limit: number;
    offset: number;
    status?: PaymentStatus | undefined;
    houseId?: string | undefined;
    overdue?: boolean | undefined;
  },
  today: string,
): Promise<PaymentListResponse> {
  const conditions: FilterQuery<Payment>[] = [visibleTo(viewer)];
  if (input.status) conditions.push({ status: input.status });
  if (input.houseId) conditions.push(isUuid(input.houseId) ? { house: input.houseId } : { id: { $in: [] } });
  // payment_status_due_date_index serves this filter.
  if (input.overdue) conditions.push({ status: 'pending', dueDate: { $lt: today } });
  const [rows, total] = await em.findAndCount(Payment, { $and: conditions }, {
    populate: ['house'],
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map((row) => serializePayment(row, today)), total };
}

async function findVisiblePayment(em: EntityManager, viewer: User, id: string): Promise<Payment> {
  const payment = isUuid(id)
    ? await em.findOne(Payment, { $and: [{ id }, visibleTo(viewer)] }, { populate: ['house'] })
    : null;
  if (!payment) throw httpError(404, 'Payment not found');
  return payment;
}

/** One payment; another house's, for a resident: 404. `today`: the community's date (YYYY-MM-DD). */
export async function getPayment(em: EntityManager, viewer: User, id: string, today: string): Promise<PaymentJson> {
  return serializePayment(await findVisiblePayment(em, viewer, id), today);
}

async function findHouse(em: EntityManager, id: string): Promise<House> {
  const house = isUuid(id) ? await em.findOne(House, { id }) : null;
  if (!house) throw httpError(404, 'House not found');
  return house;
}

/**
 * Records a payment due from a house (admin): 201, status pending; any due date, past ones
 * included (docs/api.md#payments sets no bound); audited in the same transaction.
 * `today`: the community's date (YYYY-MM-DD). Errors: 404 House not found.
 */
export async function createPayment(
  em: EntityManager,
  actor: Actor,
  input: CreatePaymentInput,
  now: Date,
  today: string,
): Promise<PaymentJson> {
  return em.transactional(async (tx) => {
    const payment = tx.create(Payment, {
      house: await findHouse(tx, input.houseId),
      amountCents: toCents(input.amount),
      type: input.type,
      description: input.description ?? null,
      status: 'pending',
      dueDate: input.dueDate ?? null,
      paidAt: null,
    });
    await tx.flush();
    await recordAudit(tx, actor, {
      action: 'payment.created',
      ...paymentTarget(payment.id),
      details: { houseId: input.houseId, amount: input.amount, type: input.type },
    }, now);
    return serializePayment(payment, today);
  });
}

/** Rows per multi-row INSERT of a bulk call: well under PostgreSQL's 65,535 parameters. */
const BULK_INSERT_CHUNK = 500;

/**
 * Raises dues (docs/operations.md#dues-ledger, admin): one pending payment of `amount` dollars,
 * `type`,
 * `description` and `dueDate` (past dates allowed) for each house named in `houseIds`
 * (repeats once), or for every house when it is omitted. One transaction, all or nothing:
 * an unknown or malformed house id is 404 `House not found` and nothing is created.
 * Each payment gets its own `payment.created` audit row (details `bulk: true`), in the
 * same transaction, so that every payment's history starts the same way however it was
 * raised. Returns `{count, ids}`: the ids in the order of `houseIds`, or by block and
 * house number for every house.
 */
export async function bulkCreatePayments(
  em: EntityManager,
  actor: Actor,
  input: BulkPaymentInput,
  now: Date,
): Promise<BulkPaymentResponse> {
  return em.transactional(async (tx) => {
    let houseIds: string[];
    if (input.houseIds) {
      const named = [...new Set(input.houseIds.map((id) => id.toLowerCase()))];
      if (!named.every(isUuid)) throw httpError(404, 'House not found');
      const found = await tx.find(House, { id: { $in: named } }, { fields: ['id'] });
      if (found.length !== named.length) throw httpError(404, 'House not found');
      houseIds = named;
    } else {
      const all = await tx.find(House, {}, { fields: ['id'], orderBy: [{ block: 'asc' }, { houseNumber: 'asc' }, { id: 'asc' }] });
      houseIds = all.map((house) => house.id);
    }
    const community = communityIdOf(tx);
    const rows = houseIds.map((houseId) => ({
      id: randomUUID(),
      community,
      house: houseId,
      amountCents: toCents(input.amount),
      type: input.type,
      description: input.description,
      status: 'pending' as const,
      dueDate: input.dueDate,
      paidAt: null,
      method: null,
      reference: null,
      createdAt: now,
      updatedAt: now,
    }));
    for (let start = 0; start < rows.length; start += BULK_INSERT_CHUNK) {
      await tx.insertMany(Payment, rows.slice(start, start + BULK_INSERT_CHUNK));
    }
    for (const row of rows) {
      await recordAudit(tx, actor, {
        action: 'payment.created',
        ...paymentTarget(row.id),
        details: { houseId: row.house, amount: input.amount, type: input.type, bulk: true },
      }, now);
    }
    return { count: rows.length, ids: rows.map((row) => row.id) };
  });
}

const VERBS = { edit: 'edited', complete: 'completed', fail: 'failed' } as const;
/** `Payment cannot be completed: status is failed`, details `{reason: 'payment-status', move: 'complete', status: 'failed'}`. */
const notPending = (status: PaymentStatus, action: keyof typeof VERBS) =>
  httpError(409, `Payment cannot be ${VERBS[action]}: status is ${status}`, {
    code: 'INVALID_TRANSITION',
    refusal: { reason: 'payment-status', move: action, status },
  });
const paymentTarget = (id: string) => ({ targetType: 'payment' as const, targetId: id });

/**
 * Applies `changes` to a pending payment with one conditional UPDATE (… WHERE status =
 * 'pending'), so that of concurrent moves exactly one succeeds: the payment's own
 * compare-and-set, as the visitor state machine does for visitors. Returns the payment
 * as it now is; 409 INVALID_TRANSITION naming the current status when it is no longer pending.
 */
async function updatePending(
  em: EntityManager,
  payment: Payment,
  action: keyof typeof VERBS,
  changes: Partial<
    Pick<Payment, 'amountCents' | 'type' | 'description' | 'dueDate' | 'status' | 'paidAt' | 'method' | 'reference' | 'updatedAt'>
  > & { house?: House },
): Promise<Payment> {
  if (payment.status !== 'pending') throw notPending(payment.status, action);
  // nativeUpdate rewrites the data it is given (a House becomes its id): hand it a copy, so
  // that the payment gets the loaded House back and serializes its number and block.
  const updated = await em.nativeUpdate(Payment, { id: payment.id, status: 'pending' }, { ...changes });
  if (updated !== 1) {
    const current = await em.findOneOrFail(Payment, { id: payment.id }, { fields: ['status'], refresh: true });
    throw notPending(current.status, action);
  }
  return Object.assign(payment, changes);
}

/**
 * Edits a pending payment (admin; partial). Any other status: 409. Audited in the same
 * transaction. `today`: the community's date (YYYY-MM-DD).
 */
export async function updatePayment(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  input: UpdatePaymentInput,
  now: Date,
  today: string,
): Promise<PaymentJson> {
  return em.transactional(async (tx) => {
    const payment = await findVisiblePayment(tx, viewer, input.id);
    const changes: Parameters<typeof updatePending>[3] = { updatedAt: now };
    if (input.houseId !== undefined) changes.house = await findHouse(tx, input.houseId);
    if (input.amount !== undefined) changes.amountCents = toCents(input.amount);
    if (input.type !== undefined) changes.type = input.type;
    if (input.description !== undefined) changes.description = input.description;
    if (input.dueDate !== undefined) changes.dueDate = input.dueDate;
    const updated = await updatePending(tx, payment, 'edit', changes);
    const fields = Object.keys(changes).filter((field) => field !== 'updatedAt');
    await recordAudit(tx, actor, { action: 'payment.updated', ...paymentTarget(payment.id), details: { fields } }, now);
    return serializePayment(updated, today);
  });
}

/**
 * Marks a pending payment completed (admin, docs/operations.md#dues-ledger): `method` (default
 * `other`),
 * `reference` (optional) and `paidAt` (an ISO instant, default now; later than now is 400
 * `Paid at cannot be in the future`). Any status but pending: 409. Audited in the same
 * transaction. `today`: the community's date (YYYY-MM-DD).
 */
export async function completePayment(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  input: CompletePaymentInput,
  now: Date,
  today: string,
): Promise<PaymentJson> {
  const paidAt = input.paidAt !== undefined ? parseIsoInstant(input.paidAt) : now;
  if (!paidAt) throw httpError(400, 'Paid at must be a date and time with a time zone (ISO 8601)', { field: 'paidAt' });
  if (paidAt.getTime() > now.getTime()) throw httpError(400, 'Paid at cannot be in the future', { field: 'paidAt' });
  return em.transactional(async (tx) => {
    const payment = await findVisiblePayment(tx, viewer, input.id);
    const updated = await updatePending(tx, payment, 'complete', {
      status: 'completed',
      paidAt,
      method: input.method,
      reference: input.reference ?? null,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.completed',
        ...paymentTarget(payment.id),
        details: { method: input.method, reference: input.reference ?? null, paidAt: paidAt.toISOString() },
      },
      now,
    );
    return serializePayment(updated, today);
  });
}

/** Marks a pending payment failed (admin). Any other status: 409. Audited in the same transaction. */
export async function failPayment(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  id: string,
  now: Date,
  today: string,
): Promise<PaymentJson> {
  return em.transactional(async (tx) => {
    const payment = await findVisiblePayment(tx, viewer, id);
    const updated = await updatePending(tx, payment, 'fail', { status: 'failed', updatedAt: now });
    await recordAudit(tx, actor, { action: 'payment.failed', ...paymentTarget(payment.id) }, now);
    return serializePayment(updated, today);
  });
}

/**
 * A house's balance (docs/operations.md#dues-ledger), in dollars, from one aggregate query:
 * `pending` every
 * pending amount (overdue included), `overdue` the pending amounts due before today, and
 * `paidThisYear` the payments completed (by `paidAt`) in the current calendar year, days and
 * years both in `timeZone`, the community's. Who may read it follows payments: an admin any
 * house, a resident their own; any other house, or an unknown or malformed id, 404 `House
 * not found` (guards are refused by the access matrix).
 */
export async function houseBalance(
  em: EntityManager,
  viewer: User,
  houseId: string,
  now: Date,
  timeZone: string,
): Promise<HouseBalance> {
  const id = houseId.toLowerCase();
  const visible = isUuid(id) && (viewer.role === 'admin' || houseIdOf(viewer) === id);
  if (!visible || !(await em.count(House, { id }))) throw httpError(404, 'House not found');
  const today = communityDate(now, timeZone);
  const year = Number(today.slice(0, 4));
  const yearStart = communityInstant(`${year}-01-01`, '00:00', timeZone);
  const nextYearStart = communityInstant(`${year + 1}-01-01`, '00:00', timeZone);
  // Sums of integer cents as float8: exact far beyond any community's dues, and a plain
  // number from both drivers (a bigint would come back as text or BigInt).
  const [row] = await em.execute<{ pending: number; overdue: number; paid: number }[]>(
    `select
       coalesce(sum(amount_cents) filter (where status = 'pending'), 0)::float8 as pending,
       coalesce(sum(amount_cents) filter (where status = 'pending' and due_date < ?::date), 0)::float8 as overdue,
       coalesce(sum(amount_cents) filter (where status = 'completed' and paid_at >= ? and paid_at < ?), 0)::float8 as paid
     from payment where house_id = ?`,
    [today, yearStart, nextYearStart, id],
  );
  return {
    pending: fromCents(Number(row?.pending ?? 0)),
    overdue: fromCents(Number(row?.overdue ?? 0)),
    paidThisYear: fromCents(Number(row?.paid ?? 0)),
  };
}
