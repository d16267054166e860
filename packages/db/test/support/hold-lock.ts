/**
 * A process that opens the embedded database in `process.argv[2]`, says `locked`, then
 * blocks its own event loop for `process.argv[3]` ms (as a long synchronous computation
 * would), says `stall over`, and keeps the database open for `process.argv[4]` ms more.
 * `process.argv[5]`, when given, is the lock's timing as JSON (DataDirLockTiming).
 */
import type { DataDirLockTiming } from '../../src/data-dir-lock';
import { openDatabase } from '../../src/orm';

const [dataDir, stallMs, holdMs] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const lockTiming = process.argv[5] ? (JSON.parse(process.argv[5]) as DataDirLockTiming) : undefined;
const database = await openDatabase({ kind: 'pglite', dataDir }, lockTiming ? { lockTiming } : {});
console.log('locked');
const until = Date.now() + stallMs;
while (Date.now() < until) {
  // Busy: no timers, no I/O callbacks run on this thread.
}
console.log('stall over');
await new Promise((resolve) => setTimeout(resolve, holdMs));
await database.close();
console.log('closed');
