/**
 * Errors are values with a status (STYLE.md). Every failure the screens show goes
 * through `toAppError`, so one place decides the message and status of product-spec §8.
 */
import { TRPCClientError } from '@trpc/client';

import { translateServerError } from './i18n';

/** The fallback text when the server gives none (product-spec §8). */
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
 * Turns anything thrown into `{message, status}` (product-spec §8):
 * - a server error keeps the server's text and `data.httpStatus`;
 * - a transport failure keeps the AppError made by the fetch wrapper (408 'Request timeout',
 *   0 'Network error', or the status of a non-JSON error answer);
 * - anything else gives `fallback` ('An error occurred' unless a screen names its own).
 */
export function toAppError(
  error: unknown,
  fallback: string = DEFAULT_ERROR_MESSAGE,
): AppErrorShape {
  const { message, status, code } = describe(error, fallback);
  // In another language than English: by the error's stable code (integrations.md §2) or
  // the fixed English text; else the words as they are.
  return { message: translateServerError(code, message), status };
}

function describe(error: unknown, fallback: string): AppErrorShape & { code?: string } {
  if (error instanceof AppError)
    return { message: nonEmptyText(error.message) ?? fallback, status: error.status };
  if (error instanceof TRPCClientError) {
    const cause: unknown = error.cause;
    if (cause instanceof AppError) return describe(cause, fallback);
    const data = error.data as { httpStatus?: unknown } | undefined;
    const status = typeof data?.httpStatus === 'number' ? data.httpStatus : responseStatusOf(error);
    // Only a server error shape carries the server's own words; other client-side texts
    // ("Unexpected token <", "Unknown error") are not for users.
    const serverText = error.shape ? nonEmptyText(error.message) : envelopeErrorOf(error);
    if (serverText === undefined) return { message: fallback, status };
    return { message: serverText, status, code: errorCodeOf(error) };
  }
  if (error instanceof Error)
    return { message: nonEmptyText(error.message) ?? fallback, status: 0 };
  return { message: fallback, status: 0 };
}

/** The stable `code` of a server error: `data.errorCode` on the tRPC path, `code` of a REST-style envelope. */
function errorCodeOf(error: TRPCClientError<never>): string | undefined {
  const data = error.data as { errorCode?: unknown } | undefined;
  if (typeof data?.errorCode === 'string') return data.errorCode;
  const json = (error.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
  return json && typeof json === 'object' && 'code' in json && typeof json.code === 'string' ? json.code : undefined;
}

/** The `error` text of a REST-style envelope `{success, data, error}` answered on the tRPC path (e.g. 413). */
function envelopeErrorOf(error: TRPCClientError<never>): string | undefined {
  const json = (error.meta as { responseJSON?: unknown } | undefined)?.responseJSON;
  return json && typeof json === 'object' && 'error' in json ? nonEmptyText(json.error) : undefined;
}

function responseStatusOf(error: TRPCClientError<never>): number {
  const response = (error.meta as { response?: { status?: unknown } } | undefined)?.response;
  return typeof response?.status === 'number' ? response.status : 0;
}

/** What a screen says when the server gave no answer (usable-by-everyone issue, item 6): never the browser's words. */
export const UNREACHABLE_MESSAGE = 'Cannot reach the server. Check the connection and try again.';
