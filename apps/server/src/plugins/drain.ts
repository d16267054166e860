/**
 * Graceful shutdown: the requests in flight are counted (and each answer names its
 * request id); once draining, every answer closes its connection, so that keep-alive
 * sockets do not outlive their last request.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops the app without losing requests: ends the event streams, then answers
     * everything still arriving on open connections (each answer closing its connection)
     * until no request has been in flight for `quietMs` (default 250), or `maxMs` (default
     * 5000) has passed, then closes the server (no new connections, idle sockets closed).
     * Node closes idle sockets at close even when a request on one has been sent but not
     * yet read; draining first gives those requests time to be read.
     */
    closeGracefully(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
    /** Stops counting `request` as in flight: a hijacked answer (an event stream) that ends only when its stream does. */
    untrackRequest(request: FastifyRequest): void;
  }
}

const drain: FastifyPluginAsync = async (app) => {
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

  app.decorate('untrackRequest', (request: FastifyRequest) => {
    inFlight.delete(request);
  });
  app.decorate('closeGracefully', async ({ quietMs = 250, maxMs = 5_000 } = {}) => {
    draining = true;
    // Event streams never end by themselves: end them first, so that the drain can finish.
    await app.visitorEvents.close();
    const deadline = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
  });
};

/** Counts every request of the app and decorates it (hence fastify-plugin). */
export default fp(drain, {
  name: 'gatehouse-drain',
  fastify: '5.x',
  decorators: { fastify: ['visitorEvents'] },
  dependencies: ['gatehouse-event-hub'],
});
