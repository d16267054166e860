/** The gate working offline (offline-gate.md): the gate pack (§2) and the Needs review list (§3). */
import { z } from 'zod';

import { ZVisitorKind } from './visitors';

// The gate pack (offline-gate §2) -----------------------------------------------------------

/** A `since` that is not a cursor the gate pack gave. */
export const GATE_PACK_CURSOR_MESSAGE = 'since must be a cursor from the gate pack';

/** The longest cursor the server makes is well under this; longer is not one of its cursors. */
const GATE_PACK_CURSOR_MAX = 200;

/**
 * `gate.pack` input (`GET /api/gate/pack?since=cursor`): without `since` (or with it
 * empty) the whole pack; with the cursor of an earlier pack, what changed since.
 */
export const ZGatePackRequest = z.object({
  since: z
    .string({ error: GATE_PACK_CURSOR_MESSAGE })
    .trim()
    .max(GATE_PACK_CURSOR_MAX, GATE_PACK_CURSOR_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : undefined)),
});
export type GatePackRequest = z.input<typeof ZGatePackRequest>;

/** The statuses of a visitor in the pack: one that may enter, or one inside who may leave. */
export const GATE_PACK_STATUSES = ['approved', 'checked-in'] as const;

/**
 * A pass as the gate keeps it offline (offline-gate §2): enough to verify it and to show
 * who it is, never the token or code themselves (their SHA-256, lowercase hex, of the
 * UTF-8 text), a phone number or an e-mail.
 */
export const ZGatePackItem = z.object({
  id: z.string(),
  /** SHA-256 of the pass token. */
  tokenHash: z.string(),
  /** SHA-256 of the pass code's digits. */
  passCodeHash: z.string(),
  name: z.string(),
  house: z.object({ houseNumber: z.string(), block: z.string() }),
  kind: ZVisitorKind,
  visitDate: z.string(),
  visitTimeFrom: z.string(),
  visitTimeTo: z.string(),
  status: z.enum(GATE_PACK_STATUSES),
  vehicleLicensePlate: z.string().nullable(),
  updatedAt: z.string(),
});
export type GatePackItem = z.infer<typeof ZGatePackItem>;

/**
 * `gate.pack` output: the passes that can still enter today and tomorrow (`items`), the
 * ids that no longer can (`removed`, only with `since`), and the cursor to ask with next.
 */
export const ZGatePack = z.object({
  items: z.array(ZGatePackItem),
  removed: z.array(z.string()),
  cursor: z.string(),
});
export type GatePack = z.infer<typeof ZGatePack>;
