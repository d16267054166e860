/** Health: 200 once migrations are done and the database answers, 503 while it does not. */
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync } from 'fastify';

import { envelope, errorEnvelope } from '../http';

const health: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/health', async (_request, reply) => {
    try {
      await db.ping(2_000);
      return reply.send(envelope({ status: 'ok', database: 'ok' }));
    } catch {
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorEnvelope(503, UNAVAILABLE_MESSAGE));
    }
  });
};

/** GET /api/health, in a scope of its own. */
export default health;
