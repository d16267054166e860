/** tRPC at /trpc: the web app's API, over the same context as the REST paths. */
import { appRouter, describeError, type AppRouter } from '@gatehouse/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import { refuse } from '../http';

/** Most calls one tRPC batch may carry; more is 400. The web client sends at most this many. */
export const MAX_BATCH_SIZE = 10;

const trpc: FastifyPluginAsync = async (app) => {
  // CORS is closed, so a preflight has nothing to grant: 404, as for /api (tRPC would
  // answer it as a call without a content type). An app-wide hook: it answers any path
  // under /trpc, routed or not.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' && request.url.startsWith('/trpc')) {
      return refuse(reply, 404, 'Not found');
    }
  });
  // The adapter's routes and JSON parser live in a scope of their own.
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      // A tRPC mutation may carry an Idempotency-Key too (the gate tablet's moves): the
      // signed-in middleware does it once per key, as the REST adapter does for its paths.
      createContext: ({ req, res }) => {
        const context = app.procedureContext(req, res);
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
};

/** Its preflight hook applies app-wide (hence fastify-plugin); the adapter itself is encapsulated. */
export default fp(trpc, {
  name: 'gatehouse-trpc',
  fastify: '5.x',
  dependencies: ['gatehouse-procedure-context'],
});
