/**
 * Test databases for integration tests: the embedded database (always) and the
 * PostgreSQL server on 127.0.0.1:5432 (trust auth), each test file getting a database of
 * its own that is dropped afterwards. Without a PostgreSQL server that leg is left out
 * with a visible notice, unless CI=true, where its absence fails the run.
 *
 * The migrations run once per database engine and test run, not once per file: the
 * vitest global setup (testing-global-setup.ts) migrates a template of each engine and
 * hands its name to the test workers, and each file's database starts as a copy of it
 * (PostgreSQL: `CREATE DATABASE … TEMPLATE`; PGlite: a dump of the migrated data folder
 * loaded into a new in-memory database). Copies are then brought up to date by the
 * migrator like any database (nothing is pending). `create({ fromEmpty: true })` still
 * replays every migration on an empty database: the schema tests do, on both engines.
 * Without the global setup (a script, another runner) every database is migrated from
 * empty, as before.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import pg from 'pg';

import type { CommunitySettings } from '@gatehouse/shared';

import { Community } from './entities';
import { migrateDatabase, openDatabase, type Database } from './orm';

/** Where the PostgreSQL leg connects to create its databases (override with TEST_POSTGRES_URL). */
export const TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** A database leg of the integration tests. */
export interface DatabaseLeg {
  name: 'pglite' | 'postgresql';
  /**
   * Creates a migrated database of its own; `drop()` closes and removes it. It starts as
   * a copy of the run's migrated template when there is one; with `fromEmpty` (or
   * without a template) every migration is applied to an empty database instead.
   */
  create(options?: { fromEmpty?: boolean }): Promise<TestDatabase>;
}

export interface TestDatabase {
  db: Database;
  /** For the PostgreSQL leg: the URL of this test's own database. */
  url?: string;
  /** The migrations applied when it was created (all of them from empty, none on a copy). */
  applied: string[];
  drop(): Promise<void>;
}

/** What the global setup hands to the test workers (through vitest's `provide`). */
export interface TestTemplates {
  /** A tarball of a migrated PGlite data folder (PGlite's `dumpDataDir`), or null. */
  pgliteDump: string | null;
  /** The name of a migrated PostgreSQL database nobody is connected to, or null. */
  postgresTemplate: string | null;
}

/** The key under which the global setup provides `TestTemplates`. */
export const TEST_TEMPLATES_KEY = 'gatehouseTestTemplates';

declare module 'vitest' {
  export interface ProvidedContext {
    gatehouseTestTemplates: TestTemplates;
  }
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

/** Runs one statement on the PostgreSQL server's admin database. */
async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the test server. */
function postgresUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a PostgreSQL database of its own and returns its URL: empty, or a copy of
 * `template` (a database nobody may be connected to while it is copied).
 */
export async function createPostgresDatabase(
  prefix = 'gatehouse_test',
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  return {
    url: postgresUrl(name),
    name,
    drop: async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

let providedTemplates: TestTemplates | null | undefined;

/** The templates the global setup made for this run, if it ran (null outside vitest). */
async function templates(): Promise<TestTemplates | null> {
  if (providedTemplates === undefined) {
    providedTemplates = process.env.VITEST ? ((await import('vitest')).inject(TEST_TEMPLATES_KEY) ?? null) : null;
  }
  return providedTemplates;
}

let pgliteDump: Promise<Blob> | undefined;

const pgliteLeg: DatabaseLeg = {
  name: 'pglite',
  async create(options = {}) {
    const dumpPath = options.fromEmpty ? null : (await templates())?.pgliteDump;
    let loadDataDir: Blob | undefined;
    if (dumpPath) {
      pgliteDump ??= readFile(dumpPath).then((bytes) => new Blob([bytes]));
      loadDataDir = await pgliteDump;
    }
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, loadDataDir ? { loadDataDir } : {});
    try {
      const applied = await migrateDatabase(db);
      return { db, applied, drop: () => db.close() };
    } catch (error) {
      await db.close();
      throw error;
    }
  },
};

const postgresLeg: DatabaseLeg = {
  name: 'postgresql',
  async create(options = {}) {
    const template = options.fromEmpty ? null : (await templates())?.postgresTemplate;
    const { url, drop } = await createPostgresDatabase('gatehouse_test', template ?? undefined);
    const db = await openDatabase({ kind: 'postgresql', url }, { poolSize: 30 });
    const dropAll = async () => {
      await db.close();
      await drop();
    };
    try {
      const applied = await migrateDatabase(db);
      return { db, url, applied, drop: dropAll };
    } catch (error) {
      await dropAll();
      throw error;
    }
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

/** Template databases are named `<prefix>_<unix seconds>_<random>`. */
const TEMPLATE_PREFIX = 'gatehouse_template';
/** A template this old was left behind by a run that was killed: it is removed. */
const STALE_TEMPLATE_SECONDS = 6 * 3600;

/**
 * Migrates one template database per engine for a test run (called once by the vitest
 * global setup, in vitest's main process): a PGlite data folder dumped to
 * `<folder>/pglite.tar`, and, when the server answers, a PostgreSQL database whose
 * connections are all closed again. Returns them and a function that removes them.
 */
export async function createTestTemplates(folder: string): Promise<{ templates: TestTemplates; remove: () => Promise<void> }> {
  const pglite = (async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      await migrateDatabase(db);
      const connection = db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<{ dumpDataDir(compression: 'none'): Promise<Blob> }> };
      const dump = await (await connection.getNativeClient()).dumpDataDir('none');
      const file = `${folder}/pglite.tar`;
      const { writeFile } = await import('node:fs/promises');
      await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
      return file;
    } finally {
      await db.close();
    }
  })();

  const postgres = (async () => {
    if (!(await isPostgresAvailable())) return null;
    await removeStaleTemplates();
    const prefix = `${TEMPLATE_PREFIX}_${Math.floor(Date.now() / 1000)}`;
    const created = await createPostgresDatabase(prefix);
    try {
      const db = await openDatabase({ kind: 'postgresql', url: created.url });
      try {
        await migrateDatabase(db);
      } finally {
        await db.close();
      }
      return created;
    } catch (error) {
      await created.drop();
      throw error;
    }
  })();

  const [pgliteFile, postgresTemplate] = await Promise.all([pglite, postgres]);
  return {
    templates: { pgliteDump: pgliteFile, postgresTemplate: postgresTemplate?.name ?? null },
    remove: async () => {
      await postgresTemplate?.drop();
    },
  };
}

/** Drops the template databases of runs killed hours ago (their teardown never ran). */
async function removeStaleTemplates(): Promise<void> {
  const { rows } = await adminQuery(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}\\_%'`);
  const now = Date.now() / 1000;
  for (const { datname } of rows as { datname: string }[]) {
    const created = Number(datname.slice(TEMPLATE_PREFIX.length + 1).split('_')[0]);
    if (Number.isFinite(created) && now - created > STALE_TEMPLATE_SECONDS) {
      await adminQuery(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  }
}

/** The settings of a community a test adds, unless it says otherwise: a new community's defaults. */
export const TEST_COMMUNITY_SETTINGS: CommunitySettings = {
  earlyCheckInMinutes: 60,
  walkInApprovalMinutes: 10,
  walkInEscalateSeconds: 60,
  visitorRetentionDays: 180,
  currency: 'USD',
  allowSignup: true,
};

/**
 * Adds a community beside the first one of `db` (as an operator would,
 * docs/api.md#communities), active, with `TEST_COMMUNITY_SETTINGS` and the given
 * `settings` over them; resolves with its id. `community` is a global table: any entity
 * manager writes it.
 */
export async function addTestCommunity(
  db: Database,
  community: { name: string; slug: string; timeZone: string; settings?: Partial<CommunitySettings> },
): Promise<string> {
  const em = db.orm.em.fork();
  const added = em.create(Community, {
    name: community.name,
    slug: community.slug,
    timeZone: community.timeZone,
    settings: { ...TEST_COMMUNITY_SETTINGS, ...community.settings },
  });
  await em.flush();
  return added.id;
}
