/**
 * Test databases for integration tests: the embedded database (always) and the
 * PostgreSQL server on 127.0.0.1:5432 (trust auth), each test file getting a database of
 * its own that is dropped afterwards. Without a PostgreSQL server that leg is left out
 * with a visible notice, unless CI=true, where its absence fails the run.
 */
import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { migrateDatabase, openDatabase, type Database } from './orm';

/** Where the PostgreSQL leg connects to create its databases (override with TEST_POSTGRES_URL). */
export const TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** A database leg of the integration tests. */
export interface DatabaseLeg {
  name: 'pglite' | 'postgresql';
  /** Creates an empty, migrated database; `drop()` closes and removes it. */
  create(): Promise<TestDatabase>;
}

export interface TestDatabase {
  db: Database;
  /** For the PostgreSQL leg: the URL of this test's own database. */
  url?: string;
  drop(): Promise<void>;
}

let postgresAvailable: Promise<boolean> | undefined;

/** Whether the PostgreSQL server answers. */
export function isPostgresAvailable(): Promise<boolean> {
  postgresAvailable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresAvailable;
}

/** Creates an empty PostgreSQL database of its own and returns its URL. */
export async function createPostgresDatabase(prefix = 'gatehouse_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const pgliteLeg: DatabaseLeg = {
  name: 'pglite',
  async create() {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    return { db, drop: () => db.close() };
  },
};

const postgresLeg: DatabaseLeg = {
  name: 'postgresql',
  async create() {
    const { url, drop } = await createPostgresDatabase();
    const db = await openDatabase({ kind: 'postgresql', url }, { poolSize: 30 });
    await migrateDatabase(db);
    return {
      db,
      url,
      drop: async () => {
        await db.close();
        await drop();
      },
    };
  },
};

let noticePrinted = false;

/**
 * The legs to run: PGlite always, PostgreSQL when it answers. With CI=true a missing
 * PostgreSQL throws, failing the run; otherwise a notice says the leg is left out.
 */
export async function databaseLegs(): Promise<DatabaseLeg[]> {
  if (await isPostgresAvailable()) return [pgliteLeg, postgresLeg];
  if (process.env.CI === 'true') {
    throw new Error(`CI=true but no PostgreSQL server answers at ${TEST_POSTGRES_ADMIN_URL}: the PostgreSQL leg is required.`);
  }
  if (!noticePrinted) {
    noticePrinted = true;
    console.warn(`\n*** NOTICE: no PostgreSQL at ${TEST_POSTGRES_ADMIN_URL}; the PostgreSQL leg of the integration tests is left out. ***\n`);
  }
  return [pgliteLeg];
}
