/** One row of the REST mapping table, called: the route's procedure with the input its row builds from the request. */
import { createCaller, type RestRoute } from '@gatehouse/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { isPlainObject } from './http';

/**
 * Calls `route`'s procedure for `request` through a server-side caller (the same
 * middlewares as tRPC: session, access matrix, audit). `raw` is a binary body (a photo),
 * `signal` ends a subscription, `reply` lets a stalled export be cut. Resolves to the
 * procedure's output; rejects with its error (a TRPCError or HttpError).
 */
export function callProcedure(
  request: FastifyRequest,
  route: RestRoute,
  options: { raw?: Uint8Array; signal?: AbortSignal; reply?: FastifyReply } = {},
): Promise<unknown> {
  const { raw, signal, reply } = options;
  const caller = createCaller(request.server.procedureContext(request, reply), signal ? { signal } : {}) as unknown as Record<
    string,
    Record<string, (input: unknown) => Promise<unknown>>
  >;
  const [domain, name] = route.procedure.split('.') as [string, string];
  const procedure = caller[domain]?.[name];
  if (!procedure) throw new Error(`No procedure ${route.procedure}`);
  return procedure(
    route.input({
      params: (request.params ?? {}) as Record<string, string>,
      query: (request.query ?? {}) as Record<string, unknown>,
      body: isPlainObject(request.body) ? request.body : {},
      headers: request.headers,
      ...(raw ? { raw } : {}),
    }),
  );
}
