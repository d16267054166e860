/**
 * The host's background work: failed scans are written as one audit row per user per
 * minute (every minute, and the rest when the app closes); Idempotency-Keys older than a
 * day are purged every 10 minutes.
 */
import { purgeIdempotencyKeys } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync } from 'fastify';

/** How often keys older than a day are purged. */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;

const timers: FastifyPluginAsync<{ db: Database; clock: () => Date }> = async (app, { db, clock }) => {
  const failedScans = app.failedScans;
  const flushFailedScans = async (all: boolean) => {
    if (failedScans.pending === 0) return;
    try {
      await failedScans.flush(db.fork(), clock(), { all });
    } catch (error) {
      app.log.warn({ err: error }, 'writing failed scans to the audit log failed');
    }
  };
  const failedScanTimer = setInterval(() => void flushFailedScans(false), 60_000);
  failedScanTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(failedScanTimer);
    await flushFailedScans(true);
  });

  const purgeKeysTimer = setInterval(() => {
    purgeIdempotencyKeys(db.fork(), clock()).catch((error: unknown) => app.log.warn({ err: error }, 'purging idempotency keys failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purgeKeysTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeKeysTimer);
  });
};

/** The timers, stopped when the app closes. */
export default timers;
