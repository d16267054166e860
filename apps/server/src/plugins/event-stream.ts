/**
 * Event streams: a subscription's items as server-sent events, each with its `id` (when
 * tracked), `event` (the type) and `data` (the visitor JSON); a comment line every 25 s
 * keeps proxies from closing a quiet stream. Errors before the first byte (401, 503)
 * answer in the JSON envelope; a stream the server ends (the caller's access changed, or
 * a newer stream of theirs took its place) ends with a `closed` event whose data is the
 * error envelope saying why.
 */
import { answeredDetails, describeError, KEEP_ALIVE_MS, restRoutes } from '@gatehouse/api';
import { isTrackedEnvelope } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';

import { errorEnvelope, sendError } from '../http';
import { callProcedure } from '../procedure-call';

const eventStream: FastifyPluginAsync = async (app) => {
  for (const route of restRoutes.filter((candidate) => candidate.stream)) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const abort = new AbortController();
        let items: AsyncIterable<unknown>;
        try {
          items = (await callProcedure(request, route, { signal: abort.signal })) as AsyncIterable<unknown>;
        } catch (error) {
          return sendError(reply, error);
        }
        reply.hijack();
        app.untrackRequest(request);
        const response = reply.raw;
        response.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
          'X-Content-Type-Options': 'nosniff',
          'X-Request-Id': request.id,
        });
        const send = (text: string) => {
          if (!response.destroyed && !response.writableEnded) response.write(text);
        };
        send(': connected\n\n');
        const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
        request.raw.once('close', () => abort.abort());
        response.once('close', () => abort.abort());
        try {
          for await (const item of items) {
            const [id, data] = isTrackedEnvelope(item) ? [String(item[0]), item[1]] : [null, item];
            const { type, visitor } = data as { type: string; visitor?: unknown };
            send(`${id !== null ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(visitor ?? {})}\n\n`);
          }
        } catch (error) {
          const described = describeError(error);
          if (described.status >= 500 && described.status !== 503) request.log.warn({ err: error }, 'event stream failed');
          const retry = described.retryAfterSeconds !== undefined ? `retry: ${described.retryAfterSeconds * 1000}\n` : '';
          const body = errorEnvelope(described.status, described.message, { code: described.code, details: answeredDetails(described) });
          send(`${retry}event: closed\ndata: ${JSON.stringify(body)}\n\n`);
        } finally {
          clearInterval(keepAlive);
          response.end();
        }
      },
    });
  }
};

/** The event-stream routes of the REST table, in a scope of their own. */
export default eventStream;
