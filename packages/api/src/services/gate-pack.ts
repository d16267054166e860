/**
 * The gate pack (offline-gate §2): what a gate tablet keeps to verify passes while the
 * network is down. For every visitor of today and tomorrow (the community's zone) that
 * can still enter (approved, its window not over) or is inside and may leave
 * (checked-in): its id, the SHA-256 of its token and of its pass code (never the token,
 * the code, a phone number or an e-mail), its name, house, kind, date and window,
 * status, plate and when it last changed.
 *
 * Pass tokens and codes are stored as they are (a code must be unique among open passes
 * and is looked up at the gate), so their hashes are computed by the database as the pack
 * is read: `encode(sha256(convert_to(text, 'UTF8')), 'hex')`, lowercase hex of the UTF-8
 * text, as the tablet computes it with Web Crypto.
 *
 * Each item also says whether the visitor's phone or plate is on the blocklist (operations
 * §3: `blocklisted`, the reason only), so that a pass verified offline shows the warning.
 *
 * A cursor (opaque to the client: base64url of `{v, t, d, h, b}`) says when the pack was made
 * (`t`, the server's clock), for which community day (`d`), the newest change of a house
 * then (`h`), and which blocklist it was matched against (`b`, a short fingerprint of the
 * entries' ids; when it differs now, the delta holds every pass of the days again, since an
 * entry added or removed may concern any of them). With `since=cursor` the pack holds only what changed: visitors changed since
 * `t` (a little before, so that a write that committed while the pack was read is not
 * missed; sending an item twice is harmless), visitors of a house changed since `h`,
 * approved passes whose window ended since `t`, and when the day has turned, the passes
 * whose date left today-and-tomorrow or came into it. Each is an item if it can still
 * enter, else its id is in `removed`.
 */
import type { EntityManager } from '@gatehouse/db';
import { DATE_PATTERN, type GatePack, type GatePackItem, GATE_PACK_CURSOR_MESSAGE } from '@gatehouse/shared';
import { addDays, format, parseISO } from 'date-fns';

import { httpError } from '../errors';
import { isoInstant } from '../lib/serialize';
import { communityDate } from '../lib/time';
import { blocklistedOf, blocklistMatchSql } from './blocklist';
import { ENDED_BY_NOW_SQL } from './visitor-state-machine';

/** Changes this long before a cursor's instant are sent again (a write that committed while that pack was read). */
export const GATE_PACK_CHANGE_OVERLAP_MS = 30_000;

/** What a cursor says (offline-gate §2: opaque to the client). */
interface PackCursor {
  /** Format version. */
  v: 1;
  /** The server's clock when the pack was made, ISO. */
  t: string;
  /** The community's day then, YYYY-MM-DD. */
  d: string;
  /** The newest `house.updated_at` then, ISO; null without houses. */
  h: string | null;
  /** The blocklist's fingerprint then (operations §3); absent in cursors made before it was kept. */
  b?: string;
}

function encodeCursor(cursor: PackCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

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
    cursor.v !== 1 ||
    !isInstant(cursor.t) ||
    typeof cursor.d !== 'string' ||
    !DATE_PATTERN.test(cursor.d) ||
    !(cursor.h === null || isInstant(cursor.h)) ||
    !(cursor.b === undefined || (typeof cursor.b === 'string' && /^[0-9a-f]{1,32}$/.test(cursor.b)))
  ) {
    throw httpError(400, GATE_PACK_CURSOR_MESSAGE, { field: 'since' });
  }
  return cursor as PackCursor;
}

/** The calendar day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) => format(addDays(parseISO(date), 1), 'yyyy-MM-dd');

interface PackRow {
  id: string;
  token_hash: string;
  pass_code_hash: string;
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

function packItem(row: PackRow): GatePackItem {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    passCodeHash: row.pass_code_hash,
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
 * The gate pack (offline-gate §2) as of `clock.now`: without `since` every pass of today
 * and tomorrow that can still enter (`removed` empty); with the cursor of an earlier pack,
 * only what changed since (`items` new or changed, `removed` the ids that can no longer
 * enter: cancelled, checked out, expired, rejected, or whose date left today-and-tomorrow).
 * Two statements: the newest house change (for the next cursor) and the passes.
 * Errors: 400 VALIDATION_FAILED on `since` 'since must be a cursor from the gate pack'.
 */
export async function gatePack(
  em: EntityManager,
  input: { since?: string | undefined },
  clock: { now: Date; timeZone: string },
): Promise<GatePack> {
  const cursor = input.since !== undefined ? decodeCursor(input.since) : null;
  const { now, timeZone } = clock;
  const today = communityDate(now, timeZone);
  const tomorrow = dayAfter(today);
  const [mark] = await em.execute<{ house_mark: string | Date | null; blocklist_mark: string }[]>(
    `select (select max(updated_at) from house) as house_mark,
            (select left(md5(coalesce(string_agg(id::text, ',' order by id), '')), 12) from blocklist_entry) as blocklist_mark`,
  );
  const houseMark = mark?.house_mark ? isoInstant(mark.house_mark) : null;
  const blocklistMark = mark?.blocklist_mark ?? '';

  // Can still enter: of today or tomorrow, and inside (checked-in) or approved with its window not over.
  const eligible = `(v.visit_date between ? and ? and (v.status = 'checked-in' or (v.status = 'approved' and not ${ENDED_BY_NOW_SQL})))`;
  const eligibleParams = [today, tomorrow, timeZone, now, now];
  const hashes = `encode(sha256(convert_to(v.qr_code_token, 'UTF8')), 'hex') as token_hash,
                  encode(sha256(convert_to(v.pass_code, 'UTF8')), 'hex') as pass_code_hash`;
  const columns = `v.id, ${hashes}, v.name, h.house_number, h.block, v.kind, v.visit_date, v.visit_time_from, v.visit_time_to,
                   v.status, v.vehicle_license_plate, v.updated_at, bl.reason as blocklist_reason`;
  // operations §3: the blocklist entry the visitor matches, if any (two index probes a pass).
  const blocklistJoin = `left join lateral (${blocklistMatchSql('v.phone', 'v.vehicle_license_plate')}) bl on true`;

  let rows: PackRow[];
  if (!cursor) {
    rows = await em.execute<PackRow[]>(
      `select ${columns}, true as eligible, false as created_after_cursor
         from visitor_invitation v join house h on h.id = v.house_id ${blocklistJoin}
        where v.status in ('approved', 'checked-in') and ${eligible}
        order by v.visit_date, v.visit_time_from, v.id`,
      eligibleParams,
    );
  } else {
    const since = new Date(cursor.t);
    const cursorTomorrow = dayAfter(cursor.d);
    const low = cursor.d < today ? cursor.d : today;
    const high = cursorTomorrow > tomorrow ? cursorTomorrow : tomorrow;
    rows = await em.execute<PackRow[]>(
      `select ${columns}, ${eligible} as eligible, v.created_at > ? as created_after_cursor
         from visitor_invitation v join house h on h.id = v.house_id ${blocklistJoin}
        where v.visit_date between ? and ?
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
        low,
        high,
        // The blocklist changed since the cursor: every pass of the days again.
        cursor.b !== blocklistMark,
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
  return {
    items: rows.filter((row) => row.eligible).map(packItem),
    // A visitor made after the cursor that cannot enter (a walk-in still pending) was never in the pack.
    removed: rows.filter((row) => !row.eligible && !row.created_after_cursor).map((row) => row.id),
    cursor: encodeCursor({ v: 1, t: now.toISOString(), d: today, h: houseMark, b: blocklistMark }),
  };
}
