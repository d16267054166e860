/**
 * The community blocklist (docs/operations.md#blocklist): admins list people who may not enter, by
 * phone
 * number and/or licence plate, with a name and a reason. The gate sees the reason of a
 * match (`blocklisted`) on a scan, a walk-in and a refused check-in; never who added it.
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { idField, isValidPhone, optionalText, paginationFields, requiredText } from './fields';
import { normalizeLicensePlate } from './vehicles';
import { ZGateRef } from './gates';
import { ZVisitor } from './visitors';

/** The longest reason an entry may carry. */
export const BLOCKLIST_REASON_MAX = 500;

/** docs/operations.md#blocklist: an entry needs something the gate can match it on. */
export const BLOCKLIST_MATCH_REQUIRED_MESSAGE = 'Give a phone number or a licence plate';
/**
 * docs/operations.md#blocklist: the 409 of a check-in of a blocklisted visitor (code BLOCKLISTED).
 */
export const BLOCKLISTED_MESSAGE = 'This visitor is on the community blocklist';
/** An admin's override of the blocklist must say why. */
export const OVERRIDE_NOTES_REQUIRED_MESSAGE = 'Notes are required to override the blocklist';
/** A guard cannot override the blocklist (docs/operations.md#blocklist: 403). */
export const OVERRIDE_FORBIDDEN_MESSAGE = 'Only an admin can override the blocklist';

/**
 * `blocklist.create` input (`POST /api/blocklist`). `phone` is validated and stored as a
 * visitor's phone is (docs/product.md#forms-and-their-messages: trimmed; spaces and dashes are
 * ignored when matching),
 * `licensePlate` as a visitor's plate (trimmed, upper-cased, inner spaces collapsed);
 * empty ones are absent. At least one of them: 400 `Give a phone number or a licence plate`.
 */
export const ZCreateBlocklistEntryRequest = z
  .object({
    name: requiredText('Name', MAX_LENGTH.name, 'Name is required'),
    phone: optionalText('Phone number', MAX_LENGTH.phone).refine(
      (value) => value === undefined || isValidPhone(value),
      'Invalid phone number format',
    ),
    licensePlate: optionalText('Licence plate', MAX_LENGTH.licensePlate).transform((value) =>
      value === undefined ? undefined : normalizeLicensePlate(value),
    ),
    reason: requiredText('Reason', BLOCKLIST_REASON_MAX, 'Reason is required'),
  })
  .refine((entry) => entry.phone !== undefined || entry.licensePlate !== undefined, {
    message: BLOCKLIST_MATCH_REQUIRED_MESSAGE,
    path: ['phone'],
  });
export type CreateBlocklistEntryRequest = z.input<typeof ZCreateBlocklistEntryRequest>;
export type CreateBlocklistEntryInput = z.output<typeof ZCreateBlocklistEntryRequest>;

/** `blocklist.list` input: a page (limit 1..100, default 50; offset). */
export const ZBlocklistListRequest = z.object({ ...paginationFields });
export type BlocklistListRequest = z.input<typeof ZBlocklistListRequest>;

/** `blocklist.remove` input (`DELETE /api/blocklist/{id}`). */
export const ZBlocklistByIdRequest = z.object({ id: idField('Blocklist entry not found') });

/**
 * A blocklist entry as admins see it (docs/operations.md#blocklist): who added it and when
 * included.
 */
export const ZBlocklistEntry = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  licensePlate: z.string().nullable(),
  reason: z.string(),
  addedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BlocklistEntry = z.infer<typeof ZBlocklistEntry>;

export const ZBlocklistListResponse = z.object({ items: z.array(ZBlocklistEntry), total: z.number().int() });
export type BlocklistListResponse = z.infer<typeof ZBlocklistListResponse>;

/** `blocklist.remove` output: the id removed. */
export const ZBlocklistRemoveResponse = z.object({ id: z.string() });

/**
 * What the gate is told of a match (docs/operations.md#blocklist): the reason only, never who added
 * the
 * entry; null when the visitor's phone and plate are on no entry.
 */
export const ZBlocklisted = z.object({ reason: z.string() }).nullable();
export type Blocklisted = z.infer<typeof ZBlocklisted>;

/**
 * The scan's and the walk-in's answer (docs/operations.md#blocklist): the visitor JSON plus
 * `blocklisted`,
 * so the guard sees the warning before anyone opens the gate.
 */
export const ZGateVisitor = ZVisitor.extend({ blocklisted: ZBlocklisted });
export type GateVisitor = z.infer<typeof ZGateVisitor>;

/**
 * One check-in the blocklist refused, as a visitor's page lists them (from its audit row
 * `visitor.blocklist-refused`): when, at which gate (null when none was recorded), by whom
 * (the guard or admin at the gate; null once that account is gone) and the entry's reason.
 */
export const ZBlocklistRefusal = z.object({
  at: z.string(),
  gate: ZGateRef.nullable(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string(),
});
export type BlocklistRefusal = z.infer<typeof ZBlocklistRefusal>;

/** `visitors.blocklistRefusals` output: every refusal of the visitor, newest first. */
export const ZBlocklistRefusalListResponse = z.object({ items: z.array(ZBlocklistRefusal) });
export type BlocklistRefusalListResponse = z.infer<typeof ZBlocklistRefusalListResponse>;
