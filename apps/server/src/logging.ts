/**
 * How the server logs: JSON lines (pino) everywhere, readable lines (`pino-pretty`) in
 * development on a terminal (integrations issue: developer experience). Each request's
 * lines name its `requestId` (the X-Request-Id it is answered with, app.ts).
 */
import { createRequire } from 'node:module';

/** Fastify's `logger` option: a pino level, and the pretty transport when it applies. */
export interface LoggerOptions {
  level: string;
  transport?: { target: string; options: Record<string, unknown> };
}

/**
 * The logger options for `env` (LOG_LEVEL, default `info`; NODE_ENV; LOG_PRETTY). Lines
 * are pretty when LOG_PRETTY is `true`, or when NODE_ENV is not `production`, LOG_PRETTY
 * is not `false` and standard output is a terminal (`isTty`); and only when `pino-pretty`
 * is installed: it is a development dependency, absent from a production install, where
 * naming it as a transport would stop the server from starting.
 */
export function loggerOptions(env: NodeJS.ProcessEnv, isTty: boolean, prettyInstalled = isPinoPrettyInstalled()): LoggerOptions {
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
