/**
 * The gate's fixed texts (docs/product.md#statuses-and-their-badges,
 * docs/product.md#how-the-app-shows-errors), in the current language: read at call time
 * (each function below), so a change of language takes effect at once.
 */
import { formatInstant, formatTime } from '../../lib/format';
import { i18n, params } from '../../lib/i18n';
import { inZone, zoneSuffix } from '../../lib/time-zone';

const messages = i18n('gate-messages', {
  checkedIn: 'Visitor checked in successfully!',
  checkedOut: 'Visitor checked out successfully!',
  scanFailed: 'Invalid or expired QR code',
  checkInFailed: 'Failed to check in visitor',
  checkOutFailed: 'Failed to check out visitor',
  codeNotFound: params('No open pass has the code {code} — check the digits'),
  insideSince: params('Inside since {time}'),
  insideNow: 'Inside now',
});

/** The notice after a check-in. */
export const checkedInMessage = () => messages.get().checkedIn;
/** The notice after a check-out. */
export const checkedOutMessage = () => messages.get().checkedOut;
/** A token the server does not accept (the fallback when it gives no words). */
export const scanFailedMessage = () => messages.get().scanFailed;
/** A refused check-in (the fallback when the server gives no words). */
export const checkInFailedMessage = () => messages.get().checkInFailed;
/** A refused check-out (the fallback when the server gives no words). */
export const checkOutFailedMessage = () => messages.get().checkOutFailed;

/** A move at the gate, as the screens name it. */
export type GateMove = 'checkIn' | 'checkOut';

/** A code's digits grouped by three for reading, as typed: `551225` → `551 225`, `48291305` → `482 913 05`. */
export function groupByThree(digits: string): string {
  return digits.replace(/\D/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');
}

/**
 * The digits of what the guard typed when it can only have been meant as a pass code (digits,
 * spaces and dashes only, 1 to 12 digits: a QR token is never that), else null. A code of a
 * wrong length (a missed digit) is answered as a code that names no pass, not as a bad QR code.
 */
export function typedDigitsOf(value: string): string | null {
  return /^[\d\s-]+$/.test(value) && /^\d{1,12}$/.test(value.replace(/[\s-]/g, '')) ? value.replace(/[\s-]/g, '') : null;
}

/** A typed pass code that names no open pass: `No open pass has the code 551 225 — check the digits`. */
export const codeNotFoundMessage = (digits: string) =>
  messages.get().codeNotFound({ code: groupByThree(digits) });

/** `7:09 PM` for an instant of today in `timeZone` (with the zone's name where the browser's differs), else the date too. */
export function checkInLabel(iso: string, timeZone: string, now: Date = new Date()): string {
  const instant = new Date(iso);
  const day = (value: Date) => inZone(value, timeZone).toDateString();
  if (day(instant) !== day(now)) return formatInstant(iso, timeZone);
  return `${formatTime(inZone(instant, timeZone))}${zoneSuffix(timeZone, instant)}`;
}

/** What a re-scan of someone inside says: `Inside since 7:09 PM`, or `Inside now` when the time is not known here. */
export function insideSinceMessage(
  checkInTime: string | null | undefined,
  timeZone: string,
): string {
  const t = messages.get();
  return checkInTime ? t.insideSince({ time: checkInLabel(checkInTime, timeZone) }) : t.insideNow;
}
