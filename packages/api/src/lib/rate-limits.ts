/**
 * Rate limits on sign-in and sign-up (docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#password-guessing, docs/security.md#what-is-disclosed):
 * - at most 60 login and signup requests per client address per minute, whatever their
 *   outcome;
 * - at most 10 failed sign-ins per email in 15 minutes (after that even the right
 *   password waits). An attempt is *reserved* before the password is verified and given
 *   back only when it succeeds, so concurrent guesses cannot all be verified before the
 *   first failure is counted;
 * - once an email's limit has tripped, the right password still gets through from an
 *   address that has signed into that account before: such an (account, address) pair
 *   has 10 attempts of its own in the same window, so a stranger cannot lock the owner
 *   out;
 * - at most 10 sign-ups per address in 15 minutes that are refused because the email is
 *   taken, so the 409 cannot be used to enumerate accounts at speed.
 * The counting is done by `rate-limiter-flexible`, whose `consume` is atomic in memory
 * and in PostgreSQL. They are applied per procedure call, so tRPC batching cannot be used
 * to get around them.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { httpError } from '../errors';

/** The limits' numbers, overridable for tests. */
export interface AuthRateLimitOptions {
  requestsPerAddressPerMinute: number;
  failedSignInsPerEmail: number;
  failedSignInWindowSeconds: number;
  /** Sign-ups refused for a taken email, per address, in `failedSignInWindowSeconds`. */
  refusedSignUpsPerAddress: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitOptions = {
  requestsPerAddressPerMinute: 60,
  failedSignInsPerEmail: 10,
  failedSignInWindowSeconds: 15 * 60,
  refusedSignUpsPerAddress: 10,
};

/** The checks the auth procedures make; each throws 429 with `Retry-After` when a limit is hit. */
export interface AuthRateLimits {
  /** Counts one login or signup request from `address`. */
  consumeAddress(address: string): Promise<void>;
  /**
   * Reserves one of `email`'s sign-in attempts before the password is checked: throws 429
   * when they are used up. A failed attempt keeps its reservation; a successful one calls
   * `clearFailedSignIns`.
   */
  reserveSignIn(email: string): Promise<void>;
  /** Forgets `email`'s failed sign-ins (and the reservation) after a successful one. */
  clearFailedSignIns(email: string): Promise<void>;
  /**
   * Reserves an attempt for the pair (`email`, `marker`) of an address known to the
   * account, used once `email`'s own limit has tripped: throws 429 when used up.
   */
  reserveKnownAddressSignIn(email: string, marker: string): Promise<void>;
  /** Forgets the pair's attempts after a successful sign-in. */
  clearKnownAddressSignIns(email: string, marker: string): Promise<void>;
  /** Reserves one refused sign-up for `address` before the email is looked up; throws 429 when used up. */
  reserveSignUp(address: string): Promise<void>;
  /** Gives the reservation back: the sign-up was not refused for a taken email. */
  refundSignUp(address: string): Promise<void>;
}

function tooMany(msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return httpError(429, `Too many attempts, try again in ${seconds} s`, {
    retryAfterSeconds: seconds,
    refusal: { reason: 'too-many-attempts', seconds },
  });
}

/** `limiter.consume(key)`, with the library's refusal turned into our 429. */
async function consume(limiter: RateLimiterAbstract, key: string, points = 1): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
    throw error;
  }
}

interface Limiters {
  perAddress: RateLimiterAbstract;
  signInsPerEmail: RateLimiterAbstract;
  signInsPerKnownAddress: RateLimiterAbstract;
  refusedSignUps: RateLimiterAbstract;
}

const limiterSpecs = (options: AuthRateLimitOptions) =>
  ({
    perAddress: { keyPrefix: 'auth-address', points: options.requestsPerAddressPerMinute, duration: 60 },
    signInsPerEmail: { keyPrefix: 'auth-email', points: options.failedSignInsPerEmail, duration: options.failedSignInWindowSeconds },
    signInsPerKnownAddress: {
      keyPrefix: 'auth-known',
      points: options.failedSignInsPerEmail,
      duration: options.failedSignInWindowSeconds,
    },
    refusedSignUps: { keyPrefix: 'auth-signup', points: options.refusedSignUpsPerAddress, duration: options.failedSignInWindowSeconds },
  }) satisfies Record<keyof Limiters, { keyPrefix: string; points: number; duration: number }>;

/** Limits counted in this process's memory: for the embedded database, which one process owns. */
export function createMemoryAuthRateLimits(
  options: Partial<AuthRateLimitOptions> = {},
): AuthRateLimits {
  const full = { ...DEFAULT_AUTH_RATE_LIMITS, ...options };
  const specs = limiterSpecs(full);
  return authRateLimits({
    perAddress: new RateLimiterMemory(specs.perAddress),
    signInsPerEmail: new RateLimiterMemory(specs.signInsPerEmail),
    signInsPerKnownAddress: new RateLimiterMemory(specs.signInsPerKnownAddress),
    refusedSignUps: new RateLimiterMemory(specs.refusedSignUps),
  });
}

/**
 * Limits counted in PostgreSQL (tables `rate_limit_auth_*`, created by
 * rate-limiter-flexible), so that several server processes sharing one database share
 * the counts. `pool` is a `pg` Pool. Resolves once the tables exist.
 */
export async function createPostgresAuthRateLimits(
  pool: unknown,
  options: Partial<AuthRateLimitOptions> = {},
): Promise<AuthRateLimits> {
  const specs = limiterSpecs({ ...DEFAULT_AUTH_RATE_LIMITS, ...options });
  const limiter = (spec: { keyPrefix: string; points: number; duration: number }) =>
    new Promise<RateLimiterPostgres>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        { storeClient: pool, storeType: 'pool', tableName: `rate_limit_${spec.keyPrefix.replace('-', '_')}`, ...spec },
        (error?: Error) => (error ? reject(error) : resolve(created)),
      );
    });
  return authRateLimits({
    perAddress: await limiter(specs.perAddress),
    signInsPerEmail: await limiter(specs.signInsPerEmail),
    signInsPerKnownAddress: await limiter(specs.signInsPerKnownAddress),
    refusedSignUps: await limiter(specs.refusedSignUps),
  });
}

function authRateLimits(limiters: Limiters): AuthRateLimits {
  const knownKey = (email: string, marker: string) => `${email}|${marker}`;
  return {
    consumeAddress: (address) => consume(limiters.perAddress, address),
    reserveSignIn: (email) => consume(limiters.signInsPerEmail, email),
    async clearFailedSignIns(email) {
      await limiters.signInsPerEmail.delete(email);
    },
    reserveKnownAddressSignIn: (email, marker) => consume(limiters.signInsPerKnownAddress, knownKey(email, marker)),
    async clearKnownAddressSignIns(email, marker) {
      await limiters.signInsPerKnownAddress.delete(knownKey(email, marker));
    },
    reserveSignUp: (address) => consume(limiters.refusedSignUps, address),
    async refundSignUp(address) {
      await limiters.refusedSignUps.reward(address, 1);
    },
  };
}
