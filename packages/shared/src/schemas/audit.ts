/** The audit log and a visitor's Activity Log (docs/product.md#screens-and-routes). */
import { z } from 'zod';

import { paginationFields, uuidField } from './fields';
import { ZGateRef } from './gates';
import { DATE_RANGE_ORDER_MESSAGE, dateRangeFields, isOrderedRange } from './visitors';

/** The actions the audit log records (the database's CHECK constraint lists the same). */
export const AUDIT_ACTION_NAMES = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-up',
  'auth.sign-out',
  'auth.sessions-revoked',
  'auth.password-changed',
  'auth.sign-up-refused',
  'auth.rate-limited',
  'access.denied',
  'user.created',
  'user.updated',
  'user.role-changed',
  'user.deactivated',
  'user.reactivated',
  'visitor.invited',
  'visitor.scanned',
  'visitor.checked-in',
  'visitor.checked-out',
  'visitor.cancelled',
  'visitor.scan-failed',
  'visitor.walked-in',
  'visitor.approved',
  'visitor.rejected',
  'visitor.photo-added',
  'house.created',
  'house.updated',
  'house.deleted',
  'house.resident-added',
  'house.resident-removed',
  'payment.created',
  'payment.updated',
  'payment.completed',
  'payment.failed',
  // docs/gate.md#recording-moves-offline: the Needs review list.
  'gate.review-opened',
  'gate.review-dismissed',
  'gate.review-recorded',
  // docs/api.md#webhooks: webhooks.
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.delivery-resent',
  // docs/api.md#api-tokens: API tokens.
  'api-token.created',
  'api-token.revoked',
  // docs/privacy.md#retention-and-erasure: the retention job's run (ids only) and an admin's erase
  // of one visitor.
  'visitor.anonymised',
  'visitor.erased',
  // docs/operations.md#blocklist: the blocklist, and a check-in it refused (the entry's id and
  // reason).
  'blocklist.added',
  'blocklist.removed',
  'visitor.blocklist-refused',
  // docs/operations.md#frequent-visitors: recurring passes (target_type 'pass').
  'pass.created',
  'pass.updated',
  'pass.paused',
  'pass.resumed',
  'pass.cancelled',
  'pass.scanned',
  'pass.checked-in',
  'pass.checked-out',
  // docs/operations.md#gates: gates.
  'gate.created',
  'gate.updated',
  // docs/api.md#operators: an operator's changes to a community (target_type 'community').
  'community.created',
  'community.updated',
  'community.suspended',
  'community.resumed',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTION_NAMES, { error: 'Invalid action' });
export type AuditAction = z.infer<typeof ZAuditAction>;

/** What an audit row may be about (`targetType`); the rows of sign-ins and failed scans name none. */
export const AUDIT_TARGET_TYPES = [
  'visitor',
  'pass',
  'user',
  'house',
  'payment',
  'gate',
  'gate-review',
  'blocklist-entry',
  'api-token',
  'webhook',
  'session',
  'community',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export const ZAuditTargetType = z.enum(AUDIT_TARGET_TYPES, { error: 'Invalid target type' });

/**
 * The audit log's filters (the list and its CSV export): `action`; `actorId`, who acted;
 * `targetType` and/or `targetId`, what it was about; `apiTokenId`, calls made with that API
 * token (docs/api.md#api-tokens).
 */
export const ZAuditFilterFields = {
  action: ZAuditAction.optional(),
  actorId: uuidField('Invalid actor').optional(),
  targetType: ZAuditTargetType.optional(),
  targetId: uuidField('Invalid target').optional(),
  /** docs/api.md#api-tokens: only the events of calls made with this API token. */
  apiTokenId: uuidField('Invalid API token').optional(),
};

/**
 * `audit.list` input (admin): limit, offset, the filters (`ZAuditFilterFields`) and `from`/`to`,
 * the events' days in the community's zone (inclusive, either end optional). Newest first.
 */
export const ZAuditListRequest = z
  .object({
    ...paginationFields,
    ...ZAuditFilterFields,
    ...dateRangeFields,
  })
  .refine(isOrderedRange, { message: DATE_RANGE_ORDER_MESSAGE, path: ['from'] });
export type AuditListRequest = z.input<typeof ZAuditListRequest>;
/** The audit log's filters as parsed (list and export alike). */
export type AuditFilters = Partial<Omit<z.output<typeof ZAuditListRequest>, 'limit' | 'offset'>>;

/** An audit event as admins see it. */
export const ZAuditEvent = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: ZAuditAction,
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  actorEmail: z.string().nullable(),
  /**
   * The API token the call was made with (docs/api.md#api-tokens); null for a sign-in session's
   * call.
   */
  apiToken: z.object({ id: z.string(), name: z.string() }).nullable(),
  ipAddress: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /**
   * What the target is called now (a visitor's or user's name, a house's `A-101`, a gate's
   * name…), for the audit screen; null when it is gone or has no name (a session).
   */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditListResponse = z.object({ items: z.array(ZAuditEvent), total: z.number().int() });

/**
 * One line of a visitor's Activity Log: what happened, when, by whom, with the guard's
 * notes (or a decision's reason); a check-in or check-out also names its gate
 * (docs/operations.md#gates; null when none was recorded).
 */
export const ZVisitorActivityEntry = z.object({
  at: z.string(),
  action: z.enum(['invited', 'walked-in', 'approved', 'rejected', 'scanned', 'checked-in', 'checked-out', 'cancelled']),
  by: z.string().nullable(),
  notes: z.string().nullable(),
  gate: ZGateRef.nullable(),
});
export type VisitorActivityEntry = z.infer<typeof ZVisitorActivityEntry>;
export const ZVisitorActivityResponse = z.object({ items: z.array(ZVisitorActivityEntry) });
