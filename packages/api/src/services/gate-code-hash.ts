/**
 * The gate pack's pass codes, hashed slowly (docs/security.md#the-gate-tablets-pack). A pass code
 * has 6 to
 * 8 digits: a fast hash of one is undone by trying every code, in seconds. The pack holds
 * instead PBKDF2-HMAC-SHA-256 of the code's digits (UTF-8) with the salt of the community
 * day and its iterations (`GATE_CODE_HASH_ITERATIONS` when the salt was made), 32 bytes as
 * lowercase hex: what the tablet computes with Web Crypto for a typed code.
 *
 * One salt a day, for every pass of the day's packs: a typed code is hashed once and looked
 * up, so the tablet's cost is one derivation whatever the size of the pack. A new salt each
 * day makes a table of codes computed for one day useless the next. The salt is kept in the
 * database (`gate_pack_salt`), made by the first process that needs it, so that every
 * server process hashes a day's codes alike and a delta matches the pack it updates.
 *
 * A hash costs the server what it costs the tablet (tens of milliseconds of a whole core), so
 * each code is hashed once a day, not at every pack: the hashes are kept in
 * `gate_pack_code_hash` (the database holds the codes themselves anyway), computed one at a
 * time per process (on a two-core server the other core keeps answering the gate; the rest
 * of the thread pool stays free for password checks and files), and the minute sweep
 * computes today's and tomorrow's ahead (`warmGatePackCodeHashes`). A pack computes at most
 * a few itself (`GATE_PACK_INLINE_HASHES`): a thousand passes made at once wait for the
 * sweep, and meanwhile the pack sends them without a code hash (docs/gate.md#the-gate-pack).
 */
import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

import { communityIdOf, type EntityManager } from '@gatehouse/db';
import { GATE_CODE_HASH_ALGORITHM, GATE_CODE_HASH_BYTES, GATE_CODE_HASH_ITERATIONS, type GatePackCodeHash } from '@gatehouse/shared';
import { addDays, format, parseISO } from 'date-fns';

import { communityDate } from '../lib/time';
import { PASS_CHECK_IN_STATUS } from './visitor-state-machine';

const pbkdf2Async = promisify(pbkdf2);

/** A community day's salt, as kept. */
export interface DaySalt {
  /** YYYY-MM-DD, the community's day. */
  day: string;
  /** Lowercase hex of 16 random bytes. */
  salt: string;
  iterations: number;
}

/** What the pack says of its codes' hashes. */
export const codeHashOf = (salt: DaySalt): GatePackCodeHash => ({ algorithm: GATE_CODE_HASH_ALGORITHM, salt: salt.salt, iterations: salt.iterations });

const dayOffset = (day: string, days: number) => format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/**
 * The salt of `day` (YYYY-MM-DD), made now when there is none (16 random bytes,
 * `GATE_CODE_HASH_ITERATIONS`): every process that asks gets the same one. Making one
 * deletes the salts before the day before it (and their hashes): a day's pack needs only
 * its own, and a process whose clock is a little behind still finds yesterday's.
 */
export async function daySalt(em: EntityManager, day: string, now: Date): Promise<DaySalt> {
  const read = () => em.execute<{ salt: string; iterations: number }[]>(`select salt, iterations from gate_pack_salt where day = ?`, [day]);
  let [row] = await read();
  if (!row) {
    const made = await em.execute<{ day: string }[]>(
      `insert into gate_pack_salt (day, salt, iterations, created_at) values (?, ?, ?, ?) on conflict (day) do nothing returning day`,
      [day, randomBytes(16).toString('hex'), GATE_CODE_HASH_ITERATIONS, now],
    );
    if (made.length > 0) await em.execute(`delete from gate_pack_salt where day < ?`, [dayOffset(day, -1)]);
    // Made here or by another process meanwhile (the insert waited for it): read it back.
    [row] = await read();
  }
  if (!row) throw new Error(`The gate pack's salt of ${day} could not be made`);
  return { day, salt: row.salt, iterations: Number(row.iterations) };
}

// ---- Hashing, two at a time -------------------------------------------------------------

/**
 * Hashes computed at once in one process (node's thread pool has four threads): one, so
 * that a burst of hashing takes one core, never the whole of a two-core server.
 */
const HASHING_AT_ONCE = 1;
let hashing = 0;
const waitingToHash: Array<() => void> = [];
/** Hashes being computed, by salt, iterations and code: a second pack asking waits for the first. */
const inFlight = new Map<string, Promise<string>>();

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHING_AT_ONCE) hashing += 1;
  // The slot is handed over by the one that ends (`hashing` stays as it is).
  else await new Promise<void>((resolve) => waitingToHash.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingToHash.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/**
 * PBKDF2-HMAC-SHA-256 of `code`'s digits (UTF-8) with `salt`'s bytes and iterations, 32
 * bytes as lowercase hex: a pack item's `passCodeHash`. Computed on node's thread pool.
 */
export function hashPassCode(code: string, salt: Pick<DaySalt, 'salt' | 'iterations'>): Promise<string> {
  const key = `${salt.salt}:${salt.iterations}:${code}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = limited(() => pbkdf2Async(Buffer.from(code, 'utf8'), Buffer.from(salt.salt, 'hex'), salt.iterations, GATE_CODE_HASH_BYTES, 'sha256')).then(
      (bytes) => bytes.toString('hex'),
    );
    inFlight.set(key, pending);
    void pending.finally(() => inFlight.delete(key)).catch(() => {});
  }
  return pending;
}

/** A Postgres array literal of digit strings or hex (nothing to quote). */
const textArray = (values: string[]) => `{${values.join(',')}}`;

/**
 * The hashes of `codes` (pass codes: digits) under `salt`, by code: the kept ones read in
 * one statement, and of the others at most `computeAtMost` computed (`hashPassCode`) and
 * kept; a code beyond that is not in the map (the sweep will hash it). Errors: the
 * database's.
 */
export async function passCodeHashes(
  em: EntityManager,
  salt: DaySalt,
  codes: Iterable<string>,
  computeAtMost: number = Number.POSITIVE_INFINITY,
): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)];
  const hashes = new Map<string, string>();
  if (wanted.length === 0) return hashes;
  const kept = await em.execute<{ pass_code: string; hash: string }[]>(
    `select pass_code, hash from gate_pack_code_hash where salt_day = ? and pass_code = any(?::text[])`,
    [salt.day, textArray(wanted)],
  );
  for (const row of kept) hashes.set(row.pass_code, row.hash);
  const missing = wanted.filter((code) => !hashes.has(code)).slice(0, computeAtMost);
  if (missing.length === 0) return hashes;
  const computed = await Promise.all(missing.map((code) => hashPassCode(code, salt)));
  missing.forEach((code, index) => hashes.set(code, computed[index]!));
  await em.execute(
    `insert into gate_pack_code_hash (salt_day, pass_code, hash)
     select ?::date, code, hash from unnest(?::text[], ?::text[]) as t(code, hash)
     on conflict do nothing`,
    [salt.day, textArray(missing), textArray(computed)],
  );
  return hashes;
}

/** Codes computed ahead in one run of the sweep: at most a few seconds of one thread a minute. */
export const GATE_CODE_HASH_WARM_BATCH = 50;

/**
 * Computes ahead, and keeps, the hashes the packs of today and tomorrow (the community's
 * days, in `clock.timeZone`) of `em`'s community (docs/security.md#communities; the sweep runs it
 * for each) will need and that are not kept yet: the codes of the visitors of the day and the
 * next that are pending, approved or inside, and of the recurring passes active then or
 * inside; today's first. At most `limit` codes a run (the server's minute sweep calls it:
 * about a thousand codes in twenty minutes). Makes tomorrow's salt if there is none.
 * Returns how many codes it hashed. Errors: the database's.
 */
export async function warmGatePackCodeHashes(
  em: EntityManager,
  clock: { now: Date; timeZone: string },
  limit: number = GATE_CODE_HASH_WARM_BATCH,
): Promise<number> {
  const today = communityDate(clock.now, clock.timeZone);
  let hashed = 0;
  for (const day of [today, dayOffset(today, 1)]) {
    if (hashed >= limit) break;
    const salt = await daySalt(em, day, clock.now);
    const rows = await em.execute<{ code: string }[]>(
      `select c.code from (
         select v.pass_code as code from visitor_invitation v
          where v.community_id = ? and v.status in ('pending', 'approved', 'checked-in') and v.visit_date between ?::date and ?::date
         union
         select p.pass_code from recurring_pass p
          where p.community_id = ?
            and ((p.status = ? and p.start_date <= ?::date and p.end_date >= ?::date)
                 or exists (select 1 from pass_entry e where e.pass_id = p.id and e.check_out_time is null))) c
        where not exists (select 1 from gate_pack_code_hash h where h.salt_day = ? and h.pass_code = c.code)
        -- In no set order: server processes sweeping at once mostly hash different codes.
        order by random()
        limit ?`,
      [communityIdOf(em), day, dayOffset(day, 1), communityIdOf(em), PASS_CHECK_IN_STATUS, dayOffset(day, 1), day, day, limit - hashed],
    );
    await passCodeHashes(em, salt, rows.map((row) => row.code));
    hashed += rows.length;
  }
  return hashed;
}
