/**
 * Seeds a benchmark community straight into a migrated database (PostgreSQL or PGlite)
 * with set-based SQL, fast enough for a million invitations: houses with a resident each,
 * an admin and a guard with sessions, and `visitors` invitations (all approved for today,
 * 00:00–23:59, so that each is one pass of the gate path), newest first by creation time.
 */
import { createHash, randomUUID } from 'node:crypto';

import { hashPassword, passQrDataUrl } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';

const HOUSES = 500;
/**
 * One visitor in 128 has the community's most common surname (as about 1 % of people are
 * called Smith) and one in 128 is hosted by the bench's resident: a search for a fragment of
 * that surname and the resident's my-invitations then fill a first page of 50 at 10,000
 * visitors (≈ 80 matches) and must count a hundred times more at 1,000,000 (≈ 8,000).
 */
const POPULAR_EVERY = 128;
/** The first community, which the bench's rows belong to (docs/security.md#communities). */
const FIRST_COMMUNITY = '(select id from community order by created_at, id limit 1)';
const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isla', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nikhil', 'Olga', 'Pedro', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wei', 'Xena', 'Yusuf', 'Zoe', 'Amir', 'Bea', 'Cyrus', 'Dana', 'Emeka', 'Fay'];

/** 2,048 made-up surnames of six letters (a fixed pseudo-random sequence): a name fragment matches few of them. */
function surnames(): string[] {
  let state = 2_463_534_242;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % 26;
  };
  return Array.from({ length: 2_048 }, () => {
    const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + next()));
    letters[0] = letters[0]!.toUpperCase();
    return letters.join('');
  });
}

/** What a benchmark needs from its community. */
export interface Seeded {
  adminToken: string;
  guardToken: string;
  residentToken: string;
  /** The guard as the web app stores a signed-in user. */
  guardUser: Record<string, unknown>;
  /** The next unused pass (approved, valid all today); throws when they run out. */
  takePass(): { id: string; token: string };
  /**
   * Two approved passes whose visitors' phones are on the blocklist (docs/operations.md#blocklist),
   * never
   * handed out by `takePass`: the scan warns, the check-in is refused.
   */
  blocklistedPasses: [{ id: string; token: string }, { id: string; token: string }];
  /** A 3-letter fragment of the most common surname (≈ 0.8 % of visitors), for `q`. */
  nameFragment: string;
  /**
   * docs/operations.md#gates: the community's one active gate (a check-in without `gateId` records
   * it)
   * and a closed one (naming it is 400 `Unknown gate`).
   */
  gates: { active: string; inactive: string };
}

const token = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '').slice(0, 11);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Seeds `visitors` invitations (the first `checkedIn` of them checked in) and the people around them. */
export async function seedCommunity(db: Database, visitors: number, options: { checkedIn?: number } = {}): Promise<Seeded> {
  const em = db.fork();
  const run = (sql: string, params: unknown[] = []) => em.execute(sql, params);
  const passwordHash = await hashPassword('bench-password');
  const today = new Date().toISOString().slice(0, 10);
  const now = new Date();

  const admin = randomUUID();
  const guard = randomUUID();
  const residents = Array.from({ length: HOUSES }, () => randomUUID());
  const houses = Array.from({ length: HOUSES }, () => randomUUID());
  const people = [
    [admin, 'Bench Admin', 'admin@bench.example', 'admin'],
    [guard, 'Bench Guard', 'guard@bench.example', 'guard'],
    ...residents.map((id, index) => [id, `Resident ${index}`, `resident${index}@bench.example`, 'resident']),
  ];
  for (let start = 0; start < people.length; start += 200) {
    const slice = people.slice(start, start + 200);
    await run(
      `insert into app_user (id, name, email, phone, role, password_hash, is_active) values ${slice.map(() => '(?, ?, ?, ?, ?, ?, true)').join(', ')}`,
      slice.flatMap(([id, name, email, role]) => [id, name, email, '+15550000000', role, passwordHash]),
    );
  }
  for (let start = 0; start < HOUSES; start += 200) {
    const slice = houses.slice(start, start + 200);
    await run(
      `insert into house (community_id, id, house_number, block, street, owner_id) values ${slice.map(() => `(${FIRST_COMMUNITY}, ?, ?, ?, ?, ?)`).join(', ')}`,
      slice.flatMap((id, offset) => [id, String(100 + start + offset), `B${Math.floor((start + offset) / 100)}`, 'Bench Street', residents[start + offset]]),
    );
  }
  await run(`update app_user u set house_id = h.id from house h where h.owner_id = u.id`);

  const tokens = { admin: token(), guard: token(), resident: token() };
  for (const [user, value] of [[admin, tokens.admin], [guard, tokens.guard], [residents[0]!, tokens.resident]] as const) {
    await run(
      `insert into session (id, user_id, token_hash, created_at, last_seen_at, expires_at, ip_address) values (?, ?, ?, ?, ?, ?, '127.0.0.1')`,
      [randomUUID(), user, sha256(value), now, now, new Date(now.getTime() + 30 * 86_400_000)],
    );
  }

  // Names, houses and hosts are chosen in SQL from literal arrays of our own values.
  const names = surnames();
  const literal = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;
  const qr = await passQrDataUrl('gatehouse-bench-pass');
  const chunk = 100_000;
  // The per-status counts are set once after the load instead of by the count trigger row
  // by row (a million trigger calls in one statement would take minutes and leave the
  // counts table bloated, a state no real workload produces). A loaded history is not live
  // news either: the event triggers stay off during the load (no million events, no
  // million NOTIFYs), as after a day of pruning.
  const loadTriggers = ['count_insert', 'count_update', 'gram_insert', 'gram_update', 'event_insert', 'event_update', 'notify_insert', 'notify_update'].map((name) => `visitor_invitation_${name}`);
  for (const trigger of loadTriggers) await run(`alter table visitor_invitation disable trigger ${trigger}`);
  for (let from = 1; from <= visitors; from += chunk) {
    const to = Math.min(visitors, from + chunk - 1);
    await run(
      `insert into visitor_invitation (community_id, id, name, phone, email, purpose, vehicle_license_plate, house_id, host_id, visit_date,
         visit_time_from, visit_time_to, status, qr_code_token, qr_code_data_url, pass_code, created_at, updated_at)
       select ${FIRST_COMMUNITY}, gen_random_uuid(),
              (${literal(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' ||
                (${literal(names)})[case when n % ${POPULAR_EVERY} = 0 then 2 else 1 + (n::bigint * 7919) % ${names.length} end],
              '+1555' || lpad((n % 10000000)::text, 7, '0'), null, 'Delivery', null,
              (${literal(houses)}::uuid[])[case when n % ${POPULAR_EVERY} = ${POPULAR_EVERY / 2} then 1 else 1 + n % ${HOUSES} end],
              (${literal(residents)}::uuid[])[case when n % ${POPULAR_EVERY} = ${POPULAR_EVERY / 2} then 1 else 1 + n % ${HOUSES} end],
              ?::date, '00:00', '23:59', 'approved', 'bench-' || lpad(n::text, 9, '0'), ?,
              lpad(((n::bigint * 7919) % 100000000)::text, 8, '0'),
              ?::timestamptz - make_interval(secs => n), ?::timestamptz
         from generate_series(?::int, ?::int) n`,
      [today, qr, now, now, from, to],
    );
  }
  const checkedIn = options.checkedIn ?? 0;
  if (checkedIn > 0) {
    await run(
      `update visitor_invitation set status = 'checked-in', check_in_time = created_at + interval '1 minute', checked_in_by_id = ?
        where qr_code_token > ? and qr_code_token <= ?`,
      [guard, `bench-${String(visitors - checkedIn).padStart(9, '0')}`, `bench-${String(visitors).padStart(9, '0')}`],
    );
  }
  for (const trigger of loadTriggers) await run(`alter table visitor_invitation enable trigger ${trigger}`);
  await run(`delete from visitor_status_count`);
  await run(`insert into visitor_status_count (community_id, status, shard, n) select community_id, status, 0, count(*) from visitor_invitation group by community_id, status`);
  await run(`delete from visitor_search_gram_count`);
  await run(`insert into visitor_search_gram_count (community_id, gram, shard, n) select community_id, g, 0, count(*) from visitor_invitation, unnest(visitor_search_grams(name, phone, vehicle_license_plate)) g group by community_id, g`);
  // docs/operations.md#blocklist: a community keeps a blocklist: a hundred people who are not among
  // the
  // visitors, and two who are (the first two passes, kept out of `takePass`).
  const BLOCKLISTED_TOKENS = ['bench-000000001', 'bench-000000002'];
  await run(
    `insert into blocklist_entry (community_id, id, name, phone, license_plate, reason, added_by_id, created_at)
     select ${FIRST_COMMUNITY}, gen_random_uuid(), 'Banned ' || n, '+1666' || lpad(n::text, 7, '0'), case when n % 2 = 0 then 'BAN ' || n end, 'Bench blocklist', ?, ?
       from generate_series(1, 100) n`,
    [admin, now],
  );
  await run(
    `insert into blocklist_entry (community_id, id, name, phone, reason, added_by_id, created_at)
     select community_id, gen_random_uuid(), name, phone, 'Bench blocklist', ?, ? from visitor_invitation where qr_code_token in (?, ?)`,
    [admin, now, ...BLOCKLISTED_TOKENS],
  );
  // docs/operations.md#gates: one active gate, which every check-in records (the one-gate
  // community's
  // default, resolved inside the move's statement), and a closed one.
  const gateRows = (await run(
    `insert into gate (community_id, id, name, is_active, created_at, updated_at)
     values (${FIRST_COMMUNITY}, gen_random_uuid(), 'Main Gate', true, ?, ?), (${FIRST_COMMUNITY}, gen_random_uuid(), 'Old Gate', false, ?, ?) returning id, is_active`,
    [now, now, now, now],
  )) as Array<{ id: string; is_active: boolean }>;
  // As autovacuum leaves a table in service: statistics current and the visibility map
  // set (index-only scans then skip the heap), not the state of a bulk load a second ago.
  await run('vacuum analyze');

  // Passes are handed out from the oldest; the newest `checkedIn` are already inside.
  const passes = await run(
    `select id, qr_code_token as token from visitor_invitation where status = 'approved' and qr_code_token not in (?, ?) order by qr_code_token`,
    BLOCKLISTED_TOKENS,
  ) as Array<{ id: string; token: string }>;
  const blocklisted = (await run(
    `select id, qr_code_token as token from visitor_invitation where qr_code_token in (?, ?) order by qr_code_token`,
    BLOCKLISTED_TOKENS,
  )) as Array<{ id: string; token: string }>;
  let next = 0;
  return {
    adminToken: tokens.admin,
    guardToken: tokens.guard,
    residentToken: tokens.resident,
    guardUser: { id: guard, name: 'Bench Guard', email: 'guard@bench.example', phone: '+15550000000', role: 'guard', houseId: null, isActive: true, createdAt: now.toISOString() },
    takePass() {
      const pass = passes[next];
      next += 1;
      if (!pass) throw new Error('The benchmark ran out of passes: raise BENCH_VISITORS');
      return pass;
    },
    nameFragment: names[1]!.slice(1, 4).toLowerCase(),
    blocklistedPasses: [blocklisted[0]!, blocklisted[1]!],
    gates: { active: gateRows.find((row) => row.is_active)!.id, inactive: gateRows.find((row) => !row.is_active)!.id },
  };
}
