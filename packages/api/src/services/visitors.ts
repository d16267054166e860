/**
 * Visitor invitations (docs/api.md#visitors-and-their-statuses): invite with a pass (token and PNG
 * QR),
 * listings, reading one, cancel, and the gate's scan, check-in and check-out. Who may
 * see which invitation follows docs/security.md#who-may-do-what; status changes go through
 * `visitor-state-machine`.
 */
import { randomBytes } from 'node:crypto';

import { communityIdOf, House, VisitorInvitation, type EntityManager, type User } from '@gatehouse/db';
import {
  formatDisplayDate,
  formatDisplayTime,
  isUuid,
  OCCURRED_AT_MESSAGE,
  parseIsoInstant,
  passCodeOf,
  type InviteVisitorInput,
  type RecurringPassWithEntries,
  type ScannedRecurringPass,
  type WalkInInput,
  type GateVisitor,
  OVERRIDE_FORBIDDEN_MESSAGE,
  OVERRIDE_NOTES_REQUIRED_MESSAGE,
  type Visitor,
  type VisitorListResponse,
  type VisitorSummaryListResponse,
  type VisitorActivityEntry,
  type VisitorListFilters,
  type VisitorStatus,
  VISITOR_STATUSES,
  ZVisitorActivityEntry,
} from '@gatehouse/shared';
import { TRPCError } from '@trpc/server';
import QRCode from 'qrcode';

import { httpError } from '../errors';
import {
  houseIdOf,
  likePattern,
  serializeVisitor,
  serializeVisitorRow,
  serializeVisitorSummaryRow,
  VISITOR_ROW_JOINS,
  VISITOR_SUMMARY_JOINS,
  visitorRowColumns,
  visitorSummaryColumns,
  type VisitorRow,
} from '../lib/serialize';
import { auditInsertSql, recordAudit, visitorActivity, type Actor, type FailedScanLog } from './audit';
import { insertVisitorWithPassCode, openStatusCondition } from './pass-codes';
import { movePassAtGate, scanRecurringPass } from './passes';
import { gateRefsById } from './gates';
import { blocklistedOf, blocklistMatchSql, findBlocklistMatch } from './blocklist';
import { communityDate, communityInstant, communityTime, oneYearAfter } from '../lib/time';
import {
  canTransition,
  countVisitorsInStatuses,
  ENDED_BY_NOW_SQL,
  expireEndedInvitations,
  expireVisitor,
  transitionVisitor,
  type WindowRefusal,
} from './visitor-state-machine';

/** The clock and settings visitor rules depend on. */
export interface VisitorClock {
  now: Date;
  /** COMMUNITY_TIMEZONE. */
  timeZone: string;
}

const visitorTarget = (id: string) => ({ targetType: 'visitor' as const, targetId: id });

const POPULATE = ['house', 'host', 'decidedBy', 'checkInGate', 'checkOutGate'] as const;

/** A fresh pass token: 256 random bits, base64url (43 characters), URL-safe. */
export function newPassToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The PNG QR code of `token` as a data URL; it encodes exactly the token. */
export function passQrDataUrl(token: string): Promise<string> {
  return QRCode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 2, width: 320, type: 'image/png' });
}

/** Expires every ended invitation as of `clock` (the periodic sweep, and before listings). */
export async function applyExpiry(em: EntityManager, clock: VisitorClock): Promise<number> {
  return expireEndedInvitations(em, communityDate(clock.now, clock.timeZone), communityTime(clock.now, clock.timeZone), clock.now);
}

/**
 * Whether an invitation's window has ended as of `clock` (docs/api.md#visitors-and-their-statuses):
 * its date
 * is before today, or it is today and `visitTimeTo` is before the current minute; or it
 * is a walk-in still pending past its `decideBy` (docs/gate.md#walk-ins).
 */
export function hasEnded(
  visitor: { visitDate: string; visitTimeTo: string; status?: VisitorStatus; decideBy?: Date | null },
  clock: VisitorClock,
): boolean {
  const today = communityDate(clock.now, clock.timeZone);
  const undecidedInTime = visitor.status === 'pending' && visitor.decideBy != null && visitor.decideBy.getTime() <= clock.now.getTime();
  return (
    undecidedInTime ||
    visitor.visitDate < today ||
    (visitor.visitDate === today && visitor.visitTimeTo < communityTime(clock.now, clock.timeZone))
  );
}

/** Expires a loaded invitation whose window has ended (one conditional UPDATE, only then). */
async function expireIfEnded(em: EntityManager, visitor: VisitorInvitation, clock: VisitorClock): Promise<void> {
  if (canTransition(visitor.status, 'expire') && hasEnded(visitor, clock)) {
    if (await expireVisitor(em, visitor.id, clock.now, clock.timeZone)) visitor.status = 'expired';
  }
}

/**
 * Whether `user` may see `visitor`: staff see all; a resident, their own house's or hosted ones
 * (docs/security.md#who-may-do-what).
 */
export function canSeeVisitor(user: User, visitor: VisitorInvitation): boolean {
  return canSeeVisitorRow(user, { house_id: (visitor.house).id, host_id: (visitor.host as User | null)?.id ?? null });
}

/** `canSeeVisitor` for a visitor known by its house and host ids (a row, an event). */
export function canSeeVisitorRow(user: Pick<User, 'id' | 'role' | 'house'>, visitor: { house_id: string; host_id: string | null }): boolean {
  if (user.role !== 'resident') return true;
  const houseId = houseIdOf(user as User);
  return visitor.host_id === user.id || (houseId !== null && houseId === visitor.house_id);
}

/**
 * Creates an invitation: 201 with status approved and a fresh pass.
 * Errors: 403 'You can only invite visitors to your own house' (a resident, another
 * house); 404 'House not found'; 400 VALIDATION_FAILED (docs/api.md#error-codes, details on
 * `visitDate` or `visitTimeTo`): 'Visit date cannot be in the past', 'Visit date can be at
 * most one year ahead', 'End time has already passed' (today, window over).
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
  if (input.visitDate < today) throw httpError(400, 'Visit date cannot be in the past', { field: 'visitDate' });
  // An invitation is for a visit, not a standing pass: at most a year ahead
  // (docs/security.md#input).
  if (input.visitDate > oneYearAfter(today)) throw httpError(400, 'Visit date can be at most one year ahead', { field: 'visitDate' });
  if (communityInstant(input.visitDate, input.visitTimeTo, clock.timeZone).getTime() <= clock.now.getTime()) {
    throw httpError(400, 'End time has already passed', { field: 'visitTimeTo' });
  }
  const token = newPassToken();
  const qrCodeDataUrl = await passQrDataUrl(token);
  // The invitation and its audit row in one transaction (a pass code is drawn on the way).
  return em.transactional(async (tx) => {
    const row = await insertVisitorWithPassCode(tx, {
      name: input.name,
      phone: input.phone,
      email: input.email ?? null,
      purpose: input.purpose ?? null,
      vehicleLicensePlate: input.vehicleLicensePlate ?? null,
      houseId: house.id,
      hostId: user.id,
      visitDate: input.visitDate,
      visitTimeFrom: input.visitTimeFrom,
      visitTimeTo: input.visitTimeTo,
      status: 'approved',
      qrCodeToken: token,
      qrCodeDataUrl,
      now: clock.now,
    });
    await recordAudit(tx, actor, { action: 'visitor.invited', ...visitorTarget(row.id) }, clock.now);
    return serializeVisitorRow(row);
  });
}

/**
 * Registers a walk-in at the gate (docs/gate.md#walk-ins), guard or admin: 201 with status pending,
 * `kind` walk-in, no host, a pass (token, QR, code), for today from the community's
 * current minute to 23:59; it expires if nobody decides within `walkinApprovalMinutes`.
 * The visitor and its `visitor.walked-in` audit row in one transaction. The answer carries
 * `blocklisted: {reason} | null` (docs/operations.md#blocklist): whether the phone or plate is on
 * the blocklist.
 * Errors: 404 'House not found'.
 */
export async function registerWalkIn(
  em: EntityManager,
  actor: Actor,
  input: WalkInInput,
  clock: VisitorClock & { walkinApprovalMinutes: number },
): Promise<GateVisitor> {
  const house = isUuid(input.houseId) ? await em.findOne(House, { id: input.houseId }) : null;
  if (!house) throw httpError(404, 'House not found');
  const token = newPassToken();
  const qrCodeDataUrl = await passQrDataUrl(token);
  const from = communityTime(clock.now, clock.timeZone);
  return em.transactional(async (tx) => {
    const row = await insertVisitorWithPassCode(tx, {
      name: input.name,
      phone: input.phone,
      email: null,
      purpose: input.purpose ?? null,
      vehicleLicensePlate: input.vehicleLicensePlate ?? null,
      houseId: house.id,
      hostId: null,
      visitDate: communityDate(clock.now, clock.timeZone),
      // At 23:59 itself the window is that one minute (the table wants from < to).
      visitTimeFrom: from < WALK_IN_LAST_MINUTE ? from : '23:58',
      visitTimeTo: WALK_IN_LAST_MINUTE,
      status: 'pending',
      qrCodeToken: token,
      qrCodeDataUrl,
      now: clock.now,
      walkInDecideBy: new Date(clock.now.getTime() + clock.walkinApprovalMinutes * 60_000),
    });
    await recordAudit(tx, actor, { action: 'visitor.walked-in', ...visitorTarget(row.id) }, clock.now);
    // docs/operations.md#blocklist: the guard sees the warning as the walk-in is registered.
    const entry = await findBlocklistMatch(tx, input.phone, input.vehicleLicensePlate ?? null);
    return { ...serializeVisitorRow(row), blocklisted: blocklistedOf(entry?.reason) };
  });
}

/** Whether `error` is a 404 (a visitor that does not exist, at the gate). */
const isNotFound = (error: unknown) => error instanceof TRPCError && error.code === 'NOT_FOUND';

/** A walk-in may be checked in until this minute of its day (docs/gate.md#walk-ins). */
const WALK_IN_LAST_MINUTE = '23:59';

/** The shortest reason with which the gate may approve a walk-in itself (docs/gate.md#walk-ins). */
const GATE_APPROVAL_MIN_REASON = 5;

/**
 * Approves or rejects a pending walk-in (docs/gate.md#walk-ins), one conditional UPDATE with its
 * audit row (the state machine's `transitionVisitor`; of two concurrent decisions exactly
 * one wins, the other gets 409 naming the new status):
 * - a resident of the visitor's house decides and becomes its host; another house's
 *   resident, or one of no house, gets 404 'Visitor not found';
 * - an admin decides anything (the host stays empty);
 * - a guard may only approve, with a reason of 5 to 200 characters (a gate override,
 *   recorded as such in the audit row), else 400 VALIDATION_FAILED 'A reason is required
 *   when the gate approves a walk-in' (details on `reason`); a guard's reject is refused
 *   by the access matrix (403).
 * Errors: 404, 409 INVALID_TRANSITION `Visitor cannot be approved: status is …` (anything
 * not pending, and a walk-in whose time to decide has passed: expired on the way).
 */
export async function decideWalkIn(
  em: EntityManager,
  user: User,
  actor: Actor,
  input: { id: string; reason?: string | undefined },
  decision: 'approve' | 'reject',
  clock: VisitorClock,
): Promise<Visitor> {
  if (!isUuid(input.id)) throw httpError(404, 'Visitor not found');
  const reason = input.reason ?? null;
  const gateOverride = user.role === 'guard';
  if (gateOverride && (reason === null || reason.length < GATE_APPROVAL_MIN_REASON)) {
    throw httpError(400, 'A reason is required when the gate approves a walk-in', { field: 'reason' });
  }
  const houseId = user.role === 'resident' ? houseIdOf(user) : null;
  const row = await transitionVisitor(em, input.id, decision, {
    now: clock.now,
    timeZone: clock.timeZone,
    earlyCheckinMinutes: 0,
    actor,
    decision: { reason, hostId: user.role === 'resident' ? user.id : null },
    // A resident decides for their own house only (a walk-in has no host to match).
    ...(user.role === 'resident' ? { reach: { hostId: user.id, houseId, houseOnly: true } } : {}),
    auditDetails: { reason, ...(gateOverride ? { gateOverride: true } : {}) },
    windowMessage: windowMessageOf,
  });
  return serializeVisitorRow(row);
}

/** Which invitations a listing covers. */
export type VisitorListScope = 'visible' | 'hosted';

/** A list's page (`limit`, `offset`) and its filters. */
export type VisitorListPage = VisitorListFilters & { limit: number; offset: number };

/** How often a listing sweeps ended invitations to expired, at most (ms); the server also sweeps every minute. */
const LIST_EXPIRY_INTERVAL_MS = 10_000;
const lastListExpiry = new WeakMap<object, number>();

/** Sweeps ended invitations before a listing, at most every 10 s per database (an index range scan). */
async function expireBeforeListing(em: EntityManager, clock: VisitorClock): Promise<void> {
  const key = em.config;
  const last = lastListExpiry.get(key) ?? Number.NEGATIVE_INFINITY;
  if (clock.now.getTime() - last < LIST_EXPIRY_INTERVAL_MS && clock.now.getTime() >= last) return;
  lastListExpiry.set(key, clock.now.getTime());
  await applyExpiry(em, clock);
}

/**
 * The invitations a listing (or the visitor export, which exports what the list shows) may
 * show under its filters, as SQL conditions over `visitor_invitation v` with their
 * parameters. Reach: scope `hosted`, the ones the caller hosts; else staff every invitation,
 * a resident their house's and the ones they host. Filters (each narrows, never widens the
 * reach): `status`; `from`/`to` on the visit date, inclusive; `houseId`; `gateId` (checked in
 * or out there); `q`, a fragment of the name, phone or plate (case-insensitive; trigram
 * indexes serve it), or a house by its number or its block and number (`A-101`, `A 101`,
 * `A101`), found here first in the small house table (`searchHouseIds`).
 *
 * `byStatusOnly`: nothing narrows the list but the status, so the kept counts give its total.
 */
export async function visitorListSql(
  em: EntityManager,
  user: User,
  filters: VisitorListFilters,
  scope: VisitorListScope,
): Promise<{ conditions: string[]; params: unknown[]; byStatusOnly: boolean; searchHouseIds: string[] }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (scope === 'hosted') {
    conditions.push('v.host_id = ?');
    params.push(user.id);
  } else if (user.role === 'resident') {
    const houseId = houseIdOf(user);
    conditions.push(houseId ? '(v.house_id = ? or v.host_id = ?)' : 'v.host_id = ?');
    params.push(...(houseId ? [houseId, user.id] : [user.id]));
  }
  const byStatusOnly = conditions.length === 0 && !filters.q && !filters.from && !filters.to && !filters.houseId && !filters.gateId;
  if (filters.status) {
    conditions.push('v.status = ?');
    params.push(filters.status);
  }
  if (filters.from) {
    conditions.push('v.visit_date >= ?::date');
    params.push(filters.from);
  }
  if (filters.to) {
    conditions.push('v.visit_date <= ?::date');
    params.push(filters.to);
  }
  if (filters.houseId) {
    conditions.push('v.house_id = ?::uuid');
    params.push(filters.houseId);
  }
  if (filters.gateId) {
    conditions.push('(v.check_in_gate_id = ?::uuid or v.check_out_gate_id = ?::uuid)');
    params.push(filters.gateId, filters.gateId);
  }
  let searchHouseIds: string[] = [];
  if (filters.q) {
    searchHouseIds = await housesNamedBy(em, filters.q);
    const pattern = likePattern(filters.q);
    const byHouse = searchHouseIds.length > 0 ? ' or v.house_id = any(?::uuid[])' : '';
    conditions.push(`(v.name ilike ? or v.phone ilike ? or v.vehicle_license_plate ilike ?${byHouse})`);
    params.push(pattern, pattern, pattern, ...(byHouse ? [`{${searchHouseIds.join(',')}}`] : []));
  }
  // docs/security.md#communities: the request's community only (first, so it leads every list's SQL).
  conditions.unshift('v.community_id = ?');
  params.unshift(communityIdOf(em));
  return { conditions, params, byStatusOnly, searchHouseIds };
}

/**
 * The houses a search names: its number (`101`), or its block and number with a dash, a
 * space or nothing between them (`A-101`, `a 101`, `A101`), case-insensitive. The house table
 * is small (one row per home): read whole.
 */
async function housesNamedBy(em: EntityManager, q: string): Promise<string[]> {
  const key = q.toLowerCase().replace(/[\s-]/g, '');
  if (!key) return [];
  const rows = await em.execute<{ id: string }[]>(
    `select id from house
      where lower(house_number) = ? or regexp_replace(lower(block || house_number), '[[:space:]-]', '', 'g') = ?`,
    [q.trim().toLowerCase(), key],
  );
  return rows.map((row) => row.id);
}

/**
 * The three parts of the nearest-first order, each a range of the visit-order indexes read
 * in its own direction: today's visits by start time, then the upcoming ones soonest first,
 * then past ones latest first.
 */
const VISIT_PARTS = [
  { part: 0, range: 'v.visit_date = ?::date', order: 'v.visit_time_from, v.id' },
  { part: 1, range: 'v.visit_date > ?::date', order: 'v.visit_date, v.visit_time_from, v.id' },
  { part: 2, range: 'v.visit_date < ?::date', order: 'v.visit_date desc, v.visit_time_from desc, v.id desc' },
] as const;

/** SQL of the nearest-first position over rows of (`part`, `visit_date`, `visit_time_from`, `id`). */
const NEAREST_FIRST_ORDER = `part,
  case when part < 2 then visit_date end, case when part < 2 then visit_time_from end, case when part < 2 then id end,
  visit_date desc, visit_time_from desc, id desc`;

/** SQL of a row's part (0 today, 1 upcoming, 2 past) given today as the parameter. */
const PART_OF_VISIT = `case when v.visit_date = ?::date then 0 when v.visit_date > ?::date then 1 else 2 end`;

/**
 * For a staff search of exactly 3 characters over all invitations (the usual type-ahead):
 * how many invitations match, from the counts the writes keep per 3-character fragment
 * (`visitor_search_gram_count`; a fragment is in a visitor's grams exactly when
 * `ILIKE '%fragment%'` matches its name, phone or plate), and how many there are in all.
 * Else undefined: other searches count their matches as they read them.
 */
async function countedSearch(
  em: EntityManager,
  user: User,
  filters: VisitorListFilters,
  scope: VisitorListScope,
  searchHouseIds: readonly string[],
): Promise<{ matches: number; visitors: number } | undefined> {
  // `search_text` is name and phone joined by a line break: a fragment with one could match across them.
  if (!filters.q || [...filters.q].length !== 3 || filters.q.includes('\n') || scope !== 'visible' || user.role === 'resident') return undefined;
  // The kept counts are of the whole table: any other filter, or a house the search names, counts as it reads.
  if (filters.status || filters.from || filters.to || filters.houseId || filters.gateId || searchHouseIds.length > 0) return undefined;
  const [row] = await em.execute<{ matches: string | number; visitors: string | number }[]>(
    `select (select coalesce(sum(n), 0) from visitor_search_gram_count where community_id = ? and gram = lower(?)) as matches,
            (select coalesce(sum(n), 0) from visitor_status_count where community_id = ?) as visitors`,
    [communityIdOf(em), filters.q, communityIdOf(em)],
  );
  return { matches: Number(row?.matches ?? 0), visitors: Number(row?.visitors ?? 0) };
}

type CountedRow = VisitorRow & { total_count?: string | number };

/**
 * A common fragment's page by walking the visits in the nearest-first order, each part up to
 * `cap` entries of the visit-order index alone (it covers `search_text` and the plate), until
 * the part has `wanted` matches. Undefined when a part stopped at its cap short of `wanted`
 * (its matches may lie further on): the trigram indexes gather the page instead.
 */
async function walkedSearchPage(
  em: EntityManager,
  q: string,
  page: { limit: number; offset: number; wanted: number; cap: number },
  today: string,
  columns: string,
  joins: string,
): Promise<CountedRow[] | undefined> {
  const branches = VISIT_PARTS.map(
    ({ part, range, order }) =>
      `(select id, visit_date, visit_time_from, ${part} as part
          from (select v.id, v.visit_date, v.visit_time_from, v.search_text, v.vehicle_license_plate
                  from visitor_invitation v where ${range} order by ${order} limit ?) walked
         where strpos(walked.search_text, lower(?)) > 0 or (walked.vehicle_license_plate is not null and strpos(lower(walked.vehicle_license_plate), lower(?)) > 0)
         limit ?)`,
  );
  const rows = await em.execute<(CountedRow & { part0: string | number; part1: string | number; part2: string | number })[]>(
    `with parts as (${branches.join(' union all ')}),
          page as (select id, part, row_number() over (order by ${NEAREST_FIRST_ORDER}) as position from parts order by position limit ? offset ?)
     select ${columns}, (select count(*) from parts where parts.part = 0) as part0,
            (select count(*) from parts where parts.part = 1) as part1, (select count(*) from parts where parts.part = 2) as part2
       from page join visitor_invitation v on v.id = page.id ${joins}
      order by page.position`,
    [...VISIT_PARTS.flatMap(() => [today, page.cap, q, q, page.wanted]), page.limit, page.offset],
  );
  // How many matches each part found (the same on every row; with no row, see below).
  const found = rows[0] ? [Number(rows[0].part0), Number(rows[0].part1), Number(rows[0].part2)] : undefined;
  for (const { part, range } of VISIT_PARTS) {
    if (found && (found[part] ?? 0) >= page.wanted) continue;
    // A part short of `wanted`: exact only if it was walked to its end, before the cap.
    const [walked] = await em.execute<{ n: string | number }[]>(
      `select count(*) as n from (select 1 from visitor_invitation v where ${range} limit ?) part`,
      [today, page.cap],
    );
    if (Number(walked?.n ?? 0) >= page.cap) return undefined;
  }
  return rows;
}

/**
 * A page of invitations under the list filters (`visitorListSql`), nearest visit first:
 * today's visits by start time, then the upcoming ones soonest first, then past ones latest
 * first (ties by id); `status=checked-in` is ordered by check-in time, newest first (who came
 * in last). Scope `visible`: staff see all, a resident their house's (and the ones they host);
 * scope `hosted`: the ones the caller hosts (my-invitations).
 *
 * Each part of the order is a range of a visit-order index (the whole table's, or a status's,
 * a house's, a host's) read forwards or backwards, up to `offset + limit` rows, so a first
 * page costs about the same at a million invitations as at ten thousand. The full count of a
 * staff listing filtered by status alone (or not at all) is read from the counts the writes
 * keep (`visitor_status_count`), not by counting rows; a search's count is taken in the
 * statement that reads its page, as it reads every match anyway (one visit per match), except
 * a common 3-letter fragment's (`countedSearch`, `walkedSearchPage`).
 *
 * `view` 'summary' leaves out the pass (QR image and token): the web app's lists.
 * Output: `{items, total}`. Errors: none of its own (the input is validated by the schema).
 */
export async function listVisitors(
  em: EntityManager,
  user: User,
  input: VisitorListPage,
  scope: VisitorListScope,
  clock: VisitorClock,
): Promise<VisitorListResponse>;
export async function listVisitors(
  em: EntityManager,
  user: User,
  input: VisitorListPage,
  scope: VisitorListScope,
  clock: VisitorClock,
  view: 'summary',
): Promise<VisitorSummaryListResponse>;
export async function listVisitors(
  em: EntityManager,
  user: User,
  input: VisitorListPage,
  scope: VisitorListScope,
  clock: VisitorClock,
  view: 'full' | 'summary' = 'full',
): Promise<VisitorListResponse | VisitorSummaryListResponse> {
  await expireBeforeListing(em, clock);
  const { conditions, params, byStatusOnly, searchHouseIds } = await visitorListSql(em, user, input, scope);
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const today = communityDate(clock.now, clock.timeZone);
  const columns = view === 'full' ? visitorRowColumns('v') : visitorSummaryColumns('v');
  // A summary shows no gates (docs/operations.md#gates): it skips their joins.
  const joins = view === 'full' ? VISITOR_ROW_JOINS : VISITOR_SUMMARY_JOINS;
  const byCheckIn = input.status === 'checked-in';
  const wanted = input.offset + input.limit;
  let rows: CountedRow[] | undefined;
  let total: number | undefined;

  const counted = byCheckIn ? undefined : await countedSearch(em, user, input, scope, searchHouseIds);
  if (counted && input.q) {
    // A common fragment: walking the visits in order until the page is full reads about
    // (offset + limit) × visitors ÷ matches index entries, whatever the table's size, and the
    // kept counts give the total. The walk is capped (matches may cluster among far-off
    // visits); a page it could not fill within the cap is gathered from the trigram indexes.
    total = counted.matches;
    const walk = Math.ceil((wanted * counted.visitors) / Math.max(counted.matches, 1));
    if (walk < counted.matches) {
      rows = await walkedSearchPage(em, input.q, { limit: input.limit, offset: input.offset, wanted, cap: Math.min(counted.visitors, 4 * walk + 1_000) }, today, columns, joins);
    }
  }

  if (!rows && input.q) {
    // A search reads every match to order them, so it counts them on the way, in the same
    // statement. Its matches are gathered first by the trigram indexes (a materialized CTE:
    // else, for a common name, the planner walks the whole table in order hoping to fill a
    // page early and then must go on to the end for the count), and only the page's rows
    // are joined and carry their pass.
    const position = byCheckIn ? 'check_in_time desc, id desc' : NEAREST_FIRST_ORDER;
    const keys = byCheckIn ? 'v.check_in_time' : `v.visit_date, v.visit_time_from, ${PART_OF_VISIT} as part`;
    rows = await em.execute<CountedRow[]>(
      `with matches as materialized (select v.id, ${keys} from visitor_invitation v ${where}),
            page as (select id, row_number() over (order by ${position}) as position from matches order by position limit ? offset ?)
       select ${columns}, (select count(*) from matches) as total_count
         from page join visitor_invitation v on v.id = page.id ${joins}
        order by page.position`,
      [...(byCheckIn ? [] : [today, today]), ...params, input.limit, input.offset],
    );
    if (rows[0]) total ??= Number(rows[0].total_count ?? 0);
  } else if (!rows && byCheckIn) {
    // Who is inside, the latest arrival first: one range of the status's check-in-time index.
    rows = await em.execute<CountedRow[]>(
      `select ${columns} from visitor_invitation v ${joins} ${where}
        order by v.check_in_time desc, v.id desc limit ? offset ?`,
      [...params, input.limit, input.offset],
    );
  } else if (!rows) {
    // Each part reads at most offset + limit rows of its index range; the page is taken
    // from their union in the nearest-first order, and only its rows are joined.
    const filter = conditions.length > 0 ? ` and ${conditions.join(' and ')}` : '';
    const branches = VISIT_PARTS.map(
      ({ part, range, order }) =>
        `(select v.id, v.visit_date, v.visit_time_from, ${part} as part from visitor_invitation v
           where ${range}${filter} order by ${order} limit ?)`,
    );
    rows = await em.execute<CountedRow[]>(
      `with parts as (${branches.join(' union all ')}),
            page as (select id, row_number() over (order by ${NEAREST_FIRST_ORDER}) as position from parts order by position limit ? offset ?)
       select ${columns} from page join visitor_invitation v on v.id = page.id ${joins}
        order by page.position`,
      [...VISIT_PARTS.flatMap(() => [today, ...params, wanted]), input.limit, input.offset],
    );
  }
  total ??= byStatusOnly
    ? await countVisitorsInStatuses(em, input.status ? [input.status] : VISITOR_STATUSES)
    : // Also a search whose page is past its last match: no row carried the count.
      Number((await em.execute<{ total: string | number }[]>(`select count(*) as total from visitor_invitation v ${where}`, params))[0]?.total ?? 0);
  return view === 'full'
    ? { items: rows.map(serializeVisitorRow), total }
    : { items: rows.map(serializeVisitorSummaryRow), total };
}

/** Loads an invitation the caller may see, else 404 'Visitor not found' (malformed ids included). */
async function findVisibleVisitor(em: EntityManager, user: User, id: string): Promise<VisitorInvitation> {
  const visitor = isUuid(id)
    ? await em.findOne(VisitorInvitation, { id }, { populate: POPULATE })
    : null;
  if (!visitor || !canSeeVisitor(user, visitor)) throw httpError(404, 'Visitor not found');
  return visitor;
}

/**
 * One invitation (docs/security.md#who-may-do-what: a resident only their house's or hosted ones,
 * else 404).
 */
export async function getVisitor(em: EntityManager, user: User, id: string, clock: VisitorClock): Promise<Visitor> {
  const visitor = await findVisibleVisitor(em, user, id);
  await expireIfEnded(em, visitor, clock);
  return serializeVisitor(visitor);
}

/** The audit actions a visitor's Activity Log shows (ZVisitorActivityEntry's actions). */
const ACTIVITY_ACTIONS = new Set<string>(ZVisitorActivityEntry.shape.action.options.map((action) => `visitor.${action}`));

/**
 * A visitor's Activity Log (docs/product.md#screens-and-routes), from the audit log: invited,
 * scanned,
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
  // docs/operations.md#gates: the gate of each check-in and check-out, by the id its audit row
  // names.
  const gates = await gateRefsById(em, events.map((event) => event.details?.gateId as string | undefined));
  return {
    // Only the moves the log names (not the photo, nor an erase:
    // docs/privacy.md#retention-and-erasure shows that on the visitor).
    items: events.filter((event) => ACTIVITY_ACTIONS.has(event.action)).map((event) => ({
      // A move recorded offline shows when it happened (docs/gate.md#recording-moves-offline), not
      // when it was uploaded.
      at: typeof event.details?.occurredAt === 'string' ? event.details.occurredAt : event.occurredAt,
      action: event.action.replace('visitor.', '') as VisitorActivityEntry['action'],
      by: event.actor?.name ?? null,
      notes:
        typeof event.details?.notes === 'string'
          ? event.details.notes
          : typeof event.details?.reason === 'string'
            ? event.details.reason
            : null,
      gate: (typeof event.details?.gateId === 'string' && gates.get(event.details.gateId)) || null,
    })),
  };
}

/** A resident's reach for moves (their house's invitations and the ones they host); staff: everything. */
function reachOf(user: User) {
  return user.role === 'resident' ? { hostId: user.id, houseId: houseIdOf(user) } : undefined;
}

/** Words a refused check-in for a visitor row (docs/api.md#visitors-and-their-statuses). */
const windowMessageOf = (row: VisitorRow) =>
  visitWindowMessage({ visitDate: row.visit_date.slice(0, 10), visitTimeFrom: row.visit_time_from, visitTimeTo: row.visit_time_to });

/**
 * Cancels a pending or approved invitation, with its audit row, in one statement; 409
 * from any other status (an ended one is expired first); 404 when not visible.
 */
export async function cancelVisitor(
  em: EntityManager,
  user: User,
  actor: Actor,
  id: string,
  clock: VisitorClock,
): Promise<Visitor> {
  if (!isUuid(id)) throw httpError(404, 'Visitor not found');
  const reach = reachOf(user);
  const row = await transitionVisitor(em, id, 'cancel', {
    now: clock.now,
    timeZone: clock.timeZone,
    earlyCheckinMinutes: 0,
    actor,
    ...(reach ? { reach } : {}),
    windowMessage: windowMessageOf,
  });
  return serializeVisitorRow(row);
}

/**
 * The invitation behind a pass token, whatever its status, so the guard sees why it
 * cannot enter; or behind a pass code (6 or 8 digits, spaces ignored), only while the pass
 * is open (docs/gate.md#verifying-a-pass: codes are reused). One statement reads it and writes the
 * `visitor.scanned` audit row; an invitation whose window has ended is expired (only
 * then, one more statement). The same statement matches the blocklist
 * (docs/operations.md#blocklist): the
 * answer is the visitor JSON plus `blocklisted: {reason} | null`.
 * Errors: 404 'Invalid or expired QR code' for an unknown token or code, counted in
 * `failedScans` (one audit row per user per minute, not one each); 429 'Too many failed
 * scans, try again in N s' while the caller has 20 failed scans in 10 minutes.
 */
export async function scanPass(
  em: EntityManager,
  actor: Actor,
  token: string,
  clock: VisitorClock,
  failedScans: FailedScanLog,
): Promise<GateVisitor | ScannedRecurringPass> {
  failedScans.assertMayScan(actor, clock.now);
  const code = passCodeOf(token);
  // Tokens are 43 URL-safe characters: anything else cannot be one, and is not looked up.
  const wellFormed = code !== null || /^[A-Za-z0-9_-]{1,64}$/.test(token);
  // The scan's audit row, written by the statement that reads the pass: the status the guard saw.
  const audit = auditInsertSql(em, actor, clock.now, {
    action: 'visitor.scanned',
    targetType: 'visitor',
    targetId: 'pass.id',
    detailsSql: { sql: "jsonb_build_object('status', case when pass.expires then 'expired' else pass.status end)", params: [] },
    from: 'pass',
  });
  const [row] = wellFormed
    ? await em.execute<(VisitorRow & { expires: boolean; blocklist_reason: string | null })[]>(
        `with pass as (
           select ${visitorRowColumns('v')}, (v.status in ('pending', 'approved') and ${ENDED_BY_NOW_SQL}) as expires,
                  bl.reason as blocklist_reason
             from visitor_invitation v ${VISITOR_ROW_JOINS}
             left join lateral (${blocklistMatchSql('v.phone', 'v.vehicle_license_plate', 'v.community_id')}) bl on true
            where v.community_id = ? and ${code ? `v.pass_code = ? and ${openStatusCondition('v.status')}` : 'v.qr_code_token = ?'}
         ), audit as (${audit.sql})
         select * from pass`,
        [clock.timeZone, clock.now, clock.now, communityIdOf(em), code ?? token, ...audit.params],
      )
    : [];
  if (!row) {
    // docs/operations.md#frequent-visitors: no invitation has it; a recurring pass may (7-digit
    // codes, its own tokens).
    const pass = await scanRecurringPass(em, actor, token, { ...clock, earlyCheckinMinutes: 0 });
    if (pass) return pass;
    failedScans.record(actor, clock.now);
    throw httpError(404, 'Invalid or expired QR code');
  }
  if (row.expires && (await expireVisitor(em, row.id, clock.now, clock.timeZone))) row.status = 'expired';
  return { ...serializeVisitorRow(row), blocklisted: blocklistedOf(row.blocklist_reason) };
}

/**
 * The blocklist entry matching visitor `id`'s phone or plate (docs/operations.md#blocklist), or
 * null.
 */
async function blocklistEntryOfVisitor(em: EntityManager, id: string): Promise<{ id: string; reason: string } | null> {
  const [row] = await em.execute<{ id: string; reason: string }[]>(
    `select bl.id, bl.reason from visitor_invitation v cross join lateral (${blocklistMatchSql('v.phone', 'v.vehicle_license_plate', 'v.community_id')}) bl where v.id = ?`,
    [id],
  );
  return row ?? null;
}

/**
 * A check-in refused outside the visit window: `This invitation is valid on Nov 22, 2026
 * from 9:00 AM to 5:00 PM` (docs/api.md#visitors-and-their-statuses), details `{reason:
 * 'visit-window', date:
 * '2026-11-22', from: '09:00', to: '17:00'}`.
 */
export function visitWindowMessage(visitor: Pick<VisitorInvitation, 'visitDate' | 'visitTimeFrom' | 'visitTimeTo'>): WindowRefusal {
  return {
    message: `This invitation is valid on ${formatDisplayDate(visitor.visitDate)} from ${formatDisplayTime(
      visitor.visitTimeFrom,
    )} to ${formatDisplayTime(visitor.visitTimeTo)}`,
    refusal: {
      reason: 'visit-window',
      date: visitor.visitDate.slice(0, 10),
      from: visitor.visitTimeFrom.slice(0, 5),
      to: visitor.visitTimeTo.slice(0, 5),
    },
  };
}

/**
 * The instants between which a check-in is allowed: from `visitTimeFrom` minus
 * `earlyMinutes` (inclusive) to the end of the `visitTimeTo` minute (`closesAt`, exclusive:
 * docs/gate.md#recording-moves-offline), on `visitDate`, in the community's zone.
 */
export function visitWindow(
  visitor: Pick<VisitorInvitation, 'visitDate' | 'visitTimeFrom' | 'visitTimeTo'>,
  timeZone: string,
  earlyMinutes: number,
): { opensAt: Date; closesAt: Date } {
  const startsAt = communityInstant(visitor.visitDate, visitor.visitTimeFrom, timeZone);
  return {
    opensAt: new Date(startsAt.getTime() - earlyMinutes * 60_000),
    closesAt: new Date(communityInstant(visitor.visitDate, visitor.visitTimeTo, timeZone).getTime() + 60_000),
  };
}

/** What the gate sends for a check-in or check-out. */
export interface GateMoveInput {
  visitorId: string;
  notes?: string | undefined;
  /**
   * When a move the gate recorded offline happened: an ISO 8601 instant with an offset
   * (docs/gate.md#recording-moves-offline).
   */
  occurredAt?: string | undefined;
  /**
   * docs/operations.md#blocklist: an admin's check-in of a blocklisted visitor (with notes);
   * ignored by a check-out.
   */
  override?: boolean | undefined;
  /**
   * docs/operations.md#gates: the gate of the move (absent: the only active gate, if exactly one);
   * unknown or inactive: 400 `Unknown gate`.
   */
  gateId?: string | undefined;
}

/**
 * How far back a move recorded offline may have happened (docs/gate.md#recording-moves-offline): 24
 * hours.
 */
export const OCCURRED_AT_MAX_AGE_MS = 24 * 60 * 60_000;
/**
 * How far ahead of the server's clock a gate's clock may be (docs/gate.md#recording-moves-offline):
 * 2 minutes.
 */
export const OCCURRED_AT_MAX_AHEAD_MS = 2 * 60_000;

/**
 * The instant of a move recorded offline (docs/gate.md#recording-moves-offline), or undefined for a
 * move made
 * now. Errors: 400 VALIDATION_FAILED on `occurredAt`: 'occurredAt must be an ISO 8601
 * instant' (not one, or without an offset); 'occurredAt is out of range' (more than 24 h
 * before `now`, or more than 2 minutes after).
 */
export function occurredAtOf(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined) return undefined;
  const instant = parseIsoInstant(value);
  if (!instant) throw httpError(400, OCCURRED_AT_MESSAGE, { field: 'occurredAt' });
  const ahead = instant.getTime() - now.getTime();
  if (ahead > OCCURRED_AT_MAX_AHEAD_MS || -ahead > OCCURRED_AT_MAX_AGE_MS) {
    throw httpError(400, 'occurredAt is out of range', { field: 'occurredAt' });
  }
  return instant;
}

/**
 * Checks a visitor in (guard or admin): only from approved, only inside the visit window
 * (else 409 INVALID_TRANSITION with the invitation's own date and times); records the time and the guard.
 * One statement: the conditional UPDATE and its audit row (the state machine's
 * `transitionVisitor`). Of concurrent check-ins of one visitor exactly one succeeds.
 * With `occurredAt` (docs/gate.md#recording-moves-offline, a check-in the gate recorded offline)
 * the check-in
 * time is that instant and the window is judged at it: a pass whose window ended, or that
 * expired, after the entry still checks in. It cannot be before the visitor could enter
 * (the invitation made, the walk-in approved, the recurring pass made): 400 naming that
 * instant (`checkInBeforeFirstInstant`); up to CHECK_IN_CLOCK_SLACK_MS before it (a gate
 * clock running slow), the check-in is recorded at that instant.
 * docs/operations.md#blocklist: a visitor whose phone or plate is on the blocklist is refused, 409
 * BLOCKLISTED 'This visitor is on the community blocklist' (the attempt audited as
 * `visitor.blocklist-refused` and notified to the admins), unless an admin sends
 * `override: true` with `notes` (the audit row then has `override: true`, the notes and the
 * entry); a guard's override is 403 'Only an admin can override the blocklist', an
 * override without notes 400 'Notes are required to override the blocklist'.
 */
export async function checkInVisitor(
  em: EntityManager,
  guard: User,
  actor: Actor,
  input: GateMoveInput,
  clock: VisitorClock & { earlyCheckinMinutes: number },
): Promise<Visitor | RecurringPassWithEntries> {
  if (input.override) {
    // docs/operations.md#blocklist: only an admin overrides the blocklist, and says why.
    if (guard.role !== 'admin') throw httpError(403, OVERRIDE_FORBIDDEN_MESSAGE);
    if (!input.notes) throw httpError(400, OVERRIDE_NOTES_REQUIRED_MESSAGE, { field: 'notes' });
  }
  return gateMove(em, actor, input, clock, 'checkIn');
}

/**
 * Checks a visitor out (guard or admin): only from checked-in; records the time and the
 * guard. One statement. With `occurredAt` (docs/gate.md#recording-moves-offline) the check-out time
 * is that
 * instant; before the check-in it is 409 'Check-out cannot be before check-in'.
 */
export async function checkOutVisitor(
  em: EntityManager,
  guard: User,
  actor: Actor,
  input: GateMoveInput,
  clock: VisitorClock,
): Promise<Visitor | RecurringPassWithEntries> {
  return gateMove(em, actor, input, { ...clock, earlyCheckinMinutes: 0 }, 'checkOut');
}

async function gateMove(
  em: EntityManager,
  actor: Actor,
  input: GateMoveInput,
  clock: VisitorClock & { earlyCheckinMinutes: number },
  move: 'checkIn' | 'checkOut',
): Promise<Visitor | RecurringPassWithEntries> {
  const occurredAt = occurredAtOf(input.occurredAt, clock.now);
  if (!isUuid(input.visitorId)) throw httpError(404, 'Visitor not found');
  const override = move === 'checkIn' && input.override === true;
  // An override is rare (an admin at the gate): its audit row names the entry it overrode.
  const overridden = override ? await blocklistEntryOfVisitor(em, input.visitorId) : null;
  let row: VisitorRow;
  try {
    row = await transitionVisitor(em, input.visitorId, move, {
      now: clock.now,
      timeZone: clock.timeZone,
      earlyCheckinMinutes: clock.earlyCheckinMinutes,
      actor,
      stamp: move,
      gateId: input.gateId,
      note: input.notes,
      auditDetails: override
        ? { notes: input.notes, override: true, ...(overridden ? { blocklistEntryId: overridden.id } : {}) }
        : input.notes
          ? { notes: input.notes }
          : null,
      ...(override ? { blocklistOverride: true } : {}),
      ...(occurredAt ? { occurredAt } : {}),
      windowMessage: windowMessageOf,
    });
  } catch (error) {
    // docs/operations.md#frequent-visitors: no visitor has this id; a recurring pass may (only on
    // this miss: the
    // invitation path pays nothing for passes).
    const pass = isNotFound(error)
      ? await movePassAtGate(em, actor, { visitorId: input.visitorId, notes: input.notes, occurredAt, gateId: input.gateId ?? null, override }, clock, move)
      : undefined;
    if (pass) return pass;
    throw error;
  }
  return serializeVisitorRow(row);
}
