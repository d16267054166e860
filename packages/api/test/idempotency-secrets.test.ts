/**
 * No path that honours an Idempotency-Key takes a password or another secret in its body:
 * the idempotency store keeps a SHA-256 of each keyed body, which must never be a fast hash
 * of a secret. Read from every procedure's input schema, so a new path with a password
 * field fails here until it is marked in the REST table.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { appRouter } from '../src/root';
import { isIdempotentProcedure, restRoutes } from '../src/rest';

/** Every property name of a JSON Schema, however deep. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (schema === null || typeof schema !== 'object') return [];
  const object = schema as Record<string, unknown>;
  const own = object.properties && typeof object.properties === 'object' ? Object.keys(object.properties) : [];
  return [...own, ...Object.values(object).flatMap(propertyNames)];
}

const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { inputs?: z.ZodType[] } }> }).procedures;
const SECRET_FIELD = /password|secret/i;

describe('Idempotency-Key and secrets', () => {
  it('no idempotent path takes a password or secret', () => {
    const offending = restRoutes
      .filter((route) => route.idempotent)
      .filter((route) =>
        (procedures[route.procedure]?._def.inputs ?? []).some((input) =>
          propertyNames(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' })).some((name) => SECRET_FIELD.test(name)),
        ),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(offending).toEqual([]);
  });

  it('the password paths take no key, over REST and tRPC alike', () => {
    for (const procedure of ['auth.changePassword', 'users.create']) {
      expect(restRoutes.find((route) => route.procedure === procedure)?.idempotent, procedure).toBe(false);
      expect(isIdempotentProcedure(procedure), procedure).toBe(false);
    }
    // A path without a secret still does.
    expect(isIdempotentProcedure('visitors.checkIn')).toBe(true);
  });
});
