/**
 * Every form of "the database cannot serve now" answers 503 with Retry-After, never 500
 * (hardening issue, item 6); anything unknown stays a 500 without internals.
 */
import { describe, expect, it } from 'vitest';

import { describeError, httpError, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/errors';

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
      message: UNAVAILABLE_MESSAGE,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
  });

  it('gives a 503 raised by a procedure the same Retry-After', () => {
    expect(describeError(httpError(503, UNAVAILABLE_MESSAGE))).toMatchObject({ status: 503, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  });

  it('keeps anything else a 500 with no internals', () => {
    expect(describeError(databaseError('relation "nothing" does not exist', '42P01', true))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
  });
});
