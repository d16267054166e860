/** The gate's fixed texts (product-spec §4, §8). */
export const CHECKED_IN_MESSAGE = 'Visitor checked in successfully!';
export const CHECKED_OUT_MESSAGE = 'Visitor checked out successfully!';
export const SCAN_FAILED_MESSAGE = 'Invalid or expired QR code';
export const CHECK_IN_FAILED_MESSAGE = 'Failed to check in visitor';
export const CHECK_OUT_FAILED_MESSAGE = 'Failed to check out visitor';

/** A gate move whose answer may have been lost. */
export type GateMove = 'checkIn' | 'checkOut';
const MOVE_NOUNS: Record<GateMove, string> = { checkIn: 'check-in', checkOut: 'check-out' };

/** The move was asked, the answer lost, and reading the visitor again shows it was not saved. */
export const lostMoveNotSavedMessage = (move: GateMove) =>
  `The connection dropped and the ${MOVE_NOUNS[move]} was not saved. Try again.`;
/** The move was asked, the answer lost, and the visitor cannot be read again yet. */
export const lostMoveUnknownMessage = (move: GateMove) =>
  `The connection dropped before the server answered, so the ${MOVE_NOUNS[move]} may not be saved. Retry checks it first.`;
