/**
 * How the server logs: JSON lines (pino) everywhere, readable lines (`pino-pretty`) in
 * development on a terminal (docs/development.md#logs-while-developing). Each request's
 * lines name its `requestId` (the X-Request-Id it is answered with, plugins/drain.ts), and its URL
 * without the values of its query, but for the few parameters known to hold neither a
 * secret nor personal data (`RedactingLogController`).
 */
import { createRequire } from 'node:module';

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Fastify's `logger` option: a pino level, and the pretty transport when it applies. */
export interface LoggerOptions {
  level: string;
  transport?: { target: string; options: Record<string, unknown> };
}

/** The variables the logger is configured by, as the configuration read them. */
export interface LoggingEnv {
  LOG_LEVEL?: string | undefined;
  LOG_PRETTY?: string | undefined;
  NODE_ENV?: string | undefined;
}

/**
 * The logger options for `env` (LOG_LEVEL, default `info`; NODE_ENV; LOG_PRETTY). Lines
 * are pretty when LOG_PRETTY is `true`, or when NODE_ENV is not `production`, LOG_PRETTY
 * is not `false` and standard output is a terminal (`isTty`); and only when `pino-pretty`
 * is installed: it is a development dependency, absent from a production install, where
 * naming it as a transport would stop the server from starting.
 */
export function loggerOptions(env: LoggingEnv, isTty: boolean, prettyInstalled = isPinoPrettyInstalled()): LoggerOptions {
  const level = env.LOG_LEVEL ?? 'info';
  const wanted =
    env.LOG_PRETTY === 'true' || (env.LOG_PRETTY !== 'false' && env.NODE_ENV !== 'production' && isTty);
  if (!wanted || !prettyInstalled) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false },
    },
  };
}

function isPinoPrettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The query parameters whose values a request log line keeps: pages, filters by status,
 * date, kind or id. Any other value is written `[redacted]`: a token someone put in a URL
 * (`?token=`, `?access_token=`: sign-in tokens go in the Authorization header, but a client
 * may still try), a search (`q`: a visitor's name or phone), a tRPC call's `input`.
 */
const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'limit',
  'offset',
  'status',
  'from',
  'to',
  'since',
  'days',
  'kind',
  'mine',
  'action',
  'targetType',
  'targetId',
  'actorId',
  'apiTokenId',
  'houseId',
  'gateId',
  'batch',
]);

/** What stands for a query value the log does not keep. */
export const REDACTED = '[redacted]';

/**
 * `url` (a request's path and query) as a log line shows it: the path as it is, and each
 * query parameter's value `[redacted]` unless its name is one of LOGGED_QUERY_PARAMETERS.
 * The names stay (they say what kind of request it was), and so does a value-less parameter.
 */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parts = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is no known parameter.
      }
      return LOGGED_QUERY_PARAMETERS.has(decoded) ? part : `${name}=${REDACTED}`;
    });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/** What Fastify's request serializer reads of a request, with the URL redacted. */
function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: redactedUrl(request.url), headers: request.headers, host: request.host, ip: request.ip, socket: request.socket };
}

/**
 * Fastify's request log lines ("incoming request", a 5xx's line, "Route … not found") with
 * the URL's query values redacted (`redactedUrl`); everything else as Fastify writes it.
 */
export class RedactingLogController extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply, _metadata?: Record<string, unknown>): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: loggedRequest(request) }, 'incoming request');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (reply.statusCode < 500) return super.defaultErrorLog(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    reply.log.error({ req: loggedRequest(request), res: reply, err: error }, error?.message);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply, _metadata?: Record<string, unknown>): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: loggedRequest(request), res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest, _reply: FastifyReply, _metadata?: Record<string, unknown>): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${redactedUrl(request.raw.url ?? '')} not found`);
  }
}
