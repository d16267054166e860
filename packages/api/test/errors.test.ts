/**
 * Every form of "the database cannot serve now" answers 503 with Retry-After, never 500
 * (docs/security.md#faults); anything unknown stays a 500 without internals. Every
 * description carries the stable code of docs/api.md#error-codes.
 */
import { TRPCError } from '@trpc/server';
import { ZLoginRequest } from '@gatehouse/shared';
import { describe, expect, it } from 'vitest';

import {
  describeError,
  errorCodeOf,
  httpError,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
} from '../src/errors';

/** An error shaped like the ones `pg` and MikroORM throw. */
function databaseError(message: string, code?: string, wrapped = false): Error {
  const error = Object.assign(new Error(message), code ? { code } : {});
  return wrapped ? Object.assign(new Error(`select 1 - ${message}`), { name: 'DriverException', cause: error }) : error;
}

describe('describeError for database outages', () => {
  it.each([
    ['refused', databaseError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['terminated', databaseError('Connection terminated unexpectedly')],
    ['administrator command', databaseError('terminating connection due to administrator command', '57P01', true)],
    ['not accepting connections', databaseError('database "gatehouse" is not currently accepting connections', '55000', true)],
    ['starting up', databaseError('the database system is starting up', '57P03')],
    ['too many connections', databaseError('sorry, too many clients already', '53300')],
    ['pool timeout', databaseError('timeout exceeded when trying to connect')],
    ['statement timeout', databaseError('canceling statement due to statement timeout', '57014', true)],
    ['lock timeout', databaseError('canceling statement due to lock timeout', '55P03', true)],
    ['lock timeout, MikroORM', Object.assign(new Error('lock wait'), { name: 'LockWaitTimeoutException' })],
  ])('answers %s with 503 and Retry-After', (_label, error) => {
    expect(describeError(error)).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      message: UNAVAILABLE_MESSAGE,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
  });

  it('gives a 503 raised by a procedure the same Retry-After', () => {
    expect(describeError(httpError(503, UNAVAILABLE_MESSAGE))).toMatchObject({ status: 503, code: 'UNAVAILABLE', retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  });

  it('keeps anything else a 500 with no internals', () => {
    expect(describeError(databaseError('relation "nothing" does not exist', '42P01', true))).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
  });
});

describe('describeError codes (docs/api.md#error-codes)', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [429, 'RATE_LIMITED'],
    [503, 'UNAVAILABLE'],
  ] as const)('gives httpError(%i) without a code the status’s general code %s', (status, code) => {
    expect(describeError(httpError(status, 'Some text'))).toMatchObject({ status, code, message: 'Some text' });
    expect(errorCodeOf(status)).toBe(code);
  });

  it('keeps the code an httpError names, with its text, details and Retry-After', () => {
    expect(describeError(httpError(401, 'Invalid email or password', { code: 'INVALID_CREDENTIALS' }))).toEqual({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(describeError(httpError(429, 'Too many attempts, try again in 9 s', { retryAfterSeconds: 9 }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts, try again in 9 s',
      retryAfterSeconds: 9,
    });
    expect(describeError(httpError(400, 'Visit date cannot be in the past', { field: 'visitDate' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Visit date cannot be in the past',
      details: [{ path: 'visitDate', message: 'Visit date cannot be in the past' }],
    });
    const details = [{ path: 'a', message: 'A is wrong' }, { path: 'b', message: 'B is wrong' }];
    expect(describeError(httpError(400, 'A is wrong', { details }))).toMatchObject({ code: 'VALIDATION_FAILED', details });
    // A code of another status, VALIDATION_FAILED without its details, or a field on another status does not compile.
    // @ts-expect-error INVALID_CREDENTIALS is a 401 code
    void httpError(404, 'Visitor not found', { code: 'INVALID_CREDENTIALS' });
    // @ts-expect-error VALIDATION_FAILED comes with `field` or `details`
    void httpError(400, 'Visit date cannot be in the past', { code: 'VALIDATION_FAILED' });
    // @ts-expect-error only a 400 names a field
    void httpError(409, 'Email is already registered', { field: 'email' });
  });

  it('answers a schema refusal with VALIDATION_FAILED, its first message and every field in details', () => {
    const parsed = ZLoginRequest.safeParse({ email: 'not-an-email', password: '1' });
    expect(parsed.success).toBe(false);
    const described = describeError(new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error }));
    expect(described).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: parsed.error!.issues[0]!.message });
    expect(described.details?.map((detail) => detail.path)).toEqual(['email', 'password']);
  });

  it('gives tRPC’s own refusals their codes', () => {
    const trpc = (code: TRPCError['code'], message = 'x') => describeError(new TRPCError({ code, message }));
    expect(trpc('PARSE_ERROR')).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Malformed JSON in request body' });
    expect(trpc('BAD_REQUEST', 'Batch is too large')).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'Batch is too large' });
    expect(trpc('NOT_FOUND')).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    expect(trpc('METHOD_NOT_SUPPORTED')).toEqual({ status: 405, code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' });
    expect(trpc('UNSUPPORTED_MEDIA_TYPE')).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE });
    expect(trpc('PAYLOAD_TOO_LARGE')).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' });
    expect(trpc('INTERNAL_SERVER_ERROR')).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });
    expect(describeError(new Error('boom'))).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });
  });
});
