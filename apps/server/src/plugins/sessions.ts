/**
 * Who is calling, and how often: one session look-up per HTTP request, shared by the
 * general rate limit and every call of a tRPC batch, and the rate limit itself.
 */
import { sessionResolver, type AuthenticatedSession } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { DEFAULT_API_RATE_LIMITS, registerApiRateLimits, type ApiRateLimitOptions } from '../api-rate-limits';
import { bearerTokenOf, errorEnvelope } from '../http';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The session of `request`'s bearer token (null without a valid one), looked up once
     * per request however often it is asked for. Rejects when the database cannot answer.
     */
    sessionOf: (request: FastifyRequest) => Promise<AuthenticatedSession | null>;
  }
}

export interface SessionsOptions {
  db: Database;
  clock: () => Date;
  /** Days without use after which a session ends. */
  sessionIdleDays: number;
  /** The general API rate limit; DEFAULT_API_RATE_LIMITS (counted in memory) when absent. */
  apiRateLimits?: ApiRateLimitOptions | undefined;
}

const sessions: FastifyPluginAsync<SessionsOptions> = async (app, { db, clock, sessionIdleDays, apiRateLimits }) => {
  const resolvers = new WeakMap<FastifyRequest, () => Promise<AuthenticatedSession | null>>();
  const sessionOf = (request: FastifyRequest) => {
    let resolve = resolvers.get(request);
    if (!resolve) {
      // docs/api.md#communities: the look-up reads the membership where the request acts too.
      resolve = sessionResolver(db, bearerTokenOf(request), clock, sessionIdleDays, request.headers['x-community-id']);
      resolvers.set(request, resolve);
    }
    return resolve();
  };
  app.decorate('sessionOf', sessionOf);

  await registerApiRateLimits(app, apiRateLimits ?? DEFAULT_API_RATE_LIMITS, {
    // Per signed-in user; a call made with an API token counts against the token, so an
    // integration cannot use up its creator's own budget.
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
};

/** Decorates the app and limits every API request (hence fastify-plugin). */
export default fp(sessions, { name: 'gatehouse-sessions', fastify: '5.x' });
