/**
 * Errors are values with a status (STYLE.md). Services throw `httpError(status, text)`;
 * `describeError` turns anything thrown into the status and user-facing text of
 * server-contract §1, for the REST envelope and for the tRPC error shape alike.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

/** The statuses a service may answer with (server-contract §1). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

const CODE_BY_STATUS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<ErrorStatus, TRPCError['code']>;

/** Extra facts an error carries to the HTTP layer. */
export interface ErrorExtras {
  /** Seconds a rate-limited caller must wait (sets `Retry-After`). */
  retryAfterSeconds?: number;
}

/** The cause attached to errors made by `httpError`, to carry `ErrorExtras`. */
export class HttpErrorCause extends Error {
  constructor(
    message: string,
    readonly extras: ErrorExtras,
  ) {
    super(message);
    this.name = 'HttpErrorCause';
  }
}

/** An error with an HTTP status and the text the caller sees, e.g. `httpError(404, 'Visitor not found')`. */
export function httpError(status: ErrorStatus, message: string, extras: ErrorExtras = {}): TRPCError {
  return new TRPCError({
    code: CODE_BY_STATUS[status],
    message,
    cause: new HttpErrorCause(message, extras),
  });
}

/** One field problem of a 400 answer. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** What a caller is told about an error. */
export interface ErrorDescription {
  status: number;
  message: string;
  details?: ErrorDetail[];
  retryAfterSeconds?: number;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported content type: send JSON (application/json)';

/**
 * PostgreSQL error codes and driver codes that mean "the database cannot serve this now"
 * (hardening issue, item 6): connection failures (class 08), the server shutting down or
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
  message: UNAVAILABLE_MESSAGE,
  retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
});

/**
 * The status and text a caller sees for `error`: validation problems give 400 and the
 * first message; errors made by `httpError` keep theirs; a database outage gives 503;
 * anything else is 500 'Internal server error', never a stack trace or SQL.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ZodError) {
    const details = zodDetails(error);
    return { status: 400, message: details[0]?.message ?? 'Invalid input', details };
  }
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError && error.code === 'BAD_REQUEST') return describeError(error.cause);
    if (error.cause instanceof HttpErrorCause) {
      return {
        status: getHTTPStatusCodeFromError(error),
        message: error.message,
        ...(error.code === 'SERVICE_UNAVAILABLE' ? { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } : {}),
        ...(error.cause.extras.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.cause.extras.retryAfterSeconds }
          : {}),
      };
    }
    if (error.code === 'PARSE_ERROR') return { status: 400, message: 'Malformed JSON in request body' };
    if (error.code === 'BAD_REQUEST') return { status: 400, message: error.message };
    if (error.code === 'NOT_FOUND') return { status: 404, message: 'Not found' };
    if (error.code === 'METHOD_NOT_SUPPORTED') return { status: 405, message: 'Method not allowed' };
    if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { status: 415, message: UNSUPPORTED_MEDIA_TYPE_MESSAGE };
    if (error.code === 'PAYLOAD_TOO_LARGE') return { status: 413, message: 'Request body too large' };
    if (isDatabaseUnavailable(error.cause)) return unavailable();
    return { status: 500, message: INTERNAL_ERROR_MESSAGE };
  }
  if (isDatabaseUnavailable(error)) return unavailable();
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}
