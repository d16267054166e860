/**
 * A check-in or check-out whose answer was lost (usable-by-everyone issue, item 6): the
 * request may have been carried out before the connection dropped, so the visitor is read
 * again before the move is offered again, and a guard never checks someone in twice or
 * waves them through unrecorded.
 */
import type { VisitorStatus } from '@gatehouse/shared';

import type { AppTRPCClient } from '../../lib/trpc';
import type { GateMove } from './gate-messages';

const STATUS_AFTER: Record<GateMove, VisitorStatus> = { checkIn: 'checked-in', checkOut: 'checked-out' };

/**
 * Reads visitor `visitorId` again: `done` when it is in the status `move` leads to (the lost
 * request was carried out), `not-done` when it is not, `unknown` when it cannot be read.
 */
export async function settleLostMove(client: AppTRPCClient, visitorId: string, move: GateMove): Promise<'done' | 'not-done' | 'unknown'> {
  try {
    const visitor = await client.visitors.byId.query({ id: visitorId });
    return visitor.status === STATUS_AFTER[move] ? 'done' : 'not-done';
  } catch {
    return 'unknown';
  }
}
