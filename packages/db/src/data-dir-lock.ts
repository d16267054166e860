/**
 * The embedded database's data folder is used by one process at a time (PGlite has no
 * lock of its own). The lock is a folder beside the data (`<dataDir>.lock`, by
 * `proper-lockfile`) whose time stamp its owner refreshes every second; a lock not
 * refreshed for 5 s is stale and may be taken over, so a killed server does not block
 * the next start.
 *
 * The refreshing runs on a worker thread of its own
 * (docs/security.md#the-embedded-databases-folder): a stall of
 * the main event loop (a long synchronous computation, PGlite's WebAssembly working
 * through a big query) cannot let the lock go stale while its owner lives, and a second
 * server cannot take it. The worker dies with its process, so a dead owner's lock still
 * goes stale. If the lock is nevertheless lost (its folder removed or taken over), the
 * owner is told through `onCompromised` and must stop: it never goes on serving beside
 * another process.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Raised when another process holds the embedded database's data folder. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database folder ${dataDir} is in use by another Gatehouse process. ` +
        'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** How the lock behaves: refreshed every `updateMs`, stale after `staleMs` without a refresh. */
export interface DataDirLockTiming {
  staleMs: number;
  updateMs: number;
  /** How long a newcomer keeps trying before giving up (enough to wait out a stale lock). */
  retries: { retries: number; minTimeout: number; maxTimeout: number; factor: number };
}

export const DEFAULT_LOCK_TIMING: DataDirLockTiming = {
  staleMs: 5_000,
  updateMs: 1_000,
  retries: { retries: 6, minTimeout: 1_000, maxTimeout: 2_500, factor: 1.2 },
};

/**
 * The worker: takes the lock with proper-lockfile, which then refreshes it on this
 * thread's own event loop; reports 'locked', 'error' or 'compromised', and releases the
 * lock on 'release'. Plain CommonJS, run with `eval` so that it needs no file of its own
 * next to the bundled server.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const lockfile = require(workerData.lockfileModule);
let release = null;
lockfile
  .lock(workerData.dataDir, {
    lockfilePath: workerData.lockfilePath,
    stale: workerData.timing.staleMs,
    update: workerData.timing.updateMs,
    retries: workerData.timing.retries,
    realpath: false,
    onCompromised: (error) => {
      parentPort.postMessage({ type: 'compromised', message: String(error && error.message || error) });
    },
  })
  .then((releaseLock) => {
    release = releaseLock;
    parentPort.postMessage({ type: 'locked' });
  })
  .catch((error) => {
    parentPort.postMessage({ type: 'error', code: error && error.code, message: String(error && error.message || error) });
  });
parentPort.on('message', (message) => {
  if (message !== 'release') return;
  const done = () => parentPort.postMessage({ type: 'released' });
  if (!release) return done();
  release().then(done, done);
});
`;

type WorkerMessage =
  | { type: 'locked' }
  | { type: 'released' }
  | { type: 'error'; code?: string; message: string }
  | { type: 'compromised'; message: string };

/**
 * Takes the lock on `dataDir` (waiting out a stale one) and keeps it fresh from a worker
 * thread. Resolves to the release function. Throws `DataDirLockedError` when another live
 * process holds it. `onCompromised` is called if the lock is lost afterwards.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
  timing: DataDirLockTiming = DEFAULT_LOCK_TIMING,
): Promise<() => Promise<void>> {
  const lockfileModule = createRequire(import.meta.url).resolve('proper-lockfile');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { dataDir, lockfilePath: `${dataDir}.lock`, lockfileModule, timing },
  });
  const messages = new Set<(message: WorkerMessage) => void>();
  let compromised = false;
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'compromised' && !compromised) {
      compromised = true;
      onCompromised(new Error(`The lock on the embedded database folder ${dataDir} was lost: ${message.message}`));
    }
    for (const listener of messages) listener(message);
  });
  const next = (types: WorkerMessage['type'][]) =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const listener = (message: WorkerMessage) => {
        if (!types.includes(message.type)) return;
        messages.delete(listener);
        worker.off('error', onError);
        resolve(message);
      };
      const onError = (error: Error) => {
        messages.delete(listener);
        reject(error);
      };
      messages.add(listener);
      worker.once('error', onError);
    });

  const outcome = await next(['locked', 'error']);
  if (outcome.type === 'error') {
    await worker.terminate();
    if (outcome.code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw new Error(outcome.message);
  }
  // The worker must not keep a finished process alive; it lives exactly as long as the lock.
  worker.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Keep the process alive until the worker has removed the lock.
    worker.ref();
    const done = next(['released']);
    worker.postMessage('release');
    await done.catch(() => {});
    await worker.terminate();
  };
}
