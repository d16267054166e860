/** Payment (community dues) schemas (server-contract §2, §7). */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from '../enums';
import { ZHouseRef } from './auth';
import { idField, optionalText, paginationFields } from './fields';
import { isCalendarDate } from './visitors';

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES, { error: 'Invalid payment status' });
export const ZPaymentType = z.enum(PAYMENT_TYPES, { error: 'Type must be maintenance, amenity, fine or other' });

/** Largest amount of one payment, in dollars (server-contract §7). */
export const MAX_PAYMENT_AMOUNT = 1_000_000;

/** An amount in USD: more than 0, at most 1,000,000, at most 2 decimals (server-contract §7). */
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

/** `payments.list` input: limit, offset, status, houseId; newest first. */
export const ZPaymentListRequest = z.object({
  ...paginationFields,
  status: ZPaymentStatus.optional(),
  houseId: idField('House not found').optional(),
});
export type PaymentListRequest = z.input<typeof ZPaymentListRequest>;

/** Payment JSON (server-contract §7). */
export const ZPayment = z.object({
  id: z.string(),
  houseId: ZHouseRef,
  amount: z.number(),
  type: ZPaymentType,
  description: z.string().nullable(),
  status: ZPaymentStatus,
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof ZPayment>;

export const ZPaymentListResponse = z.object({ items: z.array(ZPayment), total: z.number().int() });
export type PaymentListResponse = z.infer<typeof ZPaymentListResponse>;
