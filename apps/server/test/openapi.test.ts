/**
 * The API described (docs/api.md#openapi-and-the-api-reference, docs/api.md#error-codes): the
 * OpenAPI document covers every row of the
 * REST table with the statuses the contracts give it, passes Redocly's recommended lint,
 * is served at GET /api/openapi.json with a human reference at /api/docs under our CSP;
 * and the response validator the REST tests use fails on answers that drift from it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { createMemoryAuthRateLimits, openApiPathOf, restRoutes, type OpenApiOperation } from '@gatehouse/api';
import { ERROR_CODE_STATUS, ERROR_CODES } from '@gatehouse/shared';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isRateLimited } from '../src/api-rate-limits';
import { apiDocument, buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';
import { OpenApiResponseValidator, withResponseValidation } from './support/openapi-validation';

const legs = await databaseLegs();
const document = apiDocument();

/** The operation of a row, by its Fastify path and method. */
const operationOf = (method: string, fastifyPath: string) => document.paths[openApiPathOf(fastifyPath)]?.[method.toLowerCase()];
const statusesOf = (operation: OpenApiOperation) => Object.keys(operation.responses).map(Number);

/**
 * The state moves of docs/api.md#visitors-and-their-statuses, docs/api.md#payments and
 * docs/gate.md#recording-moves-offline (a move from the wrong
 * status is 409 INVALID_TRANSITION), written here independently of the generator.
 */
const TRANSITIONS = [
  'visitors.cancel',
  'visitors.checkIn',
  'visitors.checkOut',
  'visitors.approve',
  'visitors.reject',
  'payments.update',
  'payments.complete',
  'payments.fail',
  'gate.dismissReview',
  'gate.recordReview',
];

/**
 * The REST paths that need no token (docs/api.md#sign-in-sessions-and-users): everything else needs
 * one.
 */
const PUBLIC = ['auth.signup', 'auth.login', 'auth.logout'];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 named Gatehouse, with the server’s version and bearer security', async () => {
    const serverPackage = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Gatehouse', version: serverPackage.version });
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.components.schemas.ErrorCode).toMatchObject({ enum: [...ERROR_CODES] });
  });

  it('has every row of the REST table, with its method, operation id and success answer, and nothing else but health and itself', () => {
    expect(restRoutes.length).toBeGreaterThan(40);
    for (const route of restRoutes) {
      const operation = operationOf(route.method, route.path);
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.operationId).toBe(route.procedure);
      expect(operation!.responses[String(route.successStatus)], `${route.method} ${route.path} ${route.successStatus}`).toBeDefined();
      expect(operation!.tags).toEqual([route.procedure.split('.')[0]]);
    }
    const documented = Object.entries(document.paths).flatMap(([template, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${template}`));
    const expected = [...restRoutes.map((route) => `${route.method} ${openApiPathOf(route.path)}`), 'GET /api/health', 'GET /api/openapi.json'];
    expect(documented.sort()).toEqual(expected.sort());
    const operationIds = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('gives every operation the statuses of docs/api.md#the-envelope and docs/api.md#error-codes', () => {
    for (const route of restRoutes) {
      const operation = operationOf(route.method, route.path)!;
      const statuses = statusesOf(operation);
      const label = `${route.method} ${route.path}: ${statuses.join(',')}`;
      const isPublic = PUBLIC.includes(route.procedure);
      expect(operation.security !== undefined, label).toBe(isPublic);
      for (const status of [429, 500, 503]) expect(statuses, label).toContain(status);
      expect(statuses.some((status) => status >= 400 && status < 500), label).toBe(true);
      if (!isPublic) expect(statuses, label).toEqual(expect.arrayContaining([401, 403]));
      if (route.path.includes(':')) expect(statuses, label).toContain(404);
      if (route.takesBody) expect(statuses, label).toEqual(expect.arrayContaining([400, 413, 415]));
      if (route.binary === 'jpeg' && route.method !== 'GET') expect(statuses, label).toEqual(expect.arrayContaining([400, 415]));
      if (TRANSITIONS.includes(route.procedure)) expect(statuses, label).toContain(409);
      const keyParameter = (operation.parameters ?? []).some((parameter) => (parameter as { $ref?: string }).$ref === '#/components/parameters/IdempotencyKey');
      expect(keyParameter, label).toBe(route.idempotent);
      expect(statuses.includes(422), label).toBe(route.idempotent);
      // Every error answer is the envelope with a code of its own status.
      for (const status of statuses.filter((status) => status >= 400)) {
        expect(operation.responses[String(status)], `${label} ${status}`).toMatchObject({ $ref: expect.stringMatching(/^#\/components\/responses\//) });
      }
    }
    // The sign-in's own refusals (docs/api.md#sign-in-sessions-and-users).
    expect(statusesOf(operationOf('POST', '/api/auth/login')!)).toEqual(expect.arrayContaining([400, 401, 403]));
    expect(statusesOf(operationOf('POST', '/api/auth/signup')!)).toEqual(expect.arrayContaining([400, 403, 409]));
    expect(statusesOf(operationOf('POST', '/api/visitors/scan')!)).toContain(404);
  });

  it('documents each error status with its own codes, and lists every code', () => {
    const codesOf = (name: string) => {
      const response = document.components.responses[name] as { content: { 'application/json': { schema: { allOf: Array<{ properties?: { code: { enum: string[] } } }> } } } };
      return response.content['application/json'].schema.allOf[1]!.properties!.code.enum;
    };
    const listed = new Set<string>();
    for (const [name, status] of Object.entries({ BadRequest: 400, Unauthorized: 401, Forbidden: 403, NotFound: 404, Conflict: 409, PayloadTooLarge: 413, UnsupportedMediaType: 415, IdempotencyKeyReused: 422, TooManyRequests: 429, InternalError: 500, Unavailable: 503 })) {
      const codes = codesOf(name);
      expect(codes.length, name).toBeGreaterThan(0);
      for (const code of codes) {
        expect(ERROR_CODE_STATUS[code as keyof typeof ERROR_CODE_STATUS], `${name} ${code}`).toBe(status);
        listed.add(code);
      }
    }
    // Every code of docs/api.md#error-codes a REST answer can carry (405 is tRPC's alone).
    expect([...listed].sort()).toEqual(ERROR_CODES.filter((code) => code !== 'METHOD_NOT_ALLOWED').sort());
    expect(document.components.responses.TooManyRequests).toMatchObject({ headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } });
  });

  it('puts lists’ items in data with X-Total-Count, requests and parameters from the procedures’ input', () => {
    for (const route of restRoutes.filter((candidate) => candidate.list)) {
      const success = operationOf(route.method, route.path)!.responses[String(route.successStatus)] as {
        headers: Record<string, unknown>;
        content: { 'application/json': { schema: { properties: { data: { type: string } } } } };
      };
      expect(success.headers['X-Total-Count'], route.path).toEqual({ $ref: '#/components/headers/XTotalCount' });
      expect(success.content['application/json'].schema.properties.data.type, route.path).toBe('array');
    }
    const visitors = operationOf('GET', '/api/visitors')!;
    expect((visitors.parameters as Array<{ name: string; in: string }>).map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['query:limit', 'query:offset', 'query:status', 'query:q']),
    );
    const login = operationOf('POST', '/api/auth/login')!;
    expect(login.requestBody?.content['application/json']).toMatchObject({
      schema: { type: 'object', required: ['email', 'password'] },
      example: { email: 'admin@gatehouse.test', password: 'gatehouse123' },
    });
    const update = operationOf('PUT', '/api/houses/:id')!;
    expect(update.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(Object.keys((update.requestBody?.content['application/json'] as { schema: { properties: object } }).schema.properties)).not.toContain('id');
    const photo = operationOf('PUT', '/api/visitors/:id/photo')!;
    expect(Object.keys(photo.requestBody!.content)).toEqual(['image/jpeg']);
    expect(Object.keys((operationOf('GET', '/api/visitors/:id/photo')!.responses['200'] as { content: object }).content)).toEqual(['image/jpeg']);
    expect(Object.keys((operationOf('GET', '/api/events')!.responses['200'] as { content: object }).content)).toEqual(['text/event-stream']);
    // docs/operations.md#reports-exports-and-inside-now: the CSV exports, with their query
    // parameters.
    for (const [path, names] of [
      ['/api/visitors/export.csv', ['status', 'from', 'to', 'houseId', 'gateId', 'q', 'mine']],
      ['/api/audit/export.csv', ['from', 'to', 'action', 'actorId', 'targetType', 'targetId', 'apiTokenId']],
    ] as const) {
      const exported = operationOf('GET', path)!;
      expect(Object.keys((exported.responses['200'] as { content: object }).content), path).toEqual(['text/csv']);
      expect((exported.parameters as Array<{ name: string; in: string }>).map((parameter) => `${parameter.in}:${parameter.name}`), path).toEqual(names.map((name) => `query:${name}`));
      expect(Object.keys(exported.responses), path).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
    }
  });

  it('asks no token of sign-up, sign-in and health, and a bearer token of the rest', () => {
    expect(operationOf('POST', '/api/auth/signup')!.security).toEqual([]);
    expect(operationOf('POST', '/api/auth/login')!.security).toEqual([]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/openapi.json']!.get!.security).toEqual([]);
    for (const route of restRoutes.filter((candidate) => !candidate.procedure.startsWith('auth.'))) {
      expect(operationOf(route.method, route.path)!.security, `${route.method} ${route.path}`).toBeUndefined();
    }
  });

  it('passes Redocly’s recommended lint, offline, with no error or warning', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const config = path.join(import.meta.dirname, '..', 'redocly.yaml');
      const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        timeout: 60_000,
        maxBuffer: 20 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr }));
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: unknown }> };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message} ${JSON.stringify(problem.location)}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the response validator', () => {
  const validator = new OpenApiResponseValidator(document);
  const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  });
  const house = { id: '0b7e9c1d-2f3a-4b5c-9d6e-7f8a9b0c1d2e', houseNumber: '101', block: 'A' };

  it('accepts answers as documented', () => {
    expect(validator.problems('GET', '/api/health', json(200, { success: true, data: { status: 'ok', database: 'ok' }, error: null }))).toEqual([]);
    expect(validator.problems('GET', '/api/visitors?limit=5', json(200, { success: true, data: [], error: null }, { 'x-total-count': '0' }))).toEqual([]);
    expect(validator.problems('GET', '/api/visitors/abc', json(404, { success: false, data: null, error: 'Visitor not found', code: 'NOT_FOUND' }))).toEqual([]);
    expect(validator.problems('GET', '/api/nothing', json(404, { success: false, data: null, error: 'Not found', code: 'NOT_FOUND' }))).toEqual([]);
    expect(validator.templateOf('/api/visitors/my-invitations', 'GET')).toBe('/api/visitors/my-invitations');
    expect(validator.templateOf('/api/visitors/123', 'GET')).toBe('/api/visitors/{id}');
  });

  it('fails on a body that drifts from the schema, a missing X-Total-Count, an undocumented status or a wrong code', () => {
    // A visitor without most of its fields, and a house with an extra one.
    expect(validator.problems('POST', '/api/visitors/scan', json(200, { success: true, data: { id: 'x', houseId: { ...house, owner: 'x' } }, error: null })).join()).toMatch(/does not match/);
    // The success envelope with a code.
    expect(validator.problems('GET', '/api/health', json(200, { success: true, data: { status: 'ok', database: 'ok' }, error: null, code: 'INTERNAL' })).join()).toMatch(/does not match/);
    // A list without its count, or with a count that is not a number.
    expect(validator.problems('GET', '/api/houses', json(200, { success: true, data: [], error: null })).join()).toMatch(/X-Total-Count missing/);
    expect(validator.problems('GET', '/api/houses', json(200, { success: true, data: [], error: null }, { 'x-total-count': 'many' })).join()).toMatch(/not a whole number/);
    // A list whose data is not an array.
    expect(validator.problems('GET', '/api/houses', json(200, { success: true, data: { items: [] }, error: null }, { 'x-total-count': '0' })).join()).toMatch(/does not match/);
    // 418 is no status of the path; a 401 where no token is needed.
    expect(validator.problems('GET', '/api/houses', json(418, { success: false, data: null, error: 'Teapot', code: 'BAD_REQUEST' })).join()).toMatch(/status not documented/);
    expect(validator.problems('POST', '/api/auth/logout', json(401, { success: false, data: null, error: 'No', code: 'UNAUTHENTICATED' })).join()).toMatch(/status not documented/);
    // A code of another status, a code that does not exist, an error without its text.
    expect(validator.problems('GET', '/api/houses', json(401, { success: false, data: null, error: 'No', code: 'FORBIDDEN' })).join()).toMatch(/does not match/);
    expect(validator.problems('GET', '/api/houses', json(401, { success: false, data: null, error: 'No', code: 'NOPE' })).join()).toMatch(/does not match/);
    expect(validator.problems('GET', '/api/houses', json(401, { success: false, data: null, code: 'UNAUTHENTICATED' })).join()).toMatch(/does not match/);
    // 429 without Retry-After; HTML where JSON is documented; an /api path not in the document answered 200.
    expect(validator.problems('GET', '/api/houses', json(429, { success: false, data: null, error: 'Slow down', code: 'RATE_LIMITED' })).join()).toMatch(/Retry-After missing/);
    expect(validator.problems('GET', '/api/health', { statusCode: 200, headers: { 'content-type': 'text/html' }, body: '<p>ok</p>' }).join()).toMatch(/Content-Type text\/html not documented/);
    expect(validator.problems('GET', '/api/secret', json(200, { success: true, data: null, error: null })).join()).toMatch(/not in the OpenAPI document/);
  });
});

describe.each(legs)('serving the document on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));

  beforeAll(async () => {
    test = await leg.create();
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
    app = withResponseValidation(
      await buildApp({
        db: test.db,
        service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        webRoot,
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers GET /api/openapi.json without a token, the document built at start', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(document)));
    expect(apiDocument()).toBe(document);
  });

  it('serves the reference at /api/docs from our own files, under the app’s CSP, with no inline script or style', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const webPage = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toBe(webPage.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    const html = page.body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes, 'every script is a file').toMatch(/\bsrc="/);
      expect(content!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'served by us').toMatch(/^\/api\/docs\/static\//);
      const response = await app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
    // The page loads the document from beside itself.
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Gatehouse' } });
  });

  it('counts the reference page and the document against the API rate limit, not the reference’s files', () => {
    expect(isRateLimited('/api/openapi.json')).toBe(true);
    expect(isRateLimited('/api/docs')).toBe(true);
    expect(isRateLimited('/api/docs/static/swagger-ui-bundle.js')).toBe(false);
  });

  it('still answers unknown /api paths with 404 in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
