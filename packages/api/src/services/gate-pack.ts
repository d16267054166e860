/**
 * The gate pack (docs/gate.md#the-gate-pack): what a gate tablet keeps to verify passes while the
 * network is down. For every visitor of today and tomorrow (the community's zone) that
 * can still enter (approved, its window not over) or is inside and may leave
 * (checked-in): its id, the SHA-256 of its token and a slow hash of its pass code (never
 * the token, the code, a phone number or an e-mail), its name, house, kind, date and
 * window, status, plate and when it last changed.
 *
 * Pass tokens and codes are stored as they are (a code must be unique among open passes
 * and is looked up at the gate). A token is 256 random bits: its SHA-256 is computed by the
 * database as the pack is read, `encode(sha256(convert_to(text, 'UTF8')), 'hex')`, lowercase
 * hex of the UTF-8 text, as the tablet computes it with Web Crypto. A code has 6 to 8
 * digits, which a fast hash would give back at once: its hash is PBKDF2 with the salt of the
 * community day (services/gate-code-hash.ts), and the pack says how (`codeHash`).
 *
 * Each item also says whether the visitor's phone or plate is on the blocklist
 * (docs/operations.md#blocklist: `blocklisted`, the reason only), so that a pass verified offline
 * shows the warning.
 *
 * A cursor (opaque to the client: base64url of `{v, t, d, h, b, s}`) says when the pack was made
 * (`t`, the server's clock), for which community day (`d`), the newest change of a house
 * then (`h`), which blocklist it was matched against (`b`, a short fingerprint of the
 * entries' ids; when it differs now, the delta holds every pass of the days again, since an
 * entry added or removed may concern any of them), and which salt hashed its codes (`s`, a
 * short fingerprint). A cursor of another day or salt gets the whole pack (every hash has
 * changed), which the client tells by its `codeHash`. With a cursor of today the pack holds
 * only what changed: visitors changed since `t` (a little before, so that a write that
 * committed while the pack was read is not missed; sending an item twice is harmless),
 * visitors of a house changed since `h`, and approved passes whose window ended since `t`.
 * Each is an item if it can still enter, else its id is in `removed`. (The statements
 * below could carry a delta across the day's turn, the passes whose date left
 * today-and-tomorrow or came into it; but a new day has a new salt, so such a cursor gets
 * the whole pack.)
 *
 * Recurring passes (docs/operations.md#frequent-visitors) are items too, `kind: "recurring"`, by
 * the pass's id: one
 * inside (an open entry) as `checked-in`; one active, not ended, that may still enter today
 * (a listed weekday within its dates, its daily window not over) or tomorrow (listed, within
 * its dates) as `approved`, its `visitDate` that day (an inside one that may not: the day of
 * its check-in), its window the daily one. Passes are few, so a delta simply sends every
 * such pass again, and in `removed` the passes that no longer are, among those that changed
 * since the cursor (the pass's `updated_at`; a check-out, whose instant may be an offline
 * one up to 24 h old) or that were items by the cursor's day and instant.
 */
import { createHash } from 'node:crypto';

import { communityIdOf, type EntityManager } from '@gatehouse/db';
import { isCalendarDate, isDateInRange, parseIsoInstant, type GatePack, type GatePackItem, GATE_PACK_CURSOR_MESSAGE } from '@gatehouse/shared';
import { addDays, format, getISODay, parseISO } from 'date-fns';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { communityDate } from '../lib/time';
import { blocklistedOf, blocklistMatchSql } from './blocklist';
import { codeHashOf, daySalt, passCodeHashes, type DaySalt } from './gate-code-hash';
import { PASS_CHECK_IN_STATUS, ENDED_BY_NOW_SQL } from './visitor-state-machine';
import { OCCURRED_AT_MAX_AGE_MS } from './visitors';

/** Changes this long before a cursor's instant are sent again (a write that committed while that pack was read). */
export const GATE_PACK_CHANGE_OVERLAP_MS = 30_000;

/** What a cursor says (docs/gate.md#the-gate-pack: opaque to the client). */
interface PackCursor {
  /** Format version: 2 since codes are hashed with a day's salt (a cursor of 1 is refused, and the client asks for the whole pack). */
  v: 2;
  /** The server's clock when the pack was made, ISO. */
  t: string;
  /** The community's day then, YYYY-MM-DD. */
  d: string;
  /** The newest `house.updated_at` then, ISO; null without houses. */
  h: string | null;
  /** The blocklist's fingerprint then (docs/operations.md#blocklist). */
  b: string;
  /** The fingerprint of the salt the pack's codes were hashed with. */
  s: string;
  /**
   * 1 when some code of the pack had no hash yet (`GATE_PACK_INLINE_HASHES`): the next
   * answer sends every pass of the days again, with the hashes made since.
   */
  i?: 1;
}

/**
 * Code hashes one pack computes itself at most (about a quarter of a second each on a
 * tablet-class core, a tenth on a server's): enough for the passes made since the sweep's
 * last run. More are left to the sweep (`warmGatePackCodeHashes`, docs/gate.md#the-gate-pack),
 * so that a thousand passes imported at once do not hold the pack, and the server's cores,
 * for a minute.
 */
export const GATE_PACK_INLINE_HASHES = 10;

/** A short fingerprint of a salt, for the cursor (the salt itself is in the pack). */
const saltMark = (salt: DaySalt) => createHash('sha256').update(`${salt.salt}:${salt.iterations}`).digest('hex').slice(0, 12);

function encodeCursor(cursor: PackCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** An ISO 8601 instant as the server writes them (a day that exists, not Feb 30, within the years dates may have). */
const isInstant = (value: unknown): value is string => typeof value === 'string' && parseIsoInstant(value) !== null;

/** The cursor `since` names, else 400 VALIDATION_FAILED on `since`. */
function decodeCursor(since: string): PackCursor {
  let cursor: Partial<PackCursor> | null = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(since)) cursor = JSON.parse(Buffer.from(since, 'base64url').toString('utf8')) as Partial<PackCursor>;
  } catch {
    cursor = null;
  }
  if (
    !cursor ||
    typeof cursor !== 'object' ||
    cursor.v !== 2 ||
    !isInstant(cursor.t) ||
    typeof cursor.d !== 'string' ||
    !isCalendarDate(cursor.d) ||
    !isDateInRange(cursor.d) ||
    !(cursor.h === null || isInstant(cursor.h)) ||
    typeof cursor.b !== 'string' ||
    !/^[0-9a-f]{1,32}$/.test(cursor.b) ||
    typeof cursor.s !== 'string' ||
    !/^[0-9a-f]{12}$/.test(cursor.s) ||
    !(cursor.i === undefined || cursor.i === 1)
  ) {
    throw httpError(400, GATE_PACK_CURSOR_MESSAGE, { field: 'since' });
  }
  return cursor as PackCursor;
}

/** The calendar day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) => format(addDays(parseISO(date), 1), 'yyyy-MM-dd');

/** The bit of `date`'s weekday in a recurring pass's `weekdays` (bit 0 Monday … bit 6 Sunday). */
const weekdayBit = (date: string) => 1 << (getISODay(parseISO(date)) - 1);

interface PackRow {
  id: string;
  token_hash: string;
  /** Read to be hashed, never sent. */
  pass_code: string;
  name: string;
  house_number: string;
  block: string;
  kind: GatePackItem['kind'];
  visit_date: string | Date;
  visit_time_from: string;
  visit_time_to: string;
  status: string;
  vehicle_license_plate: string | null;
  updated_at: string | Date;
  blocklist_reason: string | null;
  eligible: boolean;
  created_after_cursor: boolean;
}

const dateOf = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : isoInstant(value).slice(0, 10));

/** The item of `row`, its code's hash from `codeHashes` (by code). */
function packItem(row: PackRow, codeHashes: Map<string, string>): GatePackItem {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    // Null while the sweep has not hashed the code yet (GATE_PACK_INLINE_HASHES).
    passCodeHash: codeHashes.get(row.pass_code) ?? null,
    name: row.name,
    house: { houseNumber: row.house_number, block: row.block },
    kind: row.kind,
    visitDate: dateOf(row.visit_date),
    visitTimeFrom: row.visit_time_from,
    visitTimeTo: row.visit_time_to,
    status: row.status as GatePackItem['status'],
    vehicleLicensePlate: row.vehicle_license_plate ?? null,
    updatedAt: isoInstant(row.updated_at),
    blocklisted: blocklistedOf(row.blocklist_reason),
  };
}

/**
 * SQL over `recurring_pass p`: the pass may still enter on `day`
 * (docs/operations.md#frequent-visitors): active,
 * `day` a listed weekday within its start and end dates (so not ended), and with `notOverAt`
 * its daily window on `day` not over at that instant (to the end of its `time_to` minute).
 */
function passEntersOn(day: string, timeZone: string, notOverAt: Date | null): { sql: string; params: unknown[] } {
  const window = notOverAt ? ` and ((?::date + p.time_to::time + interval '1 minute') at time zone ?) > ?` : '';
  return {
    sql: `(p.status = ? and ?::date between p.start_date and p.end_date and (p.weekdays::int & ?::int) <> 0${window})`,
    params: [PASS_CHECK_IN_STATUS, day, weekdayBit(day), ...(notOverAt ? [day, timeZone, notOverAt] : [])],
  };
}

/**
 * The recurring passes of the pack (docs/operations.md#frequent-visitors, see the file's comment),
 * in one
 * statement: without a cursor the items; with one, every item again and the passes that
 * left the pack since (`eligible` false, and not made after the cursor).
 */
async function recurringPassRows(
  em: EntityManager,
  clock: { now: Date; timeZone: string; today: string; tomorrow: string },
  cursor: PackCursor | null,
): Promise<PackRow[]> {
  const { now, timeZone, today, tomorrow } = clock;
  const entersToday = passEntersOn(today, timeZone, now);
  const entersTomorrow = passEntersOn(tomorrow, timeZone, null);
  // Left the pack since the cursor: changed since (a check-out replayed from a tablet carries
  // its own instant, up to 24 h before it reached the server), or an item at the cursor's day and instant.
  const since = cursor ? new Date(cursor.t) : null;
  const wasItem = cursor ? [passEntersOn(cursor.d, timeZone, since), passEntersOn(dayAfter(cursor.d), timeZone, null)] : [];
  const reported = cursor
    ? {
        sql: `(p.updated_at >= ? or last_entry.check_out_time >= ? or ${wasItem[0]!.sql} or ${wasItem[1]!.sql})`,
        params: [
          new Date(since!.getTime() - GATE_PACK_CHANGE_OVERLAP_MS),
          new Date(since!.getTime() - GATE_PACK_CHANGE_OVERLAP_MS - OCCURRED_AT_MAX_AGE_MS),
          ...wasItem[0]!.params,
          ...wasItem[1]!.params,
        ],
      }
    : { sql: 'false', params: [] };
  return em.execute<PackRow[]>(
    `select c.id, encode(sha256(convert_to(c.qr_code_token, 'UTF8')), 'hex') as token_hash, c.pass_code,
            c.name, c.house_number, c.block, 'recurring' as kind,
            case when c.enters_today then ? when c.enters_tomorrow then ? else c.inside_since_date end as visit_date,
            c.time_from as visit_time_from, c.time_to as visit_time_to,
            case when c.inside_since is not null then 'checked-in' else 'approved' end as status,
            c.vehicle_license_plate, c.updated_at, bl.reason as blocklist_reason,
            (c.inside_since is not null or c.enters_today or c.enters_tomorrow) as eligible,
            c.created_after_cursor
       from (select p.id, p.community_id, p.qr_code_token, p.pass_code, p.name, h.house_number, h.block, p.time_from, p.time_to,
                    p.phone, p.vehicle_license_plate, p.created_at > ? as created_after_cursor,
                    open_entry.check_in_time as inside_since,
                    to_char(open_entry.check_in_time at time zone ?, 'YYYY-MM-DD') as inside_since_date,
                    greatest(p.updated_at, open_entry.check_in_time, last_entry.check_in_time, last_entry.check_out_time) as updated_at,
                    ${entersToday.sql} as enters_today, ${entersTomorrow.sql} as enters_tomorrow, ${reported.sql} as reported
               from recurring_pass p
               join house h on h.id = p.house_id
               -- At most one open entry (pass_entry_open_unique), and the newest one.
               left join pass_entry open_entry on open_entry.pass_id = p.id and open_entry.check_out_time is null
               left join lateral (select e.check_in_time, e.check_out_time from pass_entry e where e.pass_id = p.id
                                   order by e.check_in_time desc, e.id desc limit 1) last_entry on true
              -- docs/security.md#communities: the request's community's passes only.
              where p.community_id = ?) c
       -- docs/operations.md#blocklist: the blocklist entry the pass's phone or plate matches, if any.
       left join lateral (${blocklistMatchSql('c.phone', 'c.vehicle_license_plate', 'c.community_id')}) bl on true
      where c.inside_since is not null or c.enters_today or c.enters_tomorrow or (c.reported and not c.created_after_cursor)
      order by visit_date, c.time_from, c.id`,
    [today, tomorrow, since ?? now, timeZone, ...entersToday.params, ...entersTomorrow.params, ...reported.params, communityIdOf(em)],
  );
}

/**
 * The gate pack (docs/gate.md#the-gate-pack) as of `clock.now`: without `since` every pass of today
 * and tomorrow that can still enter (`removed` empty); with the cursor of an earlier pack
 * of today, only what changed since (`items` new or changed, `removed` the ids that can no
 * longer enter: cancelled, checked out, expired, rejected, or whose date left
 * today-and-tomorrow); with a cursor of another day (or salt), the whole pack again, under
 * today's salt. `codeHash` says how the codes were hashed (PBKDF2, the day's salt).
 * Recurring passes are items too (docs/operations.md#frequent-visitors; see the file's comment):
 * each delta
 * sends every one that can still enter or leave again.
 * Five statements: the day's salt, the newest house change (for the next cursor), the
 * visitors, the recurring passes, and the kept hashes of their codes (plus, for codes not
 * hashed yet, the hashing of at most `GATE_PACK_INLINE_HASHES`, the newest passes first, and one insert;
 * `warmGatePackCodeHashes` does the rest ahead). An item whose code is not hashed yet has
 * `passCodeHash` null, and the cursor then asks for every pass again next time.
 * Errors: 400 VALIDATION_FAILED on `since` 'since must be a cursor from the gate pack'.
 */
export async function gatePack(
  em: EntityManager,
  input: { since?: string | undefined },
  clock: { now: Date; timeZone: string },
): Promise<GatePack> {
  const sent = input.since !== undefined ? decodeCursor(input.since) : null;
  const { now, timeZone } = clock;
  // docs/security.md#communities: every statement below reads the request's community only.
  const communityId = communityIdOf(em);
  const today = communityDate(now, timeZone);
  const tomorrow = dayAfter(today);
  const salt = await daySalt(em, today, now);
  // Every hash changes with the salt: a pack made under another is replaced whole.
  const cursor = sent && sent.d === today && sent.s === saltMark(salt) ? sent : null;
  const [mark] = await em.execute<{ house_mark: string | Date | null; blocklist_mark: string }[]>(
    `select (select max(updated_at) from house where community_id = ?) as house_mark,
            (select left(md5(coalesce(string_agg(id::text, ',' order by id), '')), 12) from blocklist_entry where community_id = ?) as blocklist_mark`,
    [communityId, communityId],
  );
  const houseMark = mark?.house_mark ? isoInstant(mark.house_mark) : null;
  const blocklistMark = mark?.blocklist_mark ?? '';

  // Can still enter: of today or tomorrow, and inside (checked-in) or approved with its window not over.
  const eligible = `(v.visit_date between ? and ? and (v.status = 'checked-in' or (v.status = 'approved' and not ${ENDED_BY_NOW_SQL})))`;
  const eligibleParams = [today, tomorrow, timeZone, now, now];
  const ofCommunity = 'v.community_id = ? and';
  const hashes = `encode(sha256(convert_to(v.qr_code_token, 'UTF8')), 'hex') as token_hash, v.pass_code`;
  const columns = `v.id, ${hashes}, v.name, h.house_number, h.block, v.kind, v.visit_date, v.visit_time_from, v.visit_time_to,
                   v.status, v.vehicle_license_plate, v.updated_at, bl.reason as blocklist_reason`;
  // docs/operations.md#blocklist: the blocklist entry the visitor matches, if any (two index probes
  // a pass).
  const blocklistJoin = `left join lateral (${blocklistMatchSql('v.phone', 'v.vehicle_license_plate', 'v.community_id')}) bl on true`;

  let rows: PackRow[];
  if (!cursor) {
    rows = await em.execute<PackRow[]>(
      `select ${columns}, true as eligible, false as created_after_cursor
         from visitor_invitation v join house h on h.id = v.house_id ${blocklistJoin}
        where ${ofCommunity} v.status in ('approved', 'checked-in') and ${eligible}
        order by v.visit_date, v.visit_time_from, v.id`,
      [communityId, ...eligibleParams],
    );
  } else {
    const since = new Date(cursor.t);
    const cursorTomorrow = dayAfter(cursor.d);
    const low = cursor.d < today ? cursor.d : today;
    const high = cursorTomorrow > tomorrow ? cursorTomorrow : tomorrow;
    rows = await em.execute<PackRow[]>(
      `select ${columns}, ${eligible} as eligible, v.created_at > ? as created_after_cursor
         from visitor_invitation v join house h on h.id = v.house_id ${blocklistJoin}
        where ${ofCommunity} v.visit_date between ? and ?
          and (?::boolean
               or v.updated_at >= ?
               or h.updated_at > ?
               or (v.status = 'approved'
                   and ((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone ?) > ?
                   and ((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone ?) <= ?)
               or (v.status in ('approved', 'checked-in') and (v.visit_date < ? or v.visit_date > ?)))
        order by v.visit_date, v.visit_time_from, v.id`,
      [
        ...eligibleParams,
        since,
        communityId,
        low,
        high,
        // The blocklist changed since the cursor, or a code had no hash yet: every pass of the days again.
        cursor.b !== blocklistMark || cursor.i === 1,
        new Date(since.getTime() - GATE_PACK_CHANGE_OVERLAP_MS),
        cursor.h ? new Date(cursor.h) : new Date(0),
        timeZone,
        since,
        timeZone,
        now,
        today,
        cursorTomorrow,
      ],
    );
  }
  rows = [...rows, ...(await recurringPassRows(em, { now, timeZone, today, tomorrow }, cursor))];
  const eligibleRows = rows.filter((row) => row.eligible);
  // The newest passes first: those made since the sweep's last run are the ones a pack hashes itself.
  const newestFirst = eligibleRows
    .map((row) => ({ code: row.pass_code, at: new Date(isoInstant(row.updated_at)).getTime() }))
    .sort((a, b) => b.at - a.at);
  const codeHashes = await passCodeHashes(em, salt, newestFirst.map((entry) => entry.code), GATE_PACK_INLINE_HASHES);
  const items = eligibleRows.map((row) => packItem(row, codeHashes));
  const incomplete = items.some((item) => item.passCodeHash === null);
  return {
    items,
    // A visitor made after the cursor that cannot enter (a walk-in still pending) was never in the pack.
    removed: rows.filter((row) => !row.eligible && !row.created_after_cursor).map((row) => row.id),
    cursor: encodeCursor({ v: 2, t: now.toISOString(), d: today, h: houseMark, b: blocklistMark, s: saltMark(salt), ...(incomplete ? { i: 1 as const } : {}) }),
    codeHash: codeHashOf(salt),
  };
}
