/**
 * The REST paths: one row of the mapping table (packages/api/src/rest.ts), one route,
 * answering JSON in the envelope. A route that honours `Idempotency-Key` does a keyed
 * request once and answers its repeats with the kept answer.
 */
import {
  accessRefusal,
  callerAccess,
  describeError,
  idempotencyKeyOf,
  IDEMPOTENCY_WAIT,
  recordAudit,
  restRoutes,
  withIdempotencyKey,
  type AuthenticatedSession,
  type RestRoute,
} from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { envelope, errorAnswer, isPlainObject, refuse, sendAnswer, sendError, type RestAnswer } from '../http';
import { callProcedure } from '../procedure-call';

export interface RestOptions {
  db: Database;
  clock: () => Date;
  /** How long a repeat of an Idempotency-Key waits for the first request; IDEMPOTENCY_WAIT when absent. */
  idempotencyWait?: { waitMs: number; pollMs: number } | undefined;
}

/** The procedure's answer to a request of a JSON route, in the envelope. */
async function answerOf(request: FastifyRequest, reply: FastifyReply, route: RestRoute): Promise<RestAnswer> {
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
}

const rest: FastifyPluginAsync<RestOptions> = async (app, { db, clock, idempotencyWait }) => {
  /**
   * A request with an `Idempotency-Key` header to a route that honours it: the key is the
   * signed-in user's (resolved as the procedures resolve it, once per request); the first
   * request with it does the work and its answer is kept, a repeat gets that answer again
   * (marked `Idempotency-Replayed: true`). Without a valid session nothing is stored: the
   * procedure answers 401. A caller the procedure would refuse now (the access matrix's
   * role, what an API token may call) is answered by the procedure (403, recorded), never
   * given a kept answer; one whose access changed since the answer was kept (role, a
   * resident's house) gets 403 (recorded too). Errors: 400 malformed key, 422 reused with
   * another body, 409 still in progress.
   */
  const answerIdempotently = async (request: FastifyRequest, reply: FastifyReply, route: RestRoute) => {
    let session: AuthenticatedSession | null;
    try {
      session = await app.sessionOf(request);
    } catch {
      // The database is down: the procedure answers 503, and nothing can be kept.
      session = null;
    }
    if (!session || accessRefusal(route.procedure, session)) return sendAnswer(reply, await answerOf(request, reply, route));
    try {
      const key = idempotencyKeyOf(request.headers['idempotency-key']) as string;
      let headers: Record<string, string> = {};
      const answer = await withIdempotencyKey(
        db,
        { userId: session.user.id, caller: session.apiToken ? `api-token:${session.apiToken.id}` : '', key, method: request.method, path: request.url.split('?')[0] ?? request.url, body: request.body, access: callerAccess(session.user) },
        clock,
        async () => {
          const first = await answerOf(request, reply, route);
          headers = first.headers;
          return { status: first.status, body: JSON.stringify(first.body) };
        },
        idempotencyWait ?? IDEMPOTENCY_WAIT,
      );
      if (answer.replayed) headers = { 'Idempotency-Replayed': 'true' };
      return reply.code(answer.status).headers(headers).type('application/json; charset=utf-8').send(answer.body);
    } catch (error) {
      // Access changed since the answer was kept: a 403, in the audit log as every 403 is.
      if (describeError(error).status === 403) {
        const actor = { userId: session.user.id, ipAddress: request.ip, apiTokenId: session.apiToken?.id ?? null };
        const details = { procedure: route.procedure, message: describeError(error).message };
        await recordAudit(db.fork(), actor, { action: 'access.denied', details }, clock()).catch(() => {});
      }
      return sendError(reply, error);
    }
  };

  for (const route of restRoutes.filter((candidate) => !candidate.binary && !candidate.stream && !candidate.csv)) {
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
        return sendAnswer(reply, await answerOf(request, reply, route));
      },
    });
  }
};

/** The JSON routes of the REST table, in a scope of their own. */
export default rest;
