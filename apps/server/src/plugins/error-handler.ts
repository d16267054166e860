/**
 * Errors Fastify raises itself (malformed JSON, a body over the limit, a wrong content
 * type) answered in the envelope; anything else unhandled is logged and answered as the
 * error it describes (a 500 unless it carries its own status).
 */
import { UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '@gatehouse/api';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import { refuse, sendError } from '../http';

const errorHandler: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return refuse(reply, 413, 'Request body too large');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return refuse(reply, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    }
    if (status === 400 && (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP'))) {
      return refuse(reply, 400, 'Malformed JSON in request body');
    }
    if (status >= 400 && status < 500) {
      return refuse(reply, status, status === 404 ? 'Not found' : 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, error);
  });
};

/** The app's own error handler, inherited by every scope registered after it (hence fastify-plugin). */
export default fp(errorHandler, { name: 'gatehouse-error-handler', fastify: '5.x' });
