/**
 * The context every procedure call gets, over tRPC and REST alike: the database, the
 * service settings, the caller (through the request's one session look-up), the
 * process's failed-scan log, export limit, event hub and webhook sender.
 */
import {
  createInnerContext,
  ExportLimiter,
  FailedScanLog,
  type AuthRateLimits,
  type Context,
  type ServiceConfig,
} from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { bearerTokenOf } from '../http';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed scans counted per user per minute, written to the audit log every minute. */
    failedScans: FailedScanLog;
    /**
     * The procedures' context for `request`. With `reply`, a stalled export download can
     * be cut: its connection is closed while it is still being sent.
     */
    procedureContext(request: FastifyRequest, reply?: FastifyReply): Context;
  }
}

export interface ProcedureContextOptions {
  db: Database;
  service: ServiceConfig;
  rateLimits: AuthRateLimits;
  clock: () => Date;
  /** The process's running exports (their limit and stall cut-off); a default ExportLimiter when absent. */
  exports?: ExportLimiter | undefined;
}

/** Closes a response's connection while it is still being sent (a stalled export download). */
const cutterOf = (reply: FastifyReply) => () => {
  if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.destroy();
};

const procedureContext: FastifyPluginAsync<ProcedureContextOptions> = async (app, options) => {
  const failedScans = new FailedScanLog();
  app.decorate('failedScans', failedScans);
  // One export limit for the process, REST and tRPC alike.
  const exportLimiter = options.exports ?? new ExportLimiter();
  const { sessionOf, visitorEvents, webhookDispatcher } = app;
  app.decorate('procedureContext', (request: FastifyRequest, reply?: FastifyReply): Context =>
    createInnerContext({
      db: options.db,
      config: options.service,
      rateLimits: options.rateLimits,
      clock: options.clock,
      bearerToken: bearerTokenOf(request),
      clientAddress: request.ip,
      // docs/api.md#communities: the community a signed-in call acts in (REST and tRPC alike).
      communityHeader: request.headers['x-community-id'],
      resolveSession: () => sessionOf(request),
      failedScans,
      exports: exportLimiter,
      ...(reply ? { cutConnection: cutterOf(reply) } : {}),
      events: visitorEvents,
      ...(webhookDispatcher ? { webhooks: webhookDispatcher } : {}),
    }),
  );
};

/** Decorates the app (hence fastify-plugin). */
export default fp(procedureContext, {
  name: 'gatehouse-procedure-context',
  fastify: '5.x',
  dependencies: ['gatehouse-sessions', 'gatehouse-event-hub', 'gatehouse-job-queue'],
});
