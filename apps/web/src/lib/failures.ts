/**
 * How screens word failures (docs/product.md#when-the-network-fails), apart from errors.ts so
 * that the sign-in page's code stays small: the server's own words, but never the
 * browser's "Failed to fetch" for a request that got no answer.
 */
import { DEFAULT_ERROR_MESSAGE, toAppError, UNREACHABLE_MESSAGE } from './errors';
import { translateServerError } from './i18n';

export { UNREACHABLE_MESSAGE };

/** What a screen says when the server did not answer within the time-out. */
export const TIMED_OUT_MESSAGE = 'The server did not answer in time. Try again.';

/**
 * Whether `error` is the connection's rather than the server's verdict: no answer (0), a
 * time-out (408), or a gateway or the database briefly away (502-504). Such a request may or
 * may not have been carried out, and is worth a retry.
 */
export function isConnectionFailure(error: unknown): boolean {
  return [0, 408, 502, 503, 504].includes(toAppError(error).status);
}

/**
 * The words a screen shows for a failure: the server's own text or the screen's fallback
 * (docs/product.md#how-the-app-shows-errors, through `toAppError`), except that a request that got
 * no answer says so
 * plainly instead of the browser's "Failed to fetch". In the current language: these two
 * texts, like the rest of the app's own failure texts, are in the catalogs' `serverTexts`.
 */
export function failureText(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  const { message, status } = toAppError(error, fallback);
  if (status === 0) return translateServerError(undefined, UNREACHABLE_MESSAGE);
  if (status === 408) return translateServerError(undefined, TIMED_OUT_MESSAGE);
  return message;
}
