/**
 * Visitor invitations (server-contract §6): invite with a pass (token and PNG QR),
 * listings, reading one, cancel, and the gate's scan, check-in and check-out. Who may
 * see which invitation follows server-contract §5; status changes go through
 * `visitor-state-machine`.
 */
import { randomBytes } from 'node:crypto';

import { House, VisitorInvitation, type EntityManager, type User } from '@gatehouse/db';
import {
  formatDisplayDate,
  formatDisplayTime,
  isUuid,
  type InviteVisitorInput,
  type Visitor,
  type VisitorListResponse,
  type VisitorActivityEntry,
  type VisitorStatus,
} from '@gatehouse/shared';
import type { FilterQuery } from '@mikro-orm/core';
import QRCode from 'qrcode';

import { httpError } from '../errors';
import { houseIdOf, likePattern, serializeVisitor } from '../lib/serialize';
import { recordAudit, visitorActivity, type Actor, type FailedScanLog } from './audit';
import { communityDate, communityInstant, communityTime, oneYearAfter } from '../lib/time';
import {
  assertTransition,
  expireEndedInvitations,
  transitionVisitor,
} from './visitor-state-machine';

/** The clock and settings visitor rules depend on. */
export interface VisitorClock {
  now: Date;
  /** COMMUNITY_TIMEZONE. */
  timeZone: string;
}

const visitorTarget = (id: string) => ({ targetType: 'visitor' as const, targetId: id });

const POPULATE = ['house', 'host'] as const;

/** A fresh pass token: 256 random bits, base64url (43 characters), URL-safe. */
export function newPassToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The PNG QR code of `token` as a data URL; it encodes exactly the token. */
export function passQrDataUrl(token: string): Promise<string> {
  return QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 2, width: 320, type: 'image/png' });
}

/**
 * Expires ended invitations as of `clock` (applied before every read): all of them for
 * listings, only the one concerned (by id or pass token) for a single read or move.
 */
export async function applyExpiry(
  em: EntityManager,
  clock: VisitorClock,
  scope: { id?: string; qrCodeToken?: string } = {},
): Promise<number> {
  if (scope.id !== undefined && !isUuid(scope.id)) return 0;
  return expireEndedInvitations(em, communityDate(clock.now, clock.timeZone), communityTime(clock.now, clock.timeZone), scope);
}

/** Whether `user` may see `visitor`: staff see all; a resident, their own house's or hosted ones (server-contract §5). */
export function canSeeVisitor(user: User, visitor: VisitorInvitation): boolean {
  if (user.role !== 'resident') return true;
  const houseId = houseIdOf(user);
  return (visitor.host as User).id === user.id || (houseId !== null && houseId === (visitor.house as House).id);
}

/**
 * Creates an invitation: 201 with status approved and a fresh pass.
 * Errors: 403 'You can only invite visitors to your own house' (a resident, another
 * house); 404 'House not found'; 400 'Visit date cannot be in the past'; 400 'Visit date
 * can be at most one year ahead'; 400 'End time has already passed' (today, window over).
 */
export async function inviteVisitor(
  em: EntityManager,
  user: User,
  actor: Actor,
  input: InviteVisitorInput,
  clock: VisitorClock,
): Promise<Visitor> {
  if (user.role === 'resident' && houseIdOf(user) !== input.houseId) {
    throw httpError(403, 'You can only invite visitors to your own house');
  }
  const house = isUuid(input.houseId) ? await em.findOne(House, { id: input.houseId }) : null;
  if (!house) throw httpError(404, 'House not found');
  const today = communityDate(clock.now, clock.timeZone);
  if (input.visitDate < today) throw httpError(400, 'Visit date cannot be in the past');
  // An invitation is for a visit, not a standing pass: at most a year ahead (hardening issue, item 12).
  if (input.visitDate > oneYearAfter(today)) throw httpError(400, 'Visit date can be at most one year ahead');
  if (communityInstant(input.visitDate, input.visitTimeTo, clock.timeZone).getTime() <= clock.now.getTime()) {
    throw httpError(400, 'End time has already passed');
  }
  const token = newPassToken();
  const visitor = em.create(VisitorInvitation, {
    name: input.name,
    phone: input.phone,
    email: input.email ?? null,
    purpose: input.purpose ?? null,
    vehicleLicensePlate: input.vehicleLicensePlate ?? null,
    house,
    host: user,
    visitDate: input.visitDate,
    visitTimeFrom: input.visitTimeFrom,
    visitTimeTo: input.visitTimeTo,
    status: 'approved',
    qrCodeToken: token,
    qrCodeDataUrl: await passQrDataUrl(token),
    checkInTime: null,
    checkOutTime: null,
    checkedInBy: null,
    checkedOutBy: null,
    notes: null,
  });
  await em.flush();
  await recordAudit(em, actor, { action: 'visitor.invited', ...visitorTarget(visitor.id) }, clock.now);
  return serializeVisitor(visitor);
}

/** Which invitations a listing covers. */
export type VisitorListScope = 'visible' | 'hosted';

/**
 * A page of invitations, newest first; `status=checked-in` is ordered by check-in time,
 * newest first. Scope `visible`: staff see all, a resident their house's (and the ones
 * they host); scope `hosted`: the ones the caller hosts (my-invitations).
 */
export async function listVisitors(
  em: EntityManager,
  user: User,
  input: { limit: number; offset: number; status?: VisitorStatus | undefined; q?: string | undefined },
  scope: VisitorListScope,
  clock: VisitorClock,
): Promise<VisitorListResponse> {
  await applyExpiry(em, clock);
  const conditions: FilterQuery<VisitorInvitation>[] = [];
  if (scope === 'hosted') {
    conditions.push({ host: user.id });
  } else if (user.role === 'resident') {
    const houseId = houseIdOf(user);
    conditions.push(houseId ? { $or: [{ house: houseId }, { host: user.id }] } : { host: user.id });
  }
  if (input.status) conditions.push({ status: input.status });
  if (input.q) conditions.push({ $or: [{ name: { $ilike: likePattern(input.q) } }, { phone: { $ilike: likePattern(input.q) } }] });
  const where: FilterQuery<VisitorInvitation> = conditions.length > 0 ? { $and: conditions } : {};
  const [rows, total] = await em.findAndCount(VisitorInvitation, where, {
    populate: POPULATE,
    orderBy:
      input.status === 'checked-in'
        ? [{ checkInTime: 'desc' }, { id: 'asc' }]
        : [{ createdAt: 'desc' }, { id: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map((row) => serializeVisitor(row)), total };
}

/** Loads an invitation the caller may see, else 404 'Visitor not found' (malformed ids included). */
async function findVisibleVisitor(em: EntityManager, user: User, id: string): Promise<VisitorInvitation> {
  const visitor = isUuid(id)
    ? await em.findOne(VisitorInvitation, { id }, { populate: POPULATE })
    : null;
  if (!visitor || !canSeeVisitor(user, visitor)) throw httpError(404, 'Visitor not found');
  return visitor;
}

/** One invitation (server-contract §5: a resident only their house's or hosted ones, else 404). */
export async function getVisitor(em: EntityManager, user: User, id: string, clock: VisitorClock): Promise<Visitor> {
  await applyExpiry(em, clock, { id });
  return serializeVisitor(await findVisibleVisitor(em, user, id));
}

/**
 * A visitor's Activity Log (product-spec §2), from the audit log: invited, scanned,
 * checked in and out (with the guard's notes), cancelled; oldest first. Same
 * visibility as reading the visitor.
 */
export async function getVisitorActivity(
  em: EntityManager,
  user: User,
  id: string,
): Promise<{ items: VisitorActivityEntry[] }> {
  const visitor = await findVisibleVisitor(em, user, id);
  const events = await visitorActivity(em, visitor.id);
  return {
    items: events.map((event) => ({
      at: event.occurredAt,
      action: event.action.replace('visitor.', '') as VisitorActivityEntry['action'],
      by: event.actor?.name ?? null,
      notes: typeof event.details?.notes === 'string' ? event.details.notes : null,
    })),
  };
}

/** Cancels a pending or approved invitation; 409 from any other status; 404 when not visible. */
export async function cancelVisitor(
  em: EntityManager,
  user: User,
  actor: Actor,
  id: string,
  clock: VisitorClock,
): Promise<Visitor> {
  await applyExpiry(em, clock, { id });
  const visitor = await findVisibleVisitor(em, user, id);
  assertTransition(visitor.status, 'cancel');
  await transitionVisitor(em, visitor.id, 'cancel');
  await recordAudit(em, actor, { action: 'visitor.cancelled', ...visitorTarget(visitor.id) }, clock.now);
  return afterTransition(visitor, { status: 'cancelled' });
}

/**
 * The invitation behind a pass token, whatever its status, so the guard sees why it
 * cannot enter. Unknown: 404 'Invalid or expired QR code', counted in `failedScans`
 * (one audit row per user per minute, not one each).
 */
export async function scanPass(
  em: EntityManager,
  actor: Actor,
  token: string,
  clock: VisitorClock,
  failedScans: FailedScanLog,
): Promise<Visitor> {
  // Tokens are 43 URL-safe characters: anything else cannot be one, and is not looked up.
  const wellFormed = /^[A-Za-z0-9_-]{1,64}$/.test(token);
  if (wellFormed) await applyExpiry(em, clock, { qrCodeToken: token });
  const visitor = wellFormed
    ? await em.findOne(VisitorInvitation, { qrCodeToken: token }, { populate: POPULATE })
    : null;
  if (!visitor) {
    failedScans.record(actor, clock.now);
    throw httpError(404, 'Invalid or expired QR code');
  }
  await recordAudit(em, actor, { action: 'visitor.scanned', ...visitorTarget(visitor.id), details: { status: visitor.status } }, clock.now);
  return serializeVisitor(visitor);
}

/** `This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM` (server-contract §6). */
export function visitWindowMessage(visitor: Pick<VisitorInvitation, 'visitDate' | 'visitTimeFrom' | 'visitTimeTo'>) {
  return `This invitation is valid on ${formatDisplayDate(visitor.visitDate)} from ${formatDisplayTime(
    visitor.visitTimeFrom,
  )} to ${formatDisplayTime(visitor.visitTimeTo)}`;
}

/**
 * The instants between which a check-in is allowed: from `visitTimeFrom` minus
 * `earlyMinutes` to `visitTimeTo`, on `visitDate`, in the community's zone.
 */
export function visitWindow(
  visitor: Pick<VisitorInvitation, 'visitDate' | 'visitTimeFrom' | 'visitTimeTo'>,
  timeZone: string,
  earlyMinutes: number,
): { opensAt: Date; closesAt: Date } {
  const startsAt = communityInstant(visitor.visitDate, visitor.visitTimeFrom, timeZone);
  return {
    opensAt: new Date(startsAt.getTime() - earlyMinutes * 60_000),
    closesAt: communityInstant(visitor.visitDate, visitor.visitTimeTo, timeZone),
  };
}

function appendNote(existing: string | null | undefined, note: string | undefined): string | null {
  if (!note) return existing ?? null;
  return existing ? `${existing}\n${note}` : note;
}

/**
 * The visitor as a transition left it: the loaded row with the columns the transition's
 * UPDATE wrote (it matched exactly one row in the expected status), without reading it
 * again. The entity manager is the request's own and is never flushed afterwards.
 */
function afterTransition(visitor: VisitorInvitation, changes: Partial<VisitorInvitation>): Visitor {
  return serializeVisitor(Object.assign(visitor, changes));
}

/**
 * Checks a visitor in (guard or admin): only from approved, only inside the visit
 * window (else 409 with the invitation's own date and times); records the time and the
 * guard. Of concurrent check-ins of one visitor exactly one succeeds.
 */
export async function checkInVisitor(
  em: EntityManager,
  guard: User,
  actor: Actor,
  input: { visitorId: string; notes?: string | undefined },
  clock: VisitorClock & { earlyCheckinMinutes: number },
): Promise<Visitor> {
  await applyExpiry(em, clock, { id: input.visitorId });
  const visitor = await findVisibleVisitor(em, guard, input.visitorId);
  assertTransition(visitor.status, 'checkIn');
  const { opensAt, closesAt } = visitWindow(visitor, clock.timeZone, clock.earlyCheckinMinutes);
  if (clock.now < opensAt || clock.now > closesAt) throw httpError(409, visitWindowMessage(visitor));
  const notes = appendNote(visitor.notes, input.notes);
  await transitionVisitor(em, visitor.id, 'checkIn', { checkInTime: clock.now, checkedInBy: guard.id, notes });
  await recordAudit(em, actor, { action: 'visitor.checked-in', ...visitorTarget(visitor.id), details: input.notes ? { notes: input.notes } : null }, clock.now);
  return afterTransition(visitor, { status: 'checked-in', checkInTime: clock.now, notes });
}

/** Checks a visitor out (guard or admin): only from checked-in; records the time and the guard. */
export async function checkOutVisitor(
  em: EntityManager,
  guard: User,
  actor: Actor,
  input: { visitorId: string; notes?: string | undefined },
  clock: VisitorClock,
): Promise<Visitor> {
  const visitor = await findVisibleVisitor(em, guard, input.visitorId);
  assertTransition(visitor.status, 'checkOut');
  const notes = appendNote(visitor.notes, input.notes);
  await transitionVisitor(em, visitor.id, 'checkOut', { checkOutTime: clock.now, checkedOutBy: guard.id, notes });
  await recordAudit(em, actor, { action: 'visitor.checked-out', ...visitorTarget(visitor.id), details: input.notes ? { notes: input.notes } : null }, clock.now);
  return afterTransition(visitor, { status: 'checked-out', checkOutTime: clock.now, notes });
}
