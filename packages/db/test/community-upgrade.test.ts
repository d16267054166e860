/**
 * The upgrade to many communities (docs/security.md#communities): a database made by the previous
 * release, with rows in every table, is migrated into one community named by the configuration;
 * no row is lost or changed, every tenant row lands in that community, and every user gets a
 * membership with the role and house they had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, applyMigrations, type Database } from '../src/orm';
import { migrationsList } from '../src/migrations';
import { createPostgresDatabase, databaseLegs } from '../src/testing';

/** The last migration of the release before communities. */
const PREVIOUS_RELEASE_LAST = 'Migration20261128140700';
// Every migration since the previous release: the upgrade to many communities, the (host, community) index, then operators.
const NEW_MIGRATIONS = ['Migration20261129090000', 'Migration20261129090100', 'Migration20261129100000', 'Migration20261129110000'];

const ADMIN = '00000000-0000-4000-8000-000000000001';
const RESIDENT = '00000000-0000-4000-8000-000000000002';
const GUARD = '00000000-0000-4000-8000-000000000003';
const FORMER = '00000000-0000-4000-8000-000000000004';
const HOUSE = '00000000-0000-4000-8000-000000000010';
const GATE = '00000000-0000-4000-8000-000000000020';
const VISITOR = '00000000-0000-4000-8000-000000000030';
const WALK_IN = '00000000-0000-4000-8000-000000000031';
const PASS = '00000000-0000-4000-8000-000000000040';
const WEBHOOK = '00000000-0000-4000-8000-000000000050';
const TOKEN = '00000000-0000-4000-8000-000000000060';

/** Rows in every table, written as the previous release's code and triggers would. */
const PREVIOUS_RELEASE_ROWS = [
  `insert into app_user (id, name, email, phone, role, password_hash, house_id, is_active) values
     ('${ADMIN}', 'Ada Admin', 'admin@example.com', '+15550000001', 'admin', 'x', null, true),
     ('${GUARD}', 'Gus Guard', 'guard@example.com', '+15550000003', 'guard', 'x', null, true),
     ('${FORMER}', 'Fay Former', 'former@example.com', '+15550000004', 'guard', 'x', null, false)`,
  `insert into house (id, house_number, block, street, owner_id) values ('${HOUSE}', '12', 'B', 'Palm Street', '${ADMIN}')`,
  `insert into app_user (id, name, email, phone, role, password_hash, house_id) values ('${RESIDENT}', 'Rae Resident', 'rae@example.com', '+15550000002', 'resident', 'x', '${HOUSE}')`,
  `insert into session (id, user_id, token_hash, created_at, last_seen_at, expires_at) values (gen_random_uuid(), '${RESIDENT}', repeat('a', 64), now(), now(), now() + interval '30 days')`,
  `insert into sign_in_marker (user_id, marker_hash, first_seen_at, last_seen_at) values ('${RESIDENT}', repeat('b', 64), now(), now())`,
  `insert into vehicle (id, license_plate, make, model, color, house_id, owner_id) values (gen_random_uuid(), 'KA01AB1234', 'Tata', 'Nexon', 'Blue', '${HOUSE}', '${RESIDENT}')`,
  `insert into gate (id, name) values ('${GATE}', 'Main Gate')`,
  `insert into webhook (id, url, events, secret, created_by_id) values ('${WEBHOOK}', 'https://example.com/hook', '{*}', 'whsec_x', '${ADMIN}')`,
  `insert into api_token (id, name, role, token_hash, prefix, created_by_id) values ('${TOKEN}', 'Barrier', 'guard', repeat('c', 64), 'gh_abcdefgh', '${ADMIN}')`,
  // Through the triggers: status and search counts, events, webhook deliveries, notifications.
  `insert into visitor_invitation (id, name, phone, house_id, host_id, visit_date, visit_time_from, visit_time_to, status, qr_code_token, pass_code, qr_code_data_url)
     values ('${VISITOR}', 'Vera Visitor', '+15550000009', '${HOUSE}', '${RESIDENT}', '2026-11-20', '09:00', '17:00', 'approved', repeat('d', 43), '123456', 'data:image/png;base64,')`,
  `insert into visitor_invitation (id, name, phone, house_id, visit_date, visit_time_from, visit_time_to, status, qr_code_token, pass_code, qr_code_data_url, kind, decide_by)
     values ('${WALK_IN}', 'Walt Walkin', '+15550000008', '${HOUSE}', '2026-11-20', '09:00', '17:00', 'pending', repeat('e', 43), '654321', 'data:image/png;base64,', 'walk-in', now())`,
  `update visitor_invitation set status = 'checked-in', check_in_time = now(), checked_in_by_id = '${GUARD}', check_in_gate_id = '${GATE}' where id = '${VISITOR}'`,
  `insert into visitor_photo (visitor_id, jpeg) values ('${WALK_IN}', '\\xffd8ffd9')`,
  `insert into recurring_pass (id, name, phone, house_id, host_id, weekdays, time_from, time_to, start_date, end_date, status, qr_code_token, pass_code, qr_code_data_url, notify_on_arrival)
     values ('${PASS}', 'Mala Maid', '+15550000007', '${HOUSE}', '${RESIDENT}', 31, '07:00', '10:00', '2026-11-01', '2027-10-31', 'active', repeat('f', 43), '1234567', 'data:image/png;base64,', true)`,
  `insert into pass_entry (id, pass_id, check_in_time, check_in_gate_id, checked_in_by_id) values (gen_random_uuid(), '${PASS}', now(), '${GATE}', '${GUARD}')`,
  `insert into payment (id, house_id, amount_cents, type, status, due_date) values (gen_random_uuid(), '${HOUSE}', 12500, 'maintenance', 'pending', '2026-12-01')`,
  `insert into blocklist_entry (id, name, phone, reason, added_by_id) values (gen_random_uuid(), 'Nick Nuisance', '+1 555 000 0006', 'Trespass', '${ADMIN}')`,
  `insert into gate_review (id, visitor_id, action, occurred_at, message, status, created_by_id, created_at) values (gen_random_uuid(), '${VISITOR}', 'check-out', now(), 'Already out', 'open', '${GUARD}', now())`,
  `insert into audit_event (id, action, actor_id, actor_email, target_type, target_id, details) values (gen_random_uuid(), 'auth.sign-in', '${RESIDENT}', 'rae@example.com', 'user', '${RESIDENT}', '{"via": "password"}')`,
  `insert into idempotency_key (id, user_id, key, method, path, request_hash, created_at) values (gen_random_uuid(), '${GUARD}', 'k1', 'POST', '/api/visitors/checkin', repeat('0', 64), now())`,
  `insert into notification_preference (user_id, walk_ins, check_ins, check_outs) values ('${RESIDENT}', true, true, false)`,
  `insert into push_subscription (id, user_id, endpoint, p256dh, auth) values (gen_random_uuid(), '${RESIDENT}', 'https://push.example.com/1', 'p', 'a')`,
  `insert into gate_pack_salt (day, salt, iterations) values ('2026-11-20', repeat('1', 32), 1000)`,
  `insert into gate_pack_code_hash (salt_day, pass_code, hash) values ('2026-11-20', '123456', repeat('2', 64))`,
];

/** Every table and its rows, as comparable text (ordered), community_id and is_operator (new columns) left out. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const connection = db.orm.em.fork().getConnection();
  const tables = await connection.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('mikro_orm_migrations', 'community', 'membership') order by table_name`,
  );
  const result: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const rows = await connection.execute<{ row: string }[]>(`select (to_jsonb(t) - 'community_id' - 'is_operator')::text as row from "${table}" t`);
    result[table] = rows.map((row) => row.row).sort();
  }
  return result;
}

const legs = await databaseLegs();

describe.each(legs)('the upgrade to many communities on $name', (leg) => {
  let db: Database;
  let dropDatabase = async () => {};
  let before: Record<string, string[]>;
  let applied: string[];
  beforeAll(async () => {
    if (leg.name === 'postgresql') {
      const created = await createPostgresDatabase('gatehouse_upgrade');
      dropDatabase = created.drop;
      db = await openDatabase({ kind: 'postgresql', url: created.url });
    } else {
      db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    }
    // The previous release's schema, and rows in every table.
    await db.orm.migrator.up({ to: PREVIOUS_RELEASE_LAST });
    const connection = db.orm.em.fork().getConnection();
    for (const sql of PREVIOUS_RELEASE_ROWS) await connection.execute(sql);
    before = await snapshot(db);
    applied = await applyMigrations(db, {
      firstCommunity: {
        name: "Palm Grove's Society",
        timeZone: 'Asia/Kolkata',
        settings: { earlyCheckInMinutes: 30, walkInApprovalMinutes: 5, walkInEscalateSeconds: 45, visitorRetentionDays: 90, currency: 'USD', allowSignup: true },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await dropDatabase();
  });

  it('applies the new migrations, the last ones', () => {
    expect(applied).toEqual(NEW_MIGRATIONS);
    expect(migrationsList.slice(-NEW_MIGRATIONS.length).map((migration) => migration.name)).toEqual(NEW_MIGRATIONS);
  });

  it('had rows in every table of the previous release', () => {
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0).map(([table]) => table);
    expect(empty).toEqual([]);
  });

  it('keeps every row of every table as it was (no trigger fired: no new event or delivery)', async () => {
    expect(await snapshot(db)).toEqual(before);
  });

  it('makes the first community from the configuration', async () => {
    const rows = await db.orm.em.fork().getConnection().execute<{ id: string; name: string; slug: string; time_zone: string; settings: unknown; status: string }[]>(
      'select id, name, slug, time_zone, settings, status from community',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: db.firstCommunityId,
      name: "Palm Grove's Society",
      slug: 'default',
      time_zone: 'Asia/Kolkata',
      status: 'active',
      settings: { earlyCheckInMinutes: 30, walkInApprovalMinutes: 5, walkInEscalateSeconds: 45, visitorRetentionDays: 90, currency: 'USD', allowSignup: true },
    });
  });

  it('puts every tenant row in the first community', async () => {
    const connection = db.orm.em.fork().getConnection();
    const tables = await connection.execute<{ table_name: string }[]>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'community_id'
         and table_name not in ('membership', 'session') order by table_name`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(19);
    for (const { table_name: table } of tables) {
      const [row] = await connection.execute<{ total: number | string; inside: number | string }[]>(
        `select count(*) as total, count(*) filter (where community_id = ?) as inside from "${table}"`,
        [db.firstCommunityId],
      );
      expect(Number(row?.total), `${table} has rows`).toBeGreaterThan(0);
      expect(Number(row?.inside), `${table}: every row in the first community`).toBe(Number(row?.total));
    }
    const [session] = await connection.execute<{ community_id: string }[]>('select community_id from session');
    expect(session?.community_id).toBe(db.firstCommunityId);
  });

  it('makes the first account (the earliest created) the only operator', async () => {
    const rows = await db.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from app_user where is_operator');
    expect(rows).toEqual([{ id: ADMIN }]);
  });

  it('gives every user a membership with the role, house and state they had', async () => {
    const rows = await db.orm.em.fork().getConnection().execute<{ user_id: string; community_id: string; role: string; house_id: string | null; is_active: boolean }[]>(
      'select user_id, community_id, role, house_id, is_active from membership order by user_id',
    );
    expect(rows).toEqual([
      { user_id: ADMIN, community_id: db.firstCommunityId, role: 'admin', house_id: null, is_active: true },
      { user_id: RESIDENT, community_id: db.firstCommunityId, role: 'resident', house_id: HOUSE, is_active: true },
      { user_id: GUARD, community_id: db.firstCommunityId, role: 'guard', house_id: null, is_active: true },
      { user_id: FORMER, community_id: db.firstCommunityId, role: 'guard', house_id: null, is_active: false },
    ]);
  });

  it("keeps a user's first-community membership in step with the account's role, house and state", async () => {
    const connection = db.orm.em.fork().getConnection();
    await connection.execute(`update app_user set role = 'admin', house_id = null where id = ?`, [RESIDENT]);
    await connection.execute(
      `insert into app_user (id, name, email, phone, role, password_hash, house_id) values (gen_random_uuid(), 'Nia New', 'nia@example.com', '+15550000011', 'resident', 'x', ?)`,
      [HOUSE],
    );
    const rows = await connection.execute<{ email: string; role: string; house_id: string | null }[]>(
      `select u.email, m.role, m.house_id from membership m join app_user u on u.id = m.user_id
        where u.email in ('rae@example.com', 'nia@example.com') and m.community_id = ? order by u.email`,
      [db.firstCommunityId],
    );
    expect(rows).toEqual([
      { email: 'nia@example.com', role: 'resident', house_id: HOUSE },
      { email: 'rae@example.com', role: 'admin', house_id: null },
    ]);
  });

  it('gives an account made for another community no first-community membership, then or on a later change', async () => {
    const em = db.orm.em.fork();
    const id = await em.transactional(async (tx) => {
      await tx.execute("select set_config('gatehouse.no_first_membership', 'on', true)");
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into app_user (id, name, email, phone, role, password_hash) values (gen_random_uuid(), 'Oli Other', 'oli@example.com', '+15550000012', 'admin', 'x') returning id`,
      );
      return row!.id;
    });
    const connection = em.getConnection();
    await connection.execute(`update app_user set role = 'guard', is_active = false where id = ?`, [id]);
    const rows = await connection.execute<{ user_id: string }[]>('select user_id from membership where user_id = ?', [id]);
    expect(rows).toEqual([]);
  });

  it('keeps the rules working per community afterwards: the same pass code is refused in its community', async () => {
    const connection = db.orm.em.fork().getConnection();
    await expect(
      connection.execute(
        `insert into visitor_invitation (id, community_id, name, phone, house_id, host_id, visit_date, visit_time_from, visit_time_to, status, qr_code_token, pass_code, qr_code_data_url)
           values (gen_random_uuid(), ?, 'Dup Code', '+15550000005', ?, ?, '2026-11-21', '09:00', '17:00', 'approved', repeat('g', 43), '654321', 'x')`,
        [db.firstCommunityId, HOUSE, RESIDENT],
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
