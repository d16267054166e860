/**
 * Photos: the JPEG itself is the body, with a limit of its own (the 100 KB one stays for
 * JSON); another Content-Type is 415, a larger body 400, both in the photo's words. A GET
 * answers the stored bytes as image/jpeg.
 */
import { httpError, restRoutes } from '@gatehouse/api';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGE } from '@gatehouse/shared';
import type { FastifyPluginAsync } from 'fastify';

import { envelope, refuse, sendError } from '../http';
import { callProcedure } from '../procedure-call';

const photos: FastifyPluginAsync = async (scope) => {
  // This scope parses JPEG only: its routes take no JSON.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('image/jpeg', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  for (const route of restRoutes.filter((candidate) => candidate.binary === 'jpeg')) {
    scope.route({
      method: route.method,
      url: route.path,
      // Fastify takes the reply an error handler returns (a promise here) as its answer.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      errorHandler: (error: Error & { statusCode?: number; code?: string }, request, reply) => {
        // Over the photo's limit: the photo rule refuses it, as the procedure would (400 VALIDATION_FAILED).
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
          return sendError(reply, httpError(400, PHOTO_MESSAGE, { field: 'jpeg' }));
        }
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
          return refuse(reply, 415, PHOTO_MESSAGE);
        }
        request.log.error({ err: error }, 'unhandled error');
        return sendError(reply, error);
      },
      handler: async (request, reply) => {
        const sendsBody = route.method !== 'GET';
        if (sendsBody && !Buffer.isBuffer(request.body)) {
          // No body, or no Content-Type: the parser never ran.
          return refuse(reply, 415, PHOTO_MESSAGE);
        }
        try {
          const result = await callProcedure(request, route, sendsBody ? { raw: request.body as Buffer } : {});
          if (!sendsBody) {
            const bytes = result as Uint8Array;
            return reply.code(200).type('image/jpeg').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          }
          return reply.code(route.successStatus).send(envelope(result));
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
};

/** The photo routes of the REST table, in a scope of their own (its own body parser). */
export default photos;
