/**
 * What an error answer says besides its English text, so that a client can word it in its
 * own language.
 *
 * - VALIDATION_FAILED: `details` is an array `[{path, message}]`, one item per field at
 *   fault (the message is the English text; clients translate it by its exact words).
 * - A refusal whose sentence names values (`Visitor cannot be checked in: status is
 *   checked-out`, `This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM`,
 *   `Too many attempts, try again in 30 s`, …): `details` is an object, `reason` a stable
 *   key naming the sentence and the values the sentence names, raw: statuses and moves as
 *   the API spells them, dates YYYY-MM-DD, times HH:MM (the community's wall clock),
 *   numbers as numbers. E.g. `{reason: "visit-window", date: "2026-11-22", from: "09:00",
 *   to: "17:00"}`. The English `error` text stays as it was.
 * - A refusal of fixed words (`Visitor not found`) has no `details`: its text is the key.
 *
 * Browser-safe, and kept apart from the schemas of the screens (imported by type there), so
 * that a page which never shows a refusal does not load these schemas.
 */
import { z } from 'zod';

import { PAYMENT_STATUSES, ROLES, VISITOR_STATUSES } from '../enums';
import type { GateReviewStatus } from './gate';
import type { RecurringPassStatus, Weekday } from './passes';
import { DATE_PATTERN, TIME_PATTERN } from './fields';

// The lists of the passes and gate schemas, spelled here too: those modules import this one
// (a review stores a refusal), and a module cycle would read them before they exist.
const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies readonly Weekday[];
const PASS_STATUS_KEYS = ['active', 'paused', 'cancelled', 'ended'] as const satisfies readonly RecurringPassStatus[];
const REVIEW_STATUS_KEYS = ['open', 'dismissed', 'recorded'] as const satisfies readonly GateReviewStatus[];

/** A visitor's moves a status may forbid (`Visitor cannot be {move}: status is {status}`). */
export const VISITOR_REFUSAL_MOVES = ['approve', 'reject', 'cancel', 'check-in', 'check-out', 'expire'] as const;
/** A recurring pass's moves a status may forbid (`Pass cannot be {move}: status is {status}`). */
export const PASS_REFUSAL_MOVES = ['pause', 'resume', 'cancel', 'check-in', 'check-out', 'update'] as const;
/** A payment's moves, allowed while pending only (`Payment cannot be {move}: status is {status}`). */
export const PAYMENT_REFUSAL_MOVES = ['edit', 'complete', 'fail'] as const;
/** A gate review's moves, allowed while open only (`Review cannot be {move}: status is {status}`). */
export const REVIEW_REFUSAL_MOVES = ['dismiss', 'record'] as const;

/** The one message of details that are neither (a review is given them by the gate). */
export const ERROR_DETAILS_MESSAGE = 'Details must be the fields at fault or a refusal’s values';
const invalid = { error: ERROR_DETAILS_MESSAGE };

const date = z.string(invalid).regex(DATE_PATTERN, invalid);
const time = z.string(invalid).regex(TIME_PATTERN, invalid);
const seconds = z.number(invalid).int(invalid).min(1, invalid);
/** A name, plate or number as typed (bounded: a review stores what it is given). */
const word = z.string(invalid).max(100, invalid);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, invalid);

/** One refusal's values: an object of `reason` and `values`. */
const refusal = <const R extends string, V extends z.ZodRawShape>(reason: R, values: V) =>
  z.object({ reason: z.literal(reason, invalid), ...values }, invalid);

/** One refusal's details: `reason` and the values its sentence names (see the file's comment). */
export const ZRefusalDetails = z.discriminatedUnion(
  'reason',
  [
    /** `Visitor cannot be checked in: status is checked-out`. */
    refusal('visitor-status', { move: oneOf(VISITOR_REFUSAL_MOVES), status: oneOf(VISITOR_STATUSES) }),
    /** `This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM` (a check-in outside the visit window). */
    refusal('visit-window', { date, from: time, to: time }),
    /** `Pass cannot be paused: status is cancelled` (a recurring pass). */
    refusal('pass-status', { move: oneOf(PASS_REFUSAL_MOVES), status: oneOf(PASS_STATUS_KEYS) }),
    /** `This pass is valid on Mon, Wed, Fri from 9:00 AM to 5:00 PM, Nov 1, 2026 to Nov 30, 2027`. */
    refusal('pass-window', {
      weekdays: z.array(oneOf(WEEKDAY_KEYS), invalid).max(7, invalid),
      from: time,
      to: time,
      startDate: date,
      endDate: date,
    }),
    /** `Payment cannot be completed: status is failed`. */
    refusal('payment-status', { move: oneOf(PAYMENT_REFUSAL_MOVES), status: oneOf(PAYMENT_STATUSES) }),
    /** `Review cannot be dismissed: status is recorded`. */
    refusal('review-status', { move: oneOf(REVIEW_REFUSAL_MOVES), status: oneOf(REVIEW_STATUS_KEYS) }),
    /** `A photo can be added only while the visitor is pending or approved: status is checked-in`. */
    refusal('photo-status', { status: oneOf(VISITOR_STATUSES) }),
    /** `Too many failed scans, try again in 42 s` (also `Retry-After`). */
    refusal('failed-scans', { seconds }),
    /** `Too many attempts, try again in 42 s`: sign-in, sign-up (also `Retry-After`). */
    refusal('too-many-attempts', { seconds }),
    /** `Too many requests, try again in 42 s`: the general limit of the API (also `Retry-After`). */
    refusal('too-many-requests', { seconds }),
    /** `License plate ABC 123 is already registered`. */
    refusal('plate-taken', { plate: word }),
    /** `House 101 already exists in block A`. */
    refusal('house-taken', { houseNumber: word, block: word }),
    /** `Only guards and admins can do this`: the roles that may (as the API spells them). */
    refusal('role', { roles: z.array(oneOf(ROLES), invalid).min(1, invalid).max(ROLES.length, invalid) }),
    /**
     * `Check-in cannot be before Nov 22, 2026 at 9:00 AM, when the invitation was created`: a
     * check-in the gate dated (`occurredAt`) before the visitor existed; for a walk-in, before
     * it was approved (`check-in-before-approval`); for a recurring pass, before the pass was
     * made (`check-in-before-pass`).
     */
    refusal('check-in-before-invitation', { date, time }),
    refusal('check-in-before-approval', { date, time }),
    refusal('check-in-before-pass', { date, time }),
  ],
  invalid,
);
export type RefusalDetails = z.infer<typeof ZRefusalDetails>;
export type RefusalReason = RefusalDetails['reason'];

/** Every refusal reason, in the order of `ZRefusalDetails`. */
export const REFUSAL_REASONS = ZRefusalDetails.options.map((option) => option.shape.reason.value) as readonly RefusalReason[];

/** The values of the refusal `reason` (everything of its details but `reason`). */
export type RefusalValues<R extends RefusalReason> = Omit<Extract<RefusalDetails, { reason: R }>, 'reason'>;

/** One field at fault of a VALIDATION_FAILED answer. */
export const ZFieldErrorDetail = z.object({ path: z.string(invalid).max(200, invalid), message: z.string(invalid).max(500, invalid) }, invalid);
export type FieldErrorDetail = z.infer<typeof ZFieldErrorDetail>;

/** An error answer's `details`: the fields at fault (VALIDATION_FAILED), or a refusal's values. */
export const ZErrorDetails = z.union([z.array(ZFieldErrorDetail, invalid).max(100, invalid), ZRefusalDetails], invalid);
export type ErrorDetails = z.infer<typeof ZErrorDetails>;

