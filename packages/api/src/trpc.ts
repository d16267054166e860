/**
 * tRPC setup, in three parts (create-t3-turbo's shape):
 * 1. the context: an inner one from plain values (database, configuration, clock,
 *    rate limits, the caller's bearer token and address), which tests build directly;
 * 2. initialisation, with one error formatter for every procedure;
 * 3. the reusable procedures: public, protected (signed in) and role-restricted.
 */
import { initTRPC } from '@trpc/server';
import { User, type Database, type EntityManager } from '@gatehouse/db';
import type { Role } from '@gatehouse/shared';

import { describeError, httpError, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './errors';
import type { Access } from './access';
import type { AuthRateLimits } from './lib/rate-limits';
import { FailedScanLog, recordAudit } from './services/audit';
import { sessionResolver, type AuthenticatedSession } from './services/sessions';
import type { VisitorEventHub } from './services/visitor-events';
import type { WebhookDispatcher } from './services/webhook-dispatcher';

// 1. Context ---------------------------------------------------------------------------

/** Community settings the services need (server-contract §3). */
export interface ServiceConfig {
  /** IANA zone of the community (COMMUNITY_TIMEZONE). */
  timeZone: string;
  /** Minutes before `visitTimeFrom` a check-in is allowed (EARLY_CHECKIN_MINUTES). */
  earlyCheckinMinutes: number;
  /** Minutes a resident has to decide a walk-in (WALKIN_APPROVAL_MINUTES, live-gate §5). */
  walkinApprovalMinutes: number;
  /** Seconds before the gate is offered the residents' phones and its own approval (WALKIN_ESCALATE_SECONDS; default 60). */
  walkinEscalateSeconds?: number;
  /** Minutes past `visitTimeTo` before a checked-in visitor is overstaying (OVERSTAY_GRACE_MINUTES; default 30). */
  overstayGraceMinutes?: number;
  /** The VAPID public key when the server sends Web Push (live-gate §4); absent: off. */
  webPushPublicKey?: string | null;
  /** Lifetime of a sign-in token in days (SESSION_TTL_DAYS). */
  sessionTtlDays: number;
  /** Days of inactivity after which a sign-in token stops working (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** Webhook URLs may point at loopback and private addresses (WEBHOOK_ALLOW_PRIVATE, integrations §3; default false). */
  webhookAllowPrivate?: boolean;
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
  /**
   * The session behind `bearerToken`, resolved at most once per HTTP request (a tRPC
   * batch included) and shared with the HTTP layer's rate limiter.
   */
  resolveSession: () => Promise<AuthenticatedSession | null>;
  /** Failed scans, counted per user per minute (one per server process). */
  failedScans: FailedScanLog;
  /** The live visitor events of this server process (live-gate §3); absent: no live updates. */
  events?: VisitorEventHub;
  /** This process's webhook sender (integrations §3), woken after a resend; absent: the sweep of another process sends it. */
  webhooks?: WebhookDispatcher;
}

export type Context = InnerContext;

/**
 * Builds the context from plain values (tests, the REST adapter, the tRPC adapter).
 * Without `resolveSession`, the token is looked up once for this context; without
 * `failedScans`, the context counts failed scans on its own.
 */
export function createInnerContext(
  options: Omit<InnerContext, 'clock' | 'resolveSession' | 'failedScans'> &
    Partial<Pick<InnerContext, 'clock' | 'resolveSession' | 'failedScans'>>,
): Context {
  const clock = options.clock ?? (() => new Date());
  return {
    ...options,
    clock,
    resolveSession:
      options.resolveSession ?? sessionResolver(options.db, options.bearerToken, clock, options.config.sessionIdleDays),
    failedScans: options.failedScans ?? new FailedScanLog(),
  };
}

// 2. Initialisation --------------------------------------------------------------------

/** How often a quiet event stream sends a keep-alive comment (live-gate §3: at least every 30 s). */
export const KEEP_ALIVE_MS = 25_000;

const t = initTRPC.context<Context>().create({
  isDev: false,
  // Live updates over server-sent events (live-gate §3): a comment at least every 30 s
  // keeps proxies from closing a quiet stream.
  sse: { ping: { enabled: true, intervalMs: KEEP_ALIVE_MS } },
  // The error shape: tRPC's own `data.code`, and the status, stable code (`errorCode`,
  // integrations §2), details and Retry-After seconds the REST envelope carries.
  errorFormatter({ shape, error }) {
    const described = describeError(error);
    return {
      ...shape,
      message: described.message,
      data: {
        code: shape.data.code,
        errorCode: described.code,
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

/**
 * Signed in: a valid, unexpired, unrevoked token of an active user (server-contract §4),
 * else 401. The session is looked up once per HTTP request; the user is merged into this
 * call's entity manager. A 403 answer (a role or an ownership rule refused) is recorded
 * in the audit log as `access.denied` (hardening issue, item 10).
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next, path }) => {
  const auth = await ctx.resolveSession();
  if (!auth) throw httpError(401, 'Authentication required');
  // The user as a managed entity of this call, built from the look-up's columns without a
  // query; the house is a reference (its id), loaded only where a procedure needs more.
  const { houseId, ...columns } = auth.user;
  const user = ctx.em.merge(User, { ...columns, house: houseId }) as User;
  const actor = { userId: user.id, ipAddress: ctx.clientAddress };
  const result = await next({
    ctx: {
      user: user as User,
      sessionId: auth.sessionId,
      /** Who acts, for the audit log. */
      actor,
    },
  });
  if (!result.ok && describeError(result.error).status === 403) {
    await recordAudit(ctx.em.fork(), actor, {
      action: 'access.denied',
      details: { procedure: path, message: result.error.message },
    }, ctx.clock());
  }
  return result;
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
