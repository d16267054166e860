import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { House, User } from '../src';
import { migrationsList } from '../src/migrations';
import { databaseLegs, type TestDatabase } from '../src/testing';

const legs = await databaseLegs();

describe.each(legs)('database schema on $name', (leg) => {
  let test: TestDatabase;
  beforeAll(async () => {
    // From an empty database, every migration replayed in order (the other test files
    // start from a copy of one database migrated once per run).
    test = await leg.create({ fromEmpty: true });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('replays every migration, in order, on an empty database', () => {
    expect(test.applied).toEqual(migrationsList.map((migration) => migration.name));
  });

  it('has a migration for every entity change (the entities match the migrated schema)', async () => {
    // checkSchema() compares the entities with the database the migrations built:
    // true means an entity changed without a migration (run `npm run migration:create -w @gatehouse/db`).
    await expect(test.db.orm.migrator.checkSchema()).resolves.toBe(false);
  });

  it('has nothing pending after the start-up migration, and running it again applies nothing', async () => {
    await expect(test.db.orm.migrator.getPending()).resolves.toEqual([]);
    await expect(test.db.orm.migrator.up()).resolves.toEqual([]);
  });

  it('keeps the pass image out of line, so a visitor row in the main table stays small', async () => {
    const [column] = await test.db.fork().getConnection().execute<{ attstorage: string }[]>(
      `select attstorage from pg_attribute where attrelid = 'visitor_invitation'::regclass and attname = 'qr_code_data_url'`,
    );
    // 'e' (external): moved to TOAST storage uncompressed once a row passes ~2 KB.
    expect(column?.attstorage).toBe('e');
  });

  it('refuses rows the rules forbid at the database level', async () => {
    const em = test.db.fork();
    const connection = em.getConnection();
    // An upper-case email breaks app_user_email_lower_check.
    await expect(
      connection.execute(
        `insert into app_user (id, name, email, phone, role, password_hash) values (gen_random_uuid(), 'Ann Lee', 'ANN@X.COM', '+15550000000', 'resident', 'x')`,
      ),
    ).rejects.toThrow(/check/i);
    // An unknown role breaks the enum check.
    await expect(
      connection.execute(
        `insert into app_user (id, name, email, phone, role, password_hash) values (gen_random_uuid(), 'Ann Lee', 'ann@x.com', '+15550000000', 'superuser', 'x')`,
      ),
    ).rejects.toThrow(/check/i);
    // (house_number, block) is unique.
    em.create(House, { houseNumber: '1', block: 'A', street: 'Main', owner: null });
    await em.flush();
    const other = test.db.fork();
    other.create(House, { houseNumber: '1', block: 'A', street: 'Other', owner: null });
    await expect(other.flush()).rejects.toThrow(/unique|duplicate/i);
    expect(await test.db.fork().count(User, {})).toBe(0);
  });
});

