/**
 * The visitor state machine of server-contract §6, in one place: every status change
 * goes through `transitionVisitor`, which checks the move against `TRANSITIONS` and
 * applies it with one conditional UPDATE (… WHERE status = <from>), so that of many
 * concurrent attempts exactly one succeeds and the others get 409.
 */
import { VisitorInvitation, type EntityManager } from '@gatehouse/db';
import type { VisitorStatus } from '@gatehouse/shared';

import { httpError } from '../errors';

/** The moves a caller can ask for, with the statuses each may start from. */
export const TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  cancel: { from: ['pending', 'approved'], to: 'cancelled' },
  checkIn: { from: ['approved'], to: 'checked-in' },
  checkOut: { from: ['checked-in'], to: 'checked-out' },
  expire: { from: ['pending', 'approved'], to: 'expired' },
} as const satisfies Record<string, { from: readonly VisitorStatus[]; to: VisitorStatus }>;

export type VisitorTransition = keyof typeof TRANSITIONS;

const VERBS: Record<VisitorTransition, string> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  checkIn: 'checked in',
  checkOut: 'checked out',
  expire: 'expired',
};

/** Whether `transition` may start from `status`. */
export function canTransition(status: VisitorStatus, transition: VisitorTransition): boolean {
  return (TRANSITIONS[transition].from as readonly VisitorStatus[]).includes(status);
}

/** The 409 for a move that the current status forbids, e.g. `Visitor cannot be checked in: status is checked-out`. */
export function transitionConflict(status: VisitorStatus, transition: VisitorTransition) {
  return httpError(409, `Visitor cannot be ${VERBS[transition]}: status is ${status}`);
}

/** Throws 409 unless `transition` may start from `status`. */
export function assertTransition(status: VisitorStatus, transition: VisitorTransition): void {
  if (!canTransition(status, transition)) throw transitionConflict(status, transition);
}

/** Column values written together with a status change. */
export type TransitionChanges = Partial<
  Pick<VisitorInvitation, 'checkInTime' | 'checkOutTime' | 'notes'> & {
    checkedInBy: string;
    checkedOutBy: string;
  }
>;

/**
 * Applies `transition` to the visitor `id` atomically. Throws 409 naming the current
 * status when the row is no longer in a status the move starts from (someone else
 * got there first), 404 'Visitor not found' when it is gone.
 */
export async function transitionVisitor(
  em: EntityManager,
  id: string,
  transition: VisitorTransition,
  changes: TransitionChanges = {},
): Promise<void> {
  const { from, to } = TRANSITIONS[transition];
  const updated = await em.nativeUpdate(
    VisitorInvitation,
    { id, status: { $in: [...from] } },
    { ...changes, status: to, updatedAt: new Date() },
  );
  if (updated === 1) return;
  const current = await em.fork().findOne(VisitorInvitation, { id }, { fields: ['status'] });
  if (!current) throw httpError(404, 'Visitor not found');
  throw transitionConflict(current.status, transition);
}

/**
 * Expires every pending or approved invitation whose window has ended by `now`
 * (server-contract §6): its date is before today, or it is today and `visitTimeTo` is
 * before the community's current minute. Applied before every read and by a periodic
 * sweep; uses the (status, visit_date, visit_time_to) index, or only the one invitation
 * of `scope` (by id or pass token). Returns how many expired.
 */
export async function expireEndedInvitations(
  em: EntityManager,
  today: string,
  currentTime: string,
  scope: { id?: string; qrCodeToken?: string } = {},
): Promise<number> {
  const { from, to } = TRANSITIONS.expire;
  return em.nativeUpdate(
    VisitorInvitation,
    {
      ...scope,
      status: { $in: [...from] },
      $or: [{ visitDate: { $lt: today } }, { visitDate: today, visitTimeTo: { $lt: currentTime } }],
    },
    { status: to, updatedAt: new Date() },
  );
}
