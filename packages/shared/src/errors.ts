/**
 * The stable error codes of docs/api.md#error-codes. Every error answer of the server carries
 * one: as `code` in the REST envelope of docs/api.md#the-envelope and as `data.errorCode` in the
 * tRPC error shape, next to the human `error` text. Clients, translations and the OpenAPI
 * document key on these names; the text may change, a code never does.
 */

/** Every error code, in the order of docs/api.md#error-codes (by status). */
export const ERROR_CODES = [
  /** 400: the input breaks a rule of its schema or a business rule on a field; always with `details` naming the fields. */
  'VALIDATION_FAILED',
  /** 400: the request itself is malformed (bad JSON, a body that is not an object, a tRPC batch too large). */
  'BAD_REQUEST',
  /** 401: no token, or an unknown, expired or revoked one. */
  'UNAUTHENTICATED',
  /** 401: sign-in with a wrong email or password. */
  'INVALID_CREDENTIALS',
  /** 403: signed in, but the role or the ownership of the object forbids the action. */
  'FORBIDDEN',
  /** 403: sign-in to an account an admin has deactivated. */
  'ACCOUNT_INACTIVE',
  /** 404: unknown path, unknown or malformed id, or an object outside the caller's reach. */
  'NOT_FOUND',
  /** 405: the path exists but not with this method (a tRPC query sent as a mutation or the reverse). */
  'METHOD_NOT_ALLOWED',
  /** 409: the object's status does not allow the move (e.g. check-in of a checked-out visitor, or outside its visit window). */
  'INVALID_TRANSITION',
  /** 409: a uniqueness or reference conflict (email or plate taken, house in use, the last admin). */
  'CONFLICT',
  /** 409: the visitor is on the community's blocklist (a later feature). */
  'BLOCKLISTED',
  /** 413: the request body is over the limit (100 KB of JSON). */
  'PAYLOAD_TOO_LARGE',
  /** 415: the body's Content-Type is not the one the path takes (JSON, or image/jpeg for a photo). */
  'UNSUPPORTED_MEDIA_TYPE',
  /** 422: an Idempotency-Key sent again with a different request (a later feature). */
  'IDEMPOTENCY_KEY_REUSED',
  /** 429: a rate limit was hit; `Retry-After` says when to try again. */
  'RATE_LIMITED',
  /** 503: the database cannot serve now (or a service is off); `Retry-After` says when to try again. */
  'UNAVAILABLE',
  /** 500: anything else; the text never shows internals. */
  'INTERNAL',
] as const;

/** One stable error code (docs/api.md#error-codes). */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code is answered with (docs/api.md#error-codes): one status per code. */
export const ERROR_CODE_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  BLOCKLISTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

/** Whether `value` is one of `ERROR_CODES` (e.g. to read the `code` of an answer). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
