/**
 * tRPC setup, in three parts (create-t3-turbo's shape):
 * 1. the context: an inner one from plain values (database, configuration, clock,
 *    rate limits, the caller's bearer token and address), which tests build directly;
 * 2. initialisation, with one error formatter for every procedure;
 * 3. the reusable procedures: public, protected (signed in) and role-restricted.
 */
import { initTRPC } from '@trpc/server';
import type { Database, EntityManager, User } from '@gatehouse/db';
import type { Role } from '@gatehouse/shared';

import { describeError, httpError, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './errors';
import type { Access } from './access';
import type { AuthRateLimits } from './lib/rate-limits';
import { authenticate } from './services/sessions';

// 1. Context ---------------------------------------------------------------------------

/** Community settings the services need (server-contract §3). */
export interface ServiceConfig {
  /** IANA zone of the community (COMMUNITY_TIMEZONE). */
  timeZone: string;
  /** Minutes before `visitTimeFrom` a check-in is allowed (EARLY_CHECKIN_MINUTES). */
  earlyCheckinMinutes: number;
  /** Lifetime of a sign-in token in days (SESSION_TTL_DAYS). */
  sessionTtlDays: number;
  /** Days of inactivity after which a sign-in token stops working (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
}

/** The inner context: plain values only, so tests can build it without HTTP. */
export interface InnerContext {
  db: Database;
  config: ServiceConfig;
  rateLimits: AuthRateLimits;
  /** The current instant; tests pass a fixed clock. */
  clock: () => Date;
  /** The bearer token the caller presented, if any. */
  bearerToken: string | null;
  /** The caller's network address, for rate limits and audit. */
  clientAddress: string;
}

export type Context = InnerContext;

/** Builds the context from plain values (tests, the REST adapter, the tRPC adapter). */
export function createInnerContext(options: Omit<InnerContext, 'clock'> & { clock?: () => Date }): Context {
  return { ...options, clock: options.clock ?? (() => new Date()) };
}

// 2. Initialisation --------------------------------------------------------------------

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const described = describeError(error);
    return {
      ...shape,
      message: described.message,
      data: {
        code: shape.data.code,
        httpStatus: described.status,
        path: shape.data.path,
        details: described.details ?? null,
        retryAfterSeconds: described.retryAfterSeconds ?? null,
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures ------------------------------------------------------------------------

/**
 * Every procedure gets an entity manager of its own (a fork: own identity map), and a
 * database that cannot be reached becomes 503 'Service temporarily unavailable'.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, next }) => {
  const result = await next({ ctx: { em: ctx.db.fork() as EntityManager } });
  if (!result.ok && isDatabaseUnavailable(result.error.cause ?? result.error)) {
    throw httpError(503, UNAVAILABLE_MESSAGE);
  }
  return result;
});

/** Signed in: a valid, unexpired, unrevoked token of an active user (server-contract §4), else 401. */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const auth = ctx.bearerToken ? await authenticate(ctx.em, ctx.bearerToken, ctx.clock(), ctx.config.sessionIdleDays) : null;
  if (!auth) throw httpError(401, 'Authentication required');
  return next({
    ctx: {
      user: auth.user as User,
      sessionId: auth.sessionId,
      /** Who acts, for the audit log. */
      actor: { userId: auth.user.id, ipAddress: ctx.clientAddress },
    },
  });
});

/** Signed in with one of `roles` (server-contract §5), else 403. */
export function roleProcedure(...roles: Role[]) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw httpError(403, `Only ${describeRoles(roles)} can do this`);
    }
    return next();
  });
}

/**
 * The procedure builder for an entry of the access matrix (`ACCESS` in access.ts):
 * public, signed in, or restricted to roles.
 */
export function procedureFor<const A extends Access>(access: A) {
  const procedure =
    access === 'public'
      ? publicProcedure
      : access === 'signed-in'
        ? protectedProcedure
        : roleProcedure(...(access as readonly Role[]));
  return procedure as A extends 'public'
    ? typeof publicProcedure
    : typeof protectedProcedure;
}

function describeRoles(roles: Role[]): string {
  const plural = roles.map((role) => `${role}s`);
  return plural.length > 1 ? `${plural.slice(0, -1).join(', ')} and ${plural.at(-1)}` : (plural[0] ?? '');
}
