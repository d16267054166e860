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
    ? await em.findOne(Payment, { $and: [{ id }, visibleTo(viewer)] }, { populate: ['house'], refresh: true })
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

/** Records a payment due from a house (admin): 201, status pending. */
export async function createPayment(em: EntityManager, input: CreatePaymentInput): Promise<PaymentJson> {
  const payment = em.create(Payment, {
    house: await findHouse(em, input.houseId),
    amountCents: toCents(input.amount),
    type: input.type,
    description: input.description ?? null,
    status: 'pending',
    dueDate: input.dueDate ?? null,
    paidAt: null,
  });
  await em.flush();
  return serializePayment(payment);
}

const VERBS = { edit: 'edited', complete: 'completed', fail: 'failed' } as const;
const notPending = (status: PaymentStatus, action: keyof typeof VERBS) =>
  httpError(409, `Payment cannot be ${VERBS[action]}: status is ${status}`);

/** Edits a pending payment (admin; partial). Any other status: 409. */
export async function updatePayment(em: EntityManager, viewer: User, input: UpdatePaymentInput): Promise<PaymentJson> {
  const payment = await findVisiblePayment(em, viewer, input.id);
  if (payment.status !== 'pending') throw notPending(payment.status, 'edit');
  const changes: Partial<Pick<Payment, 'amountCents' | 'type' | 'description' | 'dueDate'>> & { house?: House } = {};
  if (input.houseId !== undefined) changes.house = await findHouse(em, input.houseId);
  if (input.amount !== undefined) changes.amountCents = toCents(input.amount);
  if (input.type !== undefined) changes.type = input.type;
  if (input.description !== undefined) changes.description = input.description;
  if (input.dueDate !== undefined) changes.dueDate = input.dueDate;
  const updated = await em.nativeUpdate(Payment, { id: payment.id, status: 'pending' }, { ...changes, updatedAt: new Date() });
  if (updated !== 1) throw notPending((await findVisiblePayment(em.fork(), viewer, payment.id)).status, 'edit');
  return serializePayment(await findVisiblePayment(em.fork(), viewer, payment.id));
}

/** Marks a pending payment completed (sets paidAt) or failed (admin). Any other status: 409. */
export async function settlePayment(
  em: EntityManager,
  viewer: User,
  id: string,
  outcome: 'complete' | 'fail',
  now: Date,
): Promise<PaymentJson> {
  const payment = await findVisiblePayment(em, viewer, id);
  if (payment.status !== 'pending') throw notPending(payment.status, outcome);
  const updated = await em.nativeUpdate(
    Payment,
    { id: payment.id, status: 'pending' },
    outcome === 'complete'
      ? { status: 'completed', paidAt: now, updatedAt: now }
      : { status: 'failed', updatedAt: now },
  );
  const current = await findVisiblePayment(em.fork(), viewer, payment.id);
  if (updated !== 1) throw notPending(current.status, outcome);
  return serializePayment(current);
}
