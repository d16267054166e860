/**
 * Visitor invitation schemas (docs/api.md#objects, docs/product.md#forms-and-their-messages;
 * docs/api.md#visitors-and-their-statuses).
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { VISITOR_KINDS, VISITOR_STATUSES } from '../enums';
import { ZHouseRef } from './auth';
import { gateIdField, ZGateRef } from './gates';
import {
  DATE_OUT_OF_RANGE_MESSAGE,
  DATE_PATTERN,
  EMAIL_PATTERN,
  TIME_PATTERN,
  idField,
  isDateInRange,
  isStorableText,
  occurredAtField,
  optionalText,
  paginationFields,
  phoneField,
  requiredText,
  searchField,
  tooLongMessage,
  uuidField,
} from './fields';

export const ZVisitorStatus = z.enum(VISITOR_STATUSES, { error: 'Invalid status' });

/** Whether a YYYY-MM-DD string names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const timeField = (requiredMessage: string, label: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(TIME_PATTERN, `${label} must be a time (HH:MM)`);

/**
 * Who a visitor is and whom they visit: the fields an invitation and a walk-in share
 * (docs/product.md#forms-and-their-messages). Empty optional ones are dropped; the plate is
 * upper-cased.
 */
const visitorFields = {
  name: requiredText('Name', MAX_LENGTH.name, 'Visitor name is required'),
  phone: phoneField,
  purpose: optionalText('Purpose', MAX_LENGTH.purpose),
  vehicleLicensePlate: optionalText('Vehicle license plate', MAX_LENGTH.licensePlate).transform(
    (value) => value?.toUpperCase().replace(/\s+/g, ' '),
  ),
  houseId: idField('Please select a house'),
};

/**
 * The invitation form and `visitors.invite` input (docs/product.md#forms-and-their-messages).
 * Optional email,
 * purpose and plate: empty ones are dropped; the plate is upper-cased.
 */
export const ZInviteVisitorRequest = z
  .object({
    // In the form's order: the first invalid field's message is the one shown.
    name: visitorFields.name,
    phone: visitorFields.phone,
    email: z
      .string({ error: 'Invalid email format' })
      .trim()
      .max(MAX_LENGTH.email, tooLongMessage('Email', MAX_LENGTH.email))
      .refine((value) => value === '' || (EMAIL_PATTERN.test(value) && isStorableText(value)), 'Invalid email format')
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : undefined)),
    purpose: visitorFields.purpose,
    vehicleLicensePlate: visitorFields.vehicleLicensePlate,
    houseId: visitorFields.houseId,
    visitDate: z
      .string({ error: 'Visit date is required' })
      .trim()
      .min(1, 'Visit date is required')
      .refine(isCalendarDate, 'Visit date must be a date (YYYY-MM-DD)'),
    visitTimeFrom: timeField('Start time is required', 'Start time'),
    visitTimeTo: timeField('End time is required', 'End time'),
  })
  .refine((invite) => invite.visitTimeFrom < invite.visitTimeTo, {
    message: 'End time must be after start time',
    path: ['visitTimeTo'],
  });
export type InviteVisitorRequest = z.input<typeof ZInviteVisitorRequest>;
export type InviteVisitorInput = z.output<typeof ZInviteVisitorRequest>;

/**
 * A walk-in registered at the gate (docs/gate.md#walk-ins) and `visitors.walkIn` input: validated
 * as an invitation, without dates (a walk-in is for today, from now to 23:59).
 */
export const ZWalkInRequest = z.object(visitorFields);
export type WalkInRequest = z.input<typeof ZWalkInRequest>;
export type WalkInInput = z.output<typeof ZWalkInRequest>;

/** The longest reason a decision on a walk-in may carry (docs/gate.md#walk-ins). */
export const DECISION_REASON_MAX = 200;

/** The largest photo of a visitor, in bytes: 200 KB (docs/gate.md#walk-ins). */
export const PHOTO_MAX_BYTES = 200 * 1024;
/**
 * The answer to a photo that is not a JPEG, too large, or sent as another type
 * (docs/gate.md#walk-ins).
 */
export const PHOTO_MESSAGE = 'Photo must be a JPEG of at most 200 KB';

/**
 * `visitors.putPhoto` input: the visitor and the JPEG's bytes. Over REST the bytes are the
 * request body itself (`PUT /api/visitors/{id}/photo`, `Content-Type: image/jpeg`); the
 * service checks size and type.
 */
export const ZPutPhotoRequest = z.object({
  id: idField('Visitor not found'),
  jpeg: z.instanceof(Uint8Array, { error: PHOTO_MESSAGE }),
});

/**
 * `visitors.approve` / `visitors.reject` input (docs/gate.md#walk-ins): the visitor and an optional
 * reason, trimmed, at most 200 characters; empty is no reason.
 */
export const ZDecisionRequest = z.object({
  id: idField('Visitor not found'),
  reason: optionalText('Reason', DECISION_REASON_MAX),
});
export type DecisionRequest = z.input<typeof ZDecisionRequest>;

export const ZVisitorKind = z.enum(VISITOR_KINDS);

/** Visitor JSON (docs/api.md#objects, docs/api.md#visitors-and-their-statuses). */
export const ZVisitor = z.object({
  id: z.string(),
  /** "Visitor" once anonymised (docs/privacy.md#retention-and-erasure; `anonymisedAt` says so). */
  name: z.string(),
  /** Null only once anonymised (docs/privacy.md#retention-and-erasure). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  purpose: z.string().nullable(),
  vehicleLicensePlate: z.string().nullable(),
  houseId: ZHouseRef,
  /** Null for a walk-in until a resident decides (then that resident). */
  hostId: z.object({ id: z.string(), name: z.string() }).nullable(),
  visitDate: z.string(),
  visitTimeFrom: z.string(),
  visitTimeTo: z.string(),
  status: ZVisitorStatus,
  qrCodeDataUrl: z.string(),
  qrCodeToken: z.string(),
  /**
   * 6 digits (8 in a community with over 100,000 open passes), leading zeros kept
   * (docs/gate.md#verifying-a-pass).
   */
  passCode: z.string(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** docs/gate.md#walk-ins. */
  kind: ZVisitorKind,
  hasPhoto: z.boolean(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /**
   * When the visitor's personal data was removed (docs/privacy.md#retention-and-erasure: the
   * retention job or an
   * admin's erase), else null: the name then reads "Visitor" and is no one's real name.
   */
  anonymisedAt: z.string().nullable(),
  /**
   * docs/operations.md#gates: the gate of the check-in and of the check-out, `{id, name}`, or null
   * (none recorded).
   */
  checkInGate: ZGateRef.nullable(),
  checkOutGate: ZGateRef.nullable(),
});
export type Visitor = z.infer<typeof ZVisitor>;

/** `from` after `to` in a date range (the lists' filters, the exports, the audit log). */
export const DATE_RANGE_ORDER_MESSAGE = 'The start date must not be after the end date';

/** A `from`/`to` query parameter: YYYY-MM-DD, a real day from EARLIEST_DATE to LATEST_DATE; empty means none. */
export const dateQueryField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), message)
    .refine((value) => !isCalendarDate(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE)
    .optional()
    .transform((value) => (value ? value : undefined));

/** An inclusive range of community dates, either end optional: `from`, `to`. */
export const dateRangeFields = {
  from: dateQueryField('From must be a date (YYYY-MM-DD)'),
  to: dateQueryField('To must be a date (YYYY-MM-DD)'),
};

/** Both dates given: `from` must not be after `to`. */
export const isOrderedRange = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to;

/**
 * The filters every visitor list takes (and the visitor export, which exports what the list
 * shows): `status`; `from`/`to` on the visit date (inclusive, either end optional); `houseId`;
 * `gateId` (the visits checked in or out at that gate); `q`, a search of the name, phone or
 * plate (a fragment, case-insensitive) or of the house (its number, or block and number as
 * `A-101`, `A 101` or `A101`). A resident's filters narrow their own reach, never widen it.
 */
export const visitorFilterFields = {
  status: ZVisitorStatus.optional(),
  ...dateRangeFields,
  houseId: uuidField('Invalid house').optional(),
  gateId: uuidField('Invalid gate').optional(),
  q: searchField,
};

/**
 * `visitors.list` and `visitors.myInvitations` input: limit, offset and the list filters
 * (`visitorFilterFields`). Pages come nearest visit first: today's visits (by start time),
 * then the upcoming ones (soonest first), then past ones (latest first); `status=checked-in`
 * by check-in time, newest first.
 */
export const ZVisitorListRequest = z
  .object({
    ...paginationFields,
    ...visitorFilterFields,
  })
  .refine(isOrderedRange, { message: DATE_RANGE_ORDER_MESSAGE, path: ['from'] });
export type VisitorListRequest = z.input<typeof ZVisitorListRequest>;
export type VisitorListInput = z.output<typeof ZVisitorListRequest>;
/** The filters of a visitor list, as parsed. */
export type VisitorListFilters = Partial<Omit<VisitorListInput, 'limit' | 'offset'>>;

/** A page of visitors: the rows and the full count (REST puts it in X-Total-Count). */
export const ZVisitorListResponse = z.object({ items: z.array(ZVisitor), total: z.number().int() });
export type VisitorListResponse = z.infer<typeof ZVisitorListResponse>;

/**
 * A visitor in the web app's lists: the visitor without its pass (no QR image, no token)
 * and without a walk-in's decision (who, when, why), about a sixth of the size; both are
 * fetched where they are shown (docs/performance.md#the-targets: at most 600 bytes a row).
 */
export const ZVisitorSummary = ZVisitor.omit({
  qrCodeDataUrl: true,
  qrCodeToken: true,
  passCode: true,
  decidedBy: true,
  decidedAt: true,
  decisionReason: true,
  // docs/operations.md#gates: the gates are on the visitor's page, not in the lists (bytes per
  // row).
  checkInGate: true,
  checkOutGate: true,
});
export type VisitorSummary = z.infer<typeof ZVisitorSummary>;

/** A page of visitor summaries and the full count. */
export const ZVisitorSummaryListResponse = z.object({ items: z.array(ZVisitorSummary), total: z.number().int() });
export type VisitorSummaryListResponse = z.infer<typeof ZVisitorSummaryListResponse>;

/** An object addressed by id (path parameter). */
export const ZByIdRequest = z.object({ id: idField('Not found') });

/**
 * The scan form and `visitors.scan` input: the token is trimmed
 * (docs/product.md#forms-and-their-messages). Its
 * value is a pass token or a pass code (docs/gate.md#verifying-a-pass: spaces in a code are
 * ignored).
 */
export const ZScanRequest = z.object({
  token: z
    .string({ error: 'Please enter a token' })
    .trim()
    .min(1, 'Please enter a token'),
});
export type ScanRequest = z.input<typeof ZScanRequest>;

/**
 * `visitors.checkIn` / `visitors.checkOut` input (docs/api.md#visitors-and-their-statuses).
 * `occurredAt`
 * (docs/gate.md#recording-moves-offline): when a move recorded offline by the gate happened, an ISO
 * 8601 instant
 * with an offset; absent (or null) for a move made now.
 */
export const ZGateTransitionRequest = z.object({
  visitorId: idField('Visitor id is required'),
  notes: optionalText('Notes', MAX_LENGTH.notes),
  occurredAt: occurredAtField.nullish().transform((value) => value ?? undefined),
  /**
   * docs/operations.md#gates: the gate of the move (the tablet's chosen gate), offline replays too;
   * absent or null: the only active gate, if there is exactly one. Not a uuid, unknown or
   * inactive: 400 `Unknown gate`.
   */
  gateId: gateIdField,
  /**
   * docs/operations.md#blocklist: an admin checks in a blocklisted visitor all the same (`notes`
   * required
   * then); a guard's override is 403. Ignored by a check-out.
   */
  override: z.boolean({ error: 'override must be true or false' }).nullish().transform((value) => value ?? undefined),
});
export type GateTransitionRequest = z.input<typeof ZGateTransitionRequest>;

/**
 * `visitors.events` input (docs/gate.md#live-updates): the id of the last event received, to resume
 * (tRPC's SSE link fills it in on reconnect; REST sends the `Last-Event-ID` header).
 */
export const ZVisitorEventsRequest = z.object({
  lastEventId: z.string().max(40).nullish(),
});
export type VisitorEventsRequest = z.input<typeof ZVisitorEventsRequest>;

/**
 * What a live-update stream carries (docs/gate.md#live-updates): a visitor event, or `reset`
 * (refetch everything).
 */
export type VisitorStreamEvent =
  | { type: 'visitor.created' | 'visitor.updated'; visitor: Visitor }
  | { type: 'reset' };

/**
 * `visitors.settings` output: the community's gate settings the web app needs to show
 * times and count-downs as the server judges them (docs/configuration.md#environment-variables,
 * docs/configuration.md#environment-variables).
 */
export const ZGateSettings = z.object({
  /** The community's name (COMMUNITY_NAME), printed on the passes residents share. */
  communityName: z.string(),
  timeZone: z.string(),
  earlyCheckinMinutes: z.number().int(),
  walkinApprovalMinutes: z.number().int(),
  walkinEscalateSeconds: z.number().int(),
  overstayGraceMinutes: z.number().int(),
});
export type GateSettings = z.output<typeof ZGateSettings>;

