/**
 * The Fastify host, on one port: tRPC at /trpc, the REST paths of product-spec §7 at
 * /api (through the one mapping table), GET /api/health, and the built web app at /
 * with history fallback. Every /api answer uses the envelope of server-contract §1.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { PassThrough, pipeline, Readable } from 'node:stream';

import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  accessRefusal,
  buildOpenApiDocument,
  answeredDetails,
  callerAccess,
  appRouter,
  createCaller,
  createInnerContext,
  describeError,
  errorCodeOf,
  ExportLimiter,
  FailedScanLog,
  httpError,
  idempotencyKeyOf,
  IDEMPOTENCY_WAIT,
  purgeIdempotencyKeys,
  recordAudit,
  restRoutes,
  withIdempotencyKey,
  sessionResolver,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  KEEP_ALIVE_MS,
  VisitorEventHub,
  WebhookDispatcher,
  type WebhookDispatcherOptions,
  DEFAULT_VISITOR_RETENTION_DAYS,
  startVisitorRetentionJob,
  type VisitorRetentionJobOptions,
  type AuthenticatedSession,
  type AuthRateLimits,
  type Context,
  type CsvExport,
  type ErrorDetail,
  type OpenApiDocument,
  type RestRoute,
  type ServiceConfig,
} from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGE, type ErrorCode, type RefusalDetails } from '@gatehouse/shared';
import { isTrackedEnvelope } from '@trpc/server';
import { stringify } from 'csv-stringify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

import type { AppRouter } from '@gatehouse/api';

import serverPackage from '../package.json' with { type: 'json' };
import { DEFAULT_API_RATE_LIMITS, registerApiRateLimits, type ApiRateLimitOptions } from './api-rate-limits';
import { RedactingLogController } from './logging';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drains the requests in flight, then closes (see buildApp). */
    closeGracefully(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
    /** Failed scans counted per user per minute, written to the audit log every minute. */
    failedScans: FailedScanLog;
    /** The live visitor events of this process (live-gate §3). */
    visitorEvents: VisitorEventHub;
    /** This process's webhook sender (integrations §3), when `AppOptions.webhooks` was given. */
    webhookDispatcher: WebhookDispatcher | null;
  }
}

/** Largest accepted request body: 100 KB (server-contract §1). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Most calls one tRPC batch may carry (hardening issue, item 1); more is 400. The web client sends at most this many. */
export const MAX_BATCH_SIZE = 10;

/** What the app is built from; tests pass their own database, clock and limits. */
export interface AppOptions {
  db: Database;
  service: ServiceConfig;
  rateLimits: AuthRateLimits;
  clock?: () => Date;
  /** The built web app; served when the folder exists. */
  webRoot?: string;
  logger?: boolean | { level: string };
  /** A logger of one's own (tests capture the output). */
  loggerInstance?: FastifyBaseLogger;
  /** The general API rate limit; DEFAULT_API_RATE_LIMITS (counted in memory) when absent. */
  apiRateLimits?: ApiRateLimitOptions;
  /**
   * Serve HTTPS with this certificate and key (live-gate §0). With `offerCertificate`, the
   * certificate is downloadable at GET /api/tls/certificate, for tablets to trust it.
   */
  https?: { cert: string; key: string; offerCertificate?: boolean };
  /** How long a repeat of an Idempotency-Key waits for the first request (offline-gate §3); IDEMPOTENCY_WAIT when absent. */
  idempotencyWait?: { waitMs: number; pollMs: number };
  /**
   * Send webhook deliveries from this process (integrations §3): starts the job queue
   * (pg-boss) and its worker now, stops them at close. `allowPrivate` is the service's
   * `webhookAllowPrivate`. Absent: no sending (tests that do not need it start nothing).
   */
  webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate' | 'onError' | 'jobs'>;
  /**
   * Run the daily retention job (operations §6) on the webhook sender's pg-boss (needs
   * `webhooks`): the service's `visitorRetentionDays` and `timeZone`, this schedule (default
   * 03:15 daily in the community's zone). Absent: no job in this process.
   */
  retention?: Omit<VisitorRetentionJobOptions, 'timeZone' | 'retentionDays' | 'onRun'>;
  /** The process's running exports (their limit and stall cut-off); a default ExportLimiter when absent (tests shorten its times). */
  exports?: ExportLimiter;
}

/** How often keys older than a day are purged (offline-gate §3). */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;

/** A REST answer before it is sent: status, envelope and headers. */
interface RestAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The envelope of server-contract §1. */
export function envelope(data: unknown) {
  return { success: true, data, error: null };
}

/**
 * The error envelope of server-contract §1 with the stable code of integrations §2:
 * `{success: false, data: null, error, code}`, plus `details` when given: the fields at
 * fault (`[{path, message}]`, VALIDATION_FAILED) or a refusal's reason and values
 * (`{reason, …}`; packages/api/src/errors.ts says which). `code` defaults to the general
 * code of `status` (`errorCodeOf`), so the answers the server makes itself (unknown path,
 * 413, 415, 429, health) get theirs from the same table as the procedures' errors.
 */
export function errorEnvelope(status: number, message: string, options: { code?: ErrorCode; details?: ErrorDetail[] | RefusalDetails | undefined } = {}) {
  const code = options.code ?? errorCodeOf(status);
  return options.details
    ? { success: false, data: null, error: message, code, details: options.details }
    : { success: false, data: null, error: message, code };
}

/** Answers `status` with the error envelope of `message` (the status's general code). */
const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send(errorEnvelope(status, message));

/** `Authorization: Bearer <token>` → the token, else null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** A caller's request id that we keep (integrations §1): 1–128 of `A-Z a-z 0-9 . _ : -`. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request (integrations §1): the caller's `X-Request-Id` when it is valid,
 * else a new random UUID. Sent back in `X-Request-Id` and named by every log line.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && VALID_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Whether `url` is an API path: `/api` or `/trpc`, alone or followed by `/` or `?` (`/api-tokens` is a screen of the web app). */
const isApiPath = (url: string) => /^\/(api|trpc)(?:[/?]|$)/.test(url);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the human API reference is served (integrations §1); its assets under `${API_DOCS_PREFIX}/static/`. */
export const API_DOCS_PREFIX = '/api/docs';

let openApiDocument: { object: OpenApiDocument; json: string } | undefined;

/**
 * The OpenAPI document of the REST API (integrations §1), built from the REST table on
 * first use and kept for the life of the process (it only changes with the code).
 */
export function apiDocument(): OpenApiDocument {
  openApiDocument ??= (() => {
    const object = buildOpenApiDocument({ version: serverPackage.version });
    return { object, json: JSON.stringify(object) };
  })();
  return openApiDocument.object;
}

/** Builds the Fastify app (not listening). */
export async function buildApp(options: AppOptions) {
  const tls = options.https;
  const app = Fastify({
    // HTTPS from our own server (live-gate §0); the app is typed as plain HTTP either way.
    ...(tls
      ? {
          serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
            https.createServer({ cert: tls.cert, key: tls.key }, handler) as unknown as Server,
        }
      : {}),
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Request-Id (integrations §1): the caller's own id when valid, else a new one; the
    // request's child logger names it on every line (`requestId`).
    requestIdHeader: false,
    // Request lines keep a URL's query values only for known harmless parameters (a token or
    // a search never reaches the log).
    logController: new RedactingLogController({ requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5_000 },
    // Requests in flight are allowed to finish at shutdown; idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // A path Fastify cannot even decode (e.g. /api/users/%ED%A0%80): an id that cannot
    // exist, so 404 in the envelope (server-contract §1: a malformed id is 404).
    frameworkErrors: (error, _request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void refuse(reply as FastifyReply, badUrl ? 404 : 400, badUrl ? 'Not found' : 'Bad request');
    },
  });

  // Security headers. The web app loads only its own files: no inline scripts, no
  // framing by other sites, no referrer sent away, no MIME sniffing. No CORS plugin is
  // registered, so other origins get no Access-Control-* headers: CORS stays closed.
  // Helmet's middleware is built once here and applied to every request's response
  // (@fastify/helmet rebuilt it, parsing the policy again, on every request: a cost on
  // the gate's hot path, performance spec target 1).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The QR decoder is WebAssembly served by us (live-gate §1): compiling it needs
        // 'wasm-unsafe-eval', which allows WebAssembly only, not eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Served over plain HTTP on a gate LAN as well: no HSTS, no upgrade of requests.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  // Graceful shutdown: count the requests in flight; once draining, every answer closes
  // its connection, so that keep-alive sockets do not outlive their last request.
  const inFlight = new Set<FastifyRequest>();
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    inFlight.add(request);
    void reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });

  /**
   * Stops the app without losing requests: answers everything still arriving on open
   * connections (each answer closing its connection) until no request has been in flight
   * for `quietMs`, or `maxMs` has passed, then closes the server (no new connections,
   * idle sockets closed). Node closes idle sockets at close even when a request on one
   * has been sent but not yet read; draining first gives those requests time to be read.
   */
  const closeGracefully = async ({ quietMs = 250, maxMs = 5_000 } = {}) => {
    draining = true;
    // Event streams never end by themselves: end them first, so that the drain can finish.
    await visitorEvents.close();
    const deadline = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
  };

  // One session look-up per HTTP request, shared by the rate limiter and every call of
  // a tRPC batch (hardening issue, item 1).
  const clock = options.clock ?? (() => new Date());
  const sessions = new WeakMap<FastifyRequest, () => Promise<AuthenticatedSession | null>>();
  const sessionOf = (request: FastifyRequest) => {
    let resolve = sessions.get(request);
    if (!resolve) {
      resolve = sessionResolver(options.db, bearerTokenOf(request), clock, options.service.sessionIdleDays);
      sessions.set(request, resolve);
    }
    return resolve();
  };
  const failedScans = new FailedScanLog();
  app.decorate('failedScans', failedScans);
  const visitorEvents = new VisitorEventHub(options.db, {
    onError: (error) => app.log.warn({ err: error }, 'delivering visitor events failed'),
  });
  app.decorate('visitorEvents', visitorEvents);
  const webhookDispatcher = options.webhooks
    ? new WebhookDispatcher(options.db, {
        ...options.webhooks,
        allowPrivate: options.service.webhookAllowPrivate ?? false,
        onError: (error) => app.log.warn({ err: error }, 'sending webhook deliveries failed'),
        ...(options.retention
          ? {
              jobs: (boss) =>
                startVisitorRetentionJob(boss, options.db, {
                  ...options.retention,
                  timeZone: options.service.timeZone,
                  retentionDays: options.service.visitorRetentionDays ?? DEFAULT_VISITOR_RETENTION_DAYS,
                  onRun: (result) => app.log.info({ anonymised: result.anonymised, cutoff: result.cutoff }, 'visitor retention run'),
                }),
            }
          : {}),
      })
    : null;
  app.decorate('webhookDispatcher', webhookDispatcher);
  app.addHook('onClose', async () => {
    await webhookDispatcher?.close();
  });
  // The job queue starts last, when the app is made ready (app.ready(), listen(), inject()):
  // a later step of buildApp that throws leaves no pg-boss running, and a start that fails
  // stops what it started and fails ready(), the close hook above already registered.
  app.addHook('onReady', async () => {
    await webhookDispatcher?.start();
  });
  app.addHook('onClose', async () => {
    await visitorEvents.close();
  });

  // One export limit for the process, REST and tRPC alike (operations §4).
  const exportLimiter = options.exports ?? new ExportLimiter();
  /** Closes a response's connection while it is still being sent (a stalled export download). */
  const cutterOf = (reply: FastifyReply) => () => {
    if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.destroy();
  };
  const contextOf = (request: FastifyRequest, reply?: FastifyReply): Context =>
    createInnerContext({
      db: options.db,
      config: options.service,
      rateLimits: options.rateLimits,
      clock,
      bearerToken: bearerTokenOf(request),
      clientAddress: request.ip,
      resolveSession: () => sessionOf(request),
      failedScans,
      exports: exportLimiter,
      ...(reply ? { cutConnection: cutterOf(reply) } : {}),
      events: visitorEvents,
      ...(webhookDispatcher ? { webhooks: webhookDispatcher } : {}),
    });

  /** The envelope answer to `error` (server-contract §1), logging what is not the caller's fault. */
  const errorAnswer = (reply: FastifyReply, error: unknown): RestAnswer => {
    const described = describeError(error);
    if (described.status >= 500 && described.status !== 503) reply.log.error({ err: error }, 'request failed');
    return {
      status: described.status,
      body: errorEnvelope(described.status, described.message, { code: described.code, details: answeredDetails(described) }),
      headers: described.retryAfterSeconds !== undefined ? { 'Retry-After': String(described.retryAfterSeconds) } : {},
    };
  };
  const send = (reply: FastifyReply, answer: RestAnswer) => reply.code(answer.status).headers(answer.headers).send(answer.body);
  const sendError = (reply: FastifyReply, error: unknown) => send(reply, errorAnswer(reply, error));

  // API JSON over 1 KB is compressed when the client accepts it (performance spec). The
  // web app's files are precompressed at build time and served as they are; event
  // streams are never compressed (the plugin skips text/event-stream).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // API answers are personal and change with every move: never cached (hardening issue, item 11).
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });

  await registerApiRateLimits(app, options.apiRateLimits ?? DEFAULT_API_RATE_LIMITS, {
    // Per signed-in user; a call made with an API token counts against the token
    // (integrations §4), so an integration cannot use up its creator's own budget.
    userIdOf: async (request) => {
      try {
        const session = await sessionOf(request);
        if (!session) return null;
        return session.apiToken ? `api-token:${session.apiToken.id}` : session.user.id;
      } catch {
        // The database is down: the procedure will answer 503; count by address only.
        return null;
      }
    },
    reject: (reply, retryAfterSeconds) =>
      reply
        .code(429)
        .header('Retry-After', String(retryAfterSeconds))
        .send(
          errorEnvelope(429, `Too many requests, try again in ${retryAfterSeconds} s`, {
            details: { reason: 'too-many-requests', seconds: retryAfterSeconds },
          }),
        ),
  });

  // Errors Fastify raises itself: malformed JSON, a body over the limit, a wrong content type.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return refuse(reply, 413, 'Request body too large');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return refuse(reply, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return refuse(reply, 400, 'Request body is empty: send a JSON object');
    }
    if (status === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP'))) {
      return refuse(reply, 400, 'Malformed JSON in request body');
    }
    if (status >= 400 && status < 500) {
      return refuse(reply, status, status === 404 ? 'Not found' : 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, error);
  });

  // tRPC ------------------------------------------------------------------------------
  // CORS is closed, so a preflight has nothing to grant: 404, as for /api (hardening
  // issue, item 7: tRPC would answer it as a call without a content type).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' && request.url.startsWith('/trpc')) {
      return refuse(reply, 404, 'Not found');
    }
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      // A tRPC mutation may carry an Idempotency-Key too (the gate tablet's moves): the
      // signed-in middleware does it once per key, as the REST adapter does for its paths.
      createContext: ({ req, res }) => {
        const context = contextOf(req, res);
        const key = req.headers['idempotency-key'];
        return key === undefined ? context : { ...context, idempotencyKey: key };
      },
      onError: ({ error, path, req }) => {
        if (describeError(error).status === 500) req.log.error({ err: error, path }, 'procedure failed');
      },
      responseMeta: ({ errors }) => {
        const retryAfter = errors
          .map((error) => describeError(error).retryAfterSeconds)
          .find((seconds) => seconds !== undefined);
        return retryAfter !== undefined ? { headers: { 'Retry-After': String(retryAfter) } } : {};
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // REST: one row of the mapping table, one route ----------------------------------------
  const callProcedure = (request: FastifyRequest, route: RestRoute, raw?: Uint8Array, signal?: AbortSignal, reply?: FastifyReply) => {
    const caller = createCaller(contextOf(request, reply), signal ? { signal } : {}) as unknown as Record<
      string,
      Record<string, (input: unknown) => Promise<unknown>>
    >;
    const [domain, name] = route.procedure.split('.') as [string, string];
    const procedure = caller[domain]?.[name];
    if (!procedure) throw new Error(`No procedure ${route.procedure}`);
    return procedure(
      route.input({
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, unknown>,
        body: isPlainObject(request.body) ? request.body : {},
        headers: request.headers,
        ...(raw ? { raw } : {}),
      }),
    );
  };
  /** The procedure's answer to a request of a JSON route, in the envelope. */
  const answerOf = async (request: FastifyRequest, reply: FastifyReply, route: RestRoute): Promise<RestAnswer> => {
    try {
      const result = await callProcedure(request, route);
      if (route.list) {
        const page = result as { items: unknown[]; total: number };
        return { status: route.successStatus, body: envelope(page.items), headers: { 'X-Total-Count': String(page.total) } };
      }
      return { status: route.successStatus, body: envelope(result), headers: {} };
    } catch (error) {
      return errorAnswer(reply, error);
    }
  };

  /**
   * A request with an `Idempotency-Key` header to a route that honours it (offline-gate
   * §3): the key is the signed-in user's (resolved as the procedures resolve it, once per
   * request); the first request with it does the work and its answer is kept, a repeat
   * gets that answer again (marked `Idempotency-Replayed: true`). Without a valid session
   * nothing is stored: the procedure answers 401. A caller the procedure would refuse now
   * (the access matrix's role, what an API token may call) is answered by the procedure
   * (403, recorded), never given a kept answer; one whose access changed since the answer
   * was kept (role, a resident's house) gets 403 (recorded too). Errors: 400 malformed key,
   * 422 reused with another body, 409 still in progress.
   */
  const answerIdempotently = async (request: FastifyRequest, reply: FastifyReply, route: RestRoute) => {
    let session: AuthenticatedSession | null;
    try {
      session = await sessionOf(request);
    } catch {
      // The database is down: the procedure answers 503, and nothing can be kept.
      session = null;
    }
    if (!session || accessRefusal(route.procedure, session)) return send(reply, await answerOf(request, reply, route));
    try {
      const key = idempotencyKeyOf(request.headers['idempotency-key']) as string;
      let headers: Record<string, string> = {};
      const answer = await withIdempotencyKey(
        options.db,
        { userId: session.user.id, caller: session.apiToken ? `api-token:${session.apiToken.id}` : '', key, method: request.method, path: request.url.split('?')[0] ?? request.url, body: request.body, access: callerAccess(session.user) },
        clock,
        async () => {
          const first = await answerOf(request, reply, route);
          headers = first.headers;
          return { status: first.status, body: JSON.stringify(first.body) };
        },
        options.idempotencyWait ?? IDEMPOTENCY_WAIT,
      );
      if (answer.replayed) headers = { 'Idempotency-Replayed': 'true' };
      return reply.code(answer.status).headers(headers).type('application/json; charset=utf-8').send(answer.body);
    } catch (error) {
      // Access changed since the answer was kept: a 403, in the audit log as every 403 is.
      if (describeError(error).status === 403) {
        const actor = { userId: session.user.id, ipAddress: request.ip, apiTokenId: session.apiToken?.id ?? null };
        const details = { procedure: route.procedure, message: describeError(error).message };
        await recordAudit(options.db.fork(), actor, { action: 'access.denied', details }, clock()).catch(() => {});
      }
      return sendError(reply, error);
    }
  };

  const mount = (route: RestRoute) => {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        if (route.takesBody && request.body !== undefined && request.body !== null && !isPlainObject(request.body)) {
          return refuse(reply, 400, 'Request body must be a JSON object');
        }
        // A request without the header pays nothing for idempotency (no query).
        if (route.idempotent && request.headers['idempotency-key'] !== undefined) {
          return answerIdempotently(request, reply, route);
        }
        return send(reply, await answerOf(request, reply, route));
      },
    });
  };
  restRoutes.filter((route) => !route.binary && !route.stream && !route.csv).forEach(mount);

  // Event streams (live-gate §3): the subscription's items as server-sent events, each
  // with its `id` (when tracked), `event` (the type) and `data` (the visitor JSON); a
  // comment line every 25 s keeps proxies from closing a quiet stream. Errors before the
  // first byte (401, 503) answer in the JSON envelope; a stream the server ends (the
  // caller's access changed, or a newer stream of theirs took its place) ends with a
  // `closed` event whose data is the error envelope saying why.
  const mountStream = (route: RestRoute) => {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const abort = new AbortController();
        let items: AsyncIterable<unknown>;
        try {
          items = (await callProcedure(request, route, undefined, abort.signal)) as AsyncIterable<unknown>;
        } catch (error) {
          return sendError(reply, error);
        }
        reply.hijack();
        inFlight.delete(request);
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
          'X-Content-Type-Options': 'nosniff',
          'X-Request-Id': request.id,
        });
        const send = (text: string) => {
          if (!response.destroyed && !response.writableEnded) response.write(text);
        };
        send(': connected\n\n');
        const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
        request.raw.once('close', () => abort.abort());
        response.once('close', () => abort.abort());
        try {
          for await (const item of items) {
            const [id, data] = isTrackedEnvelope(item) ? [String(item[0]), item[1]] : [null, item];
            const { type, visitor } = data as { type: string; visitor?: unknown };
            send(`${id !== null ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(visitor ?? {})}\n\n`);
          }
        } catch (error) {
          const described = describeError(error);
          if (described.status >= 500 && described.status !== 503) request.log.warn({ err: error }, 'event stream failed');
          const retry = described.retryAfterSeconds !== undefined ? `retry: ${described.retryAfterSeconds * 1000}\n` : '';
          const body = errorEnvelope(described.status, described.message, { code: described.code, details: answeredDetails(described) });
          send(`${retry}event: closed\ndata: ${JSON.stringify(body)}\n\n`);
        } finally {
          clearInterval(keepAlive);
          response.end();
        }
      },
    });
  };
  restRoutes.filter((route) => route.stream).forEach(mountStream);

  // CSV exports (operations §4): the procedure checks the caller and the input and answers
  // `{filename, columns, rows}`; the first row is read before any byte is sent, so that
  // every error up to it answers in the JSON envelope: bad input (400), the export limit
  // (429: the rows take one of the process's places, services/exports.ts, shared with the
  // tRPC stream of the same procedures), the database. The rows, read lazily page by page,
  // are piped through csv-stringify to the client: a row is read only when the client takes
  // the bytes (backpressure); a client that goes away ends the rows' generator and its
  // queries; one that stops reading is cut by the export limit. A failure after the first
  // row closes the connection: the client sees a download cut short, never a file that
  // looks whole, nor an error body under the CSV's headers.
  const mountCsv = (route: RestRoute) => {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        let file: CsvExport;
        let rows: AsyncIterator<Record<string, string | null>>;
        let first: IteratorResult<Record<string, string | null>>;
        try {
          file = (await callProcedure(request, route, undefined, undefined, reply)) as CsvExport;
          rows = file.rows[Symbol.asyncIterator]();
          first = await rows.next();
        } catch (error) {
          return sendError(reply, error);
        }
        async function* allRows() {
          if (first.done) return;
          yield first.value;
          for (let next = await rows.next(); !next.done; next = await rows.next()) yield next.value;
        }
        const source = Readable.from(allRows());
        // Closing the generator closes the export's rows too (its place, its queries).
        source.once('close', () => void rows.return?.().catch(() => {}));
        // escape_formulas: a cell starting with =, +, -, @ (a phone number's + too), tab or CR gets a leading '.
        const csv = stringify({ header: true, columns: [...file.columns], escape_formulas: true });
        // The body Fastify sends never fails: a failure of the rows closes the connection instead.
        const body = new PassThrough();
        pipeline(source, csv, (error) => {
          if (!error) return;
          if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err: error }, 'CSV export failed');
          reply.raw.destroy();
        });
        csv.pipe(body);
        // The response closed before its end (the client went away, or the download was cut): stop reading rows.
        body.once('close', () => csv.destroy());
        return reply
          .code(200)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .type('text/csv; charset=utf-8')
          .send(body);
      },
    });
  };
  restRoutes.filter((route) => route.csv).forEach(mountCsv);

  // Photos (live-gate §2): the JPEG itself is the body, with a limit of its own (the 100 KB
  // one stays for JSON); another Content-Type is 415, a larger body 400, both in the
  // photo's words. A GET answers the stored bytes as image/jpeg.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('image/jpeg', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    for (const route of restRoutes.filter((candidate) => candidate.binary === 'jpeg')) {
      scope.route({
        method: route.method,
        url: route.path,
        errorHandler: (error: Error & { statusCode?: number; code?: string }, request, reply) => {
          // Over the photo's limit: the photo rule refuses it, as the procedure would (400 VALIDATION_FAILED).
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
            return sendError(reply, httpError(400, PHOTO_MESSAGE, { field: 'jpeg' }));
          }
          if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
            return refuse(reply, 415, PHOTO_MESSAGE);
          }
          request.log.error({ err: error }, 'unhandled error');
          return sendError(reply, error);
        },
        handler: async (request, reply) => {
          const sendsBody = route.method !== 'GET';
          if (sendsBody && !Buffer.isBuffer(request.body)) {
            // No body, or no Content-Type: the parser never ran.
            return refuse(reply, 415, PHOTO_MESSAGE);
          }
          try {
            const result = await callProcedure(request, route, sendsBody ? (request.body as Buffer) : undefined);
            if (!sendsBody) {
              const bytes = result as Uint8Array;
              return reply.code(200).type('image/jpeg').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
            }
            return reply.code(route.successStatus).send(envelope(result));
          } catch (error) {
            return sendError(reply, error);
          }
        },
      });
    }
  });

  // The API described (integrations §1): the OpenAPI document at GET /api/openapi.json (no
  // token), and a human reference at /api/docs whose assets (Swagger UI) are served by us,
  // so it works on a LAN without internet. The docs carry our own CSP (set by helmet
  // above): Swagger UI's page has no inline script or style. Its `staticCSP: true` would
  // replace ours with a looser one (style-src https:, img-src validator.swagger.io,
  // upgrade-insecure-requests, which breaks the page on the plain-HTTP gate LAN).
  const document = apiDocument();
  // The plugin types its static document as OpenAPI 3.0; ours is 3.1, linted as such (test/openapi.test.ts).
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as unknown as StaticDocumentSpec['document'] } });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // BaseLayout: no top bar, whose Swagger logo is an SVG with an inline <style> our CSP refuses.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Gatehouse API' },
  });
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApiDocument!.json));

  /** Health: 200 once migrations are done and the database answers, 503 while it does not. */
  app.get('/api/health', async (_request, reply) => {
    try {
      await options.db.ping(2_000);
      return reply.send(envelope({ status: 'ok', database: 'ok' }));
    } catch {
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorEnvelope(503, UNAVAILABLE_MESSAGE));
    }
  });

  // A self-signed certificate, for gate tablets to install and trust (live-gate §0).
  if (tls?.offerCertificate) {
    app.get('/api/tls/certificate', async (_request, reply) =>
      reply
        .header('Content-Disposition', 'attachment; filename="gatehouse-certificate.crt"')
        .type('application/x-x509-ca-cert')
        .send(tls.cert),
    );
  }

  // The web app --------------------------------------------------------------------------
  const webRoot = options.webRoot;
  const serveWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      // index.html.br, assets/*.js.gz…: written by the build, chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // `/api/…` and `/trpc/…` only: a screen such as /api-tokens is the web app's.
    if (isApiPath(request.url)) {
      return refuse(reply, 404, 'Not found');
    }
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: client-side routes load the app, which routes them.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  // Failed scans are written as one audit row per user per minute: every minute, and
  // the rest when the app closes.
  const flushFailedScans = async (all: boolean) => {
    if (failedScans.pending === 0) return;
    try {
      await failedScans.flush(options.db.fork(), clock(), { all });
    } catch (error) {
      app.log.warn({ err: error }, 'writing failed scans to the audit log failed');
    }
  };
  const failedScanTimer = setInterval(() => void flushFailedScans(false), 60_000);
  failedScanTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(failedScanTimer);
    await flushFailedScans(true);
  });

  // Idempotency keys are kept a day (offline-gate §3): older ones are purged every 10 minutes.
  const purgeKeysTimer = setInterval(() => {
    purgeIdempotencyKeys(options.db.fork(), clock()).catch((error: unknown) => app.log.warn({ err: error }, 'purging idempotency keys failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purgeKeysTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeKeysTimer);
  });

  app.decorate('closeGracefully', closeGracefully);
  return app;
}
