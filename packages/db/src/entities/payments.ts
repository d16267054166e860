/** Community dues (docs/operations.md#dues-ledger). */
import { defineEntity, p } from '@mikro-orm/core';
import { MAX_LENGTH, PAYMENT_METHODS, PAYMENT_REFERENCE_MAX, PAYMENT_STATUSES, PAYMENT_TYPES } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { House } from './houses-vehicles';
import { community, tenantFilters } from './tenancy';

/**
 * Community dues owed by a house, in integer US cents (docs/api.md#ids-dates-times-and-money,
 * docs/api.md#payments).
 */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payment',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    amountCents: p.integer(),
    type: p.enum(PAYMENT_TYPES),
    description: p.string().length(MAX_LENGTH.description).nullable(),
    status: p.enum(PAYMENT_STATUSES),
    dueDate: p.date().nullable(),
    paidAt: p.datetime().nullable(),
    /** How a completed payment was paid (docs/operations.md#dues-ledger); null until completed. */
    method: p.enum(PAYMENT_METHODS).nullable(),
    /** The payer's reference for a completed payment (cheque number, transfer id). */
    reference: p.string().length(PAYMENT_REFERENCE_MAX).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [
    { name: 'payment_created_at_index', properties: ['createdAt'] },
    // docs/operations.md#dues-ledger: overdue = pending and due before today; the filter reads this
    // index.
    { name: 'payment_status_due_date_index', properties: ['status', 'dueDate'] },
  ],
  checks: [
    { name: 'payment_amount_check', expression: 'amount_cents > 0 and amount_cents <= 100000000' },
    { name: 'payment_paid_at_check', expression: "status <> 'completed' or paid_at is not null" },
    // docs/operations.md#dues-ledger: a completed payment records how it was paid; only a completed
    // one has a method or reference.
    {
      name: 'payment_method_status_check',
      expression: "(status = 'completed') = (method is not null) and (status = 'completed' or reference is null)",
    },
  ],
});
export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);
