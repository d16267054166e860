/** The live visitor events of this process: the hub the procedures publish to and the streams read from. */
import { VisitorEventHub } from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live visitor events of this process. */
    visitorEvents: VisitorEventHub;
  }
}

const eventHub: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const visitorEvents = new VisitorEventHub(db, {
    onError: (error) => app.log.warn({ err: error }, 'delivering visitor events failed'),
  });
  app.decorate('visitorEvents', visitorEvents);
  app.addHook('onClose', async () => {
    await visitorEvents.close();
  });
};

/** Decorates the app (hence fastify-plugin). */
export default fp(eventHub, { name: 'gatehouse-event-hub', fastify: '5.x' });
