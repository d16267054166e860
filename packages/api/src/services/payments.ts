/**
 * Community dues (server-contract §7): integer cents in storage, dollars in JSON; only
 * pending payments can be edited, completed or failed, each move one conditional UPDATE
 * so that concurrent attempts cannot both succeed. Residents see their own house's.
 */
import type { FilterQuery } from '@mikro-orm/core';
import { House, Payment, type EntityManager, type User } from '@gatehouse/db';
import {
  fromCents,
  isUuid,
  toCents,
  type Payment as PaymentJson,
  type PaymentListResponse,
  type PaymentStatus,
  type ZCreatePaymentRequest,
  type ZUpdatePaymentRequest,
} from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import { houseIdOf, houseRef } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';

export type CreatePaymentInput = z.output<typeof ZCreatePaymentRequest>;
export type UpdatePaymentInput = z.output<typeof ZUpdatePaymentRequest>;

/** Payment JSON; `house` must be loaded. */
export function serializePayment(payment: Payment): PaymentJson {
  return {
    id: payment.id,
    houseId: houseRef(payment.house as House),
    amount: fromCents(payment.amountCents),
    type: payment.type,
    description: payment.description ?? null,
    status: payment.status,
    dueDate: payment.dueDate ?? null,
    paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
    created_at: payment.createdAt.toISOString(),
  };
}

function visibleTo(viewer: User): FilterQuery<Payment> {
  if (viewer.role === 'admin') return {};
  const houseId = houseIdOf(viewer);
  return houseId ? { house: houseId } : { id: { $in: [] } };
}

/** A page of payments, newest first; filters `status` and `houseId`. */
export async function listPayments(
  em: EntityManager,
  viewer: User,
  input: { limit: number; offset: number; status?: PaymentStatus | undefined; houseId?: string | undefined },
): Promise<PaymentListResponse> {
  const conditions: FilterQuery<Payment>[] = [visibleTo(viewer)];
  if (input.status) conditions.push({ status: input.status });
  if (input.houseId) conditions.push(isUuid(input.houseId) ? { house: input.houseId } : { id: { $in: [] } });
  const [rows, total] = await em.findAndCount(Payment, { $and: conditions }, {
    populate: ['house'],
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map(serializePayment), total };
}

async function findVisiblePayment(em: EntityManager, viewer: User, id: string): Promise<Payment> {
  const payment = isUuid(id)
    ? await em.findOne(Payment, { $and: [{ id }, visibleTo(viewer)] }, { populate: ['house'] })
    : null;
  if (!payment) throw httpError(404, 'Payment not found');
  return payment;
}

/** One payment; another house's, for a resident: 404. */
export async function getPayment(em: EntityManager, viewer: User, id: string): Promise<PaymentJson> {
  return serializePayment(await findVisiblePayment(em, viewer, id));
}

async function findHouse(em: EntityManager, id: string): Promise<House> {
  const house = isUuid(id) ? await em.findOne(House, { id }) : null;
  if (!house) throw httpError(404, 'House not found');
  return house;
}

/** Records a payment due from a house (admin): 201, status pending; audited in the same transaction. */
export async function createPayment(em: EntityManager, actor: Actor, input: CreatePaymentInput, now: Date): Promise<PaymentJson> {
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
    return serializePayment(payment);
  });
}

const VERBS = { edit: 'edited', complete: 'completed', fail: 'failed' } as const;
const notPending = (status: PaymentStatus, action: keyof typeof VERBS) =>
  httpError(409, `Payment cannot be ${VERBS[action]}: status is ${status}`, { code: 'INVALID_TRANSITION' });
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
  changes: Partial<Pick<Payment, 'amountCents' | 'type' | 'description' | 'dueDate' | 'status' | 'paidAt' | 'updatedAt'>> & { house?: House },
): Promise<Payment> {
  if (payment.status !== 'pending') throw notPending(payment.status, action);
  const updated = await em.nativeUpdate(Payment, { id: payment.id, status: 'pending' }, changes);
  if (updated !== 1) {
    const current = await em.findOneOrFail(Payment, { id: payment.id }, { fields: ['status'], refresh: true });
    throw notPending(current.status, action);
  }
  return Object.assign(payment, changes);
}

/** Edits a pending payment (admin; partial). Any other status: 409. Audited in the same transaction. */
export async function updatePayment(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  input: UpdatePaymentInput,
  now: Date,
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
    return serializePayment(updated);
  });
}

/**
 * Marks a pending payment completed (sets paidAt) or failed (admin). Any other status:
 * 409. Audited in the same transaction.
 */
export async function settlePayment(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  id: string,
  outcome: 'complete' | 'fail',
  now: Date,
): Promise<PaymentJson> {
  return em.transactional(async (tx) => {
    const payment = await findVisiblePayment(tx, viewer, id);
    const updated = await updatePending(
      tx,
      payment,
      outcome,
      outcome === 'complete' ? { status: 'completed', paidAt: now, updatedAt: now } : { status: 'failed', updatedAt: now },
    );
    await recordAudit(
      tx,
      actor,
      { action: outcome === 'complete' ? 'payment.completed' : 'payment.failed', ...paymentTarget(payment.id) },
      now,
    );
    return serializePayment(updated);
  });
}
