/**
 * The general request rate limit of the API (docs/security.md#flooding): every `/api` and
 * `/trpc` request counts against its client address and, when it carries a valid token,
 * against its user, each call of a tRPC batch counting as one request. `/api/health`
 * and the web app's files are exempt. Over the limit: 429 `Too many requests, try again
 * in N s` with `Retry-After`, in the envelope.
 *
 * Counting is done by `@fastify/rate-limit` with a store of our own, `WindowCounter`:
 * fixed one-minute windows counted in this process's memory and, when several server
 * processes share a PostgreSQL database, added up in PostgreSQL (`rate_limit_api_window`)
 * every 250 ms in one statement for all keys, so a request never waits for a round trip
 * to count it (the gate path is the product's hot path). Each process judges a request by
 * the total it last read plus its own unsent count: several processes together may let
 * through what they receive in one 250 ms interval beyond the limit, no more.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The limits, per minute. */
export interface ApiRateLimitOptions {
  /** Requests (tRPC calls) per client address per minute. */
  perAddressPerMinute: number;
  /** Requests (tRPC calls) per signed-in user per minute. */
  perUserPerMinute: number;
  /** Where to count: `createApiRateLimitCounter(pool)` for PostgreSQL; in memory when absent. */
  counter?: WindowCounter;
}

/** A busy gate tablet makes a few requests a second; these leave room for ten times that. */
export const DEFAULT_API_RATE_LIMITS: ApiRateLimitOptions = {
  perAddressPerMinute: 1_200,
  perUserPerMinute: 600,
};

const WINDOW_MS = 60_000;
const FLUSH_MS = 250;

/** The `pg` Pool surface the counter needs. */
interface QueryablePool {
  query(sql: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Requests per key in fixed one-minute windows. In memory alone without a pool; with one,
 * every process adds its counts to PostgreSQL and reads the totals back (see the module
 * comment).
 */
export class WindowCounter {
  private readonly entries = new Map<string, { window: number; total: number; unsent: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  /** `clock` gives the time in ms (tests pass a fixed one so that no window ends mid-test). */
  constructor(
    private readonly pool?: QueryablePool,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; answers the count of the current window and the ms left in it. */
  increment(key: string, now = this.clock()): { current: number; ttl: number } {
    const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    let entry = this.entries.get(key);
    if (!entry || entry.window !== window) {
      entry = { window, total: 0, unsent: 0 };
      this.entries.set(key, entry);
    }
    entry.unsent += 1;
    if (this.pool && !this.timer) {
      // A flush that fails (the database is down) keeps its counts for the next one: the
      // limit goes on counting in memory meanwhile, and an outage must never end the process.
      this.timer = setTimeout(() => void this.flush().catch(() => {}), FLUSH_MS);
      this.timer.unref();
    }
    return { current: entry.total + entry.unsent, ttl: window + WINDOW_MS - now };
  }

  /**
   * Adds the unsent counts to PostgreSQL in one statement and reads the totals back, and
   * forgets windows that are over. Without a pool it only forgets old windows.
   */
  async flush(now = this.clock()): Promise<void> {
    if (this.flushing) return this.flushing;
    this.timer = undefined;
    const work = async () => {
      const current = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      // Every key of the current window (to read what the other processes counted) and any
      // unsent count of a window just over.
      const pending = [...this.entries].filter(([, entry]) => entry.unsent > 0 || entry.window === current);
      for (const [key, entry] of this.entries) if (entry.window < current && entry.unsent === 0) this.entries.delete(key);
      if (!this.pool || pending.length === 0) return;
      // What is sent now; requests counted while the statement runs wait for the next flush.
      const sent = new Map(pending.map(([key, entry]) => [key, entry.unsent]));
      const rows = await this.pool.query(
        `insert into rate_limit_api_window (key, window_start, points)
         select * from unnest($1::text[], $2::bigint[], $3::int[])
         on conflict (key, window_start) do update set points = rate_limit_api_window.points + excluded.points
         returning key, window_start, points`,
        [pending.map(([key]) => key), pending.map(([, entry]) => entry.window), pending.map(([key]) => sent.get(key) ?? 0)],
      );
      for (const [key, entry] of pending) entry.unsent -= sent.get(key) ?? 0;
      for (const row of rows.rows) {
        const entry = this.entries.get(String(row.key));
        if (entry && entry.window === Number(row.window_start)) entry.total = Number(row.points);
      }
      if (Math.random() < 0.01) {
        await this.pool.query('delete from rate_limit_api_window where window_start < $1', [current - WINDOW_MS]);
      }
    };
    this.flushing = work().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Stops the background flush (at shutdown). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A `@fastify/rate-limit` store over a `WindowCounter`; the plugin compares the count with its own `max`. */
function storeOver(counter: WindowCounter) {
  return class WindowCounterStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      callback(null, counter.increment(key));
    }

    child() {
      return this;
    }
  };
}

/**
 * The counter the API rate limit keeps its counts in: shared through PostgreSQL (table
 * `rate_limit_api_window`, created here: call it under the start-up lock) given a `pg`
 * Pool, in memory without one.
 */
export async function createApiRateLimitCounter(pool?: QueryablePool, clock?: () => number): Promise<WindowCounter> {
  if (pool) {
    await pool.query(
      `create table if not exists rate_limit_api_window (
         key text not null, window_start bigint not null, points int not null, primary key (key, window_start))`,
    );
  }
  return new WindowCounter(pool, clock);
}

/** How many procedure calls a request makes: the batch's size for `/trpc/a,b,c?batch=1`, else 1. */
export function callCountOf(request: FastifyRequest): number {
  const url = request.url;
  if (!url.startsWith('/trpc/')) return 1;
  const [pathPart = '', query = ''] = url.slice('/trpc/'.length).split('?');
  if (!/(^|&)batch=1(&|$)/.test(query)) return 1;
  return Math.max(1, pathPart.split(',').length);
}

/**
 * Whether `url` is rate limited: the API, not its health check, not the web app's files,
 * nor the API reference's files (`/api/docs/static/…`, Swagger UI's scripts, styles and
 * icons: static files like the web app's; the reference page and the document count).
 */
export function isRateLimited(url: string): boolean {
  if (url === '/api/health' || url.startsWith('/api/health?')) return false;
  if (url.startsWith('/api/docs/static/')) return false;
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc/') || url === '/trpc';
}

/**
 * Registers the limit on `app`. `userIdOf` resolves the request's signed-in user (the
 * per-request session look-up, shared with the procedures), or null; `reject` answers
 * a refused request (the caller's envelope and `Retry-After`).
 */
export async function registerApiRateLimits(
  app: FastifyInstance,
  options: ApiRateLimitOptions,
  hooks: {
    userIdOf: (request: FastifyRequest) => Promise<string | null>;
    reject: (reply: FastifyReply, retryAfterSeconds: number) => FastifyReply;
  },
): Promise<void> {
  const counter = options.counter ?? (await createApiRateLimitCounter());
  app.addHook('onClose', async () => {
    counter.stop();
    await counter.flush().catch(() => {});
  });
  // When the counter's database is down the request goes on (and gets 503 from its
  // procedure): a limit must never turn an outage into 500s.
  await app.register(fastifyRateLimit, { global: false, store: storeOver(counter), skipOnError: true });
  const perAddress = app.createRateLimit({
    max: options.perAddressPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `address:${request.ip}`,
  });
  const perUser = app.createRateLimit({
    max: options.perUserPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: async (request) => `user:${(await hooks.userIdOf(request)) ?? ''}`,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isRateLimited(request.url)) return;
    const calls = callCountOf(request);
    const userId = await hooks.userIdOf(request);
    for (let call = 0; call < calls; call += 1) {
      for (const limit of userId ? [perAddress, perUser] : [perAddress]) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          return hooks.reject(reply, Math.max(1, result.ttlInSeconds));
        }
      }
    }
  });
}
