/**
 * The export limit (docs/operations.md#reports-exports-and-inside-now), one for every transport:
 * the export procedures pass
 * their rows through the process's `ExportLimiter` (the context's `exports`), so the REST
 * download and the tRPC stream of the same procedures count against the same places. A
 * place is taken at the first row (at most two at once, the next 429 with Retry-After 60),
 * given back when the rows end, fail or are closed by their reader; an answer whose rows
 * are never read takes none; a reader that asks for no row for the stall time is cut (the
 * connection closed, a later read refused, never a silent end). First the limiter on its
 * own, then the procedures on both databases.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { describeError } from '../src/errors';
import { createMemoryAuthRateLimits } from '../src/lib/rate-limits';
import { createCaller } from '../src/root';
import {
  EXPORT_BUSY_MESSAGE,
  EXPORT_STALL_TIMEOUT_MS,
  EXPORT_STALLED_MESSAGE,
  ExportLimiter,
  MAX_CONCURRENT_EXPORTS,
  type CsvExport,
} from '../src/services/exports';
import { createInnerContext } from '../src/trpc';
import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** What a refused read answers: status, code, text and Retry-After. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const described = describeError(error);
    return { status: described.status, code: described.code, message: described.message, retryAfterSeconds: described.retryAfterSeconds };
  }
  throw new Error('expected the read to fail, it succeeded');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An export of `count` rows that notes when its generator is closed. */
function fakeExport(count: number, log: string[] = []): CsvExport<'id'> {
  async function* rows() {
    try {
      for (let index = 0; index < count; index += 1) yield { id: String(index) };
    } finally {
      log.push('closed');
    }
  }
  return { filename: 'fake.csv', columns: ['id'], rows: rows() };
}

describe('the export limiter', () => {
  it('takes a place at the first row: the third export is 429 with Retry-After, a finished or closed one frees its place', async () => {
    expect(MAX_CONCURRENT_EXPORTS).toBe(2);
    // A download is cut after a minute with no row read (docs/security.md#exports).
    expect(EXPORT_STALL_TIMEOUT_MS).toBe(60_000);
    const limiter = new ExportLimiter();
    const first = limiter.limit(fakeExport(3)).rows[Symbol.asyncIterator]();
    const second = limiter.limit(fakeExport(3)).rows[Symbol.asyncIterator]();
    const third = limiter.limit(fakeExport(3)).rows[Symbol.asyncIterator]();
    // Answers whose rows are not read yet take no place.
    expect(limiter.running).toBe(0);
    expect(await first.next()).toEqual({ done: false, value: { id: '0' } });
    expect(await second.next()).toEqual({ done: false, value: { id: '0' } });
    expect(limiter.running).toBe(2);
    expect(await refusal(third.next())).toEqual({ status: 429, code: 'RATE_LIMITED', message: EXPORT_BUSY_MESSAGE, retryAfterSeconds: 60 });
    // A refused export stays refused (ended), and counts for nothing.
    expect(await third.next()).toEqual({ done: true, value: undefined });
    expect(limiter.running).toBe(2);
    // Read to the end: the place is given back.
    expect(await first.next()).toMatchObject({ done: false });
    expect(await first.next()).toMatchObject({ done: false });
    expect(await first.next()).toMatchObject({ done: true });
    expect(limiter.running).toBe(1);
    // Closed by its reader (a client that went away): the place is given back, the rows' generator closed.
    const log: string[] = [];
    const fourth = limiter.limit(fakeExport(3, log)).rows[Symbol.asyncIterator]();
    await fourth.next();
    expect(limiter.running).toBe(2);
    await fourth.return!();
    expect(log).toEqual(['closed']);
    expect(limiter.running).toBe(1);
    await second.return!();
    expect(limiter.running).toBe(0);
  });

  it('gives the place back when the rows fail, and passes the failure on', async () => {
    const limiter = new ExportLimiter();
    async function* failing() {
      yield { id: '1' };
      throw new Error('the page could not be read');
    }
    const rows = limiter.limit({ filename: 'f.csv', columns: ['id'] as const, rows: failing() }).rows[Symbol.asyncIterator]();
    await rows.next();
    expect(limiter.running).toBe(1);
    await expect(rows.next()).rejects.toThrow('the page could not be read');
    expect(limiter.running).toBe(0);
  });

  it('cuts a reader that asks for no row for the stall time: the place is given back, the connection cut, a later read refused', async () => {
    const limiter = new ExportLimiter({ stallTimeoutMs: 100 });
    const log: string[] = [];
    let cuts = 0;
    const rows = limiter.limit(fakeExport(1_000, log), () => (cuts += 1)).rows[Symbol.asyncIterator]();
    await rows.next();
    // A reader that keeps reading, however slowly within the stall time, is not cut.
    for (let index = 0; index < 3; index += 1) {
      await sleep(60);
      await rows.next();
    }
    expect(cuts).toBe(0);
    expect(limiter.running).toBe(1);
    // It stops reading.
    await sleep(300);
    expect(cuts).toBe(1);
    expect(limiter.running).toBe(0);
    expect(log).toEqual(['closed']);
    // Never a silent end (it would read as a complete file).
    expect(await refusal(rows.next())).toMatchObject({ status: 400, message: EXPORT_STALLED_MESSAGE });
    // An answer nobody reads (a tRPC call that cannot stream) takes no place and is never cut.
    limiter.limit(fakeExport(5), () => (cuts += 1));
    await sleep(300);
    expect(cuts).toBe(1);
    expect(limiter.running).toBe(0);
  });

  it('waits a full minute by default before cutting a reader that stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const limiter = new ExportLimiter();
      let cuts = 0;
      const rows = limiter.limit(fakeExport(10), () => (cuts += 1)).rows[Symbol.asyncIterator]();
      await rows.next();
      await vi.advanceTimersByTimeAsync(59_999);
      expect(cuts).toBe(0);
      expect(limiter.running).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(cuts).toBe(1);
      expect(limiter.running).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(legs)('the export procedures under one limit on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const rateLimits = createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 });
  /** A caller whose context shares `limiter`, as every request of one server process does; `cut` notes a cut-off. */
  const callerWith = (limiter: ExportLimiter, token: string, cut?: () => void) =>
    createCaller(
      createInnerContext({
        db: h.test.db,
        config: h.config,
        rateLimits,
        clock: () => h.now,
        bearerToken: token,
        clientAddress: '127.0.0.1',
        exports: limiter,
        ...(cut ? { cutConnection: cut } : {}),
      }),
    );

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    const resident = h.caller(c.resident.token);
    for (const name of ['Lim One', 'Lim Two', 'Lim Three']) {
      await resident.visitors.invite({ name, phone: '+15557654321', houseId: c.houseId, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    }
  });
  afterAll(() => h?.close());

  it('counts the visitor and audit exports together: the third is 429 at its first row until one ends', async () => {
    const limiter = new ExportLimiter();
    const range = { from: '2026-11-22', to: '2026-11-22' };
    const visitors = (await callerWith(limiter, c.admin.token).visitors.exportCsv(range)).rows[Symbol.asyncIterator]();
    const audit = (await callerWith(limiter, c.admin.token).audit.exportCsv(range)).rows[Symbol.asyncIterator]();
    const firstVisitor = await visitors.next();
    expect(firstVisitor.done).toBe(false);
    expect(await audit.next()).toMatchObject({ done: false });
    expect(limiter.running).toBe(2);
    // A resident's export of their house waits like anyone's: the limit is the process's.
    const refused = (await callerWith(limiter, c.resident.token).visitors.exportCsv(range)).rows[Symbol.asyncIterator]();
    expect(await refusal(refused.next())).toEqual({ status: 429, code: 'RATE_LIMITED', message: EXPORT_BUSY_MESSAGE, retryAfterSeconds: 60 });
    // The visitor export read to its end frees its place.
    const names = [String(firstVisitor.value?.name)];
    for (let next = await visitors.next(); !next.done; next = await visitors.next()) names.push(String(next.value.name));
    expect(names.sort()).toEqual(['Lim One', 'Lim Three', 'Lim Two']);
    expect(limiter.running).toBe(1);
    const again = (await callerWith(limiter, c.resident.token).visitors.exportCsv(range)).rows[Symbol.asyncIterator]();
    expect(await again.next()).toMatchObject({ done: false, value: { houseNumber: '101' } });
    await again.return!();
    await audit.return!();
    expect(limiter.running).toBe(0);
  });

  it('cuts an export nobody reads any more and gives its place back', async () => {
    const limiter = new ExportLimiter({ stallTimeoutMs: 100 });
    let cuts = 0;
    const file = await callerWith(limiter, c.admin.token, () => (cuts += 1)).visitors.exportCsv({ from: '2026-11-22', to: '2026-11-22' });
    const rows = file.rows[Symbol.asyncIterator]();
    await rows.next();
    expect(limiter.running).toBe(1);
    await sleep(400);
    expect(cuts).toBe(1);
    expect(limiter.running).toBe(0);
    expect(await refusal(rows.next())).toMatchObject({ status: 400, message: EXPORT_STALLED_MESSAGE });
  });
});
