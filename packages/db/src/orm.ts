/**
 * Opening the database: PostgreSQL when a URL is given, otherwise embedded PostgreSQL
 * (PGlite) in a data folder (docs/configuration.md#environment-variables). Migrations run at start;
 * on
 * PostgreSQL under an advisory lock so that two servers starting at once do not race,
 * and PGlite's data folder is locked so that a second process fails loudly instead of
 * corrupting it (PGlite has no lock of its own).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { EntityManager as SqlEntityManager } from '@mikro-orm/sql';
import { Migrator } from '@mikro-orm/migrations';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { MikroORM as PostgreSqlMikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';

import { lockDataDir, type DataDirLockTiming } from './data-dir-lock';

import { entities, routines } from './entities';
import { COMMUNITY_FILTER, type CommunityFilterParams } from './entities/tenancy';
import { migrationsList } from './migrations';
import { setFirstCommunityDefaults, type FirstCommunityDefaults } from './migrations/first-community';

export type { FirstCommunityDefaults } from './migrations/first-community';

/** The entity manager every service receives: PostgreSQL and PGlite share one SQL dialect. */
export type EntityManager = SqlEntityManager;

/** Where the data lives: a PostgreSQL URL, or a PGlite data folder ('memory://' for a throw-away one). */
export type DatabaseTarget =
  | { kind: 'postgresql'; url: string }
  | { kind: 'pglite'; dataDir: string };

/** An open database: the ORM, which engine it is, and how to close it (releasing any lock). */
export interface Database {
  orm: PgliteMikroORM | PostgreSqlMikroORM;
  target: DatabaseTarget;
  /**
   * A fresh entity manager (own identity map) acting in the first community (the one a
   * single-community deployment has; docs/security.md#communities): what start-up, background
   * jobs and tests of one community use. Requests act in theirs through `forCommunity`.
   */
  fork(): EntityManager;
  /**
   * A fresh entity manager acting in community `communityId`: the `community` filter of every
   * tenant entity reads and changes that community's rows only, and new tenant rows are made in
   * it (docs/security.md#communities).
   */
  forCommunity(communityId: string): EntityManager;
  /**
   * The first community's id (the oldest): set once the schema has it (at open, or after the
   * migrations made it); null before.
   */
  readonly firstCommunityId: string | null;
  /** Pings the database; resolves when it answers within `timeoutMs`, rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Listens to NOTIFY on `channel`: PostgreSQL on a connection of its own (not the ORM's
   * pool), re-opened after a loss (every second until it succeeds), with
   * `handlers.onReconnect` called once listening again (notifications sent during the gap
   * are lost: the caller must tell its clients to refetch); PGlite in-process. Resolves
   * once listening; the returned function stops. Errors: the first connection's failure.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** What `Database.listen` calls: each payload, and after a lost connection came back. */
export interface ListenHandlers {
  onMessage(payload: string): void;
  onReconnect?(): void;
}

export { DataDirLockedError } from './data-dir-lock';

const MIGRATION_LOCK_KEY = 7_310_420_915; // any constant bigint shared by every Gatehouse server

const migrationsOptions = {
  migrationsList,
  snapshot: false,
  silent: true,
  transactional: true,
  allOrNothing: true,
  tableName: 'mikro_orm_migrations',
  path: path.join(import.meta.dirname ?? '.', 'migrations'),
  pathTs: path.join(import.meta.dirname ?? '.', 'migrations'),
};

/**
 * Initialises the ORM for `target` without touching the schema.
 * Throws `DataDirLockedError` when another process holds a PGlite data folder.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: {
    debug?: boolean;
    poolSize?: number;
    /**
     * PostgreSQL: the longest a statement may run, and wait for a lock, in ms (0 = no
     * limit; docs/security.md#faults). A statement cut short fails with 57014 or 55P03,
     * which the API answers 503. Migrations run without them.
     */
    statementTimeoutMs?: number;
    lockTimeoutMs?: number;
    /**
     * Embedded database: called if the data folder's lock is lost while open (its folder
     * removed or taken over); the caller must stop serving at once. Without it the
     * process reports the loss on stderr and exits with code 1.
     */
    onLockCompromised?: (error: Error) => void;
    /**
     * Embedded database: how the data folder's lock is refreshed, goes stale and is waited
     * for (DEFAULT_LOCK_TIMING unless given; the tests use shorter times).
     */
    lockTiming?: DataDirLockTiming;
    /**
     * Embedded database in memory only: start from this copy of a data folder (a tarball
     * from PGlite's `dumpDataDir`) instead of an empty one. The tests use it to begin
     * each file from one database migrated once per run.
     */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  if (target.kind === 'postgresql') {
    const orm = await PostgreSqlMikroORM.init({
      entities,
      routines,
      clientUrl: target.url,
      extensions: [Migrator],
      migrations: migrationsOptions,
      debug: options.debug ?? false,
      pool: { min: 0, max: options.poolSize ?? 10 },
      // Passed to every `pg` connection of the pool as session settings.
      driverOptions: {
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
        ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
      },
      allowGlobalContext: false,
      // Every tenant row carries its own community_id: a filter never needs to join a parent.
      autoJoinRefsForFilters: false,
    });
    const database = wrap(orm, target, async () => {});
    await loadFirstCommunity(database);
    return database;
  }

  const inMemory = target.dataDir.startsWith('memory://');
  let release = async () => {};
  if (!inMemory) {
    mkdirSync(target.dataDir, { recursive: true });
    release = await lockDataDir(
      target.dataDir,
      options.onLockCompromised ??
        ((error) => {
          console.error(`${error.message}. Stopping: two processes must never share one data folder.`);
          process.exit(1);
        }),
      options.lockTiming,
    );
  }
  try {
    const orm = await PgliteMikroORM.init({
      entities,
      routines,
      dbName: target.dataDir,
      // Trigram indexes for substring search (`q`): PGlite loads the extension from its package.
      driverOptions: { extensions: { pg_trgm }, ...(inMemory && options.loadDataDir ? { loadDataDir: uncopied(options.loadDataDir) } : {}) },
      extensions: [Migrator],
      migrations: migrationsOptions,
      debug: options.debug ?? false,
      allowGlobalContext: false,
      autoJoinRefsForFilters: false,
    });
    const database = wrap(orm, target, release);
    await loadFirstCommunity(database);
    return database;
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * A Blob that survives the ORM's deep copy of its options (a copied Blob loses its
 * contents): the copy asks an object for its own `clone()` first.
 */
function uncopied(blob: Blob): Blob {
  const same: Blob = new Blob([blob], { type: blob.type });
  return Object.assign(same, { clone: () => same });
}

function wrap(
  orm: PgliteMikroORM | PostgreSqlMikroORM,
  target: DatabaseTarget,
  release: () => Promise<void>,
): Database {
  let closed = false;
  const forCommunity = (communityId: string) => {
    const em = orm.em.fork();
    em.setFilterParams(COMMUNITY_FILTER, { communityId } satisfies CommunityFilterParams);
    return em;
  };
  const database: Database & { firstCommunityId: string | null } = {
    orm,
    target,
    firstCommunityId: null,
    // Before the migrations made the first community (a new database), a plain fork: it can
    // read global tables only (a tenant query throws: the filter has no community).
    fork: () => (database.firstCommunityId === null ? orm.em.fork() : forCommunity(database.firstCommunityId)),
    forCommunity,
    async ping(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      });
      try {
        await Promise.race([orm.em.fork().getConnection().execute('select 1'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async listen(channel, handlers) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
      if (target.kind === 'pglite') {
        const pglite = (await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGliteLike> }).getNativeClient());
        const unlisten = await pglite.listen(channel, (payload) => handlers.onMessage(payload));
        return async () => {
          if (!pglite.closed) await unlisten();
        };
      }
      return listenOnPostgres(target.url, channel, handlers);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await orm.close(true);
      } finally {
        await release().catch(() => {});
      }
    },
  };
  return database;
}

/**
 * Reads the first (oldest) community's id into `database.firstCommunityId`, when the schema has
 * communities; called at open and after the migrations.
 */
async function loadFirstCommunity(database: Database): Promise<void> {
  const connection = database.orm.em.fork().getConnection();
  const [table] = await connection.execute<{ present: boolean }[]>(`select to_regclass('public.community') is not null as present`);
  if (!table?.present) return;
  const [first] = await connection.execute<{ id: string }[]>('select id from community order by created_at, id limit 1');
  (database as { firstCommunityId: string | null }).firstCommunityId = first?.id ?? null;
}

/** The part of a PGlite instance `listen` uses. */
interface PGliteLike {
  closed: boolean;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** `Database.listen` on PostgreSQL: a dedicated client, LISTEN, re-opened after a loss. */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = null;
      next.removeAllListeners('end');
      void next.end().catch(() => {});
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const scheduleRetry = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => handlers.onReconnect?.(),
        () => scheduleRetry(),
      );
    }, 1_000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/**
 * Runs `work` while no other Gatehouse server is starting on the same database: on
 * PostgreSQL under a session-level advisory lock held on a connection of its own, so
 * that concurrent starts (migrations, the first admin, the demo seed) wait for each
 * other. The embedded database has one process by construction (its folder is locked).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.target.kind === 'pglite') return work();
  const client = new pg.Client({ connectionString: database.target.url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Applies the pending migrations; returns their names. Call it under the start-up lock
 * (`migrateDatabase` does, and so does the server's start-up). `firstCommunity`: the name, time
 * zone and settings of the community the migration to many communities makes (the server passes
 * its configuration: COMMUNITY_NAME, COMMUNITY_TIMEZONE and the defaults of
 * docs/configuration.md#environment-variables); without it, 'My Community' in this process's zone
 * with the built-in defaults. Afterwards `database.firstCommunityId` names that community.
 */
export async function applyMigrations(database: Database, options: { firstCommunity?: FirstCommunityDefaults } = {}): Promise<string[]> {
  setFirstCommunityDefaults(options.firstCommunity ?? null);
  try {
    return await applyPendingMigrations(database);
  } finally {
    setFirstCommunityDefaults(null);
    await loadFirstCommunity(database);
  }
}

async function applyPendingMigrations(database: Database): Promise<string[]> {
  if (database.target.kind === 'pglite') {
    // One connection, no timeouts set: the migrator's own transaction is enough.
    const applied = await database.orm.migrator.up();
    return applied.map((migration) => migration.name);
  }
  // In one transaction without the request timeouts: building an index on a big table
  // may take longer than any request should.
  return database.fork().transactional(async (tx) => {
    await tx.execute('set local statement_timeout = 0');
    await tx.execute('set local lock_timeout = 0');
    // MikroORM types a transaction's context as any; the migrator takes it as it is.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    const applied = await database.orm.migrator.up({ transaction: tx.getTransactionContext() });
    return applied.map((migration) => migration.name);
  });
}

/**
 * Brings the schema up to date, under the start-up lock: of two servers starting at
 * once, the second finds nothing pending. Returns the names of the migrations applied.
 */
export function migrateDatabase(database: Database, options: { firstCommunity?: FirstCommunityDefaults } = {}): Promise<string[]> {
  return withStartupLock(database, () => applyMigrations(database, options));
}

/** A small `pg` connection pool to `url`, for libraries that keep their own tables (rate limits). */
export function createPgPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server drops emits 'error' on the pool; without a
  // listener that would end the process. The pool replaces the connection by itself.
  pool.on('error', () => {});
  return pool;
}
