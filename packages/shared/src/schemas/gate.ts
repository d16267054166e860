/**
 * The gate working offline: the gate pack (docs/gate.md#the-gate-pack) and the Needs review list
 * (docs/gate.md#needs-review).
 */
import { z } from 'zod';

import { ZHouseRef } from './auth';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, idField, occurredAtField, paginationFields, requiredText } from './fields';
import { ZGateRef } from './gates';
import { ZBlocklisted } from './blocklist';
import { ZVisitorKind } from './visitors';
import { ERROR_CODES } from '../errors';
import { ZErrorDetails } from './refusals';

// The gate pack (docs/gate.md#the-gate-pack)
// -----------------------------------------------------------

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
 * What a pass in the gate pack is: a visitor's kind, or `recurring`
 * (docs/operations.md#frequent-visitors: a
 * recurring pass, its id the pass's, its date the listed day it may enter next, its window
 * the daily one).
 */
export const ZGatePackKind = z.enum([...ZVisitorKind.options, 'recurring']);

/** How the pack's pass codes are hashed: PBKDF2 with HMAC-SHA-256 (Web Crypto's `PBKDF2`, `SHA-256`). */
export const GATE_CODE_HASH_ALGORITHM = 'PBKDF2-SHA-256';

/**
 * PBKDF2 iterations of a new day's salt. One typed code is one derivation on the tablet:
 * about 15 ms in Chromium and 20 ms in Node on one core of a current desktop (7 and 5
 * million iterations a second), so 45 to 75 ms on a tablet three to five times slower,
 * within the 100 ms a verify may take. Trying every 6-digit code costs 10^6 derivations:
 * about a day in the tablet's browser, under an hour on an 8-core laptop, seconds to a
 * minute on a graphics card. Slower, not safe.
 */
export const GATE_CODE_HASH_ITERATIONS = 100_000;

/** The bytes of a pass code's PBKDF2 hash (`passCodeHash`: twice as many lowercase hex digits). */
export const GATE_CODE_HASH_BYTES = 32;

/**
 * How the pack's `passCodeHash`es were made: PBKDF2-HMAC-SHA-256 of the code's digits as
 * UTF-8, with `salt` (lowercase hex of 16 random bytes; its bytes are the PBKDF2 salt) and
 * `iterations`, 32 bytes, lowercase hex. One salt for every pass of a pack (a typed code is
 * hashed once, then looked up); a new one each community day, and an answer with another
 * salt than the pack it updates is a whole pack.
 */
export const ZGatePackCodeHash = z.object({
  algorithm: z.literal(GATE_CODE_HASH_ALGORITHM),
  salt: z.string().regex(/^[0-9a-f]{32}$/),
  iterations: z.number().int().positive(),
});
export type GatePackCodeHash = z.infer<typeof ZGatePackCodeHash>;

/**
 * A pass as the gate keeps it offline (docs/gate.md#the-gate-pack): enough to verify it and to show
 * who it is, never the token or code themselves (the token's SHA-256 and the code's PBKDF2
 * hash, lowercase hex), a phone number or an e-mail.
 */
export const ZGatePackItem = z.object({
  id: z.string(),
  /** SHA-256 of the pass token (a token is 256 random bits: a fast hash keeps it). */
  tokenHash: z.string(),
  /**
   * PBKDF2 of the pass code's digits, as the pack's `codeHash` says; null while the server
   * has not hashed the code yet (many passes made at once: the pass is then verified offline
   * by its QR token only, and a later pack brings the hash).
   */
  passCodeHash: z.string().nullable(),
  name: z.string(),
  house: z.object({ houseNumber: z.string(), block: z.string() }),
  kind: ZGatePackKind,
  visitDate: z.string(),
  visitTimeFrom: z.string(),
  visitTimeTo: z.string(),
  status: z.enum(GATE_PACK_STATUSES),
  vehicleLicensePlate: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * docs/operations.md#blocklist: the reason when the visitor's phone or plate is on the blocklist,
   * else null.
   */
  blocklisted: ZBlocklisted,
});
export type GatePackItem = z.infer<typeof ZGatePackItem>;

/**
 * `gate.pack` output: the passes that can still enter today and tomorrow (`items`), the
 * ids that no longer can (`removed`, only with `since`), the cursor to ask with next, and
 * how the codes are hashed (`codeHash`). An answer to `since` whose `codeHash` differs from
 * the one of the pack that cursor came with is a whole pack: it replaces the kept one.
 */
export const ZGatePack = z.object({
  items: z.array(ZGatePackItem),
  removed: z.array(z.string()),
  cursor: z.string(),
  codeHash: ZGatePackCodeHash,
});
export type GatePack = z.infer<typeof ZGatePack>;

// Needs review (docs/gate.md#recording-moves-offline)
// ------------------------------------------------------------

/** The move a refused offline entry was. */
export const GATE_REVIEW_ACTIONS = ['check-in', 'check-out'] as const;
export type GateReviewAction = (typeof GATE_REVIEW_ACTIONS)[number];

/** Open until a person dismisses it, or an admin records that the person did pass. */
export const GATE_REVIEW_STATUSES = ['open', 'dismissed', 'recorded'] as const;
export type GateReviewStatus = (typeof GATE_REVIEW_STATUSES)[number];

/** The longest text of a review's message and of an admin's note. */
export const GATE_REVIEW_TEXT_MAX = 500;

/**
 * `gate.createReview` input (`POST /api/gate/reviews`): an entry the server refused on
 * replay, with the server's message. `visitorId` when the entry was about a known pass:
 * the visitor's id or, as the replayed move sent it, a recurring pass's
 * (docs/operations.md#frequent-visitors);
 * `idempotencyKey` the queued entry's key (the same key again gives the same review).
 * `code` and `details`: the refusal's stable code and details as the server answered them
 * (optional), so that Needs review can word the refusal in the reader's language.
 */
export const ZCreateGateReviewRequest = z.object({
  visitorId: z
    .string({ error: 'Visitor not found' })
    .trim()
    .max(64, 'Visitor not found')
    .nullish()
    .transform((value) => (value ? value : undefined)),
  action: z.enum(GATE_REVIEW_ACTIONS, { error: 'Action must be check-in or check-out' }),
  occurredAt: occurredAtField,
  message: requiredText('Message', GATE_REVIEW_TEXT_MAX, 'Message is required'),
  code: z
    .enum(ERROR_CODES, { error: 'Code must be an error code' })
    .nullish()
    .transform((value) => value ?? undefined),
  details: ZErrorDetails.nullish().transform((value) => value ?? undefined),
  idempotencyKey: z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type CreateGateReviewRequest = z.input<typeof ZCreateGateReviewRequest>;

/** `gate.dismissReview` input: the review (path parameter). */
export const ZGateReviewByIdRequest = z.object({ id: idField('Review not found') });

/** `gate.recordReview` input (admin): the review and a note of 1 to 500 characters. */
export const ZRecordGateReviewRequest = z.object({
  id: idField('Review not found'),
  note: requiredText('Note', GATE_REVIEW_TEXT_MAX, 'Note is required'),
});
export type RecordGateReviewRequest = z.input<typeof ZRecordGateReviewRequest>;

/** `gate.listReviews` input: a page of the open reviews. */
export const ZGateReviewListRequest = z.object({ ...paginationFields });

const ZPersonRef = z.object({ id: z.string(), name: z.string() });

/**
 * What a review is about: a visitor, or a recurring pass (docs/operations.md#frequent-visitors,
 * moved offline).
 */
export const GATE_REVIEW_TARGETS = ['visitor', 'pass'] as const;
export type GateReviewTarget = (typeof GATE_REVIEW_TARGETS)[number];

/**
 * A review as guards and admins see it. `visitor` is the person, if known: the visitor, or
 * for `target: "pass"` the pass holder (its id the pass id, as in a notification).
 */
export const ZGateReview = z.object({
  id: z.string(),
  /** The person the entry was about, if known: the visitor or the pass holder. */
  visitor: z.object({ id: z.string(), name: z.string(), house: ZHouseRef }).nullable(),
  /** Whom `visitor` names: a visitor (`/visitors/:id`) or a recurring pass (`/passes/:id`); null with no one. */
  target: z.enum(GATE_REVIEW_TARGETS).nullable(),
  action: z.enum(GATE_REVIEW_ACTIONS),
  /** When the refused entry happened at the gate. */
  occurredAt: z.string(),
  /** The server's message when it refused the entry (English). */
  message: z.string(),
  /** The refusal's stable error code, when the gate sent it. */
  code: z.enum(ERROR_CODES).nullable(),
  /** The refusal's details (its reason and values, or the fields at fault), when the gate sent them. */
  details: ZErrorDetails.nullable(),
  status: z.enum(GATE_REVIEW_STATUSES),
  idempotencyKey: z.string().nullable(),
  createdBy: ZPersonRef,
  createdAt: z.string(),
  /** Who dismissed or recorded it, and when. */
  closedBy: ZPersonRef.nullable(),
  closedAt: z.string().nullable(),
  /** The admin's note when recorded. */
  note: z.string().nullable(),
});
export type GateReview = z.infer<typeof ZGateReview>;

export const ZGateReviewListResponse = z.object({ items: z.array(ZGateReview), total: z.number().int() });
export type GateReviewListResponse = z.infer<typeof ZGateReviewListResponse>;

// Inside now (docs/operations.md#reports-exports-and-inside-now)
// ----------------------------------------------------------------

/**
 * Most people an Inside now answer lists. A community has at most a few hundred people
 * inside at once; the cap only bounds a runaway answer (`total` still counts them all).
 */
export const GATE_INSIDE_MAX = 5_000;

/** `gate.inside` input (`GET /api/gate/inside`): nothing to choose; the whole roll call. */
export const ZGateInsideRequest = z.object({});

/**
 * What someone inside is: a visitor ('invitation' | 'walk-in', as the visitor has it) or a
 * recurring pass's open entry ('recurring', docs/operations.md#frequent-visitors; the item's id is
 * the pass's).
 */
export const ZGateInsideKind = z.enum([...ZVisitorKind.options, 'recurring']);

/**
 * The gate someone came in by (docs/operations.md#gates,
 * docs/operations.md#reports-exports-and-inside-now): `{id, name}`, defined with the gates.
 */
export { ZGateRef };

/**
 * One person inside now, as a roll call needs them: who (name, kind), where they went
 * (house, host), how to reach them (phone; null once anonymised), their vehicle, and when
 * and where they came in (`checkInTime`, an ISO instant; `gate`).
 */
export const ZGateInsideItem = z.object({
  id: z.string(),
  kind: ZGateInsideKind,
  name: z.string(),
  phone: z.string().nullable(),
  houseId: ZHouseRef,
  /** The resident who invited or approved them; null for a walk-in nobody decided yet. */
  hostName: z.string().nullable(),
  vehicleLicensePlate: z.string().nullable(),
  checkInTime: z.string(),
  gate: ZGateRef.nullable(),
  /**
   * When their visit window ends, an ISO instant (a visitor's `visitDate` at `visitTimeTo`;
   * a recurring pass's daily `timeTo` on the day of the check-in, in the community's zone):
   * the gate screen marks whoever is still inside past it (plus the grace) as overstaying.
   * Null on copies kept by a tablet before it was sent.
   */
  dueOutAt: z.string().nullable(),
});
export type GateInsideItem = z.infer<typeof ZGateInsideItem>;

/**
 * `gate.inside` output: everyone inside now, ordered by gate, house number, block and
 * name (at most GATE_INSIDE_MAX), and `total`, how many are inside (X-Total-Count).
 */
export const ZGateInsideResponse = z.object({ items: z.array(ZGateInsideItem), total: z.number().int() });
export type GateInsideResponse = z.infer<typeof ZGateInsideResponse>;
