/**
 * The general request rate limit of the API (hardening issue, item 1): every `/api` and
 * `/trpc` request counts against its client address and, when it carries a valid token,
 * against its user, each call of a tRPC batch counting as one request. `/api/health`
 * and the web app's files are exempt. Over the limit: 429 `Too many requests, try again
 * in N s` with `Retry-After`, in the envelope.
 *
 * Counting is done by `@fastify/rate-limit` with a store backed by
 * `rate-limiter-flexible`: in memory for the embedded database (one process owns it), in
 * PostgreSQL when several server processes share one database, so they share the counts.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The limits, per minute. */
export interface ApiRateLimitOptions {
  /** Requests (tRPC calls) per client address per minute. */
  perAddressPerMinute: number;
  /** Requests (tRPC calls) per signed-in user per minute. */
  perUserPerMinute: number;
  /** Where to count: `createApiRateLimitCounter(pool)` for PostgreSQL; in memory when absent. */
  counter?: RateLimiterAbstract;
}

/** A busy gate tablet makes a few requests a second; these leave room for ten times that. */
export const DEFAULT_API_RATE_LIMITS: ApiRateLimitOptions = {
  perAddressPerMinute: 1_200,
  perUserPerMinute: 600,
};

const WINDOW_MS = 60_000;

/**
 * A `@fastify/rate-limit` store over a `rate-limiter-flexible` limiter: `incr` adds one
 * point to the key and reports the points used in the current window and the time left.
 * The plugin compares them with its own `max`.
 */
function storeOver(limiter: RateLimiterAbstract) {
  return class RateLimiterFlexibleStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      limiter.penalty(key, 1).then(
        (result) => callback(null, { current: result.consumedPoints, ttl: result.msBeforeNext }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child() {
      return this;
    }
  };
}

/**
 * The counter the API rate limit keeps its counts in: in PostgreSQL (table
 * `rate_limit_api`, created here: call it under the start-up lock) given a `pg` Pool,
 * in memory without one.
 */
export async function createApiRateLimitCounter(pool?: unknown): Promise<RateLimiterAbstract> {
  // `points` is only the limiter's own ceiling for `consume`; `penalty` counts past it,
  // and the plugin applies the real maxima.
  const spec = { keyPrefix: 'api', points: 1_000_000_000, duration: WINDOW_MS / 1000 };
  if (!pool) return new RateLimiterMemory(spec);
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      { ...spec, storeClient: pool, storeType: 'pool', tableName: 'rate_limit_api' },
      (error?: Error) => (error ? reject(error) : resolve(limiter)),
    );
  });
}

/** How many procedure calls a request makes: the batch's size for `/trpc/a,b,c?batch=1`, else 1. */
export function callCountOf(request: FastifyRequest): number {
  const url = request.url;
  if (!url.startsWith('/trpc/')) return 1;
  const [pathPart = '', query = ''] = url.slice('/trpc/'.length).split('?');
  if (!/(^|&)batch=1(&|$)/.test(query)) return 1;
  return Math.max(1, pathPart.split(',').length);
}

/** Whether `url` is rate limited: the API, not its health check, not the web app's files. */
export function isRateLimited(url: string): boolean {
  if (url === '/api/health' || url.startsWith('/api/health?')) return false;
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
  const limiter = options.counter ?? (await createApiRateLimitCounter());
  // When the counter's database is down the request goes on (and gets 503 from its
  // procedure): a limit must never turn an outage into 500s.
  await app.register(fastifyRateLimit, { global: false, store: storeOver(limiter), skipOnError: true });
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
