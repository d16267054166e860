/**
 * The visitor state machine of docs/api.md#visitors-and-their-statuses, in one place: `TRANSITIONS`
 * says which
 * move may start from which status, and every status change goes through
 * `transitionVisitor`, which applies it as ONE SQL statement: a conditional
 * `UPDATE … WHERE status IN (<legal sources>) AND <window> RETURNING`, with the move's
 * audit row inserted by the same statement. The database decides races (of many
 * concurrent check-ins exactly one matches the row) and a move can never exist without
 * its audit row. Only when the UPDATE matches nothing is the row read, to say why.
 */
import { communityIdOf } from '@gatehouse/db';
import type { AuditAction, EntityManager } from '@gatehouse/db';
import {
  formatDisplayDate,
  formatDisplayTime,
  isUuid,
  VISITOR_STATUSES,
  type PASS_REFUSAL_MOVES,
  type RecurringPassStatus,
  type RefusalDetails,
  type VISITOR_REFUSAL_MOVES,
  type VisitorStatus,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { isoInstant, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { communityDate, communityTime } from '../lib/time';
import { auditInsertSql, type Actor } from './audit';
import { assertKnownGate, gateOfMove } from './gates';
import { blocklistedError, blocklistedSql, findBlocklistMatch, recordBlocklistRefusal } from './blocklist';

/**
 * The moves a caller can ask for, with the statuses each may start from. `lateFrom`: the
 * statuses a move recorded after the fact (docs/gate.md#recording-moves-offline: an `occurredAt`
 * sent by a gate
 * that was offline) may also start from: a check-in that happened inside the window of an
 * approved pass still counts when the pass expired between the entry and the upload (only
 * a pass that had been approved: `HAD_BEEN_APPROVED_SQL`).
 */
export const TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  cancel: { from: ['pending', 'approved'], to: 'cancelled' },
  checkIn: { from: ['approved'], to: 'checked-in', lateFrom: ['expired'] },
  checkOut: { from: ['checked-in'], to: 'checked-out' },
  expire: { from: ['pending', 'approved'], to: 'expired' },
} as const satisfies Record<string, { from: readonly VisitorStatus[]; to: VisitorStatus; lateFrom?: readonly VisitorStatus[] }>;

export type VisitorTransition = keyof typeof TRANSITIONS;

/**
 * A refused check-in outside its window: the English text (`This invitation is valid on Nov
 * 22, 2026 from 9:00 AM to 5:00 PM`) and its details (`visit-window` or `pass-window`).
 */
export interface WindowRefusal {
  message: string;
  refusal: Extract<RefusalDetails, { reason: 'visit-window' | 'pass-window' }>;
}

/**
 * Whether a visitor `v` in a `lateFrom` status had been approved before it got there: an
 * invitation (approved when made) or a walk-in someone approved (a walk-in that expired
 * undecided never was). As SQL over `visitor_invitation v`, and as a test of a row.
 */
const HAD_BEEN_APPROVED_SQL = `(v.kind = 'invitation' or v.decided_at is not null)`;
const hadBeenApproved = (row: Pick<VisitorRow, 'kind' | 'decided_at'>) => row.kind === 'invitation' || row.decided_at !== null;

/**
 * The statuses `transition` may start from; `late`: a move that happened earlier
 * (docs/gate.md#recording-moves-offline), with its `lateFrom` ones.
 */
export function sourcesOf(transition: VisitorTransition, options: { late?: boolean } = {}): readonly VisitorStatus[] {
  const move: { from: readonly VisitorStatus[]; lateFrom?: readonly VisitorStatus[] } = TRANSITIONS[transition];
  return options.late && move.lateFrom ? [...move.from, ...move.lateFrom] : move.from;
}

/**
 * The message of a check-out whose instant is before its visitor's check-in
 * (docs/gate.md#recording-moves-offline).
 */
export const CHECK_OUT_BEFORE_CHECK_IN_MESSAGE = 'Check-out cannot be before check-in';

/**
 * A check-in the gate dated (`occurredAt`) before its visitor could enter is refused: before
 * the invitation (or recurring pass) was made, or before the walk-in was approved. A gate's
 * clock may run this much slow, as it may run fast (the 2 minutes `occurredAt` may be ahead):
 * a check-in dated up to this much earlier is taken, and recorded at that first instant, so
 * that the Activity Log never shows the visitor inside before it was invited or approved.
 */
export const CHECK_IN_CLOCK_SLACK_MS = 2 * 60_000;

/**
 * SQL of the first instant visitor `v` could be checked in: when a walk-in was approved
 * (`decided_at`), else when the invitation was made (approved as it is made).
 */
const FIRST_CHECK_IN_SQL = 'coalesce(v.decided_at, v.created_at)';

/** What a check-in dated too early was for: an invitation, a walk-in (approved), a recurring pass. */
export type CheckInSubject = 'invitation' | 'walk-in' | 'pass';

const FIRST_CHECK_IN_WORDS = {
  invitation: { reason: 'check-in-before-invitation', when: 'the invitation was created' },
  'walk-in': { reason: 'check-in-before-approval', when: 'the walk-in was approved' },
  pass: { reason: 'check-in-before-pass', when: 'the pass was created' },
} as const satisfies Record<CheckInSubject, { reason: RefusalDetails['reason']; when: string }>;

/**
 * The 400 of a check-in dated more than CHECK_IN_CLOCK_SLACK_MS before `first`, the first
 * instant its `subject` could enter: `Check-in cannot be before Nov 22, 2026 at 9:00 AM,
 * when the invitation was created` (the community's wall clock), details `{reason:
 * 'check-in-before-invitation', date: '2026-11-22', time: '09:00'}` (or
 * `check-in-before-approval`, `check-in-before-pass`).
 */
export function checkInBeforeFirstInstant(subject: CheckInSubject, first: Date, timeZone: string) {
  const { reason, when } = FIRST_CHECK_IN_WORDS[subject];
  const date = communityDate(first, timeZone);
  const time = communityTime(first, timeZone);
  return httpError(400, `Check-in cannot be before ${formatDisplayDate(date)} at ${formatDisplayTime(time)}, when ${when}`, {
    refusal: { reason, date, time },
  });
}

/**
 * The statuses in which a visitor's photo may be added or replaced (docs/gate.md#walk-ins): while
 * the visitor waits at the gate or may still enter. Not a move: the status stays.
 */
export const PHOTO_STATUSES = ['pending', 'approved'] as const satisfies readonly VisitorStatus[];

/**
 * The statuses a visitor can still leave: its pass is *open* (docs/gate.md#verifying-a-pass: a pass
 * code is
 * unique among open passes and finds only an open one). The others are final.
 */
export const OPEN_STATUSES: readonly VisitorStatus[] = VISITOR_STATUSES.filter((status) =>
  Object.values(TRANSITIONS).some((transition) => (transition.from as readonly VisitorStatus[]).includes(status)),
);

/**
 * How many visitors are in `statuses`, from the counts the writes keep
 * (`visitor_status_count`, kept by triggers). Read through the table's primary key, so the
 * cost stays that of a few rows even when the table's file has grown (a bulk load leaves
 * it large until a VACUUM FULL, and a scan reads every page).
 */
export async function countVisitorsInStatuses(em: EntityManager, statuses: readonly VisitorStatus[]): Promise<number> {
  const [row] = await em.execute<{ total: string | number }[]>(
    `select coalesce(sum(n), 0) as total from visitor_status_count where community_id = ? and status in (${statuses.map(() => '?').join(', ')})`,
    [communityIdOf(em), ...statuses],
  );
  return Number(row?.total ?? 0);
}

const VERBS: Record<VisitorTransition, string> = {
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  checkIn: 'checked in',
  checkOut: 'checked out',
  expire: 'expired',
};

/** How a refusal's details name each move (`details.move`). */
const REFUSAL_MOVES: Record<VisitorTransition, (typeof VISITOR_REFUSAL_MOVES)[number]> = {
  approve: 'approve',
  reject: 'reject',
  cancel: 'cancel',
  checkIn: 'check-in',
  checkOut: 'check-out',
  expire: 'expire',
};

/** The audit action each move writes (moves without one write none). */
const AUDIT_ACTIONS: Partial<Record<VisitorTransition, AuditAction>> = {
  approve: 'visitor.approved',
  reject: 'visitor.rejected',
  cancel: 'visitor.cancelled',
  checkIn: 'visitor.checked-in',
  checkOut: 'visitor.checked-out',
};

/**
 * Whether `transition` may start from `status`; `late`: a move that happened earlier
 * (docs/gate.md#recording-moves-offline).
 */
export function canTransition(status: VisitorStatus, transition: VisitorTransition, options: { late?: boolean } = {}): boolean {
  return sourcesOf(transition, options).includes(status);
}

/**
 * The 409 INVALID_TRANSITION for a move that the current status forbids, e.g. `Visitor
 * cannot be checked in: status is checked-out`, details `{reason: 'visitor-status', move:
 * 'check-in', status: 'checked-out'}`.
 */
export function transitionConflict(status: VisitorStatus, transition: VisitorTransition) {
  return httpError(409, `Visitor cannot be ${VERBS[transition]}: status is ${status}`, {
    code: 'INVALID_TRANSITION',
    refusal: { reason: 'visitor-status', move: REFUSAL_MOVES[transition], status },
  });
}

/** Throws 409 unless `transition` may start from `status`. */
export function assertTransition(status: VisitorStatus, transition: VisitorTransition): void {
  if (!canTransition(status, transition)) throw transitionConflict(status, transition);
}

/**
 * SQL for the visit window, in the community's zone (docs/api.md#visitors-and-their-statuses); the
 * same rule
 * as `visitWindow` in visitors.ts, which words the 409. Parameters: zone, early minutes,
 * instant (opens) / zone, instant (closes) / zone, now, now (ended).
 * - a check-in is allowed from `visit_time_from − early` to the end of the `visit_time_to`
 *   minute on `visit_date` (docs/gate.md#recording-moves-offline), judged at the instant of the
 *   move: now, or
 *   the `occurredAt` of a move the gate recorded offline;
 * - an invitation has *ended* once the community's current minute is past `visit_time_to`
 *   (the expiry rule of `expireEndedInvitations`).
 */
const OPENS_BY_NOW = `((v.visit_date + v.visit_time_from::time) at time zone ?) - make_interval(mins => ?) <= ?`;
const NOT_CLOSED_BY_NOW = `((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone ?) > ?`;
const ENDED_BY_NOW = `(((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone ?) <= ? or (v.status = 'pending' and v.decide_by <= ?))`;
/**
 * Whether visitor `v` has ended by now: its window is over, or it is a walk-in still
 * pending past its `decide_by` (docs/gate.md#walk-ins); parameters: zone, now, now.
 */
export const ENDED_BY_NOW_SQL = ENDED_BY_NOW;

/** What a move writes besides the status, and who may make it. */
export interface TransitionOptions {
  now: Date;
  /** COMMUNITY_TIMEZONE. */
  timeZone: string;
  /** EARLY_CHECKIN_MINUTES: for a check-in, the window is part of the condition. */
  earlyCheckinMinutes: number;
  actor: Actor;
  /** Set `check_in_time`/`checked_in_by` (check-in) or `check_out_time`/`checked_out_by` (check-out) to the move's instant and the actor. */
  stamp?: 'checkIn' | 'checkOut';
  /**
   * When a check-in or check-out the gate recorded offline happened
   * (docs/gate.md#recording-moves-offline): the
   * stamp is set to it, the window is judged at it, a check-in may start from `lateFrom`,
   * and the audit row records it beside `now` (when the server recorded the move). Absent:
   * the move happens now.
   */
  occurredAt?: Date;
  /**
   * A decision on a walk-in (docs/gate.md#walk-ins): records the actor as `decided_by`, now as
   * `decided_at` and the reason; `hostId` (a deciding resident) becomes the host.
   */
  decision?: { reason: string | null; hostId: string | null };
  /** A note appended to the visitor's notes (a line of its own). */
  note?: string | undefined;
  /** Only an invitation of this host or house (a resident's reach; `houseOnly`: the house alone); 404 otherwise. */
  reach?: { hostId: string; houseId: string | null; houseOnly?: boolean };
  /** Details of the audit row. */
  auditDetails?: Record<string, unknown> | null;
  /** How to word a refused check-in outside its window: the text and its details (`visit-window`). */
  windowMessage: (row: VisitorRow) => WindowRefusal;
  /**
   * docs/operations.md#gates, with `stamp`: the gate the move names (the tablet's chosen gate);
   * absent:
   * the only active gate if there is exactly one, else none. Recorded on the visitor
   * (`check_in_gate_id`/`check_out_gate_id`) and as `gateId` in the audit row's details, by
   * the same statement; an unknown or inactive gate is 400 `Unknown gate`.
   */
  gateId?: string | undefined;
  /**
   * docs/operations.md#blocklist: an admin's check-in of a blocklisted visitor all the same.
   * Without it a
   * check-in's condition includes "phone and plate on no blocklist entry".
   */
  blocklistOverride?: boolean;
}


/**
 * Applies `transition` to visitor `id` in one statement and returns the row as it now is.
 * - 404 'Visitor not found': no such visitor, or outside `reach`;
 * - 400 VALIDATION_FAILED 'Unknown gate' (details on `gateId`): a stamped move naming a gate
 *   that does not exist or is inactive (docs/operations.md#gates; judged only once the move matched
 *   nothing);
 * - 409 INVALID_TRANSITION naming the current status when the move cannot start from it (an invitation
 *   whose window has ended is expired on the way, and named so);
 * - 409 BLOCKLISTED 'This visitor is on the community blocklist' for a check-in of a visitor
 *   whose phone or plate is on the blocklist (docs/operations.md#blocklist; not with
 *   `blocklistOverride`): the
 *   refused attempt is recorded (audit `visitor.blocklist-refused`, the admins notified) by a
 *   statement of its own that stays: do not call this inside a transaction for a check-in;
 * - 409 INVALID_TRANSITION with `windowMessage` (text and details) for a check-in outside its window;
 * - 409 INVALID_TRANSITION 'Check-out cannot be before check-in' for a check-out whose
 *   instant is before the visitor's check-in (docs/gate.md#recording-moves-offline);
 * - 400 `Check-in cannot be before Nov 22, 2026 at 9:00 AM, when the invitation was created`
 *   (details `check-in-before-invitation`, or `check-in-before-approval` for a walk-in) for
 *   a check-in dated more than CHECK_IN_CLOCK_SLACK_MS before the visitor could enter, once
 *   its status allows the move; one dated less is recorded at that first instant.
 */
export async function transitionVisitor(
  em: EntityManager,
  id: string,
  transition: VisitorTransition,
  options: TransitionOptions,
): Promise<VisitorRow> {
  if (!isUuid(id)) throw httpError(404, 'Visitor not found');
  const { to } = TRANSITIONS[transition];
  const { now, timeZone, actor } = options;
  const late = options.occurredAt !== undefined;
  const from = sourcesOf(transition, { late });
  // The instant of the move: now, or when a move recorded offline happened
  // (docs/gate.md#recording-moves-offline).
  const at = options.occurredAt ?? now;
  const sets: string[] = ['status = ?', 'updated_at = ?'];
  const setParams: unknown[] = [to, now];
  // docs/operations.md#gates: a stamped move records its gate, resolved inside this statement.
  const gate = options.stamp ? gateOfMove(em, options.gateId) : null;
  const gateColumn = options.stamp === 'checkIn' ? 'check_in_gate_id' : 'check_out_gate_id';
  // A check-in dated before the visitor could enter, within the clock slack, is recorded at
  // that first instant (and one dated earlier than the slack matches nothing: below).
  const firstCheckIn = late && transition === 'checkIn';
  if (options.stamp === 'checkIn') {
    sets.push(firstCheckIn ? `check_in_time = greatest(?::timestamptz, ${FIRST_CHECK_IN_SQL})` : 'check_in_time = ?', 'checked_in_by_id = ?');
    setParams.push(at, actor.userId);
  } else if (options.stamp === 'checkOut') {
    sets.push('check_out_time = ?', 'checked_out_by_id = ?');
    setParams.push(at, actor.userId);
  }
  if (gate) {
    sets.push(`${gateColumn} = ${gate.value.sql}`);
    setParams.push(...gate.value.params);
  }
  if (options.decision) {
    sets.push('decided_by_id = ?', 'decided_at = ?', 'decision_reason = ?');
    setParams.push(actor.userId, now, options.decision.reason);
    if (options.decision.hostId) {
      sets.push('host_id = ?');
      setParams.push(options.decision.hostId);
    }
  }
  if (options.note) {
    sets.push(`notes = case when v.notes is null then ? else v.notes || chr(10) || ? end`);
    setParams.push(options.note, options.note);
  }
  // docs/security.md#communities: a visitor of another community is not found.
  const conditions: string[] = ['v.id = ?', 'v.community_id = ?', `v.status in (${from.map(() => '?').join(', ')})`];
  const whereParams: unknown[] = [id, communityIdOf(em), ...from];
  if (transition === 'checkIn') {
    conditions.push(OPENS_BY_NOW, NOT_CLOSED_BY_NOW);
    whereParams.push(timeZone, options.earlyCheckinMinutes, at, timeZone, at);
    if (from.length > TRANSITIONS.checkIn.from.length) conditions.push(`(v.status = 'approved' or ${HAD_BEEN_APPROVED_SQL})`);
    if (firstCheckIn) {
      conditions.push(`${FIRST_CHECK_IN_SQL} <= ?`);
      whereParams.push(new Date(at.getTime() + CHECK_IN_CLOCK_SLACK_MS));
    }
    // docs/operations.md#blocklist: nobody on the blocklist enters (but by an admin's override).
    // Part of
    // the one statement, so a normal check-in costs no extra round trip.
    if (!options.blocklistOverride) conditions.push(`not ${blocklistedSql('v.phone', 'v.vehicle_license_plate', 'v.community_id')}`);
  } else if (transition === 'checkOut') {
    // Never out before in (docs/gate.md#recording-moves-offline).
    conditions.push('v.check_in_time <= ?');
    whereParams.push(at);
  } else if ((from as readonly string[]).some((status) => canTransition(status as VisitorStatus, 'expire'))) {
    // A move from pending or approved cannot happen once the invitation has ended: it expired.
    conditions.push(`not (${ENDED_BY_NOW})`);
    whereParams.push(timeZone, now, now);
  }
  if (gate?.condition) {
    conditions.push(gate.condition.sql);
    whereParams.push(...gate.condition.params);
  }
  if (options.reach?.houseOnly) {
    conditions.push('v.house_id = ?');
    whereParams.push(options.reach.houseId);
  } else if (options.reach) {
    conditions.push('(v.host_id = ? or v.house_id = ?)');
    whereParams.push(options.reach.hostId, options.reach.houseId);
  }
  const action = AUDIT_ACTIONS[transition];
  // The audit row names the move's gate (docs/operations.md#gates) as the statement resolved it.
  const detailsSql = gate
    ? `case when moved.${gateColumn} is null then ?::jsonb else coalesce(?::jsonb, '{}'::jsonb) || jsonb_build_object('gateId', moved.${gateColumn}) end`
    : '?::jsonb';
  // A check-in recorded at its visitor's first instant says so in the audit row too (the Activity Log reads it).
  const auditDetailsSql = firstCheckIn
    ? `jsonb_set(${detailsSql}, '{occurredAt}', to_jsonb(to_char(moved.check_in_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`
    : detailsSql;
  // A move recorded offline: the audit row keeps both instants, when it happened and when
  // the server recorded it (the row's own `occurred_at`).
  const auditDetails = options.occurredAt
    ? { ...options.auditDetails, occurredAt: options.occurredAt.toISOString(), recordedAt: now.toISOString() }
    : options.auditDetails;
  const detailsJson = auditDetails ? JSON.stringify(auditDetails) : null;
  const audit = action
    ? auditInsertSql(em, actor, now, {
        action,
        targetType: 'visitor',
        targetId: 'moved.id',
        detailsSql: { sql: auditDetailsSql, params: (gate ? [1, 2] : [1]).map(() => detailsJson) },
        from: 'moved',
      })
    : null;
  const rows = await em.execute<VisitorRow[]>(
    `with moved as (
       update visitor_invitation v set ${sets.join(', ')}
        where ${conditions.join(' and ')}
       returning v.*
     )${audit ? `, audit as (${audit.sql})` : ''}
     select ${visitorRowColumns('v')} from moved v ${VISITOR_ROW_JOINS}`,
    [...setParams, ...whereParams, ...(audit?.params ?? [])],
  );
  if (rows[0]) return rows[0];
  // A gate the move named that is unknown or inactive matched nothing: say so first.
  if (gate?.condition) await assertKnownGate(em, options.gateId);
  throw await explainRefusal(em, id, transition, options);
}

/** Why `transition` matched nothing: the error to answer (expiring the invitation on the way if it has ended). */
async function explainRefusal(em: EntityManager, id: string, transition: VisitorTransition, options: TransitionOptions) {
  const [row] = await em.execute<(VisitorRow & { ended: boolean })[]>(
    `select ${visitorRowColumns('v')}, ${ENDED_BY_NOW} as ended from visitor_invitation v ${VISITOR_ROW_JOINS} where v.id = ? and v.community_id = ?`,
    [options.timeZone, options.now, options.now, id, communityIdOf(em)],
  );
  const outOfReach =
    row &&
    options.reach &&
    row.house_id !== options.reach.houseId &&
    (options.reach.houseOnly || row.host_id !== options.reach.hostId);
  if (!row || outOfReach) return httpError(404, 'Visitor not found');
  const late = options.occurredAt !== undefined;
  if (row.ended && canTransition(row.status, 'expire')) {
    await expireVisitor(em, id, options.now, options.timeZone);
    // A check-in recorded offline is judged at its instant: the window is the reason it
    // was refused, not the expiry that followed.
    if (!(late && transition === 'checkIn' && row.status === 'approved')) return transitionConflict('expired', transition);
    row.status = 'expired';
  }
  if (!canTransition(row.status, transition, { late })) return transitionConflict(row.status, transition);
  if (!(TRANSITIONS[transition].from as readonly VisitorStatus[]).includes(row.status) && !hadBeenApproved(row)) {
    return transitionConflict(row.status, transition);
  }
  if (transition === 'checkOut') {
    // The status allows it: only the instant can have refused it.
    return httpError(409, CHECK_OUT_BEFORE_CHECK_IN_MESSAGE, { code: 'INVALID_TRANSITION' });
  }
  // The status allows a check-in: one dated before the visitor could enter (beyond the clock
  // slack) is refused before the blocklist and the window, since the visitor did not exist,
  // or was not approved, then.
  if (transition === 'checkIn' && options.occurredAt) {
    const first = new Date(isoInstant(row.decided_at ?? row.created_at));
    if (options.occurredAt.getTime() + CHECK_IN_CLOCK_SLACK_MS < first.getTime()) {
      return checkInBeforeFirstInstant(row.kind === 'walk-in' ? 'walk-in' : 'invitation', first, options.timeZone);
    }
  }
  if (transition === 'checkIn' && !options.blocklistOverride) {
    // The blocklist before the window: the guard must know who this is whatever the time.
    const entry = await findBlocklistMatch(em, row.phone, row.vehicle_license_plate);
    if (entry) {
      await recordBlocklistRefusal(em, options.actor, { type: 'visitor', id: row.id }, entry, options.now, options.gateId);
      return blocklistedError();
    }
  }
  // The status allows the move: only the window can have refused it.
  const window = options.windowMessage(row);
  return httpError(409, window.message, { code: 'INVALID_TRANSITION', refusal: window.refusal });
}

/** Expires visitor `id` if it is still pending or approved and its window has ended. Returns whether it did. */
export async function expireVisitor(em: EntityManager, id: string, now: Date, timeZone: string): Promise<boolean> {
  const { from, to } = TRANSITIONS.expire;
  const updated = await em.execute<{ id: string }[]>(
    `update visitor_invitation v set status = ?, updated_at = ?
      where v.id = ? and v.community_id = ? and v.status in (${from.map(() => '?').join(', ')}) and ${ENDED_BY_NOW}
      returning v.id`,
    [to, now, id, communityIdOf(em), ...from, timeZone, now, now],
  );
  return updated.length > 0;
}

/**
 * Expires every pending or approved invitation whose window has ended by `now`
 * (docs/api.md#visitors-and-their-statuses): its date is before today, or it is today and
 * `visitTimeTo` is
 * before the community's current minute; and every walk-in still pending past its
 * `decide_by` (docs/gate.md#walk-ins). Run by a periodic sweep (for each community, in its
 * zone) and before listings; `em`'s community's invitations only (docs/security.md#communities:
 * `today` and `currentTime` are that community's). Uses the (status, visit_date,
 * visit_time_to) index. Returns how many expired.
 */
export async function expireEndedInvitations(em: EntityManager, today: string, currentTime: string, now: Date): Promise<number> {
  const { from, to } = TRANSITIONS.expire;
  const result = await em.execute<{ id: string }[]>(
    `update visitor_invitation set status = ?, updated_at = ?
      where community_id = ? and status in (${from.map(() => '?').join(', ')})
        and (visit_date < ? or (visit_date = ? and visit_time_to < ?) or (status = 'pending' and decide_by <= ?))
      returning id`,
    [to, new Date(), communityIdOf(em), ...from, today, today, currentTime, now],
  );
  return result.length;
}

/* ------------------------------------------------------------------------------------------
 * Recurring passes (docs/operations.md#frequent-visitors). A pass is stored active, paused or
 * cancelled; it reads
 * `ended` after its end date (community zone), whatever else it was but cancelled. Its gate
 * moves are entries (`pass_entry`): a check-in inserts one, a check-out closes the open one;
 * the partial unique index `pass_entry_open_unique` keeps a pass from being inside twice.
 * ---------------------------------------------------------------------------------------- */

/** The stored statuses each management move of a pass may start from, and where it goes. */
export const PASS_TRANSITIONS = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  cancel: { from: ['active', 'paused'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly RecurringPassStoredStatus[]; to: RecurringPassStoredStatus }>;

export type PassTransition = keyof typeof PASS_TRANSITIONS;
export type RecurringPassStoredStatus = 'active' | 'paused' | 'cancelled';

/** The stored status that allows a check-in (and only before the end date, inside the window). */
export const PASS_CHECK_IN_STATUS: RecurringPassStoredStatus = 'active';

const PASS_VERBS: Record<PassTransition | 'checkIn' | 'checkOut' | 'update', string> = {
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
  checkIn: 'checked in',
  checkOut: 'checked out',
  update: 'changed',
};

/** The status a pass reads as on `today` (YYYY-MM-DD, community zone): `ended` after its end date unless cancelled. */
export function passStatusOf(pass: { status: RecurringPassStoredStatus; endDate: string }, today: string): RecurringPassStoredStatus | 'ended' {
  if (pass.status === 'cancelled') return 'cancelled';
  return pass.endDate < today ? 'ended' : pass.status;
}

/** How a refusal's details name each pass move (`details.move`). */
const PASS_REFUSAL_MOVE: Record<PassTransition | 'checkIn' | 'checkOut' | 'update', (typeof PASS_REFUSAL_MOVES)[number]> = {
  pause: 'pause',
  resume: 'resume',
  cancel: 'cancel',
  checkIn: 'check-in',
  checkOut: 'check-out',
  update: 'update',
};

/**
 * The 409 of a pass move its status forbids: `Pass cannot be paused: status is cancelled`,
 * details `{reason: 'pass-status', move: 'pause', status: 'cancelled'}`.
 */
export function passTransitionConflict(status: RecurringPassStatus, move: PassTransition | 'checkIn' | 'checkOut' | 'update') {
  return httpError(409, `Pass cannot be ${PASS_VERBS[move]}: status is ${status}`, {
    code: 'INVALID_TRANSITION',
    refusal: { reason: 'pass-status', move: PASS_REFUSAL_MOVE[move], status },
  });
}

/** Whether `move` may start from a pass reading `status` (derived: an ended pass moves no more). */
export function canTransitionPass(status: RecurringPassStoredStatus | 'ended', move: PassTransition): boolean {
  return (PASS_TRANSITIONS[move].from as readonly string[]).includes(status);
}

/**
 * The 409 of a check-in of a pass that is inside already (docs/operations.md#frequent-visitors:
 * never inside twice at once).
 */
export const PASS_ALREADY_INSIDE_MESSAGE = 'Pass cannot be checked in: already inside';
/** The 409 of a check-out of a pass that is not inside. */
export const PASS_NOT_INSIDE_MESSAGE = 'Pass cannot be checked out: not inside';

/** The calendar date (YYYY-MM-DD) and weekday index (0 = Monday) of a pass rule. */
const isoWeekdayIndex = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
};

/**
 * Whether a pass may be checked in at instant `at` (docs/operations.md#frequent-visitors): on a
 * listed weekday
 * between its start and end dates, from `timeFrom − earlyMinutes` to the end of the
 * `timeTo` minute, in the community zone (the invitation's window rule,
 * docs/api.md#visitors-and-their-statuses).
 * The early allowance can reach back into the day before (a window at 00:30), so both the
 * day of `at` and the day of `at + early` are candidates. `dayAt(instant)` is the community
 * date of an instant and `instantOf(date, time)` the instant of a community date and time.
 */
export function passWindowAllows(
  pass: { weekdays: number; timeFrom: string; timeTo: string; startDate: string; endDate: string },
  at: Date,
  earlyMinutes: number,
  dayAt: (instant: Date) => string,
  instantOf: (date: string, time: string) => Date,
): boolean {
  const days = new Set([dayAt(at), dayAt(new Date(at.getTime() + earlyMinutes * 60_000))]);
  for (const day of days) {
    if (day < pass.startDate || day > pass.endDate) continue;
    if ((pass.weekdays & (1 << isoWeekdayIndex(day))) === 0) continue;
    const opensAt = instantOf(day, pass.timeFrom).getTime() - earlyMinutes * 60_000;
    const closesAt = instantOf(day, pass.timeTo).getTime() + 60_000;
    if (at.getTime() >= opensAt && at.getTime() < closesAt) return true;
  }
  return false;
}

/**
 * Why a pass cannot be checked in at `at`, or null when it can
 * (docs/operations.md#frequent-visitors), in the
 * order a guard needs it: a status other than active (ended included) → 409 naming it;
 * `at` more than CHECK_IN_CLOCK_SLACK_MS before the pass was made (`createdAt`) → 400
 * `check-in-before-pass` (`checkInBeforeFirstInstant`);
 * outside the days or window → 409 with `windowMessage`; inside already → 409
 * PASS_ALREADY_INSIDE_MESSAGE. The database enforces the last one again (unique index).
 */
export function passCheckInRefusal(
  pass: { status: RecurringPassStoredStatus; weekdays: number; timeFrom: string; timeTo: string; startDate: string; endDate: string; inside: boolean; createdAt: Date },
  at: Date,
  rules: {
    today: string;
    earlyMinutes: number;
    dayAt: (instant: Date) => string;
    instantOf: (date: string, time: string) => Date;
    windowMessage: WindowRefusal;
    timeZone: string;
  },
) {
  // An offline check-in is judged at its instant: the end date against that day.
  const status = passStatusOf(pass, rules.dayAt(at) < rules.today ? rules.dayAt(at) : rules.today);
  if (status !== PASS_CHECK_IN_STATUS) return passTransitionConflict(status, 'checkIn');
  // Not before the pass was made (beyond the clock slack; the caller records one within it at that instant).
  if (at.getTime() + CHECK_IN_CLOCK_SLACK_MS < pass.createdAt.getTime()) return checkInBeforeFirstInstant('pass', pass.createdAt, rules.timeZone);
  if (!passWindowAllows(pass, at, rules.earlyMinutes, rules.dayAt, rules.instantOf)) {
    return httpError(409, rules.windowMessage.message, { code: 'INVALID_TRANSITION', refusal: rules.windowMessage.refusal });
  }
  if (pass.inside) return httpError(409, PASS_ALREADY_INSIDE_MESSAGE, { code: 'INVALID_TRANSITION' });
  return null;
}
