/**
 * The small pieces every part of the host shares: the `/api` envelope (success and
 * error), the REST answer before it is sent, and what a request carries (its id, its
 * bearer token, whether it is an API path).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import { answeredDetails, describeError, errorCodeOf, type ErrorDetail } from '@gatehouse/api';
import type { ErrorCode, RefusalDetails } from '@gatehouse/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A REST answer before it is sent: status, envelope and headers. */
export interface RestAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** The envelope every `/api` answer uses: `{success: true, data, error: null}`. */
export function envelope(data: unknown) {
  return { success: true, data, error: null };
}

/**
 * The error envelope, with the error's stable code (one a client can branch on):
 * `{success: false, data: null, error, code}`, plus `details` when given: the fields at
 * fault (`[{path, message}]`, VALIDATION_FAILED) or a refusal's reason and values
 * (`{reason, …}`; packages/api/src/errors.ts says which). `code` defaults to the general
 * code of `status` (`errorCodeOf`), so the answers the server makes itself (unknown path,
 * 413, 415, 429, health) get theirs from the same table as the procedures' errors.
 */
export function errorEnvelope(status: number, message: string, options: { code?: ErrorCode; details?: ErrorDetail[] | RefusalDetails | undefined } = {}) {
  const code = options.code ?? errorCodeOf(status);
  return options.details
    ? { success: false, data: null, error: message, code, details: options.details }
    : { success: false, data: null, error: message, code };
}

/** Answers `status` with the error envelope of `message` (the status's general code). */
export const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send(errorEnvelope(status, message));

/** The envelope answer to `error`, logging what is not the caller's fault (a 5xx other than 503). */
export function errorAnswer(reply: FastifyReply, error: unknown): RestAnswer {
  const described = describeError(error);
  if (described.status >= 500 && described.status !== 503) reply.log.error({ err: error }, 'request failed');
  return {
    status: described.status,
    body: errorEnvelope(described.status, described.message, { code: described.code, details: answeredDetails(described) }),
    headers: described.retryAfterSeconds !== undefined ? { 'Retry-After': String(described.retryAfterSeconds) } : {},
  };
}

/** Sends a REST answer: its status, headers and body. */
export const sendAnswer = (reply: FastifyReply, answer: RestAnswer) => reply.code(answer.status).headers(answer.headers).send(answer.body);

/** Sends the envelope answer to `error` (see errorAnswer). */
export const sendError = (reply: FastifyReply, error: unknown) => sendAnswer(reply, errorAnswer(reply, error));

/** `Authorization: Bearer <token>` → the token, else null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** A caller's request id that we keep: 1–128 of `A-Z a-z 0-9 . _ : -`. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it is valid,
 * else a new random UUID. Sent back in `X-Request-Id` and named by every log line.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && VALID_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Whether `url` is an API path: `/api` or `/trpc`, alone or followed by `/` or `?` (`/api-tokens` is a screen of the web app). */
export const isApiPath = (url: string) => /^\/(api|trpc)(?:[/?]|$)/.test(url);

/** Whether `value` is a JSON object (not null, not an array). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
