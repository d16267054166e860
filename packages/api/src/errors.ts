/**
 * Errors are values with a status (docs/architecture.md#how-the-code-reads). Services throw
 * `httpError(status, text)`
 * (with `{field}` for an input field a business rule refuses); `describeError` turns anything
 * thrown into the status, stable code (docs/api.md#error-codes)
 * and user-facing text of docs/api.md#the-envelope, for the REST envelope and for the tRPC
 * error shape alike. `errorCodeOf` is the one place that picks a code for a status.
 *
 * `details`, the same on REST (the envelope's `details`) and tRPC (`data.details`):
 * - VALIDATION_FAILED: an array `[{path, message}]`, one item per field at fault;
 * - a refusal whose sentence names values: an object, `reason` a stable key of the sentence
 *   and the values it names, raw (statuses and moves as the API spells them, dates
 *   YYYY-MM-DD, times HH:MM, numbers), e.g. `Visitor cannot be checked in: status is
 *   checked-out` → `{reason: 'visitor-status', move: 'check-in', status: 'checked-out'}`,
 *   thrown as `httpError(409, text, {code, refusal: {...}})`. `ZRefusalDetails`
 *   (@gatehouse/shared) lists every reason and its values. The English `error` text is
 *   unchanged, so clients that show it keep working; a client in another language words
 *   the sentence from `reason` and the values;
 * - a refusal of fixed words: none (its text is the key).
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ERROR_CODE_STATUS, ErrorCode, FieldErrorDetail, RefusalDetails } from '@gatehouse/shared';
import { ZodError } from 'zod';

/** The statuses a service may answer with (docs/api.md#the-envelope). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/** The tRPC code behind each status (tRPC derives the HTTP status from it). */
const CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<ErrorStatus, TRPCError['code']>;

/**
 * The stable code of an error of each status when the thrower names none (docs/api.md#error-codes):
 * the general code of the status; the specific ones (INVALID_CREDENTIALS, INVALID_TRANSITION,
 * VALIDATION_FAILED, …) are named where the error is thrown.
 */
const ERROR_CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'IDEMPOTENCY_KEY_REUSED',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
} as const satisfies Record<number, ErrorCode>;

/**
 * The stable code (docs/api.md#error-codes) for an error answer of `status`: the general code of
 * the status (400 BAD_REQUEST, 401 UNAUTHENTICATED, 403 FORBIDDEN, 404 NOT_FOUND, 405
 * METHOD_NOT_ALLOWED, 409 CONFLICT, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE,
 * 422 IDEMPOTENCY_KEY_REUSED, 429 RATE_LIMITED, 503 UNAVAILABLE); any other 4xx is BAD_REQUEST, anything else
 * INTERNAL. Used by `describeError` and by the server for the answers it makes itself.
 */
export function errorCodeOf(status: number): ErrorCode {
  const known = (ERROR_CODE_BY_STATUS as Record<number, ErrorCode>)[status];
  if (known) return known;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}

/**
 * The codes answered with status `S` (docs/api.md#error-codes), e.g. `INVALID_CREDENTIALS |
 * UNAUTHENTICATED` for 401.
 */
export type ErrorCodeOfStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODE_STATUS)[C] extends S ? C : never;
}[ErrorCode];

/** Extra facts an error carries to the HTTP layer. */
export interface ErrorExtras<S extends ErrorStatus = ErrorStatus> {
  /** Seconds a rate-limited caller must wait (sets `Retry-After`). */
  retryAfterSeconds?: number;
  /**
   * The stable code, when it is not the status's general one (`errorCodeOf`): one of the
   * status's codes. VALIDATION_FAILED is given by `field` or `details` instead (it always
   * has details).
   */
  code?: Exclude<ErrorCodeOfStatus<S>, 'VALIDATION_FAILED'>;
  /**
   * 400 only: the input field a business rule refuses, e.g. `visitDate`. Makes the error
   * VALIDATION_FAILED with `details: [{path: field, message}]`.
   */
  field?: S extends 400 ? string : never;
  /** 400 only: every field at fault. Makes the error VALIDATION_FAILED with these details. */
  details?: S extends 400 ? ErrorDetail[] : never;
  /**
   * A refusal whose text names values: its `reason` and those values, answered as `details`
   * (see the file's comment), e.g. `{reason: 'plate-taken', plate: 'ABC 123'}`.
   */
  refusal?: RefusalDetails;
}

/** What an error made by `httpError` carries to `describeError`. */
export interface HttpErrorFacts {
  retryAfterSeconds?: number;
  code?: ErrorCode;
  details?: ErrorDetail[];
  refusal?: RefusalDetails;
}

/** The cause attached to errors made by `httpError`, to carry its `HttpErrorFacts`. */
export class HttpErrorCause extends Error {
  constructor(
    message: string,
    readonly extras: HttpErrorFacts,
  ) {
    super(message);
    this.name = 'HttpErrorCause';
  }
}

/**
 * An error with an HTTP status and the text the caller sees, e.g. `httpError(404, 'Visitor
 * not found')` (docs/api.md#the-envelope), with the stable code of docs/api.md#error-codes:
 * - `extras.code` names a specific code of the status, e.g. `httpError(401, 'Invalid email
 *   or password', {code: 'INVALID_CREDENTIALS'})`; without one the code is the status's
 *   general one (`errorCodeOf`);
 * - `extras.field` (or `extras.details`) makes a 400 VALIDATION_FAILED naming the field,
 *   e.g. `httpError(400, 'Visit date cannot be in the past', {field: 'visitDate'})` gives
 *   `details: [{path: 'visitDate', message: 'Visit date cannot be in the past'}]`;
 * - `extras.refusal` gives the values a text names as `details`, e.g. `httpError(409,
 *   'Visitor cannot be checked in: status is checked-out', {code: 'INVALID_TRANSITION',
 *   refusal: {reason: 'visitor-status', move: 'check-in', status: 'checked-out'}})`;
 * - `extras.retryAfterSeconds` sets `Retry-After`.
 */
export function httpError<S extends ErrorStatus>(status: S, message: string, extras: ErrorExtras<S> = {}): TRPCError {
  const { retryAfterSeconds, code, field, details, refusal } = extras;
  const fields = details ?? (field !== undefined ? [{ path: field, message }] : undefined);
  const facts: HttpErrorFacts = {
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    ...(fields ? { code: 'VALIDATION_FAILED', details: fields } : code ? { code } : {}),
    ...(!fields && refusal ? { refusal } : {}),
  };
  return new TRPCError({
    code: CODE_BY_STATUS[status],
    message,
    cause: new HttpErrorCause(message, facts),
  });
}

/** One field problem of a 400 answer. */
export type ErrorDetail = FieldErrorDetail;

/** What a caller is told about an error. */
export interface ErrorDescription {
  status: number;
  /** The stable code (docs/api.md#error-codes): the envelope's `code`, tRPC's `data.errorCode`. */
  code: ErrorCode;
  message: string;
  /** VALIDATION_FAILED: the fields at fault (answered as `details`). */
  details?: ErrorDetail[];
  /** A refusal whose text names values: its reason and values (answered as `details`; see the file's comment). */
  refusal?: RefusalDetails;
  retryAfterSeconds?: number;
}

/** The `details` an answer carries for `described`: the fields at fault, or the refusal's values, or none. */
export function answeredDetails(described: ErrorDescription): ErrorDetail[] | RefusalDetails | undefined {
  return described.details ?? described.refusal;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported content type: send JSON (application/json)';

/**
 * PostgreSQL error codes and driver codes that mean "the database cannot serve this now"
 * (docs/security.md#faults): connection failures (class 08), the server shutting down or
 * starting (57P01–57P03), too many connections (53300), a statement or lock timeout
 * (57014, 55P03), and socket errors. All of them answer 503, never 500.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '55P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|terminating connection|canceling statement due to (statement|lock) timeout|Client has encountered a connection error|Connection ended unexpectedly/i;

/** Whether `error` (or its cause) says the database cannot be reached or cannot serve now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    const name = (current as { name?: string }).name;
    const code = (current as { code?: string }).code;
    if (name === 'ConnectionException' || name === 'LockWaitTimeoutException') return true;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: string }).message ?? '';
    if (UNAVAILABLE_TEXT.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503 (`Retry-After`). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Turns a zod error into its details, first one first (the order of the schema's fields). */
export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const unavailable = (): ErrorDescription => ({
  status: 503,
  code: 'UNAVAILABLE',
  message: UNAVAILABLE_MESSAGE,
  retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
});

/** A description whose code is the general one of its status. */
const described = (status: number, message: string): ErrorDescription => ({ status, code: errorCodeOf(status), message });

/**
 * The status, stable code and text a caller sees for `error` (docs/api.md#the-envelope,
 * docs/api.md#error-codes):
 * - a zod error: 400 VALIDATION_FAILED, the first message, and `details` for every field;
 * - an error made by `httpError`: its status, text, details or refusal values and
 *   `Retry-After`, and its code, or the status's general one (`errorCodeOf`);
 * - tRPC's own refusals: malformed JSON 400 BAD_REQUEST, unknown procedure 404 NOT_FOUND,
 *   405 METHOD_NOT_ALLOWED, 415 UNSUPPORTED_MEDIA_TYPE, 413 PAYLOAD_TOO_LARGE;
 * - a database outage: 503 UNAVAILABLE with `Retry-After`;
 * - anything else: 500 INTERNAL 'Internal server error', never a stack trace or SQL.
 * Never throws.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return { status: 400, code: 'VALIDATION_FAILED', message: details[0]?.message ?? 'Invalid input', details };
  }
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError && error.code === 'BAD_REQUEST') return describeError(error.cause);
    if (error.cause instanceof HttpErrorCause) {
      const status = getHTTPStatusCodeFromError(error);
      const { extras } = error.cause;
      return {
        status,
        code: extras.code ?? errorCodeOf(status),
        message: error.message,
        ...(extras.details ? { details: extras.details } : {}),
        ...(extras.refusal ? { refusal: extras.refusal } : {}),
        ...(error.code === 'SERVICE_UNAVAILABLE' ? { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } : {}),
        ...(extras.retryAfterSeconds !== undefined ? { retryAfterSeconds: extras.retryAfterSeconds } : {}),
      };
    }
    if (error.code === 'PARSE_ERROR') return described(400, 'Malformed JSON in request body');
    if (error.code === 'BAD_REQUEST') return described(400, error.message);
    if (error.code === 'NOT_FOUND') return described(404, 'Not found');
    if (error.code === 'METHOD_NOT_SUPPORTED') return described(405, 'Method not allowed');
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return described(415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    if (error.code === 'PAYLOAD_TOO_LARGE') return described(413, 'Request body too large');
    if (isDatabaseUnavailable(error.cause)) return unavailable();
    return described(500, INTERNAL_ERROR_MESSAGE);
  }
  if (isDatabaseUnavailable(error)) return unavailable();
  return described(500, INTERNAL_ERROR_MESSAGE);
}
