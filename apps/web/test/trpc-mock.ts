/**
 * A tiny stand-in for the tRPC HTTP wire format (no transformer): the batch link's
 * `GET /trpc/a.b,c.d?batch=1&input={"0":…}` and `POST /trpc/a.b?batch=1` with body `{"0": …}`,
 * answered with `[{result:{data}}]` or `[{error:{message, code, data:{httpStatus}}}]`; and a
 * call sent alone (a gate move under its Idempotency-Key): `POST /trpc/a.b` with the input as
 * the body, answered with one `{result:{data}}` or `{error:…}`.
 *
 * The gate's background reads (`gate.pack`, `gate.inside`, `gate.listReviews`) answer empty
 * unless a test gives them resolvers of its own.
 */
import { http, HttpResponse } from 'msw';

import { GATE_CODE_HASH_ALGORITHM, GATE_CODE_HASH_ITERATIONS, type GatePackCodeHash } from '@gatehouse/shared';

import { server } from './msw-server';

/** How the test packs' codes are hashed (the empty default `gate.pack` answer's too, so that it stays a delta of them). */
export const PACK_CODE_HASH: GatePackCodeHash = { algorithm: GATE_CODE_HASH_ALGORITHM, salt: '5a17'.repeat(8), iterations: GATE_CODE_HASH_ITERATIONS };

/** Thrown by a resolver to answer with an error of `status`. */
export class MockTrpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `throw trpcError(401, 'Authentication required')` inside a resolver. */
export const trpcError = (status: number, message: string) => new MockTrpcError(status, message);

export type Resolver = (input: any, request: Request) => unknown;

/** One procedure call the mock received. */
export interface RecordedCall {
  path: string;
  input: any;
  authorization: string | null;
  /** The Idempotency-Key header of a call sent alone, else null. */
  idempotencyKey: string | null;
  /** The X-Community-Id header (docs/api.md#communities), else null. */
  communityId: string | null;
}

/** What the gate sync and the gate screens read in the background, empty by default. */
const GATE_DEFAULTS: Record<string, Resolver> = {
  'gate.pack': () => ({ items: [], removed: [], cursor: 'c0', codeHash: PACK_CODE_HASH }),
  'gate.inside': () => ({ items: [], total: 0 }),
  'gate.listReviews': () => ({ items: [], total: 0 }),
};

const CODES: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  403: ['FORBIDDEN', -32003],
  404: ['NOT_FOUND', -32004],
  409: ['CONFLICT', -32009],
  500: ['INTERNAL_SERVER_ERROR', -32603],
};

/** Installs resolvers by procedure path; returns the list of calls, in order. */
export function mockTrpc(given: Record<string, Resolver>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const resolvers = { ...GATE_DEFAULTS, ...given };
  server.use(
    http.all('*/trpc/:paths', async ({ request, params }) => {
      const paths = decodeURIComponent(String(params.paths)).split(',');
      const url = new URL(request.url);
      const batched = url.searchParams.has('batch');
      const rawInputs =
        request.method === 'GET'
          ? JSON.parse(url.searchParams.get('input') ?? '{}')
          : await request.json().catch(() => ({}));
      const inputs = (batched ? (rawInputs ?? {}) : { 0: rawInputs }) as Record<string, unknown>;
      const statuses: number[] = [];
      const items = await Promise.all(
        paths.map(async (path, index) => {
          const input = inputs[String(index)];
          calls.push({
            path,
            input,
            authorization: request.headers.get('authorization'),
            idempotencyKey: batched ? null : request.headers.get('idempotency-key'),
            communityId: request.headers.get('x-community-id'),
          });
          const resolver = resolvers[path];
          try {
            if (!resolver) throw new MockTrpcError(404, `No mock for ${path}`);
            const data = await resolver(input, request);
            statuses.push(200);
            return { result: { data } };
          } catch (error) {
            const status = error instanceof MockTrpcError ? error.status : 500;
            const message = error instanceof Error ? error.message : 'Internal server error';
            const [code, jsonCode] = CODES[status] ?? ['INTERNAL_SERVER_ERROR', -32603];
            statuses.push(status);
            return { error: { message, code: jsonCode, data: { code, httpStatus: status, path } } };
          }
        }),
      );
      const status = statuses.every((value) => value === 200)
        ? 200
        : statuses.length === 1
          ? statuses[0]
          : 207;
      return HttpResponse.json(batched ? items : items[0], { status });
    }),
  );
  return calls;
}

/** The calls to `path`. */
export const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path === path);
