/**
 * The gate's fixed texts (product-spec §4, §8), in the current language: read at call time
 * (each function below), so a change of language takes effect at once.
 */
import { i18n } from '../../lib/i18n';

const messages = i18n('gate-messages', {
  checkedIn: 'Visitor checked in successfully!',
  checkedOut: 'Visitor checked out successfully!',
  scanFailed: 'Invalid or expired QR code',
  checkInFailed: 'Failed to check in visitor',
  checkOutFailed: 'Failed to check out visitor',
  checkInNotSaved: 'The connection dropped and the check-in was not saved. Try again.',
  checkOutNotSaved: 'The connection dropped and the check-out was not saved. Try again.',
  checkInUnknown: 'The connection dropped before the server answered, so the check-in may not be saved. Retry checks it first.',
  checkOutUnknown: 'The connection dropped before the server answered, so the check-out may not be saved. Retry checks it first.',
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

/** A gate move whose answer may have been lost. */
export type GateMove = 'checkIn' | 'checkOut';

/** The move was asked, the answer lost, and reading the visitor again shows it was not saved. */
export const lostMoveNotSavedMessage = (move: GateMove) => {
  const t = messages.get();
  return move === 'checkIn' ? t.checkInNotSaved : t.checkOutNotSaved;
};
/** The move was asked, the answer lost, and the visitor cannot be read again yet. */
export const lostMoveUnknownMessage = (move: GateMove) => {
  const t = messages.get();
  return move === 'checkIn' ? t.checkInUnknown : t.checkOutUnknown;
};
