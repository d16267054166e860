import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it, vi } from 'vitest';

import { DataDirLockedError, DEFAULT_LOCK_TIMING, migrateDatabase, openDatabase, User, type DataDirLockTiming } from '../src';

/**
 * The lock's behaviour at a quarter of its real times (stale after 1.25 s instead of 5 s, a
 * newcomer waiting about 2.5 s instead of 10 s): the same rules, a quarter of the waiting.
 */
const QUICK: DataDirLockTiming = {
  staleMs: DEFAULT_LOCK_TIMING.staleMs / 4,
  updateMs: DEFAULT_LOCK_TIMING.updateMs / 4,
  retries: { ...DEFAULT_LOCK_TIMING.retries, minTimeout: DEFAULT_LOCK_TIMING.retries.minTimeout / 4, maxTimeout: DEFAULT_LOCK_TIMING.retries.maxTimeout / 4 },
};

/** Starts hold-lock.ts in a process of its own (with the QUICK lock); resolves once it holds the lock. */
function holdLockElsewhere(dataDir: string, stallMs: number, holdMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support', 'hold-lock.ts'), dataDir, String(stallMs), String(holdMs), JSON.stringify(QUICK)]);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`hold-lock exited early:\n${output}`)));
  });
  return { child, locked, exited, output: () => output };
}

describe('embedded database data folder', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-lock-'));
  const dataDir = path.join(folder, 'data');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a second opener with a clear error, and keeps data across a restart', async () => {
    // The lock's real times are those of a spawned server in apps/server/test/process.test.ts.
    const first = await openDatabase({ kind: 'pglite', dataDir }, { lockTiming: QUICK });
    await migrateDatabase(first);
    const em = first.fork();
    em.create(User, { name: 'Kept Across', email: 'kept@x.com', phone: '+15550000000', role: 'resident', passwordHash: 'x', house: null, isActive: true });
    await em.flush();

    const refused = await openDatabase({ kind: 'pglite', dataDir }, { lockTiming: QUICK }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toMatch(/in use by another Gatehouse process/);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await migrateDatabase(second);
      expect(await second.fork().count(User, { email: 'kept@x.com' })).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('keeps the lock while its owner’s event loop is blocked longer than the stale time', async () => {
    const stalledDir = path.join(folder, 'stalled');
    // The owner blocks its main thread for 2 s: longer than the 1.25 s after which an
    // unrefreshed lock is stale. A newcomer's retries last about 2.5 s.
    const owner = holdLockElsewhere(stalledDir, 2_000, 1_000);
    try {
      await owner.locked;
      const started = Date.now();
      const refused = await openDatabase({ kind: 'pglite', dataDir: stalledDir }, { lockTiming: QUICK }).catch((error: unknown) => error);
      if (!(refused instanceof Error)) await (refused as { close(): Promise<void> }).close();
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeGreaterThan(QUICK.staleMs);
      expect(owner.output()).toContain('stall over');
      expect(await owner.exited).toBe(0);
      expect(owner.output()).toContain('closed');
    } finally {
      owner.child.kill('SIGKILL');
    }
  }, 60_000);

  it('tells its owner when the lock is lost, instead of throwing where nobody catches', async () => {
    const lostDir = path.join(folder, 'lost');
    const onLockCompromised = vi.fn();
    const database = await openDatabase({ kind: 'pglite', dataDir: lostDir }, { onLockCompromised, lockTiming: QUICK });
    try {
      rmSync(`${lostDir}.lock`, { recursive: true, force: true });
      await vi.waitFor(() => expect(onLockCompromised).toHaveBeenCalledTimes(1), { timeout: 10_000, interval: 100 });
      expect(onLockCompromised.mock.calls[0]![0]).toBeInstanceOf(Error);
      expect(String((onLockCompromised.mock.calls[0]![0] as Error).message)).toMatch(/lock on the embedded database folder .* was lost/);
    } finally {
      await database.close();
    }
  }, 30_000);
});
