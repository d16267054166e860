/**
 * Errors are values with a status (docs/architecture.md#how-the-code-reads). Every failure the
 * screens show goes
 * through `toAppError`, so one place decides the message and status of
 * docs/product.md#how-the-app-shows-errors.
 */
import { TRPCClientError } from '@trpc/client';

import { translateServerError } from './i18n';

/** The fallback text when the server gives none (docs/product.md#how-the-app-shows-errors). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

/** An error the user can read: a message and an HTTP status (0 for network failures, 408 for time-outs). */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The plain shape screens work with. */
export interface AppErrorShape {
  message: string;
  status: number;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Turns anything thrown into `{message, status}` (docs/product.md#how-the-app-shows-errors):
 * - a server error keeps the server's text and `data.httpStatus`;
 * - a transport failure keeps the AppError made by the fetch wrapper (408 'Request timeout',
 *   0 'Network error', or the status of a non-JSON error answer);
 * - anything else gives `fallback` ('An error occurred' unless a screen names its own).
 */
export function toAppError(
  error: unknown,
  fallback: string = DEFAULT_ERROR_MESSAGE,
): AppErrorShape {
  const { message, status, code, details } = describe(error, fallback);
  // In another language than English: a refusal worded from its details, or by the error's
  // stable code (docs/api.md#error-codes) or the fixed English text; else the words as they are.
  return { message: translateServerError(code, message, details), status };
}

/**
 * The stable `code` and the `details` of a server refusal, whatever carried it, e.g. to
 * file it on Needs review beside its English text (`{code, details, message}`), so that it
 * can be worded in the reader's language:
 * - a tRPC client error: `data.errorCode` and `data.details`, or a REST-style envelope's
 *   `code` and `details` answered on the tRPC path;
 * - an error that carries `code` and `details` properties (a REST call's, e.g. the gate's);
 * - a REST envelope itself, `{success: false, error, code, details}`.
 * `details` is a refusal's `{reason, …values}` or the fields at fault `[{path, message}]`
 * (packages/shared/src/schemas/refusals.ts). Either is null when there is none (nothing
 * came from the server: a network failure, a time-out).
 */
export function refusalOf(error: unknown): { code: string | null; details: unknown } {
  const { code, details } = describe(error, DEFAULT_ERROR_MESSAGE);
  return { code: code ?? null, details: details ?? null };
}

/** `code` and `details` of an object that has them (an error of a REST call, an envelope). */
function factsOf(value: unknown): { code?: string; details?: unknown } {
  if (!value || typeof value !== 'object') return {};
  const { code, details } = value as { code?: unknown; details?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(details !== undefined && details !== null ? { details } : {}),
  };
}

function describe(error: unknown, fallback: string): AppErrorShape & { code?: string; details?: unknown } {
  if (error instanceof AppError)
    return { message: nonEmptyText(error.message) ?? fallback, status: error.status, ...factsOf(error) };
  if (error instanceof TRPCClientError) {
    const cause: unknown = error.cause;
    if (cause instanceof AppError) return describe(cause, fallback);
    const data = error.data as { httpStatus?: unknown } | undefined;
    const status = typeof data?.httpStatus === 'number' ? data.httpStatus : responseStatusOf(error);
    // Only a server error shape carries the server's own words; other client-side texts
    // ("Unexpected token <", "Unknown error") are not for users.
    const serverText = error.shape ? nonEmptyText(error.message) : envelopeErrorOf(error);
    if (serverText === undefined) return { message: fallback, status };
    const code = errorCodeOf(error);
    const details = detailsOf(error);
    return { message: serverText, status, ...(code ? { code } : {}), ...(details ? { details } : {}) };
  }
  if (error instanceof Error)
    return { message: nonEmptyText(error.message) ?? fallback, status: 0 };
  // A REST envelope handed over as it came.
  const envelope = error as { success?: unknown; error?: unknown } | null;
  if (envelope && typeof envelope === 'object' && envelope.success === false && typeof envelope.error === 'string')
    return { message: nonEmptyText(envelope.error) ?? fallback, status: 0, ...factsOf(envelope) };
  return { message: fallback, status: 0 };
}

/** What the helpers below read of a tRPC client error (whatever its router). */
type ClientErrorFacts = { data?: unknown; meta?: unknown };

/** The `details` of a server error: `data.details` on the tRPC path, `details` of a REST-style envelope. */
function detailsOf(error: ClientErrorFacts): unknown {
  const data = error.data as { details?: unknown } | undefined;
  if (data?.details !== undefined && data.details !== null) return data.details;
  return factsOf((error.meta as { responseJSON?: unknown } | undefined)?.responseJSON).details;
}

/** The stable `code` of a server error: `data.errorCode` on the tRPC path, `code` of a REST-style envelope. */
function errorCodeOf(error: ClientErrorFacts): string | undefined {
  const data = error.data as { errorCode?: unknown } | undefined;
  if (typeof data?.errorCode === 'string') return data.errorCode;
  const json = (error.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
  return json && typeof json === 'object' && 'code' in json && typeof json.code === 'string' ? json.code : undefined;
}

/** The `error` text of a REST-style envelope `{success, data, error}` answered on the tRPC path (e.g. 413). */
function envelopeErrorOf(error: ClientErrorFacts): string | undefined {
  const json = (error.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
  return json && typeof json === 'object' && 'error' in json ? nonEmptyText(json.error) : undefined;
}

function responseStatusOf(error: ClientErrorFacts): number {
  const response = (error.meta as { response?: { status?: unknown } } | undefined)?.response;
  return typeof response?.status === 'number' ? response.status : 0;
}

/**
 * What a screen says when the server gave no answer (docs/product.md#when-the-network-fails): never
 * the browser's words.
 */
export const UNREACHABLE_MESSAGE = 'Cannot reach the server. Check the connection and try again.';
