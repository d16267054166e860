/**
 * The REST paths of docs/api.md#the-rest-paths, as one table from path to procedure. The server's
 * adapter mounts each row on Fastify and calls the procedure through the server-side
 * caller: one implementation, the same validation, permissions and errors as /trpc.
 */
import { ACCESS, type Access } from './access';
import type { AppRouter } from './root';

type RouterRecord = AppRouter['_def']['record'];

/** `domain.procedure`, e.g. `visitors.scan`: every procedure of the router. */
export type ProcedurePath = {
  [Domain in Extract<keyof RouterRecord, string>]: `${Domain}.${Extract<keyof RouterRecord[Domain], string>}`;
}[Extract<keyof RouterRecord, string>];

/** What the adapter hands an input builder: the parsed request parts. */
export interface RestRequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body as an object; `{}` when absent. A body that is not an object is refused before. */
  body: Record<string, unknown>;
  /** The raw body of a binary route (`binary`), else undefined. */
  raw?: Uint8Array;
  /** The request's headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
}

/** One REST path. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify path syntax (`:id`). */
  path: string;
  procedure: ProcedurePath;
  /**
   * Status of a success: 201 for creations (docs/api.md#the-envelope), 202 for work accepted to be
   * done later (a webhook resend, docs/api.md#webhooks), else 200.
   */
  successStatus: 200 | 201 | 202;
  /** Lists answer `{items, total}`: REST sends `items` as `data` and `total` as X-Total-Count. */
  list: boolean;
  /** Builds the procedure's input from the request. */
  input: (parts: RestRequestParts) => unknown;
  /** Whether the path takes a JSON body. */
  takesBody: boolean;
  /**
   * Whether the path honours an `Idempotency-Key` header (docs/gate.md#recording-moves-offline):
   * every
   * state-changing POST that needs a sign-in (its procedure is not public), except those
   * whose answer carries a secret shown once (`showsSecret`: a new API token or webhook
   * secret, docs/api.md#webhooks, docs/api.md#api-tokens), which must never be kept in the
   * idempotency store, and
   * those whose body carries a password (`takesSecret`): the store keeps a SHA-256 of each
   * body, and a fast hash of a password could be tested against guesses at that speed by
   * anyone who reads the database. On those paths the header is ignored (the work is done
   * each time), over REST and tRPC alike (`isIdempotentProcedure`).
   */
  idempotent: boolean;
  /**
   * What travels as the body instead of JSON: `jpeg`, a photo of at most 200 KB sent as
   * `image/jpeg` (docs/gate.md#walk-ins; the input builder gets it as `parts.raw`), and answered as
   * `image/jpeg` for a GET. Absent: JSON both ways, in the envelope.
   */
  binary?: 'jpeg';
  /**
   * The procedure is a subscription: answered as `text/event-stream` (docs/gate.md#live-updates),
   * each
   * item an event with `id` (when tracked), `event` (its `type`) and `data` (its `visitor`).
   */
  stream?: true;
  /**
   * A CSV export (docs/operations.md#reports-exports-and-inside-now): the procedure answers
   * `{filename, columns, rows}` (an
   * async iterable of rows, read lazily), streamed as `text/csv; charset=utf-8` with a header
   * row and `Content-Disposition: attachment; filename="<filename>"`; a cell starting with
   * `=`, `+`, `-` or `@` is prefixed with `'`. Errors before the first row answer in the
   * JSON envelope.
   */
  csv?: true;
}

const fromBody = ({ body }: RestRequestParts) => body;
const fromQuery = ({ query }: RestRequestParts) => query;
const fromParams = ({ params }: RestRequestParts) => params;
const fromParamsAndBody = ({ params, body }: RestRequestParts) => ({ ...body, ...params });
const fromParamsAndQuery = ({ params, query }: RestRequestParts) => ({ ...query, ...params });
const none = () => undefined;
const fromLastEventId = ({ headers }: RestRequestParts) => {
  const header = headers['last-event-id'];
  return { lastEventId: typeof header === 'string' && header.trim() !== '' ? header.trim() : null };
};
const fromParamsAndRaw = ({ params, raw }: RestRequestParts) => ({ ...params, jpeg: raw ?? new Uint8Array() });

/** Whether `procedure` needs a sign-in: its entry of the access matrix is not 'public'. */
function needsSignIn(procedure: ProcedurePath): boolean {
  const [domain, name] = procedure.split('.') as [keyof typeof ACCESS, string];
  return (ACCESS[domain] as Record<string, Access | undefined>)[name] !== 'public';
}

function route(
  method: RestRoute['method'],
  path: string,
  procedure: ProcedurePath,
  input: RestRoute['input'],
  options: { successStatus?: 201 | 202; list?: boolean; binary?: 'jpeg'; stream?: true; csv?: true; showsSecret?: true; takesSecret?: true } = {},
): RestRoute {
  return {
    method,
    path,
    procedure,
    input,
    successStatus: options.successStatus ?? 200,
    list: options.list ?? false,
    takesBody: input === fromBody || input === fromParamsAndBody,
    idempotent: method === 'POST' && needsSignIn(procedure) && !options.showsSecret && !options.takesSecret,
    ...(options.binary ? { binary: options.binary } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.csv ? { csv: options.csv } : {}),
  };
}

/** Every REST path of docs/api.md#the-rest-paths, in the order of the spec. */
export const restRoutes: readonly RestRoute[] = [
  route('POST', '/api/auth/signup', 'auth.signup', fromBody, { successStatus: 201 }),
  route('POST', '/api/auth/login', 'auth.login', fromBody),
  route('POST', '/api/auth/logout', 'auth.logout', none),
  route('GET', '/api/auth/me', 'auth.me', none),
  route('POST', '/api/auth/community', 'auth.setCommunity', fromBody),
  route('GET', '/api/communities', 'communities.list', fromQuery),
  // docs/api.md#operators: operators create and change communities (the admin's password in the body).
  route('POST', '/api/communities', 'communities.create', fromBody, { successStatus: 201, takesSecret: true }),
  route('PUT', '/api/communities/:id', 'communities.update', fromParamsAndBody),
  // Not in docs/api.md#the-rest-paths: the self-service password change
  // (docs/security.md#sign-in-and-sessions).
  route('POST', '/api/auth/change-password', 'auth.changePassword', fromBody, { takesSecret: true }),

  route('GET', '/api/users', 'users.list', fromQuery, { list: true }),
  route('GET', '/api/users/:id', 'users.byId', fromParams),
  route('POST', '/api/users', 'users.create', fromBody, { successStatus: 201, takesSecret: true }),
  route('PUT', '/api/users/:id', 'users.update', fromParamsAndBody),
  route('DELETE', '/api/users/:id', 'users.deactivate', fromParams),

  route('GET', '/api/houses', 'houses.list', fromQuery, { list: true }),
  route('GET', '/api/houses/:id', 'houses.byId', fromParams),
  route('POST', '/api/houses', 'houses.create', fromBody, { successStatus: 201 }),
  route('PUT', '/api/houses/:id', 'houses.update', fromParamsAndBody),
  route('DELETE', '/api/houses/:id', 'houses.delete', fromParams),
  route('POST', '/api/houses/:id/residents', 'houses.addResident', fromParamsAndBody),
  route('DELETE', '/api/houses/:id/residents/:residentId', 'houses.removeResident', fromParams),
  // docs/operations.md#dues-ledger: the house's dues balance.
  route('GET', '/api/houses/:id/balance', 'houses.balance', fromParams),

  route('GET', '/api/vehicles', 'vehicles.list', fromQuery, { list: true }),
  route('GET', '/api/vehicles/:id', 'vehicles.byId', fromParams),
  route('POST', '/api/vehicles', 'vehicles.create', fromBody, { successStatus: 201 }),
  route('PUT', '/api/vehicles/:id', 'vehicles.update', fromParamsAndBody),
  route('DELETE', '/api/vehicles/:id', 'vehicles.delete', fromParams),

  route('GET', '/api/visitors', 'visitors.list', fromQuery, { list: true }),
  route('GET', '/api/visitors/my-invitations', 'visitors.myInvitations', fromQuery, { list: true }),
  // docs/operations.md#reports-exports-and-inside-now: the visitors as CSV (before /:id, which it
  // would otherwise look like).
  route('GET', '/api/visitors/export.csv', 'visitors.exportCsv', fromQuery, { csv: true }),
  route('GET', '/api/visitors/:id', 'visitors.byId', fromParams),
  route('GET', '/api/visitors/:id/activity', 'visitors.activity', fromParams),
  // docs/operations.md#blocklist: a visitor's check-ins the blocklist refused (guards and admins).
  route('GET', '/api/visitors/:id/blocklist-refusals', 'visitors.blocklistRefusals', fromParams),
  route('POST', '/api/visitors/invite', 'visitors.invite', fromBody, { successStatus: 201 }),
  route('DELETE', '/api/visitors/:id/cancel', 'visitors.cancel', fromParams),
  route('POST', '/api/visitors/scan', 'visitors.scan', fromBody),
  route('POST', '/api/visitors/checkin-qr', 'visitors.checkIn', fromBody),
  route('POST', '/api/visitors/checkout-qr', 'visitors.checkOut', fromBody),
  // docs/gate.md#walk-ins: walk-ins and the residents' decisions.
  route('POST', '/api/visitors/walk-in', 'visitors.walkIn', fromBody, { successStatus: 201 }),
  route('POST', '/api/visitors/:id/approve', 'visitors.approve', fromParamsAndBody),
  route('POST', '/api/visitors/:id/reject', 'visitors.reject', fromParamsAndBody),
  route('PUT', '/api/visitors/:id/photo', 'visitors.putPhoto', fromParamsAndRaw, { binary: 'jpeg' }),
  route('GET', '/api/visitors/:id/photo', 'visitors.photo', fromParams, { binary: 'jpeg' }),
  // docs/privacy.md#retention-and-erasure: an admin erases one visitor's personal data.
  route('POST', '/api/visitors/:id/erase', 'visitors.erase', fromParams),
  // docs/gate.md#live-updates: the live updates for REST clients (Last-Event-ID resumes).
  route('GET', '/api/events', 'visitors.events', fromLastEventId, { stream: true }),

  // docs/operations.md#frequent-visitors: recurring passes (frequent visitors).
  route('GET', '/api/passes', 'passes.list', fromQuery, { list: true }),
  route('POST', '/api/passes', 'passes.create', fromBody, { successStatus: 201 }),
  route('GET', '/api/passes/:id', 'passes.byId', fromParamsAndQuery),
  route('PUT', '/api/passes/:id', 'passes.update', fromParamsAndBody),
  route('POST', '/api/passes/:id/pause', 'passes.pause', fromParams),
  route('POST', '/api/passes/:id/resume', 'passes.resume', fromParams),
  route('DELETE', '/api/passes/:id', 'passes.cancel', fromParams),

  route('GET', '/api/payments', 'payments.list', fromQuery, { list: true }),
  route('GET', '/api/payments/:id', 'payments.byId', fromParams),
  route('POST', '/api/payments', 'payments.create', fromBody, { successStatus: 201 }),
  // docs/operations.md#dues-ledger: raise dues for the houses named, or every house.
  route('POST', '/api/payments/bulk', 'payments.bulk', fromBody, { successStatus: 201 }),
  route('PUT', '/api/payments/:id', 'payments.update', fromParamsAndBody),
  // POST, as for the visitor transitions (docs/api.md#payments).
  // docs/operations.md#dues-ledger: an optional body {method, reference, paidAt}; none still
  // completes.
  route('POST', '/api/payments/:id/complete', 'payments.complete', fromParamsAndBody),
  route('POST', '/api/payments/:id/fail', 'payments.fail', fromParams),

  // Not in docs/api.md#the-rest-paths: the audit log, for admins.
  route('GET', '/api/audit', 'audit.list', fromQuery, { list: true }),
  // docs/operations.md#reports-exports-and-inside-now: the audit log as CSV.
  route('GET', '/api/audit/export.csv', 'audit.exportCsv', fromQuery, { csv: true }),

  // docs/gate.md#the-gate-pack: the gate pack, for verifying passes offline.
  route('GET', '/api/gate/pack', 'gate.pack', fromQuery),
  // docs/gate.md#recording-moves-offline: Needs review, the entries the server refused on replay.
  route('GET', '/api/gate/reviews', 'gate.listReviews', fromQuery, { list: true }),
  route('POST', '/api/gate/reviews', 'gate.createReview', fromBody, { successStatus: 201 }),
  route('POST', '/api/gate/reviews/:id/dismiss', 'gate.dismissReview', fromParams),
  route('POST', '/api/gate/reviews/:id/record', 'gate.recordReview', fromParamsAndBody),
  // docs/operations.md#reports-exports-and-inside-now: Inside now, everyone checked in (the
  // evacuation roll call).
  route('GET', '/api/gate/inside', 'gate.inside', fromQuery, { list: true }),
  // docs/operations.md#blocklist: the community blocklist (admins).
  route('GET', '/api/blocklist', 'blocklist.list', fromQuery, { list: true }),
  route('POST', '/api/blocklist', 'blocklist.create', fromBody, { successStatus: 201 }),
  route('DELETE', '/api/blocklist/:id', 'blocklist.remove', fromParams),
  // docs/operations.md#reports-exports-and-inside-now: the reports page's figures (admins).
  route('GET', '/api/reports/summary', 'reports.summary', fromQuery),
  // docs/operations.md#gates: the gates (every signed-in user lists them; admins manage them).
  route('GET', '/api/gates', 'gates.list', fromQuery, { list: true }),
  route('POST', '/api/gates', 'gates.create', fromBody, { successStatus: 201 }),
  route('PUT', '/api/gates/:id', 'gates.update', fromParamsAndBody),

  // docs/api.md#api-tokens: API tokens (admins; never with an API token).
  route('GET', '/api/api-tokens', 'apiTokens.list', fromQuery, { list: true }),
  route('POST', '/api/api-tokens', 'apiTokens.create', fromBody, { successStatus: 201, showsSecret: true }),
  route('DELETE', '/api/api-tokens/:id', 'apiTokens.revoke', fromParams),

  // docs/api.md#webhooks: webhooks (admins; never with an API token).
  route('GET', '/api/webhooks', 'webhooks.list', fromQuery, { list: true }),
  route('POST', '/api/webhooks', 'webhooks.create', fromBody, { successStatus: 201, showsSecret: true }),
  route('PUT', '/api/webhooks/:id', 'webhooks.update', fromParamsAndBody),
  route('DELETE', '/api/webhooks/:id', 'webhooks.delete', fromParams),
  route('GET', '/api/webhooks/:id/deliveries', 'webhooks.deliveries', fromParamsAndQuery, { list: true }),
  route('POST', '/api/webhooks/:id/deliveries/:deliveryId/resend', 'webhooks.resend', fromParams, { successStatus: 202 }),
];

/** The procedures of the REST paths that honour an `Idempotency-Key` (see `RestRoute.idempotent`). */
const IDEMPOTENT_PROCEDURES: ReadonlySet<string> = new Set(restRoutes.filter((entry) => entry.idempotent).map((entry) => entry.procedure));

/**
 * Whether the tRPC procedure at `path` (`domain.procedure`) honours an Idempotency-Key
 * too: exactly when a REST path of it does, so that the gate tablet's typed client and the
 * REST API keep one rule.
 */
export function isIdempotentProcedure(path: string): boolean {
  return IDEMPOTENT_PROCEDURES.has(path);
}
