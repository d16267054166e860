/**
 * The OpenAPI 3.1 document of the REST API (docs/api.md#openapi-and-the-api-reference,
 * docs/api.md#error-codes), generated from the one
 * REST table (`restRoutes`) and each procedure's zod `.input()` / `.output()` schemas, so it
 * can never describe a path the server does not answer or a body the procedure does not
 * take. Nothing here is a second copy of a rule: the statuses an operation documents are
 * derived from the table (input, path parameters, idempotency, binary bodies), the access
 * matrix (public, signed-in, role-restricted) and the error codes of docs/api.md#error-codes.
 *
 * The server builds the document once at start and serves it at GET /api/openapi.json and
 * as a human reference at /api/docs; the REST tests validate every answer against it.
 */
import { ERROR_CODE_STATUS, ERROR_CODES, REFUSAL_REASONS, ZRefusalDetails, type ErrorCode } from '@gatehouse/shared';
import { z } from 'zod';

import { ACCESS, type Access } from './access';
import { restRoutes, type ProcedurePath, type RestRequestParts, type RestRoute } from './rest';
import { MAX_CONCURRENT_EXPORTS } from './services/exports';
import { appRouter } from './root';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

/** The OpenAPI document: plain JSON, typed loosely (it is served and linted as data). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    headers: Record<string, unknown>;
    parameters: Record<string, unknown>;
  };
}

/** One operation of the document (the fields the generator writes and the tests read). */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: { required: boolean; content: Record<string, unknown>; description?: string };
  responses: Record<string, unknown>;
}

/** What the generator needs besides the table. */
export interface OpenApiOptions {
  /** The API's version (the server's package.json version). */
  version: string;
}

/** The error statuses an operation may document, each with its reusable response in `components.responses`. */
export const ERROR_RESPONSE_NAMES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'IdempotencyKeyReused',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'Unavailable',
} as const;

/** An error status the document uses. */
export type DocumentedErrorStatus = keyof typeof ERROR_RESPONSE_NAMES;

const ERROR_DESCRIPTIONS: Record<DocumentedErrorStatus, string> = {
  400: 'Invalid input (VALIDATION_FAILED, with `details` naming the fields) or a malformed request (BAD_REQUEST).',
  401: 'No, unknown, expired or revoked token (UNAUTHENTICATED), or a wrong sign-in (INVALID_CREDENTIALS).',
  403: 'Signed in, but the role or the ownership forbids it (FORBIDDEN), or the account is inactive (ACCOUNT_INACTIVE).',
  404: 'Unknown or malformed id, or an object outside the caller’s reach (NOT_FOUND).',
  409: 'The object’s status does not allow the move (INVALID_TRANSITION), a uniqueness or reference conflict or a request with the same Idempotency-Key still running (CONFLICT), or a blocklisted visitor (BLOCKLISTED).',
  413: 'The request body is over its limit (PAYLOAD_TOO_LARGE).',
  415: 'The body’s Content-Type is not the one the path takes (UNSUPPORTED_MEDIA_TYPE).',
  422: 'The Idempotency-Key was already used with another request (IDEMPOTENCY_KEY_REUSED).',
  429: 'A rate limit was hit (RATE_LIMITED); `Retry-After` says when to try again.',
  500: 'Anything else (INTERNAL); never internals in the text.',
  503: 'The database cannot serve now (UNAVAILABLE); `Retry-After` says when to try again.',
};

/** What each domain of the router is about: the document's tags. Unknown domains get a plain description. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-up, sign-in, sessions and the password (docs/api.md#sign-in-sessions-and-users).',
  users: 'User accounts (docs/security.md#who-may-do-what).',
  houses: 'Houses and their residents (docs/security.md#who-may-do-what).',
  vehicles: 'Residents’ vehicles (docs/security.md#who-may-do-what).',
  visitors: 'Invitations, walk-ins and the gate: scan, check-in, check-out, photos and live events (docs/api.md#visitors-and-their-statuses, docs/gate.md#live-updates).',
  payments: 'Community dues (docs/api.md#payments).',
  passes: 'Recurring passes for frequent visitors: create, read with attendance, change, pause, resume, cancel (docs/operations.md#frequent-visitors).',
  audit: 'The audit log, for admins.',
  gate: 'The gate tablet working offline: the gate pack and Needs review (offline-gate).',
  apiTokens: 'API tokens for integrations, for admins (docs/api.md#api-tokens).',
  webhooks: 'Webhook endpoints and their deliveries, for admins (docs/api.md#webhooks).',
  system: 'Health and this document.',
};

/**
 * Public procedures that still read a bearer token when one is sent: logout revokes the
 * token presented (docs/api.md#sign-in-sessions-and-users). Every other public procedure ignores
 * it.
 */
const OPTIONAL_TOKEN: ReadonlySet<ProcedurePath> = new Set<ProcedurePath>(['auth.logout']);

/**
 * Statuses a few procedures answer that the table and the access matrix cannot show
 * (docs/api.md#sign-in-sessions-and-users, docs/api.md#visitors-and-their-statuses): the public
 * sign-up and sign-in refuse with 401, 403 and 409
 * of their own, sign-out refuses an API token with 403 (docs/api.md#api-tokens), and the scan's
 * unknown token is a 404 without an id in the path.
 */
const EXTRA_STATUSES: Partial<Record<ProcedurePath, DocumentedErrorStatus[]>> = {
  'auth.signup': [403, 409],
  'auth.login': [401, 403],
  // docs/api.md#api-tokens: an API token may not sign out (nor sign in or up: 403 above).
  'auth.logout': [403],
  'visitors.scan': [404],
};

/** A few worked examples (the document's readers start here). */
const EXAMPLES: Partial<Record<ProcedurePath, { request?: unknown; response?: unknown }>> = {
  'auth.login': {
    request: { email: 'admin@gatehouse.test', password: 'gatehouse123' },
    response: {
      token: 'pS2l0lq1kX9rW3uYcB7n4aE8vQ6tD0fJmZ5hG1oK2yI',
      user: {
        id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
        name: 'Ada Admin',
        email: 'admin@gatehouse.test',
        phone: '+15551234567',
        role: 'admin',
        houseId: null,
        isActive: true,
        createdAt: '2026-11-01T09:00:00.000Z',
      },
      community: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'My Community', slug: 'default', timeZone: 'America/New_York' },
    },
  },
  'visitors.invite': {
    request: {
      name: 'Vera Visitor',
      phone: '+15557654321',
      houseId: '0b7e9c1d-2f3a-4b5c-9d6e-7f8a9b0c1d2e',
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      purpose: 'Family visit',
    },
    response: {
      id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      name: 'Vera Visitor',
      phone: '+15557654321',
      email: null,
      purpose: 'Family visit',
      vehicleLicensePlate: null,
      houseId: { id: '0b7e9c1d-2f3a-4b5c-9d6e-7f8a9b0c1d2e', houseNumber: '101', block: 'A' },
      hostId: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Priya Resident' },
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      status: 'approved',
      qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo…',
      qrCodeToken: 'q7R2mX9kL4pT8wZ1vB6nC3dF',
      passCode: '042917',
      check_in_time: null,
      check_out_time: null,
      notes: null,
      createdAt: '2026-11-21T18:30:00.000Z',
      kind: 'invitation',
      hasPhoto: false,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      anonymisedAt: null,
      checkInGate: null,
      checkOutGate: null,
    },
  },
};

/** `/api/visitors/:id` → `/api/visitors/{id}` (Fastify's path syntax to OpenAPI's). */
export function openApiPathOf(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The path parameters of a Fastify path, in order: `/api/houses/:id/residents/:residentId` → `['id', 'residentId']`. */
export function pathParametersOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** The operation id of a procedure: the procedure path itself, e.g. `visitors.scan` (URL-safe). */
export const operationIdOf = (procedure: string) => procedure;

/** The access-matrix entry of `procedure` ('public', 'signed-in' or its roles). */
export function accessOf(procedure: string): Access {
  const [domain, name] = procedure.split('.') as [string, string];
  const access = (ACCESS as Record<string, Record<string, Access> | undefined>)[domain]?.[name];
  if (access === undefined) throw new Error(`OpenAPI: ${procedure} is not in the access matrix`);
  return access;
}

/**
 * Which parts of the request a route's input builder reads (`params`, `query`, `body`,
 * `headers`, `raw`), found by running it once on recording stand-ins: the table's builders
 * stay the one description of where each input comes from.
 */
export function requestPartsReadBy(route: RestRoute): Set<keyof RestRequestParts> {
  const read = new Set<keyof RestRequestParts>();
  const parts = new Proxy({ params: {}, query: {}, body: {}, headers: {}, raw: new Uint8Array() }, {
    get(target, key: string | symbol) {
      if (typeof key === 'string') read.add(key as keyof RestRequestParts);
      return Reflect.get(target, key) as unknown;
    },
  });
  route.input(parts);
  return read;
}

/** A procedure's zod schemas, read from the router's definition (tRPC 11: `_def.inputs`, `_def.output`). */
interface ProcedureSchemas {
  inputs: z.ZodType[];
  output: z.ZodType | undefined;
  type: 'query' | 'mutation' | 'subscription';
}

function schemasOf(procedure: string): ProcedureSchemas {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureSchemas } | undefined> }).procedures;
  const found = procedures[procedure];
  if (!found) throw new Error(`OpenAPI: no procedure ${procedure}`);
  return { inputs: found._def.inputs ?? [], output: found._def.output, type: found._def.type };
}

/**
 * A zod schema as JSON Schema 2020-12 for one direction (`input`: what a client sends,
 * defaults optional and before transforms; `output`: what it receives). What JSON Schema
 * cannot express does not crash the document: dates become ISO strings (as JSON carries
 * them), byte arrays binary strings, transforms and other unrepresentable parts `{}`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (context) => {
      const def = (context.zodSchema as unknown as { _zod: { def: { type: string; fn?: unknown } } })._zod.def;
      if (def.type === 'date') Object.assign(context.jsonSchema, { type: 'string', format: 'date-time' });
      if (def.type === 'custom') Object.assign(context.jsonSchema, { type: 'string', format: 'binary' });
    },
  }) as JsonSchema;
  const { $schema: _schema, $defs, ...rest } = converted;
  if ($defs !== undefined) throw new Error('OpenAPI: schemas with $defs are not supported; register no ids on shared schemas');
  return rest;
}

/** The input of a procedure as one JSON Schema object (several `.input()` calls are merged), or null when it takes none. */
function inputSchemaOf(schemas: ProcedureSchemas): JsonSchema | null {
  const objects = schemas.inputs.map((input) => jsonSchemaOf(input, 'input'));
  if (objects.length === 0) return null;
  if (objects.length === 1) return objects[0]!;
  return {
    type: 'object',
    properties: Object.assign({}, ...objects.map((object) => object.properties ?? {})),
    required: objects.flatMap((object) => (object.required as string[] | undefined) ?? []),
  };
}

/** `schema` without the properties in `names` (the path parameters, documented apart). */
function withoutProperties(schema: JsonSchema, names: string[]): JsonSchema {
  if (names.length === 0) return schema;
  const properties = Object.fromEntries(Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).filter(([name]) => !names.includes(name)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !names.includes(name));
  const { required: _required, ...rest } = schema;
  return { ...rest, properties, ...(required.length > 0 ? { required } : {}) };
}

const propertiesOf = (schema: JsonSchema | null) => (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};
const requiredOf = (schema: JsonSchema | null) => (schema?.required as string[] | undefined) ?? [];

/** `lastEventId` → `Last-Event-Id`: an input property read from a header of that name. */
const headerNameOf = (property: string) =>
  property.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/** `checkIn` → `check in`, `byId` → `by id`. */
const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The error statuses an operation documents, derived from the table and the access
 * matrix (docs/api.md#the-envelope, docs/api.md#error-codes): 400 when it takes input besides path
 * parameters (or a body, or an Idempotency-Key); 401 when it needs a sign-in; 403 when it does (roles, and the rights
 * API tokens lack); 404 when its path names an object or its input an id; 409 for
 * state-changing calls that need a sign-in (state moves, uniqueness, the Idempotency-Key
 * in progress) and public creations (a taken email); 413 when it takes a JSON body (a
 * photo over its limit is a 400) and 415 when it takes any body;
 * 422 when it honours an Idempotency-Key; 429 everywhere (the general API limit); 503
 * and 500 everywhere. Plus the few statuses of `EXTRA_STATUSES`.
 */
export function errorStatusesOf(route: RestRoute): DocumentedErrorStatus[] {
  const schemas = schemasOf(route.procedure);
  const input = inputSchemaOf(schemas);
  const read = requestPartsReadBy(route);
  const access = accessOf(route.procedure);
  const signedIn = access !== 'public';
  const takesPhoto = route.binary !== undefined && read.has('raw');
  const pathNames = pathParametersOf(route.path);
  const statuses = new Set<DocumentedErrorStatus>([429, 500, 503]);
  const inputNames = Object.keys(propertiesOf(input));
  // Path parameters alone are no 400: a malformed id is 404 (docs/api.md#the-envelope).
  const readsMore = read.has('query') || read.has('body') || read.has('headers');
  if ((readsMore && inputNames.some((name) => !pathNames.includes(name))) || route.takesBody || takesPhoto || route.idempotent) statuses.add(400);
  if (signedIn) statuses.add(401).add(403);
  // An id in the body, or a list of them (`houseIds` of bulk dues, docs/operations.md#dues-ledger),
  // may name nothing: 404.
  if (pathNames.length > 0 || (route.takesBody && inputNames.some((name) => name === 'id' || name.endsWith('Id') || name.endsWith('Ids')))) statuses.add(404);
  if (route.method !== 'GET' && (signedIn || route.successStatus === 201)) statuses.add(409);
  // A JSON body over 100 KB is 413; a photo over its own limit is 400 in the photo's words
  // (docs/gate.md#walk-ins).
  if (route.takesBody) statuses.add(413);
  if (route.takesBody || takesPhoto) statuses.add(415);
  if (route.idempotent) statuses.add(422);
  for (const status of EXTRA_STATUSES[route.procedure] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The OpenAPI description of a success status (the table's successStatus is one of these). */
const SUCCESS_DESCRIPTIONS: Readonly<Record<200 | 201 | 202, string>> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };
const successDescription = (status: 200 | 201 | 202) => SUCCESS_DESCRIPTIONS[status];

/** The success envelope of docs/api.md#the-envelope around `data`. */
function successEnvelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'data', 'error'],
    additionalProperties: false,
    properties: { success: { const: true }, data, error: { type: 'null' } },
  };
}

const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The operation of one row of the table. */
function operationOf(route: RestRoute): OpenApiOperation {
  const schemas = schemasOf(route.procedure);
  const input = inputSchemaOf(schemas);
  const read = requestPartsReadBy(route);
  const access = accessOf(route.procedure);
  const pathNames = pathParametersOf(route.path);
  const [domain, name] = route.procedure.split('.') as [string, string];
  const example = EXAMPLES[route.procedure];

  const parameters: unknown[] = pathNames.map((parameter) => ({
    name: parameter,
    in: 'path',
    required: true,
    description: 'A UUID; a malformed or unknown one is 404.',
    schema: propertiesOf(input)[parameter] ?? { type: 'string' },
  }));
  if (read.has('query')) {
    for (const [property, schema] of Object.entries(propertiesOf(input))) {
      if (pathNames.includes(property)) continue;
      parameters.push({ name: property, in: 'query', required: requiredOf(input).includes(property), schema });
    }
  }
  if (read.has('headers')) {
    for (const [property, schema] of Object.entries(propertiesOf(input))) {
      parameters.push({ name: headerNameOf(property), in: 'header', required: false, schema: { type: 'string', ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}) } });
    }
  }
  if (route.idempotent) parameters.push(ref('parameters', 'IdempotencyKey'));

  let requestBody: OpenApiOperation['requestBody'];
  if (route.takesBody && input) {
    const body = withoutProperties(input, pathNames);
    requestBody = {
      required: requiredOf(body).length > 0,
      content: { 'application/json': { schema: body, ...(example?.request ? { example: example.request } : {}) } },
    };
  } else if (route.binary === 'jpeg' && read.has('raw')) {
    requestBody = {
      required: true,
      description: 'The photo itself, a JPEG of at most 200 KB (docs/gate.md#walk-ins).',
      content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    };
  }

  const responses: Record<string, unknown> = {};
  const output = schemas.output ? jsonSchemaOf(schemas.output, 'output') : {};
  if (route.stream) {
    responses[route.successStatus] = {
      description:
        'A stream of server-sent events: each has `id` (resume with `Last-Event-ID`), `event` (its type, e.g. `visitor.updated`) and `data` (the visitor JSON); a comment line every 25 s keeps it open. A stream the server ends sends a last `closed` event whose `data` is the error envelope: 401 (signed out, token revoked, user deactivated), 503 (role or house changed: reconnect), 429 (a newer stream of the same session, token or user took its place: at most 3 per session or token, 5 per user).',
      content: { 'text/event-stream': { schema: { type: 'string' }, example: 'id: 42\nevent: visitor.updated\ndata: {"id":"3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f","status":"checked-in"}\n\n' } },
    };
  } else if (route.csv) {
    responses[route.successStatus] = {
      description:
        'The rows as CSV (docs/operations.md#reports-exports-and-inside-now), streamed: a header row, then one row per record; times ISO 8601 in the community’s zone with the offset; a cell starting with `=`, `+`, `-` or `@` is prefixed with `\'`. The default range is the last 30 days.',
      headers: {
        'Content-Disposition': {
          description: 'The file name, e.g. `attachment; filename="visitors-2026-10-25-to-2026-11-23.csv"`.',
          schema: { type: 'string' },
        },
      },
      content: { 'text/csv': { schema: { type: 'string' }, example: CSV_EXAMPLES[route.procedure] ?? 'id\n' } },
    };
  } else if (route.binary === 'jpeg' && route.method === 'GET') {
    responses[route.successStatus] = {
      description: 'The photo, a JPEG.',
      content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (route.list) {
    const items = propertiesOf(output).items ?? { type: 'array' };
    responses[route.successStatus] = {
      description: `${successDescription(route.successStatus)}: one page of the list in \`data\`; the full count in \`X-Total-Count\`.`,
      headers: { 'X-Total-Count': ref('headers', 'XTotalCount') },
      content: { 'application/json': { schema: successEnvelope(items) } },
    };
  } else {
    responses[route.successStatus] = {
      description: successDescription(route.successStatus),
      content: {
        'application/json': {
          schema: successEnvelope(output),
          ...(example?.response ? { example: { success: true, data: example.response, error: null } } : {}),
        },
      },
    };
  }
  for (const status of errorStatusesOf(route)) responses[status] = ref('responses', ERROR_RESPONSE_NAMES[status]);

  const who = access === 'public' ? 'no token' : access === 'signed-in' ? 'any signed-in user' : access.join(', ');
  const notes = [
    route.csv
      ? `Calls the procedure \`${route.procedure}\`; only this path can stream its rows.`
      : `Calls the procedure \`${route.procedure}\` (also at /trpc/${route.procedure}).`,
    `Access: ${who}.`,
    ...(route.csv ? [`At most ${MAX_CONCURRENT_EXPORTS} exports run at once per server; another is 429 with \`Retry-After\`.`] : []),
    ...(route.list ? ['Paged with `limit` (1–100, default 50) and `offset`; the full count is in `X-Total-Count`.'] : []),
    ...(route.idempotent ? ['Honours `Idempotency-Key` (docs/gate.md#recording-moves-offline): a repeat gets the first answer, marked `Idempotency-Replayed: true`.'] : []),
  ];
  return {
    operationId: operationIdOf(route.procedure),
    summary: `${domain[0]!.toUpperCase()}${domain.slice(1)}: ${wordsOf(name)}`,
    description: notes.join(' '),
    tags: [domain],
    ...(access === 'public' ? { security: OPTIONAL_TOKEN.has(route.procedure) ? [{}, { bearer: [] }] : [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** An example file of each CSV export (docs/operations.md#reports-exports-and-inside-now). */
const CSV_EXAMPLES: Partial<Record<ProcedurePath, string>> = {
  'visitors.exportCsv':
    'id,kind,name,phone,email,purpose,houseNumber,block,host,visitDate,visitTimeFrom,visitTimeTo,status,checkInTime,checkOutTime,checkInGate,checkOutGate\n' +
    "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f,invitation,Vera Visitor,'+15557654321,,Delivery,12,A,Rita Resident,2026-11-23,09:00,17:00,checked-out,2026-11-23T09:15:00+05:30,2026-11-23T10:02:41+05:30,,\n",
  'audit.exportCsv':
    'id,occurredAt,action,actor,actorEmail,apiToken,targetType,targetId,ipAddress,details\n' +
    '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b,2026-11-23T09:15:00+05:30,visitor.checked-in,Gus Guard,guard@example.com,,visitor,3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f,10.0.0.7,"{""notes"":null}"\n',
};

/**
 * The error envelope of one status: its `code` one of that status's codes
 * (docs/api.md#error-codes).
 */
function errorResponseOf(status: DocumentedErrorStatus) {
  const codes = ERROR_CODES.filter((code) => ERROR_CODE_STATUS[code] === status);
  const retryAfter = status === 429 || status === 503;
  const example: Record<number, { error: string; code: ErrorCode; details?: unknown }> = {
    400: { error: 'Visitor name is required', code: 'VALIDATION_FAILED', details: [{ path: 'name', message: 'Visitor name is required' }] },
    401: { error: 'Authentication required', code: 'UNAUTHENTICATED' },
    404: { error: 'Visitor not found', code: 'NOT_FOUND' },
    409: {
      error: 'Visitor cannot be checked in: status is checked-out',
      code: 'INVALID_TRANSITION',
      details: { reason: 'visitor-status', move: 'check-in', status: 'checked-out' },
    },
    429: { error: 'Too many requests, try again in 30 s', code: 'RATE_LIMITED', details: { reason: 'too-many-requests', seconds: 30 } },
  };
  const sample = example[status];
  return {
    description: ERROR_DESCRIPTIONS[status],
    ...(retryAfter ? { headers: { 'Retry-After': ref('headers', status === 429 ? 'RetryAfter' : 'RetryAfterWhenKnown') } } : {}),
    content: {
      'application/json': {
        schema: { allOf: [ref('schemas', 'ErrorEnvelope'), { properties: { code: { enum: codes } } }] },
        ...(sample ? { example: { success: false, data: null, ...sample } } : {}),
      },
    },
  };
}

/** GET /api/health (served by the host, outside the table) and this document. */
function systemPaths(): OpenApiDocument['paths'] {
  return {
    '/api/health': {
      get: {
        operationId: 'health',
        summary: 'System: health',
        description: 'Answers 200 once the server is ready (migrations done) and the database answers, 503 while it does not. No token; not rate limited.',
        tags: ['system'],
        security: [],
        responses: {
          200: {
            description: 'OK',
            content: {
              'application/json': {
                schema: successEnvelope({
                  type: 'object',
                  required: ['status', 'database'],
                  additionalProperties: false,
                  properties: { status: { const: 'ok' }, database: { const: 'ok' } },
                }),
                example: { success: true, data: { status: 'ok', database: 'ok' }, error: null },
              },
            },
          },
          500: ref('responses', 'InternalError'),
          503: ref('responses', 'Unavailable'),
        },
      },
    },
    '/api/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'System: this document',
        description: 'This OpenAPI 3.1 document, as JSON (not in the envelope). No token. The human reference is at /api/docs.',
        tags: ['system'],
        security: [],
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } } } } },
          },
          429: ref('responses', 'TooManyRequests'),
          500: ref('responses', 'InternalError'),
        },
      },
    },
  };
}

/**
 * Builds the whole document: one operation per row of `restRoutes` (in the table's order),
 * plus health and the document itself. Pure and synchronous; the server calls it once at
 * start. Throws when a row names a procedure missing from the router or the access matrix.
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const domains: string[] = [];
  for (const route of restRoutes) {
    const path = openApiPathOf(route.path);
    const operation = operationOf(route);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
    for (const tag of operation.tags) if (!domains.includes(tag)) domains.push(tag);
  }
  Object.assign(paths, systemPaths());
  domains.push('system');

  const codeTable = ERROR_CODES.map((code) => `\`${code}\` (${ERROR_CODE_STATUS[code]})`).join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse',
      version: options.version,
      description: [
        'The REST API of Gatehouse: visitor passes, gate check-in and community administration. Every path is a thin mapping onto a tRPC procedure (the same validation, permissions and errors as /trpc).',
        '',
        'Every answer is JSON in the envelope `{success, data, error}`: on success `error` is null; on an error `data` is null, `error` is the human text (English) and `code` a stable upper-case name (below), with `details`: for VALIDATION_FAILED the fields at fault (`[{path, message}]`); for a refusal whose text names values, an object (`RefusalDetails`) whose `reason` names the sentence and whose other properties are the values it names, raw (statuses and moves as the API spells them, dates `YYYY-MM-DD`, times `HH:MM`, numbers), e.g. `{"reason": "visit-window", "date": "2026-11-22", "from": "09:00", "to": "17:00"}` beside `This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM`, so that a client can word it in its own language. Lists put the page in `data` and the full count in `X-Total-Count`. Ids are UUIDs, dates `YYYY-MM-DD`, times `HH:MM`, instants ISO 8601 UTC.',
        '',
        'Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`.',
        '',
        `Error codes: ${codeTable}.`,
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: domains.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${wordsOf(name)} procedures.` })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/auth/login or /api/auth/signup (or an API token, `gh_…`).' },
      },
      schemas: {
        ErrorCode: { type: 'string', enum: [...ERROR_CODES], description: `The stable error codes of docs/api.md#error-codes, with their statuses: ${codeTable}.` },
        ErrorDetail: {
          type: 'object',
          required: ['path', 'message'],
          additionalProperties: false,
          properties: { path: { type: 'string', description: 'The input field, dotted for nested ones.' }, message: { type: 'string' } },
        },
        RefusalDetails: {
          ...jsonSchemaOf(ZRefusalDetails, 'output'),
          description: `The \`details\` of a refusal whose text names values: \`reason\` names the sentence (${REFUSAL_REASONS.join(', ')}) and the other properties are the values it names.`,
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'data', 'error', 'code'],
          additionalProperties: false,
          properties: {
            success: { const: false },
            data: { type: 'null' },
            error: { type: 'string', description: 'The human text (English); clients translate by `code`, and word a refusal from `details`.' },
            code: ref('schemas', 'ErrorCode'),
            details: {
              oneOf: [{ type: 'array', items: ref('schemas', 'ErrorDetail') }, ref('schemas', 'RefusalDetails')],
              description: 'Which fields failed (an array, always with VALIDATION_FAILED), or the reason and values of a refusal whose text names values (an object).',
            },
          },
        },
      },
      responses: Object.fromEntries(
        (Object.entries(ERROR_RESPONSE_NAMES) as Array<[string, string]>).map(([status, name]) => [name, errorResponseOf(Number(status) as DocumentedErrorStatus)]),
      ),
      headers: {
        XTotalCount: { description: 'The full count of the list (all pages).', required: true, schema: { type: 'integer', minimum: 0 } },
        RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
        RetryAfterWhenKnown: { description: 'Seconds to wait before trying again, when the server can tell.', required: false, schema: { type: 'integer', minimum: 1 } },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes the call safe to retry (docs/gate.md#recording-moves-offline): a repeat with the same key, user, method and path within 24 h gets the first answer; another body with the same key is 422.',
          schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x20-\\x7E]+$' },
        },
      },
    },
  };
}
