/** The error codes of docs/api.md#error-codes: exactly the table's names, each with one status. */
import { describe, expect, it } from 'vitest';

import { ERROR_CODE_STATUS, ERROR_CODES, isErrorCode } from '../src';

describe('ERROR_CODES', () => {
  it('lists the codes of docs/api.md#error-codes (and 405), once each, in upper snake case', () => {
    expect([...ERROR_CODES].sort()).toEqual(
      [
        'VALIDATION_FAILED',
        'BAD_REQUEST',
        'UNAUTHENTICATED',
        'INVALID_CREDENTIALS',
        'FORBIDDEN',
        'ACCOUNT_INACTIVE',
        'NOT_FOUND',
        'METHOD_NOT_ALLOWED',
        'INVALID_TRANSITION',
        'CONFLICT',
        'BLOCKLISTED',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'IDEMPOTENCY_KEY_REUSED',
        'RATE_LIMITED',
        'UNAVAILABLE',
        'INTERNAL',
      ].sort(),
    );
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('gives every code the status of the table', () => {
    expect(Object.keys(ERROR_CODE_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_CODE_STATUS).toMatchObject({
      VALIDATION_FAILED: 400,
      BAD_REQUEST: 400,
      INVALID_CREDENTIALS: 401,
      ACCOUNT_INACTIVE: 403,
      INVALID_TRANSITION: 409,
      BLOCKLISTED: 409,
      IDEMPOTENCY_KEY_REUSED: 422,
      UNAVAILABLE: 503,
      INTERNAL: 500,
    });
  });

  it('recognises a code', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
