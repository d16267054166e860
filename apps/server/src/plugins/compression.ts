/**
 * API JSON over 1 KB is compressed when the client accepts it. The web app's files are
 * precompressed at build time and served as they are; event streams are never
 * compressed (the plugin skips text/event-stream).
 */
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const compression: FastifyPluginAsync = async (app) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
};

/** Applies to every route registered after it (hence fastify-plugin). */
export default fp(compression, { name: 'gatehouse-compression', fastify: '5.x' });
