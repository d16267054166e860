/**
 * tRPC setup, in three parts (create-t3-turbo's shape):
 * 1. the context: an inner one from plain values (database, configuration, clock,
 *    rate limits, the caller's bearer token and address), which tests build directly;
 * 2. initialisation, with one error formatter for every procedure;
 * 3. the reusable procedures: public, protected (signed in) and role-restricted.
 */
import { initTRPC } from '@trpc/server';
import { User, type Database, type EntityManager } from '@gatehouse/db';
import { isApiTokenText, NOT_A_MEMBER_MESSAGE, type Role } from '@gatehouse/shared';

import { answeredDetails, describeError, httpError, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './errors';
import { ACCESS, API_TOKEN_FORBIDDEN_MESSAGE, apiTokenMayCall, type Access } from './access';
import type { AuthRateLimits } from './lib/rate-limits';
import { isIdempotentProcedure } from './rest';
import { FailedScanLog, recordAudit } from './services/audit';
import { ExportLimiter } from './services/exports';
import { callerAccess, idempotencyKeyOf, runIdempotentProcedure } from './services/idempotency';
import { communityHeaderOf, requestCommunityOf, resolveRequestCommunity } from './services/communities';
import { sessionResolver, type AuthenticatedSession } from './services/sessions';
import type { VisitorEventHub } from './services/visitor-events';
import type { WebhookDispatcher } from './services/webhook-dispatcher';

// 1. Context ---------------------------------------------------------------------------

/** Community settings the services need (docs/configuration.md#environment-variables). */
export interface ServiceConfig {
  /** The community's name, printed on the passes residents share (COMMUNITY_NAME; default 'My Community'). */
  communityName?: string;
  /** IANA zone of the community (COMMUNITY_TIMEZONE). */
  timeZone: string;
  /** Minutes before `visitTimeFrom` a check-in is allowed (EARLY_CHECKIN_MINUTES). */
  earlyCheckinMinutes: number;
  /**
   * Minutes a resident has to decide a walk-in (WALKIN_APPROVAL_MINUTES,
   * docs/configuration.md#environment-variables).
   */
  walkinApprovalMinutes: number;
  /** Seconds before the gate is offered the residents' phones and its own approval (WALKIN_ESCALATE_SECONDS; default 60). */
  walkinEscalateSeconds?: number;
  /** Minutes past `visitTimeTo` before a checked-in visitor is overstaying (OVERSTAY_GRACE_MINUTES; default 30). */
  overstayGraceMinutes?: number;
  /**
   * The VAPID public key when the server sends Web Push (docs/gate.md#notifications); absent: off.
   */
  webPushPublicKey?: string | null;
  /** Lifetime of a sign-in token in days (SESSION_TTL_DAYS). */
  sessionTtlDays: number;
  /** Days of inactivity after which a sign-in token stops working (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /**
   * Webhook URLs may point at loopback and private addresses (WEBHOOK_ALLOW_PRIVATE,
   * docs/api.md#webhooks; default false).
   */
  webhookAllowPrivate?: boolean;
  /**
   * Days after a visit ends before the visitor is anonymised (VISITOR_RETENTION_DAYS,
   * docs/privacy.md#retention-and-erasure; default 180).
   */
  visitorRetentionDays?: number;
}

/** The inner context: plain values only, so tests can build it without HTTP. */
export interface InnerContext {
  db: Database;
  config: ServiceConfig;
  rateLimits: AuthRateLimits;
  /** The current instant; tests pass a fixed clock. */
  clock: () => Date;
  /**
   * The bearer token the caller presented, if any: a session's, or an API token (`gh_…`,
   * docs/api.md#api-tokens).
   */
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
  /** The CSV exports running in this server process, REST and tRPC together: their limit and stall cut-off. */
  exports: ExportLimiter;
  /**
   * Closes the HTTP connection this call came on, for a streamed answer whose reader
   * stopped reading (a stalled export download). Absent for a call made in-process.
   */
  cutConnection?: () => void;
  /**
   * The live visitor events of this server process (docs/gate.md#live-updates); absent: no live
   * updates.
   */
  events?: VisitorEventHub;
  /**
   * This process's webhook sender (docs/api.md#webhooks), woken after a resend; absent: the sweep
   * of another process sends it.
   */
  webhooks?: WebhookDispatcher;
  /**
   * The `Idempotency-Key` header of a tRPC request, as sent (validated when a mutation that
   * honours it runs; see `isIdempotentProcedure`). Absent for REST calls, whose adapter
   * handles the header itself, and for requests without one.
   */
  idempotencyKey?: string | string[];
  /**
   * The `X-Community-Id` header as sent (docs/api.md#communities): the community a signed-in call
   * acts in; absent: the session's default community.
   */
  communityHeader?: string | string[];
}

export type Context = InnerContext;

/**
 * Builds the context from plain values (tests, the REST adapter, the tRPC adapter).
 * Without `resolveSession`, the token is looked up once for this context; without
 * `failedScans` or `exports`, the context counts failed scans or running exports on its own.
 */
export function createInnerContext(
  options: Omit<InnerContext, 'clock' | 'resolveSession' | 'failedScans' | 'exports'> &
    Partial<Pick<InnerContext, 'clock' | 'resolveSession' | 'failedScans' | 'exports'>>,
): Context {
  const clock = options.clock ?? (() => new Date());
  return {
    ...options,
    clock,
    resolveSession:
      options.resolveSession ?? sessionResolver(options.db, options.bearerToken, clock, options.config.sessionIdleDays, options.communityHeader),
    failedScans: options.failedScans ?? new FailedScanLog(),
    exports: options.exports ?? new ExportLimiter(),
  };
}

// 2. Initialisation --------------------------------------------------------------------

/**
 * How often a quiet event stream sends a keep-alive comment (docs/gate.md#live-updates: at least
 * every 30 s).
 */
export const KEEP_ALIVE_MS = 25_000;

const t = initTRPC.context<Context>().create({
  isDev: false,
  // Live updates over server-sent events (docs/gate.md#live-updates): a comment at least every 30 s
  // keeps proxies from closing a quiet stream.
  sse: { ping: { enabled: true, intervalMs: KEEP_ALIVE_MS } },
  // The error shape: tRPC's own `data.code`, and the status, stable code (`errorCode`,
  // docs/api.md#error-codes), details and Retry-After seconds the REST envelope carries.
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
        details: answeredDetails(described) ?? null,
        retryAfterSeconds: described.retryAfterSeconds ?? null,
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures ------------------------------------------------------------------------

/** The access matrix's entry for `path` (`domain.procedure`), if it has one. */
function accessOf(path: string): Access | undefined {
  const [domain = '', name = ''] = path.split('.');
  return (ACCESS as Record<string, Record<string, Access> | undefined>)[domain]?.[name];
}

/** The roles the access matrix restricts `path` to, or null when any signed-in caller may. */
function rolesOf(path: string): readonly Role[] | null {
  const access = accessOf(path);
  return access === undefined || access === 'public' || access === 'signed-in' ? null : access;
}

/**
 * Why the signed-in caller `auth` may not call the procedure at `path` (`domain.procedure`)
 * now, or null when they may: what an API token may never call (403, the rule in
 * access.ts), then the role of the access matrix (403 'Only … can do this'). The middleware
 * of signed-in procedures asks it on every call; the REST adapter asks it before it gives
 * a kept Idempotency-Key answer again, which runs no procedure.
 */
export function accessRefusal(path: string, auth: AuthenticatedSession, roles: readonly Role[] | null = rolesOf(path)) {
  // A role refusal names the roles that may (`Only guards and admins can do this`).
  return auth.apiToken && !apiTokenMayCall(path)
    ? httpError(403, API_TOKEN_FORBIDDEN_MESSAGE)
    : roles && !roles.includes(auth.user.role)
      ? httpError(403, `Only ${describeRoles(roles)} can do this`, { refusal: { reason: 'role', roles: [...roles] } })
      : null;
}

/**
 * The placeholder `em` of a signed-in call until `signedIn` gives it its community's entity
 * manager (no procedure runs before that): any use of it throws rather than reading rows
 * of no community.
 */
const NO_ENTITY_MANAGER_YET: unknown = new Proxy(
  {},
  {
    get() {
      throw new Error('The entity manager of a signed-in call is made by its signedIn middleware');
    },
  },
);

/**
 * Every procedure gets an entity manager of its own (a fork: own identity map), and a
 * database that cannot be reached becomes 503 'Service temporarily unavailable'. A public
 * procedure an API token may not call (sign-in, sign-up, sign-out: `apiTokenMayCall`,
 * docs/api.md#api-tokens) is 403 to a caller presenting one, known or not (the prefix says it is
 * one); signed-in procedures check the token once it is resolved (`protectedProcedure`).
 */
export const publicProcedure = t.procedure.use(async ({ ctx, next, path }) => {
  const isPublic = accessOf(path) === 'public';
  if (isPublic && ctx.bearerToken !== null && isApiTokenText(ctx.bearerToken) && !apiTokenMayCall(path)) {
    throw httpError(403, API_TOKEN_FORBIDDEN_MESSAGE);
  }
  // A signed-in procedure gets its entity manager from `signedIn`, one for the community it
  // acts in: a fork made here would never be used (one fork fewer per call on the gate path,
  // docs/performance.md#the-targets, target 1).
  const result = await next({ ctx: { em: isPublic ? ctx.db.fork() : (NO_ENTITY_MANAGER_YET as EntityManager) } });
  if (!result.ok && isDatabaseUnavailable(result.error.cause ?? result.error)) {
    throw httpError(503, UNAVAILABLE_MESSAGE);
  }
  return result;
});

/**
 * The middleware of signed-in procedures, with `roles` (docs/security.md#who-may-do-what) those of
 * a
 * role-restricted one: a valid, unexpired, unrevoked token of an active user
 * (docs/api.md#sign-in-sessions-and-users), or a valid API token (docs/api.md#api-tokens), else
 * 401; then what an API
 * token may never call (403, the rule in access.ts), then the role (403 'Only … can do
 * this'). The session is looked up once per HTTP request; the user is merged into this
 * call's entity manager. A 403 (those refusals, or a role or ownership rule of the
 * procedure itself) is recorded in the audit log as `access.denied` (docs/security.md#audit). One
 * middleware for all of it: each tRPC middleware level copies the call's
 * options and context, on the gate's hot path (docs/performance.md#the-targets, target 1).
 *
 * With an API token, `user` is its creator with the token's role, `sessionId` is null and
 * `apiToken` names the token (else null); the audit rows the call writes name the token
 * (`actor.apiTokenId`). That user is kept out of the call's entity manager, so the
 * token's role is never refreshed away nor written to the user's row (tested).
 */
function signedIn(roles: readonly Role[] | null) {
  return t.middleware(async ({ ctx, next, path, type, getRawInput }) => {
    const authenticated = await ctx.resolveSession();
    if (!authenticated) throw httpError(401, 'Authentication required');
    // docs/api.md#communities: the call acts in one community, the header's or the session's
    // (an API token's own: a header naming another is refused); the role and house are the
    // membership's there (an API token keeps its own role). Its entity manager reads and
    // writes that community's rows only.
    const requested = communityHeaderOf(ctx.communityHeader);
    if (authenticated.apiToken && requested !== null && requested !== authenticated.communityId) throw httpError(403, NOT_A_MEMBER_MESSAGE);
    // Usually read with the session already (one statement fewer on the gate path).
    const looked = authenticated.membership;
    const membership =
      looked !== undefined && (looked.requested === requested || authenticated.apiToken !== null)
        ? requestCommunityOf(looked.row)
        : await resolveRequestCommunity(ctx.db.fork(), authenticated.user.id, requested, authenticated.communityId);
    const auth: AuthenticatedSession = authenticated.apiToken
      ? authenticated
      : { ...authenticated, user: { ...authenticated.user, role: membership.role, houseId: membership.houseId } };
    const communityEm = ctx.db.forCommunity(membership.community.id);
    // The user as a managed entity of this call, built from the look-up's columns without a
    // query; the house is a reference (its id), loaded only where a procedure needs more.
    // With an API token the user carries the token's role, not the row's: it is merged into
    // an entity manager of its own, never into this call's, so nothing the call loads can
    // refresh it (a load of the creator's row gives `ctx.em` a separate instance with the
    // row's role) and no flush of `ctx.em` can write the token's role into the row (handed
    // in as a relation, it is another manager's, unchanged since its merge: no UPDATE).
    const { houseId, ...columns } = auth.user;
    const principalEm = auth.apiToken ? ctx.db.forCommunity(membership.community.id) : communityEm;
    const user = principalEm.merge(User, { ...columns, house: houseId });
    const actor = { userId: user.id, ipAddress: ctx.clientAddress, apiTokenId: auth.apiToken?.id ?? null };
    const denied = (message: string) => recordAudit(communityEm.fork(), actor, { action: 'access.denied', details: { procedure: path, message } }, ctx.clock());
    const refusal = accessRefusal(path, auth, roles);
    if (refusal !== null) {
      await denied(refusal.message);
      throw refusal;
    }
    const run = () =>
      next({
        ctx: {
          em: communityEm,
          /** The community the call acts in (docs/api.md#communities). */
          community: membership.community,
          user,
          /** The sign-in session; null for a call made with an API token. */
          sessionId: auth.sessionId,
          /** The API token the call is made with (docs/api.md#api-tokens), else null. */
          apiToken: auth.apiToken,
          /** Who acts, for the audit log. */
          actor,
        },
      });
    // A mutation sent with an Idempotency-Key (the gate tablet's moves) is done once per key,
    // as over REST; everything else pays one property check.
    const result =
      ctx.idempotencyKey !== undefined && type === 'mutation' && isIdempotentProcedure(path)
        ? await runIdempotentProcedure(
            { fork: () => ctx.db.forCommunity(membership.community.id) },
            {
              userId: user.id,
              caller: auth.apiToken ? `api-token:${auth.apiToken.id}` : '',
              key: idempotencyKeyOf(ctx.idempotencyKey) as string,
              method: 'POST',
              path: `/trpc/${path}`,
              body: await getRawInput(),
              access: callerAccess(auth.user),
            },
            ctx.clock,
            run,
          )
        : await run();
    if (!result.ok && describeError(result.error).status === 403) await denied(result.error.message);
    return result;
  });
}

/** Signed in (any role): see `signedIn`. */
export const protectedProcedure = publicProcedure.use(signedIn(null));

/**
 * The caller's sign-in session id, for procedures that act on the session itself (sign out
 * elsewhere, change the password). A call made with an API token has none: 403 (those
 * procedures are refused to tokens before they run; this keeps the type honest).
 */
export function sessionIdOf(ctx: { sessionId: string | null }): string {
  if (ctx.sessionId === null) throw httpError(403, API_TOKEN_FORBIDDEN_MESSAGE);
  return ctx.sessionId;
}

/** Signed in with one of `roles` (docs/security.md#who-may-do-what), else 403: see `signedIn`. */
export function roleProcedure(...roles: Role[]) {
  return publicProcedure.use(signedIn(roles));
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
        : // The narrowing of a generic `A` to its role list is one tsc does not make (the rule thinks it does).
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          roleProcedure(...(access as readonly Role[]));
  return procedure as A extends 'public'
    ? typeof publicProcedure
    : typeof protectedProcedure;
}

function describeRoles(roles: readonly Role[]): string {
  const plural = roles.map((role) => `${role}s`);
  return plural.length > 1 ? `${plural.slice(0, -1).join(', ')} and ${plural.at(-1)}` : (plural[0] ?? '');
}
