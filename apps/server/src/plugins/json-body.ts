/**
 * JSON request bodies: Fastify's own parser (prototype and constructor poisoning refused),
 * except that an empty body sent as `application/json` is no body at all. Many HTTP
 * clients label every request JSON, also a `DELETE …/cancel` or a `POST` that takes
 * nothing; such a call is answered as if it had sent no body (a path that needs one then
 * names its missing fields), never refused for being empty.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const jsonBody: FastifyPluginAsync = async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
};

/** App-wide (fastify-plugin): every scope registered after it parses JSON this way. */
export default fp(jsonBody, { name: 'gatehouse-json-body', fastify: '5.x' });
