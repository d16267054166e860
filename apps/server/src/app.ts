/**
 * The Fastify host, on one port: tRPC at /trpc, the REST paths at /api (through the one
 * mapping table, packages/api/src/rest.ts), GET /api/health, the API reference at
 * /api/docs, and the built web app at / with history fallback. Every /api answer uses
 * the `{success, data, error}` envelope.
 *
 * buildApp reads as a table of contents: each part is a Fastify plugin with one concern,
 * under ./plugins. The parts that decorate the app or hook every request are wrapped with
 * fastify-plugin (no scope of their own); the route groups are encapsulated. The order
 * matters: a scope inherits only the hooks, error handler and parsers registered before it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import https from 'node:https';

import type { AuthRateLimits, ExportLimiter, ServiceConfig, VisitorRetentionJobOptions, WebhookDispatcherOptions } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import Fastify, { type FastifyBaseLogger } from 'fastify';

import type { ApiRateLimitOptions } from './api-rate-limits';
import { refuse, requestIdOf } from './http';
import { RedactingLogController } from './logging';
import apiDocs from './plugins/api-docs';
import certificate from './plugins/certificate';
import compression from './plugins/compression';
import csvExports from './plugins/csv-exports';
import drain from './plugins/drain';
import errorHandler from './plugins/error-handler';
import eventHub from './plugins/event-hub';
import eventStream from './plugins/event-stream';
import health from './plugins/health';
import jobQueue from './plugins/job-queue';
import jsonBody from './plugins/json-body';
import photos from './plugins/photos';
import procedureContext from './plugins/procedure-context';
import rest from './plugins/rest';
import securityHeaders from './plugins/security-headers';
import sessions from './plugins/sessions';
import timers from './plugins/timers';
import trpc from './plugins/trpc';
import webApp from './plugins/web-app';

export { bearerTokenOf, envelope, errorEnvelope, requestIdOf } from './http';
export { API_DOCS_PREFIX, apiDocument } from './plugins/api-docs';
export { MAX_BATCH_SIZE } from './plugins/trpc';

/** Largest accepted request body: 100 KB (a photo's route has a limit of its own). */
export const BODY_LIMIT_BYTES = 100 * 1024;

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
   * Serve HTTPS with this certificate and key. With `offerCertificate`, the certificate
   * is downloadable at GET /api/tls/certificate, for tablets to trust it.
   */
  https?: { cert: string; key: string; offerCertificate?: boolean };
  /** How long a repeat of an Idempotency-Key waits for the first request; IDEMPOTENCY_WAIT when absent. */
  idempotencyWait?: { waitMs: number; pollMs: number };
  /**
   * Send webhook deliveries from this process: starts the job queue (pg-boss) and its
   * worker when the app is made ready, stops them at close. `allowPrivate` is the
   * service's `webhookAllowPrivate`. Absent: no sending (tests that do not need it start nothing).
   */
  webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate' | 'onError' | 'jobs'>;
  /**
   * Run the daily visitor retention job on the webhook sender's pg-boss (needs
   * `webhooks`): the service's `visitorRetentionDays` and `timeZone`, this schedule
   * (default 03:15 daily in the community's zone). Absent: no job in this process.
   */
  retention?: Omit<VisitorRetentionJobOptions, 'timeZone' | 'retentionDays' | 'onRun'>;
  /** The process's running exports (their limit and stall cut-off); a default ExportLimiter when absent (tests shorten its times). */
  exports?: ExportLimiter;
}

/** Builds the Fastify app (not listening). */
export async function buildApp(options: AppOptions) {
  const { db, service } = options;
  const tls = options.https;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    // HTTPS from our own server; the app is typed as plain HTTP either way.
    ...(tls
      ? {
          serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
            https.createServer({ cert: tls.cert, key: tls.key }, handler) as unknown as Server,
        }
      : {}),
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Request-Id: the caller's own id when valid, else a new one; the request's child
    // logger names it on every line (`requestId`).
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
    // exist, so 404 in the envelope (a malformed id is 404).
    frameworkErrors: (error, _request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void refuse(reply, badUrl ? 404 : 400, badUrl ? 'Not found' : 'Bad request');
    },
  });

  // The process's parts the procedures use (decorators).
  await app.register(jobQueue, { db, service, webhooks: options.webhooks, retention: options.retention });
  await app.register(eventHub, { db });
  // What every request goes through, in this order.
  await app.register(securityHeaders);
  await app.register(drain);
  await app.register(sessions, { db, clock, sessionIdleDays: service.sessionIdleDays, apiRateLimits: options.apiRateLimits });
  await app.register(procedureContext, { db, service, rateLimits: options.rateLimits, clock, exports: options.exports });
  await app.register(compression);
  await app.register(errorHandler);
  await app.register(jsonBody);
  // The API.
  await app.register(trpc);
  await app.register(rest, { db, clock, idempotencyWait: options.idempotencyWait });
  await app.register(eventStream);
  await app.register(csvExports);
  await app.register(photos);
  await app.register(apiDocs);
  await app.register(health, { db });
  if (tls?.offerCertificate) await app.register(certificate, { cert: tls.cert });
  // The web app, and the answer to unknown paths.
  await app.register(webApp, { webRoot: options.webRoot });
  // Background work, stopped at close.
  await app.register(timers, { db, clock });
  return app;
}
