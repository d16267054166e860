/**
 * Payment (community dues) schemas (docs/api.md#ids-dates-times-and-money, docs/api.md#payments).
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES } from '../enums';
import { ZHouseRef } from './auth';
import { DATE_OUT_OF_RANGE_MESSAGE, idField, isDateInRange, isStorableText, optionalText, paginationFields, parseIsoInstant, requiredText } from './fields';
import { isCalendarDate } from './visitors';

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES, { error: 'Invalid payment status' });
export const ZPaymentType = z.enum(PAYMENT_TYPES, { error: 'Type must be maintenance, amenity, fine or other' });
export const ZPaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Method must be cash, cheque, bank-transfer, card or other' });

/**
 * Longest reference of a completed payment (a cheque number, a transfer id):
 * docs/operations.md#dues-ledger.
 */
export const PAYMENT_REFERENCE_MAX = 100;
/**
 * Most houses one bulk call may name (omit houseIds for every house):
 * docs/operations.md#dues-ledger.
 */
export const BULK_PAYMENT_HOUSES_MAX = 1000;

/** Largest amount of one payment, in dollars (docs/api.md#payments). */
export const MAX_PAYMENT_AMOUNT = 1_000_000;

/** An amount in USD: more than 0, at most 1,000,000, at most 2 decimals (docs/api.md#payments). */
export const amountField = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Amount is required' : 'Amount must be a number') })
  .refine(Number.isFinite, 'Amount is required')
  .refine((value) => value > 0, 'Amount must be greater than 0')
  .refine((value) => value <= MAX_PAYMENT_AMOUNT, 'Amount must be at most 1,000,000')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amount must have at most 2 decimals');

/** Dollars → integer cents, exact for amounts with at most 2 decimals. */
export const toCents = (amount: number) => Math.round(amount * 100);
/** Integer cents → dollars. */
export const fromCents = (cents: number) => cents / 100;

const dueDateField = z
  .string({ error: 'Due date must be a date (YYYY-MM-DD)' })
  .trim()
  .refine(isCalendarDate, 'Due date must be a date (YYYY-MM-DD)')
  .refine((value) => !isCalendarDate(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE)
  .nullish()
  .transform((value) => value ?? undefined);

/** POST /api/payments (admin): status starts as pending. */
export const ZCreatePaymentRequest = z.object({
  houseId: idField('Please select a house'),
  amount: amountField,
  type: ZPaymentType,
  description: optionalText('Description', MAX_LENGTH.description),
  dueDate: dueDateField,
});
export type CreatePaymentRequest = z.input<typeof ZCreatePaymentRequest>;

/** PUT /api/payments/{id}: partial, pending payments only. */
export const ZUpdatePaymentRequest = z.object({
  id: idField('Payment not found'),
  houseId: idField('Please select a house').optional(),
  amount: amountField.optional(),
  type: ZPaymentType.optional(),
  description: optionalText('Description', MAX_LENGTH.description),
  dueDate: dueDateField,
});
export type UpdatePaymentRequest = z.input<typeof ZUpdatePaymentRequest>;

/** `true`/`false` as JSON or as a query string's text; anything else is 400. */
const booleanFlag = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }).transform((value) => value === true || value === 'true');

/**
 * `payments.list` input: limit, offset, status, houseId, overdue (docs/operations.md#dues-ledger:
 * only
 * pending payments due before today in the community's zone; `false` = no filter); newest first.
 */
export const ZPaymentListRequest = z.object({
  ...paginationFields,
  status: ZPaymentStatus.optional(),
  houseId: idField('House not found').optional(),
  overdue: booleanFlag('overdue must be true or false').optional(),
});
export type PaymentListRequest = z.input<typeof ZPaymentListRequest>;

/**
 * `Due date is required`: raising dues always names the day they fall due
 * (docs/operations.md#dues-ledger).
 */
const requiredDueDateField = z
  .string({ error: 'Due date is required' })
  .trim()
  .min(1, 'Due date is required')
  .refine(isCalendarDate, 'Due date must be a date (YYYY-MM-DD)')
  .refine((value) => !isCalendarDate(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE);

/**
 * POST /api/payments/bulk (admin, docs/operations.md#dues-ledger): one pending payment per house,
 * for the
 * houses named (1 to BULK_PAYMENT_HOUSES_MAX, repeats counted once) or, with `houseIds`
 * omitted, for every house. Due dates in the past are allowed.
 */
export const ZBulkPaymentRequest = z.object({
  type: ZPaymentType,
  amount: amountField,
  description: requiredText('Description', MAX_LENGTH.description, 'Description is required'),
  dueDate: requiredDueDateField,
  houseIds: z
    .array(idField('House not found'), { error: 'houseIds must be a list of house ids' })
    .min(1, 'Select at least one house')
    .max(BULK_PAYMENT_HOUSES_MAX, `At most ${BULK_PAYMENT_HOUSES_MAX} houses at once`)
    .optional(),
});
export type BulkPaymentRequest = z.input<typeof ZBulkPaymentRequest>;

/** What a bulk call created: how many payments and their ids (in the order of the houses named, or by house). */
export const ZBulkPaymentResponse = z.object({ count: z.number().int(), ids: z.array(z.string()) });
export type BulkPaymentResponse = z.infer<typeof ZBulkPaymentResponse>;

const PAID_AT_MESSAGE = 'Paid at must be a date and time with a time zone (ISO 8601)';

/**
 * POST /api/payments/{id}/complete (admin, docs/operations.md#dues-ledger): how and when it was
 * paid, all
 * optional. No body still completes: method `other`, no reference, paid now.
 */
export const ZCompletePaymentRequest = z.object({
  id: idField('Payment not found'),
  method: ZPaymentMethod.nullish().transform((value) => value ?? 'other'),
  reference: optionalText('Reference', PAYMENT_REFERENCE_MAX),
  /** An ISO 8601 instant with an offset, not in the future (checked by the server against its clock). */
  paidAt: z
    .string({ error: PAID_AT_MESSAGE })
    .trim()
    .refine((value) => isStorableText(value) && parseIsoInstant(value) !== null, PAID_AT_MESSAGE)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type CompletePaymentRequest = z.input<typeof ZCompletePaymentRequest>;

/** Payment JSON (docs/api.md#payments). */
export const ZPayment = z.object({
  id: z.string(),
  houseId: ZHouseRef,
  amount: z.number(),
  type: ZPaymentType,
  description: z.string().nullable(),
  status: ZPaymentStatus,
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** How it was paid (docs/operations.md#dues-ledger); null unless completed. */
  method: ZPaymentMethod.nullable(),
  /** The payer's reference (cheque number, transfer id); null when none. */
  reference: z.string().nullable(),
  /**
   * Pending and due before today in the community's zone (docs/operations.md#dues-ledger: derived,
   * not a status).
   */
  overdue: z.boolean(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof ZPayment>;

export const ZPaymentListResponse = z.object({ items: z.array(ZPayment), total: z.number().int() });
export type PaymentListResponse = z.infer<typeof ZPaymentListResponse>;

/**
 * GET /api/houses/{id}/balance (docs/operations.md#dues-ledger), in dollars: `pending` every
 * pending amount
 * (overdue included), `overdue` the part due before today, `paidThisYear` what was completed
 * in the current calendar year, both days and years in the community's zone.
 */
export const ZHouseBalance = z.object({
  pending: z.number(),
  overdue: z.number(),
  paidThisYear: z.number(),
});
export type HouseBalance = z.infer<typeof ZHouseBalance>;
