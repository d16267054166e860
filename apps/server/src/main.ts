/**
 * Starts Gatehouse: reads the configuration, opens the database (PostgreSQL or
 * embedded), runs migrations, creates the configured admin, seeds the demo community
 * when asked, serves, and shuts down gracefully on SIGTERM and SIGINT (stop accepting,
 * finish requests in flight, close the database).
 */
import { DEFAULT_COMMUNITY_NAME, DEFAULT_CURRENCY, DEFAULT_WALKIN_ESCALATE_SECONDS } from '@gatehouse/shared';
import {
  applyExpiry,
  forEachActiveCommunity,
  pruneVisitorEvents,
  warmGatePackCodeHashes,
  PushDispatcher,
  createMemoryAuthRateLimits,
  createPostgresAuthRateLimits,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureBootstrapAdmin,
  ensureOperator,
  hasDemoAccounts,
  isDatabaseEmpty,
  seedDemoCommunity,
  DEFAULT_VISITOR_RETENTION_DAYS,
} from '@gatehouse/api';
import {
  applyMigrations,
  createPgPool,
  DataDirLockedError,
  openDatabase,
  withStartupLock,
  type Database,
} from '@gatehouse/db';

import { createApiRateLimitCounter } from './api-rate-limits';
import { buildApp } from './app';
import { loadTls, trustInstructions } from './tls';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { loggerOptions } from './logging';

/** How often ended invitations are expired in the background (ms). */
const EXPIRY_SWEEP_INTERVAL_MS = 60_000;
/** Longest wait for requests in flight at shutdown before the process exits anyway (ms). */
const SHUTDOWN_GRACE_MS = 10_000;

function describeTarget(config: ServerConfig): string {
  return config.database.kind === 'postgresql'
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL (PGlite) in ${config.database.dataDir}`;
}

async function main() {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  console.log(`Gatehouse starting on Node ${process.version}, database: ${describeTarget(config)}`);

  let db: Database;
  let stopListening: () => void = () => {};
  try {
    db = await openDatabase(config.database, {
      statementTimeoutMs: config.statementTimeoutMs,
      lockTimeoutMs: config.lockTimeoutMs,
      // The data folder's lock was lost: another process may be writing there now. Stop
      // taking requests and exit at once, without flushing anything into the folder.
      onLockCompromised: (error) => {
        console.error(`${error.message}. Stopping now: two processes must never share one data folder.`);
        stopListening();
        process.exit(1);
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Rate limits are counted where every server process of the community can see them:
  // in PostgreSQL when several processes may share it, in memory for the embedded database.
  const rateLimitPool = config.database.kind === 'postgresql' ? createPgPool(config.database.url) : null;
  let rateLimits = createMemoryAuthRateLimits();
  let apiRateLimitCounter: Awaited<ReturnType<typeof createApiRateLimitCounter>> | undefined;

  // Migrations, the first admin, the demo seed and the rate-limit tables, one server at a
  // time (two `create table if not exists` at once can collide in PostgreSQL's catalog).
  await withStartupLock(db, async () => {
    if (rateLimitPool) {
      rateLimits = await createPostgresAuthRateLimits(rateLimitPool);
      apiRateLimitCounter = await createApiRateLimitCounter(rateLimitPool);
    }
    // A database made before communities (or a new one) gets its first community from this
    // configuration (docs/security.md#communities); an existing community keeps its own.
    const applied = await applyMigrations(db, {
      firstCommunity: {
        name: config.service.communityName ?? DEFAULT_COMMUNITY_NAME,
        timeZone: config.service.timeZone,
        settings: {
          earlyCheckInMinutes: config.service.earlyCheckinMinutes,
          walkInApprovalMinutes: config.service.walkinApprovalMinutes,
          walkInEscalateSeconds: config.service.walkinEscalateSeconds ?? DEFAULT_WALKIN_ESCALATE_SECONDS,
          visitorRetentionDays: config.service.visitorRetentionDays ?? DEFAULT_VISITOR_RETENTION_DAYS,
          currency: DEFAULT_CURRENCY,
          allowSignup: true,
        },
      },
    });
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
    if (config.bootstrapAdmin && (await ensureBootstrapAdmin(db.fork(), config.bootstrapAdmin))) {
      console.log(`Created the admin ${config.bootstrapAdmin.email} (ADMIN_EMAIL).`);
    }
    // docs/api.md#operators: ADMIN_EMAIL's account runs the deployment.
    if (config.operatorEmail && (await ensureOperator(db.fork(), config.operatorEmail))) {
      console.log(`Made ${config.operatorEmail} an operator (ADMIN_EMAIL).`);
    }
    if (config.seedDemo && (await isDatabaseEmpty(db.fork()))) {
      await seedDemoCommunity(db.fork(), new Date(), config.service.timeZone);
      console.log('Seeded the demo community.');
    }
  });
  if (config.seedDemo) {
    if (await hasDemoAccounts(db.fork())) {
      console.log(`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) {
        console.log(`  ${account.role.padEnd(9)} ${account.email.padEnd(24)} ${account.name}${account.house ? `, house ${account.house}` : ''}`);
      }
    }
  }


  const tls = await loadTls(config.tls);
  const app = await buildApp({
    ...(tls ? { https: { cert: tls.cert, key: tls.key, offerCertificate: tls.selfSigned } } : {}),
    db,
    service: config.service,
    // Webhook deliveries (docs/api.md#webhooks) go out from every server process's job worker.
    webhooks: {},
    // The daily retention run (docs/privacy.md#retention-and-erasure), on the same job queue: one
    // run a day across processes.
    retention: {},
    rateLimits,
    apiRateLimits: {
      perAddressPerMinute: config.rateLimitPerAddressPerMinute,
      perUserPerMinute: config.rateLimitPerUserPerMinute,
      ...(apiRateLimitCounter ? { counter: apiRateLimitCounter } : {}),
    },
    webRoot: config.webRoot,
    logger: loggerOptions(config.logging, Boolean(process.stdout.isTTY)),
  });

  // The minute sweep, for each active community in turn, in its own time zone
  // (docs/security.md#communities): a failure in one community is logged and the others go on.
  const sweepCommunities = (what: string, work: Parameters<typeof forEachActiveCommunity>[1]) =>
    forEachActiveCommunity(db, work, (error, community) => app.log.warn({ err: error, communityId: community.id }, `${what} failed`)).catch(
      (error: unknown) => app.log.warn({ err: error }, `${what} failed`),
    );
  const sweep = setInterval(() => {
    void sweepCommunities('expiry sweep', (em, community) => applyExpiry(em, { now: new Date(), timeZone: community.timeZone }));
    // Visitor events are kept a day (docs/gate.md#live-updates).
    void sweepCommunities('pruning visitor events', (em) => pruneVisitorEvents(em));
    // The gate pack's code hashes of today and tomorrow, a batch a minute, so that no pack waits for them.
    void sweepCommunities('hashing the gate pack codes ahead', (em, community) =>
      warmGatePackCodeHashes(em, { now: new Date(), timeZone: community.timeZone }),
    );
  }, EXPIRY_SWEEP_INTERVAL_MS);
  sweep.unref();

  // Web Push, when configured (docs/gate.md#notifications): this process sends the notifications it
  // claims.
  const pushDispatcher = config.vapid
    ? new PushDispatcher(db, config.vapid, { onError: (error) => app.log.warn({ err: error }, 'sending a push message failed') })
    : null;
  await pushDispatcher?.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then closing the database.`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    clearInterval(sweep);
    try {
      await pushDispatcher?.close();
      await app.closeGracefully();
      await db.close();
      await rateLimitPool?.end();
      console.log('Gatehouse stopped.');
      process.exit(0);
    } catch (error) {
      console.error('Error during shutdown', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  stopListening = () => app.server.close();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `${tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  if (tls?.selfSigned) for (const line of trustInstructions(tls, url)) console.log(line);
  else if (tls) console.log(`HTTPS with ${tls.certPath}, SHA-256 fingerprint ${tls.fingerprint}`);
  console.log(`Gatehouse is ready: ${url}`);
}

main().catch((error: unknown) => {
  console.error('Gatehouse failed to start:', error);
  process.exit(1);
});
