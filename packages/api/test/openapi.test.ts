/**
 * The OpenAPI generator's building blocks (docs/api.md#openapi-and-the-api-reference): zod schemas
 * that JSON Schema
 * cannot express convert without crashing, paths and operation ids follow the table, and
 * the generator reads where each row takes its input from the row's own input builder.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

import { jsonSchemaOf, openApiPathOf, operationIdOf, pathParametersOf, requestPartsReadBy } from '../src/openapi';
import { restRoutes } from '../src/rest';

const rowOf = (method: string, path: string) => restRoutes.find((route) => route.method === method && route.path === path)!;

describe('the OpenAPI generator', () => {
  it('converts dates, byte arrays and transforms instead of crashing, without $schema', () => {
    const schema = z.object({
      at: z.date(),
      jpeg: z.instanceof(Uint8Array),
      name: z.string().trim().transform((value) => value.toUpperCase()),
      limit: z.coerce.number().int().optional(),
    });
    const output = jsonSchemaOf(schema, 'output');
    expect(output).not.toHaveProperty('$schema');
    expect(output.properties).toMatchObject({ at: { type: 'string', format: 'date-time' }, jpeg: { type: 'string', format: 'binary' }, name: {} });
    const input = jsonSchemaOf(schema, 'input');
    expect(input.properties).toMatchObject({ name: { type: 'string' }, limit: { type: 'integer' } });
    expect(input.required).toEqual(['at', 'jpeg', 'name']);
  });

  it('writes Fastify paths as OpenAPI paths and names operations by their procedure', () => {
    expect(openApiPathOf('/api/houses/:id/residents/:residentId')).toBe('/api/houses/{id}/residents/{residentId}');
    expect(pathParametersOf('/api/houses/:id/residents/:residentId')).toEqual(['id', 'residentId']);
    expect(pathParametersOf('/api/visitors')).toEqual([]);
    expect(operationIdOf('visitors.checkIn')).toBe('visitors.checkIn');
  });

  it('reads where each row takes its input from the row’s input builder', () => {
    expect([...requestPartsReadBy(rowOf('GET', '/api/visitors'))]).toEqual(['query']);
    expect([...requestPartsReadBy(rowOf('POST', '/api/auth/login'))]).toEqual(['body']);
    expect([...requestPartsReadBy(rowOf('PUT', '/api/houses/:id'))].sort()).toEqual(['body', 'params']);
    expect([...requestPartsReadBy(rowOf('GET', '/api/auth/me'))]).toEqual([]);
    expect([...requestPartsReadBy(rowOf('GET', '/api/events'))]).toEqual(['headers']);
    expect([...requestPartsReadBy(rowOf('PUT', '/api/visitors/:id/photo'))].sort()).toEqual(['params', 'raw']);
  });
});
