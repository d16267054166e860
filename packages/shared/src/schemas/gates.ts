/**
 * Gates (docs/operations.md#gates): the community's entrances, which admins name and switch on or
 * off, and which every check-in and check-out records. The admin screen and the
 * procedures share these schemas and their messages.
 */
import { z } from 'zod';

import { idField, requiredText, uuidField } from './fields';

/** The longest gate name (a sign on a post, not a paragraph). */
export const GATE_NAME_MAX = 60;

/** The most gates a community keeps (the list is answered whole, never paged). */
export const GATES_MAX = 200;

/**
 * docs/operations.md#gates: an unknown or inactive `gateId` on a check-in or check-out (400,
 * details on `gateId`).
 */
export const UNKNOWN_GATE_MESSAGE = 'Unknown gate';

/** A second gate with the same name, whatever its case (409). */
export const GATE_NAME_TAKEN_MESSAGE = 'A gate with this name already exists';

/** Too many gates (409). */
export const TOO_MANY_GATES_MESSAGE = 'A community can have at most 200 gates';

/** A gate name: trimmed, 1 to 60 characters (`Gate name is required`). */
export const gateNameField = requiredText('Gate name', GATE_NAME_MAX, 'Gate name is required');

/**
 * The gate of a check-in or check-out (docs/operations.md#gates): a gate's id, or absent/null for
 * "the only active gate, if there is exactly one". Anything but a uuid is 400 `Unknown gate`.
 */
export const gateIdField = uuidField(UNKNOWN_GATE_MESSAGE)
  .nullish()
  .transform((value) => value ?? undefined);

/** `gates.create` input (`POST /api/gates`, admin): `{name}`. */
export const ZCreateGateRequest = z.object({ name: gateNameField });
export type CreateGateRequest = z.input<typeof ZCreateGateRequest>;

/**
 * `gates.update` input (`PUT /api/gates/{id}`, admin): `{name?, isActive?}`, partial
 * (docs/api.md#the-envelope).
 */
export const ZUpdateGateRequest = z.object({
  id: idField('Gate not found'),
  name: gateNameField.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateGateRequest = z.input<typeof ZUpdateGateRequest>;

/** `gates.list` input (`GET /api/gates`): nothing (every gate, by name). */
export const ZGateListRequest = z.object({}).optional();

/** A gate as stored. */
export const ZGate = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gate = z.infer<typeof ZGate>;

/** Every gate, active and inactive, by name; `total` is their number (REST: X-Total-Count). */
export const ZGateListResponse = z.object({ items: z.array(ZGate), total: z.number().int() });
export type GateListResponse = z.infer<typeof ZGateListResponse>;

/** A gate where a visitor came in or left (visitor JSON, pass entries, Inside now): `{id, name}`. */
export const ZGateRef = z.object({ id: z.string(), name: z.string() });
export type GateRef = z.infer<typeof ZGateRef>;
