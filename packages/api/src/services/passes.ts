/**
 * Recurring passes (docs/operations.md#frequent-visitors): frequent visitors (daily help, drivers,
 * tutors,
 * carers). A resident (their own house) or an admin (any house) creates a pass valid on
 * listed weekdays inside a daily window between a start and an end date; the gate scans,
 * checks in and checks out a pass like an invitation, each check-in an entry of its log.
 * The rules (which status allows what, the window) are the state machine's
 * (`visitor-state-machine.ts`); every change writes its audit row (target type `pass`) in
 * the same statement or transaction.
 *
 * Pass codes: 7 digits, a length invitations never use (6, or 8 in a large community:
 * pass-codes.ts), so a code read out at the gate names one table, and the scan looks here
 * only when the invitations have no such token or code (the invitation path stays as it
 * was). A pass keeps its code for its whole life: unique among all passes.
 */
import { randomInt, randomUUID } from 'node:crypto';

import { communityIdOf } from '@gatehouse/db';
import type { AuditAction, EntityManager, User } from '@gatehouse/db';
import {
  formatDisplayDate,
  formatDisplayTime,
  isUuid,
  passLatestEndDate,
  PASS_TOO_LONG_MESSAGE,
  RECURRING_PASS_CODE_DIGITS,
  recurringPassCodeOf,
  WEEKDAYS,
  type CreatePassInput,
  type PassEntry,
  type PassListResponse,
  type RecurringPass,
  type RecurringPassStatus,
  type RecurringPassWithEntries,
  type ScannedRecurringPass,
  type UpdatePassInput,
  type Weekday,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { houseIdOf, isoInstant, likePattern } from '../lib/serialize';
import { communityDate, communityInstant } from '../lib/time';
import { auditInsertSql, type Actor } from './audit';
import { blocklistedError, blocklistedOf, blocklistMatchSql, findBlocklistMatch, recordBlocklistRefusal } from './blocklist';
import { assertKnownGate, gateOfMove } from './gates';
import {
  canTransitionPass,
  CHECK_IN_CLOCK_SLACK_MS,
  CHECK_OUT_BEFORE_CHECK_IN_MESSAGE,
  PASS_ALREADY_INSIDE_MESSAGE,
  PASS_CHECK_IN_STATUS,
  PASS_NOT_INSIDE_MESSAGE,
  PASS_TRANSITIONS,
  passCheckInRefusal,
  passStatusOf,
  passTransitionConflict,
  type PassTransition,
  type RecurringPassStoredStatus,
  type WindowRefusal,
} from './visitor-state-machine';

/** The clock and settings pass rules depend on. */
export interface PassClock {
  now: Date;
  /** COMMUNITY_TIMEZONE. */
  timeZone: string;
  /** EARLY_CHECKIN_MINUTES (the invitation's early allowance). */
  earlyCheckinMinutes: number;
}

const NOT_FOUND = 'Pass not found';

/** A pass as one SQL statement reads it (`PASS_COLUMNS` over `recurring_pass p` and `PASS_JOINS`). */
interface PassRow {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  purpose: string | null;
  vehicle_license_plate: string | null;
  house_id: string;
  house_number: string;
  block: string;
  host_id: string;
  host_name: string;
  weekdays: number;
  time_from: string;
  time_to: string;
  start_date: string;
  end_date: string;
  status: RecurringPassStoredStatus;
  qr_code_token: string;
  pass_code: string;
  qr_code_data_url: string;
  notify_on_arrival: boolean;
  created_at: string | Date;
  inside: boolean;
}

const PASS_COLUMNS = `p.id, p.name, p.phone, p.email, p.purpose, p.vehicle_license_plate, p.house_id, h.house_number, h.block,
  p.host_id, hu.name as host_name, p.weekdays, p.time_from, p.time_to, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
  to_char(p.end_date, 'YYYY-MM-DD') as end_date, p.status, p.qr_code_token, p.pass_code, p.qr_code_data_url, p.notify_on_arrival, p.created_at,
  exists (select 1 from pass_entry oe where oe.pass_id = p.id and oe.check_out_time is null) as inside`;
const PASS_JOINS = 'join house h on h.id = p.house_id join app_user hu on hu.id = p.host_id';

/** The weekdays as the stored bitmask: bit 0 Monday … bit 6 Sunday. */
export function weekdayMask(days: readonly Weekday[]): number {
  return days.reduce((mask, day) => mask | (1 << WEEKDAYS.indexOf(day)), 0);
}

/** The bitmask as weekday names, in week order. */
export function weekdaysOf(mask: number): Weekday[] {
  return WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0);
}

const today = (clock: Pick<PassClock, 'now' | 'timeZone'>) => communityDate(clock.now, clock.timeZone);

/**
 * Pass JSON (docs/operations.md#frequent-visitors) from a row, its status derived on the
 * community's `today`.
 */
function serializePass(row: PassRow, day: string): RecurringPass {
  return {
    id: row.id,
    kind: 'recurring',
    name: row.name,
    phone: row.phone,
    email: row.email ?? null,
    purpose: row.purpose ?? null,
    vehicleLicensePlate: row.vehicle_license_plate ?? null,
    houseId: { id: row.house_id, houseNumber: row.house_number, block: row.block },
    hostId: { id: row.host_id, name: row.host_name },
    weekdays: weekdaysOf(Number(row.weekdays)),
    timeFrom: row.time_from,
    timeTo: row.time_to,
    startDate: row.start_date,
    endDate: row.end_date,
    status: passStatusOf({ status: row.status, endDate: row.end_date }, day),
    qrCodeToken: row.qr_code_token,
    passCode: row.pass_code,
    qrCodeDataUrl: row.qr_code_data_url,
    inside: Boolean(row.inside),
    notifyOnArrival: Boolean(row.notify_on_arrival),
    createdAt: isoInstant(row.created_at),
  };
}

/**
 * A check-in of a recurring pass refused outside its days or hours: `This pass is valid on
 * Mon, Wed, Fri from 9:00 AM to 5:00 PM, Nov 1, 2026 to Nov 30, 2027`
 * (docs/operations.md#frequent-visitors),
 * details `{reason: 'pass-window', weekdays: ['mon', 'wed', 'fri'], from: '09:00', to:
 * '17:00', startDate: '2026-11-01', endDate: '2027-11-30'}`.
 */
export function passWindowMessage(pass: { weekdays: readonly Weekday[]; timeFrom: string; timeTo: string; startDate: string; endDate: string }): WindowRefusal {
  const days = pass.weekdays.map((day) => day.charAt(0).toUpperCase() + day.slice(1)).join(', ');
  return {
    message: `This pass is valid on ${days} from ${formatDisplayTime(pass.timeFrom)} to ${formatDisplayTime(pass.timeTo)}, ${formatDisplayDate(
      pass.startDate,
    )} to ${formatDisplayDate(pass.endDate)}`,
    refusal: {
      reason: 'pass-window',
      weekdays: [...pass.weekdays],
      from: pass.timeFrom.slice(0, 5),
      to: pass.timeTo.slice(0, 5),
      startDate: pass.startDate.slice(0, 10),
      endDate: pass.endDate.slice(0, 10),
    },
  };
}

/**
 * The audit row of a pass's change, written by the statement that makes it (`audit as
 * (<sql>)`): about each row of the CTE `source` (which has `pass_id`).
 */
const passAudit = (em: EntityManager, source: string, actor: Actor, now: Date, action: AuditAction, details: Record<string, unknown> | null) =>
  auditInsertSql(em, actor, now, { action, targetType: 'pass', targetId: `${source}.pass_id`, details, from: source });

/**
 * SQL over `recurring_pass p` with its parameters: the passes of `em`'s community
 * (docs/security.md#communities) a caller may reach. A resident's reach: their house's passes
 * and the ones they host (docs/security.md#who-may-do-what, as visitors); staff (and no
 * `user`): all of the community's.
 */
function reachCondition(em: EntityManager, user: User | undefined): { sql: string; params: unknown[] } {
  const community = { sql: 'p.community_id = ?', params: [communityIdOf(em)] };
  if (!user || user.role !== 'resident') return community;
  const houseId = houseIdOf(user);
  return houseId
    ? { sql: `${community.sql} and (p.house_id = ? or p.host_id = ?)`, params: [...community.params, houseId, user.id] }
    : { sql: `${community.sql} and p.host_id = ?`, params: [...community.params, user.id] };
}

/** Reads one pass the caller may see (staff: any), or undefined. */
async function readPass(em: EntityManager, id: string, user?: User): Promise<PassRow | undefined> {
  if (!isUuid(id)) return undefined;
  const reach = reachCondition(em, user);
  const [row] = await em.execute<PassRow[]>(`select ${PASS_COLUMNS} from recurring_pass p ${PASS_JOINS} where p.id = ? and ${reach.sql}`, [
    id.toLowerCase(),
    ...reach.params,
  ]);
  return row;
}

/** The first and last instant of a month (YYYY-MM) in the community zone: [from, to). */
function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: communityInstant(`${month}-01`, '00:00', timeZone), to: communityInstant(`${next}-01`, '00:00', timeZone) };
}

interface EntryRow {
  id: string;
  check_in_time: string | Date;
  check_out_time: string | Date | null;
  check_in_gate_id: string | null;
  check_in_gate_name: string | null;
  check_out_gate_id: string | null;
  check_out_gate_name: string | null;
  checked_in_by_id: string | null;
  checked_in_by_name: string | null;
  checked_out_by_id: string | null;
  checked_out_by_name: string | null;
}

/** The pass's entries checked in during `month` (community zone), newest first. */
async function entriesOf(em: EntityManager, passId: string, month: string, timeZone: string): Promise<PassEntry[]> {
  const { from, to } = monthRange(month, timeZone);
  const rows = await em.execute<EntryRow[]>(
    `select e.id, e.check_in_time, e.check_out_time, e.check_in_gate_id, gi.name as check_in_gate_name,
            e.check_out_gate_id, go.name as check_out_gate_name, e.checked_in_by_id, ui.name as checked_in_by_name,
            e.checked_out_by_id, uo.name as checked_out_by_name
       from pass_entry e
       left join gate gi on gi.id = e.check_in_gate_id
       left join gate go on go.id = e.check_out_gate_id
       left join app_user ui on ui.id = e.checked_in_by_id
       left join app_user uo on uo.id = e.checked_out_by_id
      where e.pass_id = ? and e.check_in_time >= ? and e.check_in_time < ?
      order by e.check_in_time desc, e.id desc`,
    [passId, from, to],
  );
  const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);
  return rows.map((row) => ({
    id: row.id,
    checkInTime: isoInstant(row.check_in_time),
    checkOutTime: row.check_out_time ? isoInstant(row.check_out_time) : null,
    gate: ref(row.check_in_gate_id, row.check_in_gate_name),
    checkOutGate: ref(row.check_out_gate_id, row.check_out_gate_name),
    checkedInBy: ref(row.checked_in_by_id, row.checked_in_by_name),
    checkedOutBy: ref(row.checked_out_by_id, row.checked_out_by_name),
  }));
}

/** A pass with its entries of `month` (default: the current month in the community zone). */
async function withEntries(em: EntityManager, row: PassRow, clock: Pick<PassClock, 'now' | 'timeZone'>, month?: string): Promise<RecurringPassWithEntries> {
  const day = today(clock);
  const chosen = month ?? day.slice(0, 7);
  return { ...serializePass(row, day), month: chosen, entries: await entriesOf(em, row.id, chosen, clock.timeZone) };
}

/** Draws before giving up; with 10^7 codes a collision is rare, twelve in a row practically never. */
const MAX_DRAWS = 12;

/**
 * Creates a recurring pass (docs/operations.md#frequent-visitors; `POST /api/passes`, 201): status
 * active, a fresh
 * QR token and a 7-digit code, with its `pass.created` audit row in one transaction.
 * Input: ZCreatePassRequest's output (the schema has checked the window, the date order and
 * the 12-month limit; `notifyOnArrival` false unless given: the host told of each check-in
 * and check-out). Errors: 403 'You can only create passes for your own house' (a
 * resident, another house); 404 'House not found' (also another community's); 400 'Start date cannot be in the past'
 * (field startDate).
 */
export async function createPass(em: EntityManager, user: User, actor: Actor, input: CreatePassInput, clock: PassClock, qr: (token: string) => Promise<string>, newToken: () => string): Promise<RecurringPass> {
  if (user.role === 'resident' && houseIdOf(user) !== input.houseId) {
    throw httpError(403, 'You can only create passes for your own house');
  }
  const houseId = isUuid(input.houseId) ? input.houseId.toLowerCase() : null;
  // docs/security.md#communities: a house of another community is not found.
  const [house] = houseId ? await em.execute<{ id: string }[]>('select id from house where community_id = ? and id = ?', [communityIdOf(em), houseId]) : [];
  if (!house) throw httpError(404, 'House not found');
  if (input.startDate < today(clock)) throw httpError(400, 'Start date cannot be in the past', { field: 'startDate' });
  const token = newToken();
  const qrCodeDataUrl = await qr(token);
  return em.transactional(async (tx) => {
    for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** RECURRING_PASS_CODE_DIGITS)).padStart(RECURRING_PASS_CODE_DIGITS, '0');
      const audit = passAudit(em, 'created', actor, clock.now, 'pass.created', null);
      const inserted = await tx.execute<{ pass_id: string }[]>(
        `with created as (
           insert into recurring_pass (id, community_id, name, phone, email, purpose, vehicle_license_plate, house_id, host_id, weekdays, time_from, time_to,
             start_date, end_date, status, qr_code_token, pass_code, qr_code_data_url, notify_on_arrival, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?)
           on conflict (community_id, pass_code) do nothing
           returning id as pass_id
         ), audit as (${audit.sql})
         select pass_id from created`,
        [
          id,
          communityIdOf(tx),
          input.name,
          input.phone,
          input.email ?? null,
          input.purpose ?? null,
          input.vehicleLicensePlate ?? null,
          house.id,
          user.id,
          weekdayMask(input.weekdays),
          input.timeFrom,
          input.timeTo,
          input.startDate,
          input.endDate,
          token,
          code,
          qrCodeDataUrl,
          input.notifyOnArrival ?? false,
          clock.now,
          clock.now,
          ...audit.params,
        ],
      );
      if (inserted[0]) return serializePass((await readPass(tx, id))!, today(clock));
    }
    throw new Error(`No free ${RECURRING_PASS_CODE_DIGITS}-digit pass code after ${MAX_DRAWS} draws`);
  });
}

/**
 * The passes the caller may see (docs/operations.md#frequent-visitors; `GET /api/passes`), newest
 * first: staff
 * all, a resident their house's and the ones they host. `status` filters on the status as
 * read (`ended` is derived). Output: `{items, total}`.
 */
export async function listPasses(
  em: EntityManager,
  user: User,
  input: { status?: RecurringPassStatus | undefined; limit: number; offset: number },
  clock: PassClock,
): Promise<PassListResponse> {
  const reach = reachCondition(em, user);
  const day = today(clock);
  const conditions = [reach.sql];
  const params: unknown[] = [...reach.params];
  if (input.status === 'cancelled') conditions.push(`p.status = 'cancelled'`);
  else if (input.status === 'ended') {
    conditions.push(`p.status <> 'cancelled' and p.end_date < ?`);
    params.push(day);
  } else if (input.status) {
    conditions.push('p.status = ? and p.end_date >= ?');
    params.push(input.status, day);
  }
  const rows = await em.execute<(PassRow & { total: string | number })[]>(
    `select ${PASS_COLUMNS}, count(*) over () as total from recurring_pass p ${PASS_JOINS}
      where ${conditions.join(' and ')} order by p.created_at desc, p.id desc limit ? offset ?`,
    [...params, input.limit, input.offset],
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number((await em.execute<{ n: string | number }[]>(`select count(*) as n from recurring_pass p where ${conditions.join(' and ')}`, params))[0]?.n ?? 0);
  return { items: rows.map((row) => serializePass(row, day)), total };
}

/**
 * One pass with its entries of `month` (YYYY-MM; default the current month in the
 * community zone), newest first (docs/operations.md#frequent-visitors; `GET
 * /api/passes/{id}?month=`). Visibility
 * as visitors: a resident their house's or hosted ones, else 404 'Pass not found'.
 */
export async function getPass(em: EntityManager, user: User, input: { id: string; month?: string | undefined }, clock: PassClock): Promise<RecurringPassWithEntries> {
  const row = await readPass(em, input.id, user);
  if (!row) throw httpError(404, NOT_FOUND);
  return withEntries(em, row, clock, input.month);
}

/**
 * Changes a pass's fields (docs/operations.md#frequent-visitors; `PUT /api/passes/{id}`): the ones
 * given replace
 * the stored ones; the merged pass must keep its window in order, its end on or after its
 * start and within 12 months of it, and a changed start may not be in the past. With its
 * `pass.updated` audit row. `notifyOnArrival` turns the host's arrival and departure
 * notifications on or off. Errors: 404 (also outside a resident's reach), 409 cancelled or
 * ended, 400 (fields: timeTo, endDate, startDate).
 */
export async function updatePass(em: EntityManager, user: User, actor: Actor, input: UpdatePassInput, clock: PassClock): Promise<RecurringPass> {
  const row = await readPass(em, input.id, user);
  if (!row) throw httpError(404, NOT_FOUND);
  const day = today(clock);
  const status = passStatusOf({ status: row.status, endDate: row.end_date }, day);
  if (status === 'cancelled' || status === 'ended') throw passTransitionConflict(status, 'update');
  const merged = {
    timeFrom: input.timeFrom ?? row.time_from,
    timeTo: input.timeTo ?? row.time_to,
    startDate: input.startDate ?? row.start_date,
    endDate: input.endDate ?? row.end_date,
  };
  if (merged.timeFrom >= merged.timeTo) throw httpError(400, 'End time must be after start time', { field: 'timeTo' });
  if (input.startDate !== undefined && input.startDate !== row.start_date && input.startDate < day) {
    throw httpError(400, 'Start date cannot be in the past', { field: 'startDate' });
  }
  if (merged.endDate < merged.startDate) throw httpError(400, 'End date must be on or after start date', { field: 'endDate' });
  if (merged.endDate > passLatestEndDate(merged.startDate)) throw httpError(400, PASS_TOO_LONG_MESSAGE, { field: 'endDate' });
  // Optional text: absent keeps it; sent empty or null (undefined after the schema) when the key was given removes it.
  const sets: string[] = ['updated_at = ?'];
  const params: unknown[] = [clock.now];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (input.name !== undefined) set('name', input.name);
  if (input.phone !== undefined) set('phone', input.phone);
  if ('email' in input) set('email', input.email ?? null);
  if ('purpose' in input) set('purpose', input.purpose ?? null);
  if ('vehicleLicensePlate' in input) set('vehicle_license_plate', input.vehicleLicensePlate ?? null);
  if (input.weekdays !== undefined) set('weekdays', weekdayMask(input.weekdays));
  if (input.notifyOnArrival !== undefined) set('notify_on_arrival', input.notifyOnArrival);
  set('time_from', merged.timeFrom);
  set('time_to', merged.timeTo);
  set('start_date', merged.startDate);
  set('end_date', merged.endDate);
  const changed = Object.keys(input).filter((key) => key !== 'id');
  const audit = passAudit(em, 'changed', actor, clock.now, 'pass.updated', { fields: changed });
  const updated = await em.execute<{ pass_id: string }[]>(
    `with changed as (
       update recurring_pass set ${sets.join(', ')} where id = ? and status <> 'cancelled' returning id as pass_id
     ), audit as (${audit.sql})
     select pass_id from changed`,
    [...params, row.id, ...audit.params],
  );
  if (!updated[0]) throw passTransitionConflict('cancelled', 'update');
  return serializePass((await readPass(em, row.id))!, day);
}

const PASS_AUDIT_ACTIONS: Record<PassTransition, AuditAction> = { pause: 'pass.paused', resume: 'pass.resumed', cancel: 'pass.cancelled' };

/**
 * Pauses, resumes or cancels a pass (docs/operations.md#frequent-visitors; `POST
 * /api/passes/{id}/pause`,
 * `/resume`, `DELETE /api/passes/{id}`): the host, residents of its house and admins (guards
 * are refused by the access matrix, 403). One conditional UPDATE with its audit row; from
 * the statuses `PASS_TRANSITIONS` allows, never once ended. Errors: 404 'Pass not found',
 * 409 INVALID_TRANSITION `Pass cannot be paused: status is cancelled`.
 */
export async function movePass(em: EntityManager, user: User, actor: Actor, id: string, move: PassTransition, clock: PassClock): Promise<RecurringPass> {
  if (!isUuid(id)) throw httpError(404, NOT_FOUND);
  const { from, to } = PASS_TRANSITIONS[move];
  const reach = reachCondition(em, user);
  const day = today(clock);
  const audit = passAudit(em, 'moved', actor, clock.now, PASS_AUDIT_ACTIONS[move], null);
  const moved = await em.execute<{ pass_id: string }[]>(
    `with moved as (
       update recurring_pass p set status = ?, updated_at = ?
        where p.id = ? and p.status in (${from.map(() => '?').join(', ')}) and p.end_date >= ? and ${reach.sql}
       returning p.id as pass_id
     ), audit as (${audit.sql})
     select pass_id from moved`,
    [to, clock.now, id.toLowerCase(), ...from, day, ...reach.params, ...audit.params],
  );
  const row = await readPass(em, id, user);
  if (!row) throw httpError(404, NOT_FOUND);
  if (!moved[0]) {
    const status = passStatusOf({ status: row.status, endDate: row.end_date }, day);
    if (!canTransitionPass(status, move)) throw passTransitionConflict(status, move);
  }
  return serializePass(row, day);
}

/**
 * The gate's scan of a recurring pass (docs/operations.md#frequent-visitors), after the invitations
 * had no such
 * token or code: by QR token, or by its 7-digit code (spaces and dashes ignored). One
 * statement reads it and writes its `pass.scanned` audit row. Output: the pass with this
 * month's entries, or undefined when there is no such pass (the caller answers the 404).
 */
export async function scanRecurringPass(em: EntityManager, actor: Actor, token: string, clock: PassClock): Promise<ScannedRecurringPass | undefined> {
  const code = recurringPassCodeOf(token);
  if (code === null && !/^[A-Za-z0-9_-]{1,64}$/.test(token)) return undefined;
  const audit = passAudit(em, 'found', actor, clock.now, 'pass.scanned', null);
  const [row] = await em.execute<(PassRow & { blocklist_reason: string | null })[]>(
    `with found as (
       select ${PASS_COLUMNS}, p.id as pass_id, bl.reason as blocklist_reason from recurring_pass p ${PASS_JOINS}
         left join lateral (${blocklistMatchSql('p.phone', 'p.vehicle_license_plate', 'p.community_id')}) bl on true
        where p.community_id = ? and ${code !== null ? 'p.pass_code = ?' : 'p.qr_code_token = ?'}
     ), audit as (${audit.sql})
     select * from found`,
    [communityIdOf(em), code ?? token, ...audit.params],
  );
  // docs/operations.md#blocklist: the guard sees a blocklisted pass's reason (never who listed it).
  return row ? { ...(await withEntries(em, row, clock)), blocklisted: blocklistedOf(row.blocklist_reason) } : undefined;
}

/** What the gate sends to move a pass (the check-in/check-out input of visitors). */
export interface PassGateMoveInput {
  visitorId: string;
  notes?: string | undefined;
  /**
   * A move the gate recorded offline (docs/gate.md#recording-moves-offline): when it happened,
   * already checked for range.
   */
  occurredAt?: Date | undefined;
  /**
   * The gate of the move (docs/operations.md#gates): named, else the only active gate, else none.
   */
  gateId?: string | null | undefined;
  /**
   * docs/operations.md#blocklist: an admin checks in a blocklisted pass (the caller has checked the
   * role and the notes).
   */
  override?: boolean | undefined;
}

/**
 * Checks a recurring pass in or out at the gate (docs/operations.md#frequent-visitors), for
 * `visitors.checkIn` /
 * `visitors.checkOut` when `visitorId` named no visitor. A check-in inserts an entry (the
 * state machine's rules: active, not ended, a listed weekday inside the window with the
 * early allowance; never inside twice at once, enforced by the database: of concurrent
 * check-ins exactly one inserts); a check-out closes the open entry (whatever the pass's
 * status: who is inside can always leave). Each writes its audit row in the same statement.
 * With `occurredAt` (docs/gate.md#recording-moves-offline) the move is stamped and judged at that
 * instant; a
 * check-in dated before the pass was made is 400 `check-in-before-pass`, or, within
 * CHECK_IN_CLOCK_SLACK_MS of it, recorded at that instant.
 * Output: the pass with this month's entries, or undefined when no pass has this id.
 * Errors: 400 (a check-in before the pass was made); 409 INVALID_TRANSITION (status,
 * window, already inside, not inside, check-out before check-in).
 */
export async function movePassAtGate(
  em: EntityManager,
  actor: Actor,
  input: PassGateMoveInput,
  clock: PassClock,
  move: 'checkIn' | 'checkOut',
): Promise<RecurringPassWithEntries | undefined> {
  const row = await readPass(em, input.visitorId);
  if (!row) return undefined;
  const createdAt = new Date(isoInstant(row.created_at));
  // A check-in dated before the pass was made, within the clock slack, is recorded at that
  // instant (one dated earlier is refused by `passCheckInRefusal`).
  const at =
    move === 'checkIn' && input.occurredAt && input.occurredAt < createdAt && input.occurredAt.getTime() + CHECK_IN_CLOCK_SLACK_MS >= createdAt.getTime()
      ? createdAt
      : (input.occurredAt ?? clock.now);
  const details = {
    ...(input.notes ? { notes: input.notes } : {}),
    ...(input.occurredAt ? { occurredAt: at.toISOString(), recordedAt: clock.now.toISOString() } : {}),
  };
  // docs/operations.md#gates: the named gate (an unknown or inactive one is 400), else the only
  // active one.
  await assertKnownGate(em, input.gateId);
  const gate = gateOfMove(em, input.gateId);
  if (move === 'checkIn') {
    const pass = {
      status: row.status,
      weekdays: Number(row.weekdays),
      timeFrom: row.time_from,
      timeTo: row.time_to,
      startDate: row.start_date,
      endDate: row.end_date,
      inside: Boolean(row.inside),
      createdAt,
    };
    const refusal = passCheckInRefusal(pass, at, {
      today: today(clock),
      earlyMinutes: clock.earlyCheckinMinutes,
      dayAt: (instant) => communityDate(instant, clock.timeZone),
      instantOf: (date, time) => communityInstant(date, time, clock.timeZone),
      windowMessage: passWindowMessage({ ...pass, weekdays: weekdaysOf(pass.weekdays) }),
      timeZone: clock.timeZone,
    });
    if (refusal) throw refusal;
    // docs/operations.md#blocklist: a listed phone or plate is refused (the attempt audited) unless
    // an admin overrides.
    const listed = await findBlocklistMatch(em, row.phone, row.vehicle_license_plate);
    if (listed && !input.override) {
      await recordBlocklistRefusal(em, actor, { type: 'pass', id: row.id }, listed, clock.now, input.gateId);
      throw blocklistedError();
    }
    const overrideDetails = input.override && listed ? { override: true, blocklistEntryId: listed.id } : input.override ? { override: true } : {};
    const entryId = randomUUID();
    const audit = passAudit(em, 'entered', actor, clock.now, 'pass.checked-in', { entryId, ...details, ...overrideDetails, ...(input.gateId ? { gateId: input.gateId } : {}) });
    const inserted = await em.execute<{ pass_id: string }[]>(
      `with entered as (
         insert into pass_entry (id, community_id, pass_id, check_in_time, check_in_gate_id, checked_in_by_id)
         select ?, p.community_id, p.id, ?, ${gate.value.sql}, ? from recurring_pass p where p.id = ? and p.status = ?
         on conflict (pass_id) where check_out_time is null do nothing
         returning pass_id
       ), audit as (${audit.sql})
       select pass_id from entered`,
      [
        entryId,
        at,
        ...gate.value.params,
        actor.userId,
        row.id,
        PASS_CHECK_IN_STATUS,
        ...audit.params,
      ],
    );
    if (!inserted[0]) {
      // A concurrent move won: another check-in (inside now) or a pause/cancel.
      const now = (await readPass(em, row.id))!;
      if (now.inside) throw httpError(409, PASS_ALREADY_INSIDE_MESSAGE, { code: 'INVALID_TRANSITION' });
      throw passTransitionConflict(passStatusOf({ status: now.status, endDate: now.end_date }, today(clock)), 'checkIn');
    }
  } else {
    const audit = passAudit(em, 'closed', actor, clock.now, 'pass.checked-out', { ...details, ...(input.gateId ? { gateId: input.gateId } : {}) });
    const closed = await em.execute<{ pass_id: string }[]>(
      `with closed as (
         update pass_entry set check_out_time = ?, check_out_gate_id = ${gate.value.sql}, checked_out_by_id = ?
          where pass_id = ? and check_out_time is null and check_in_time <= ?
         returning pass_id, id as entry_id
       ), audit as (${audit.sql})
       select pass_id from closed`,
      [
        at,
        ...gate.value.params,
        actor.userId,
        row.id,
        at,
        ...audit.params,
      ],
    );
    if (!closed[0]) {
      const [open] = await em.execute<{ id: string }[]>('select id from pass_entry where pass_id = ? and check_out_time is null', [row.id]);
      throw httpError(409, open ? CHECK_OUT_BEFORE_CHECK_IN_MESSAGE : PASS_NOT_INSIDE_MESSAGE, { code: 'INVALID_TRANSITION' });
    }
  }
  return withEntries(em, (await readPass(em, row.id))!, clock);
}

/**
 * The recurring-pass branch of the visitor CSV export
 * (docs/operations.md#reports-exports-and-inside-now): one row per pass
 * entry, dated by the community date of its check-in, with the export's columns (as the
 * visitor branch selects them: id, kind, name, phone, email, purpose, house_number, block,
 * host_name, visit_date, visit_time_from, visit_time_to, status, check_in_time,
 * check_out_time, check_in_gate, check_out_gate). `status` is `checked-in` for an open entry,
 * `checked-out` for a closed one; a status filter keeps only entries in it. Reach: staff
 * all, a resident their house's and hosted passes; `houseId`, `gateId`, `q` (the holder's
 * name, phone or plate, or one of `searchHouseIds`) and `hostId` (the caller's own passes)
 * filter as for visitors. `after` is the keyset cursor (visit date, id). Read through the
 * check-in-time index: the range is turned into the instants of its first and last community days.
 */
export function passEntryExportSql(
  em: EntityManager,
  user: User,
  input: {
    status?: string | undefined;
    houseId?: string | undefined;
    gateId?: string | undefined;
    q?: string | undefined;
    searchHouseIds?: readonly string[];
    hostId?: string | undefined;
  },
  range: { from: string; to: string; nextDay: string },
  timeZone: string,
  after: { visitDate: string; id: string } | null,
): { sql: string; params: unknown[] } {
  const reach = reachCondition(em, user);
  const conditions = [reach.sql, 'e.check_in_time >= ?', 'e.check_in_time < ?'];
  const params: unknown[] = [timeZone, ...reach.params, communityInstant(range.from, '00:00', timeZone), communityInstant(range.nextDay, '00:00', timeZone)];
  if (input.status === 'checked-in') conditions.push('e.check_out_time is null');
  else if (input.status === 'checked-out') conditions.push('e.check_out_time is not null');
  else if (input.status) conditions.push('false');
  if (input.houseId) {
    conditions.push('p.house_id = ?');
    params.push(input.houseId);
  }
  if (input.gateId) {
    conditions.push('(e.check_in_gate_id = ?::uuid or e.check_out_gate_id = ?::uuid)');
    params.push(input.gateId, input.gateId);
  }
  if (input.q) {
    const pattern = likePattern(input.q);
    const byHouse = input.searchHouseIds?.length ? ' or p.house_id = any(?::uuid[])' : '';
    conditions.push(`(p.name ilike ? or p.phone ilike ? or p.vehicle_license_plate ilike ?${byHouse})`);
    params.push(pattern, pattern, pattern, ...(byHouse ? [`{${input.searchHouseIds!.join(',')}}`] : []));
  }
  if (input.hostId) {
    conditions.push('p.host_id = ?');
    params.push(input.hostId);
  }
  if (after) {
    conditions.push('(entry_day.day, e.id) > (?::date, ?::uuid)');
    params.push(after.visitDate, after.id);
  }
  return {
    sql: `select e.id, 'recurring'::text as kind, p.name, p.phone, p.email, p.purpose, h.house_number, h.block, hu.name as host_name,
                 to_char(entry_day.day, 'YYYY-MM-DD') as visit_date, p.time_from as visit_time_from, p.time_to as visit_time_to,
                 (case when e.check_out_time is null then 'checked-in' else 'checked-out' end)::text as status,
                 e.check_in_time, e.check_out_time,
                 (select g.name from gate g where g.id = e.check_in_gate_id) as check_in_gate,
                 (select g.name from gate g where g.id = e.check_out_gate_id) as check_out_gate
            from pass_entry e
            cross join lateral (select (e.check_in_time at time zone ?)::date as day) entry_day
            join recurring_pass p on p.id = e.pass_id
            join house h on h.id = p.house_id
            join app_user hu on hu.id = p.host_id
           where ${conditions.join(' and ')}`,
    params,
  };
}
