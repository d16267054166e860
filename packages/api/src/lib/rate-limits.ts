/**
 * Rate limits on sign-in and sign-up (server-contract §4): at most 60 login and signup
 * requests per client address per minute, whatever their outcome, and at most 10 failed
 * sign-ins per email in 15 minutes (after that even the right password waits). The
 * counting is done by `rate-limiter-flexible`. They are applied per procedure call, so
 * tRPC batching cannot be used to get around them.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { httpError } from '../errors';

/** The limits' numbers, overridable for tests. */
export interface AuthRateLimitOptions {
  requestsPerAddressPerMinute: number;
  failedSignInsPerEmail: number;
  failedSignInWindowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitOptions = {
  requestsPerAddressPerMinute: 60,
  failedSignInsPerEmail: 10,
  failedSignInWindowSeconds: 15 * 60,
};

/** The checks the auth procedures make; each throws 429 with `Retry-After` when a limit is hit. */
export interface AuthRateLimits {
  /** Counts one login or signup request from `address`. */
  consumeAddress(address: string): Promise<void>;
  /** Throws 429 when `email` has used up its failed sign-ins. */
  assertEmailAllowed(email: string): Promise<void>;
  /** Counts one failed sign-in for `email`. */
  recordFailedSignIn(email: string): Promise<void>;
  /** Forgets `email`'s failed sign-ins after a successful one. */
  clearFailedSignIns(email: string): Promise<void>;
}

function tooMany(msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return httpError(429, `Too many attempts, try again in ${seconds} s`, { retryAfterSeconds: seconds });
}

/** Limits counted in this process's memory: for the embedded database, which one process owns. */
export function createMemoryAuthRateLimits(
  options: AuthRateLimitOptions = DEFAULT_AUTH_RATE_LIMITS,
): AuthRateLimits {
  return authRateLimits(
    options,
    new RateLimiterMemory({ keyPrefix: 'auth-address', points: options.requestsPerAddressPerMinute, duration: 60 }),
    new RateLimiterMemory({ keyPrefix: 'auth-email', points: options.failedSignInsPerEmail, duration: options.failedSignInWindowSeconds }),
  );
}

/**
 * Limits counted in PostgreSQL (tables `rate_limit_auth_address` and
 * `rate_limit_auth_email`, created by rate-limiter-flexible), so that several server
 * processes sharing one database share the counts. `pool` is a `pg` Pool. Resolves once
 * the tables exist.
 */
export async function createPostgresAuthRateLimits(
  pool: unknown,
  options: AuthRateLimitOptions = DEFAULT_AUTH_RATE_LIMITS,
): Promise<AuthRateLimits> {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new Promise<RateLimiterPostgres>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        { storeClient: pool, storeType: 'pool', tableName: `rate_limit_${keyPrefix.replace('-', '_')}`, keyPrefix, points, duration },
        (error?: Error) => (error ? reject(error) : resolve(created)),
      );
    });
  return authRateLimits(
    options,
    await limiter('auth-address', options.requestsPerAddressPerMinute, 60),
    await limiter('auth-email', options.failedSignInsPerEmail, options.failedSignInWindowSeconds),
  );
}

function authRateLimits(
  options: AuthRateLimitOptions,
  perAddress: RateLimiterAbstract,
  failuresPerEmail: RateLimiterAbstract,
): AuthRateLimits {
  return {
    async consumeAddress(address) {
      try {
        await perAddress.consume(address);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
    },
    async assertEmailAllowed(email) {
      const state = await failuresPerEmail.get(email);
      if (state && state.consumedPoints >= options.failedSignInsPerEmail) throw tooMany(state.msBeforeNext);
    },
    async recordFailedSignIn(email) {
      await failuresPerEmail.penalty(email, 1);
    },
    async clearFailedSignIns(email) {
      await failuresPerEmail.delete(email);
    },
  };
}
