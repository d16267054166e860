/**
 * Recurring passes (docs/operations.md#frequent-visitors): frequent visitors (daily help, drivers,
 * tutors, carers)
 * who may enter on listed weekdays inside a daily window, between a start and an end date
 * at most 12 months apart. The person fields reuse the invitation's (same messages).
 */
import { z } from 'zod';

import { ZHouseRef } from './auth';
import { DATE_OUT_OF_RANGE_MESSAGE, DATE_PATTERN, TIME_PATTERN, idField, isDateInRange, paginationFields } from './fields';
import { ZBlocklisted } from './blocklist';
import { ZGateRef } from './gate';
import { isCalendarDate, ZInviteVisitorRequest, ZVisitor } from './visitors';

/** The weekdays a pass may list, Monday first (ISO order). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const ZWeekday = z.enum(WEEKDAYS, { error: 'Invalid weekday' });

/** The statuses a pass is stored with; `ended` is derived (after the end date, community zone). */
export const RECURRING_PASS_STORED_STATUSES = ['active', 'paused', 'cancelled'] as const;
export const RECURRING_PASS_STATUSES = ['active', 'paused', 'cancelled', 'ended'] as const;
export type RecurringPassStatus = (typeof RECURRING_PASS_STATUSES)[number];
export const ZRecurringPassStatus = z.enum(RECURRING_PASS_STATUSES, { error: 'Invalid status' });

/** Recurring pass codes have 7 digits: invitations use 6 or 8, so a code names one kind of pass. */
export const RECURRING_PASS_CODE_DIGITS = 7;

/**
 * A recurring pass's code as typed or read out, spaces and dashes removed, when it is one:
 * 7 digits (docs/operations.md#frequent-visitors; invitations have 6 or 8, `passCodeOf`); else
 * null.
 */
export function recurringPassCodeOf(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return digits.length === RECURRING_PASS_CODE_DIGITS && /^\d+$/.test(digits) ? digits : null;
}

/** docs/operations.md#frequent-visitors: a pass lasts at most 12 months. */
export const PASS_TOO_LONG_MESSAGE = 'A pass can last at most 12 months';
export const PASS_NO_WEEKDAY_MESSAGE = 'Choose at least one day';

/**
 * The last end date a pass starting on `startDate` (YYYY-MM-DD) may have
 * (docs/operations.md#frequent-visitors):
 * the same day of the month 12 months later, or that month's last day when the day does
 * not exist (2028-02-29 → 2029-02-28). Pure calendar arithmetic, no time zone.
 */
export function passLatestEndDate(startDate: string): string {
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${String(year + 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The ISO weekday name of a calendar date (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

const dateField = (requiredMessage: string, label: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => !isCalendarDate(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE);

const timeField = (requiredMessage: string, label: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).regex(TIME_PATTERN, `${label} must be a time (HH:MM)`);

/** Weekdays: at least one, each once, returned in week order. */
const weekdaysField = z
  .array(ZWeekday, { error: PASS_NO_WEEKDAY_MESSAGE })
  .min(1, PASS_NO_WEEKDAY_MESSAGE)
  .max(7, 'Invalid weekday')
  .transform((days) => WEEKDAYS.filter((day) => days.includes(day)));

const invitation = ZInviteVisitorRequest.shape;

/** The fields of a pass a create and an update share (docs/operations.md#frequent-visitors). */
const passFields = {
  name: invitation.name,
  phone: invitation.phone,
  email: invitation.email,
  purpose: invitation.purpose,
  vehicleLicensePlate: invitation.vehicleLicensePlate,
  weekdays: weekdaysField,
  timeFrom: timeField('Start time is required', 'Start time'),
  timeTo: timeField('End time is required', 'End time'),
  startDate: dateField('Start date is required', 'Start date'),
  endDate: dateField('End date is required', 'End date'),
  /**
   * Whether the pass's host is told each time its holder checks in and out (a notification,
   * and Web Push on their devices); off unless they turn it on.
   */
  notifyOnArrival: z.boolean({ error: 'notifyOnArrival must be true or false' }),
};

/** The cross-field rules of a pass: window order, date order, the 12-month limit. */
function checkPassRules(
  pass: { timeFrom?: string | undefined; timeTo?: string | undefined; startDate?: string | undefined; endDate?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (pass.timeFrom && pass.timeTo && TIME_PATTERN.test(pass.timeFrom) && TIME_PATTERN.test(pass.timeTo) && pass.timeFrom >= pass.timeTo) {
    context.addIssue({ code: 'custom', message: 'End time must be after start time', path: ['timeTo'] });
  }
  if (pass.startDate && pass.endDate && DATE_PATTERN.test(pass.startDate) && DATE_PATTERN.test(pass.endDate)) {
    if (pass.endDate < pass.startDate) {
      context.addIssue({ code: 'custom', message: 'End date must be on or after start date', path: ['endDate'] });
    } else if (pass.endDate > passLatestEndDate(pass.startDate)) {
      context.addIssue({ code: 'custom', message: PASS_TOO_LONG_MESSAGE, path: ['endDate'] });
    }
  }
}

/**
 * `passes.create` input and the create form (docs/operations.md#frequent-visitors): the
 * invitation's person
 * fields and house, the weekdays, the daily window and the dates.
 */
export const ZCreatePassRequest = z
  .object({
    name: passFields.name,
    phone: passFields.phone,
    email: passFields.email,
    purpose: passFields.purpose,
    vehicleLicensePlate: passFields.vehicleLicensePlate,
    houseId: invitation.houseId,
    weekdays: passFields.weekdays,
    timeFrom: passFields.timeFrom,
    timeTo: passFields.timeTo,
    startDate: passFields.startDate,
    endDate: passFields.endDate,
    notifyOnArrival: passFields.notifyOnArrival.default(false),
  })
  .superRefine(checkPassRules);
export type CreatePassRequest = z.input<typeof ZCreatePassRequest>;
export type CreatePassInput = z.output<typeof ZCreatePassRequest>;

/**
 * `passes.update` input (`PUT /api/passes/{id}`): any of the pass's fields; the ones given
 * replace the stored ones, and the result must pass the create's rules (the service checks
 * the merged pass). Optional text sent as empty or null is removed.
 */
export const ZUpdatePassRequest = z
  .object({
    id: idField('Pass not found'),
    name: passFields.name.optional(),
    phone: passFields.phone.optional(),
    email: passFields.email,
    purpose: passFields.purpose,
    vehicleLicensePlate: passFields.vehicleLicensePlate,
    weekdays: passFields.weekdays.optional(),
    timeFrom: passFields.timeFrom.optional(),
    timeTo: passFields.timeTo.optional(),
    startDate: passFields.startDate.optional(),
    endDate: passFields.endDate.optional(),
    notifyOnArrival: passFields.notifyOnArrival.optional(),
  })
  .superRefine(checkPassRules);
export type UpdatePassRequest = z.input<typeof ZUpdatePassRequest>;
export type UpdatePassInput = z.output<typeof ZUpdatePassRequest>;

/** YYYY-MM. */
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * `passes.byId` input: the pass and the month of attendance (YYYY-MM, from EARLIEST_DATE's
 * month to LATEST_DATE's; default the current month in the community zone).
 */
export const ZPassByIdRequest = z.object({
  id: idField('Pass not found'),
  month: z
    .string({ error: 'Month must be YYYY-MM' })
    .trim()
    .regex(MONTH_PATTERN, 'Month must be YYYY-MM')
    .refine((value) => !MONTH_PATTERN.test(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE)
    .optional(),
});
export type PassByIdRequest = z.input<typeof ZPassByIdRequest>;

/** `passes.list` input: limit, offset and an optional status (stored or derived). */
export const ZPassListRequest = z.object({ ...paginationFields, status: ZRecurringPassStatus.optional() });
export type PassListRequest = z.input<typeof ZPassListRequest>;

/** One check-in (and its check-out) of a pass (docs/operations.md#frequent-visitors). */
export const ZPassEntry = z.object({
  id: z.string(),
  checkInTime: z.string(),
  checkOutTime: z.string().nullable(),
  gate: ZGateRef.nullable(),
  checkOutGate: ZGateRef.nullable(),
  checkedInBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  checkedOutBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PassEntry = z.infer<typeof ZPassEntry>;

/** Pass JSON (docs/operations.md#frequent-visitors). */
export const ZRecurringPass = z.object({
  id: z.string(),
  kind: z.literal('recurring'),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  purpose: z.string().nullable(),
  vehicleLicensePlate: z.string().nullable(),
  houseId: ZHouseRef,
  hostId: z.object({ id: z.string(), name: z.string() }),
  weekdays: z.array(ZWeekday),
  timeFrom: z.string(),
  timeTo: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: ZRecurringPassStatus,
  qrCodeToken: z.string(),
  /** 7 digits (invitations have 6 or 8). */
  passCode: z.string(),
  qrCodeDataUrl: z.string(),
  /** Whether the pass is inside now (an entry without a check-out). */
  inside: z.boolean(),
  /** Whether the host is told when the holder arrives and leaves (off by default). */
  notifyOnArrival: z.boolean(),
  createdAt: z.string(),
});
export type RecurringPass = z.infer<typeof ZRecurringPass>;

/** A pass with the entries of one month, newest first (`month`: YYYY-MM). */
export const ZRecurringPassWithEntries = ZRecurringPass.extend({ month: z.string(), entries: z.array(ZPassEntry) });
export type RecurringPassWithEntries = z.infer<typeof ZRecurringPassWithEntries>;

export const ZPassListResponse = z.object({ items: z.array(ZRecurringPass), total: z.number().int() });
export type PassListResponse = z.infer<typeof ZPassListResponse>;

/**
 * A recurring pass as the scan answers it: with its entries and `blocklisted: {reason} | null`
 * (docs/operations.md#blocklist).
 */
export const ZScannedRecurringPass = ZRecurringPassWithEntries.extend({ blocklisted: ZBlocklisted });
export type ScannedRecurringPass = z.infer<typeof ZScannedRecurringPass>;

/**
 * What the gate's scan, check-in and check-out answer: an invitation or walk-in (the
 * visitor JSON, unchanged) or a recurring pass with its entries of the current month.
 */
export const ZGateSubject = z.union([ZVisitor, ZRecurringPassWithEntries]);
export type GateSubject = z.infer<typeof ZGateSubject>;

/** Whether a gate answer is a recurring pass. */
export const isRecurringPass = (subject: GateSubject): subject is RecurringPassWithEntries => subject.kind === 'recurring';
