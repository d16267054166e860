/**
 * Idempotency keys (docs/gate.md#recording-moves-offline): a gate tablet sends its queued check-ins
 * and
 * check-outs again until it gets an answer, each with a client-made `Idempotency-Key`
 * header, and every state-changing POST of the REST API that needs a sign-in honours it:
 * - a repeat with the same key, user, method and path within 24 hours gets the first
 *   answer again (status and body, 4xx included), and the work is not done again; a 5xx
 *   answer is not kept, so a repeat tries again;
 * - the same key with a different body (compared as parsed JSON) is 422
 *   IDEMPOTENCY_KEY_REUSED;
 * - a repeat arriving while the first still runs waits for it (polling the stored row
 *   for a few seconds) and gets its answer, or 409 'A request with this Idempotency-Key
 *   is in progress';
 * - a kept answer is given again only to a caller who may still have it: the callers
 *   check the session and the procedure's role (as for any call) before they get here, and
 *   the answer is kept with the caller's access at the time (`callerAccess`: the role, and
 *   a resident's house); a repeat under other access (demoted, promoted, moved house) is
 *   403 'Your access has changed since this request was first made', since the answer may
 *   show what the caller may no longer see, and doing the work again could do it twice.
 * Keys are stored in `idempotency_key`, one row per (user, key, method, path). The REST
 * adapter of the server calls `withIdempotencyKey` around the procedure, and the tRPC
 * middleware of signed-in procedures `runIdempotentProcedure` around a mutation sent with the
 * header (the gate tablet's moves); a request without the header never reaches this module
 * (no query).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { communityIdOf } from '@gatehouse/db';
import type { EntityManager } from '@gatehouse/db';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, type ErrorCode } from '@gatehouse/shared';
import { TRPCError } from '@trpc/server';

import { describeError, httpError, HttpErrorCause, type HttpErrorFacts } from '../errors';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'Idempotency-Key reused with a different request';
export const IDEMPOTENCY_KEY_IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is in progress';
export const IDEMPOTENCY_ACCESS_CHANGED_MESSAGE = 'Your access has changed since this request was first made';

/**
 * How long a key and its answer are kept (docs/gate.md#recording-moves-offline: a repeat within 24
 * h).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/**
 * After this long without an answer a claim is taken to be abandoned (its server stopped
 * mid-request) and a repeat may do the work: longer than any request may run.
 */
export const IDEMPOTENCY_CLAIM_LEASE_MS = 2 * 60_000;

/** How long a repeat waits for the first request's answer, and how often it looks (ms). */
export const IDEMPOTENCY_WAIT = { waitMs: 5_000, pollMs: 50 };

/** Paths longer than this are not stored (no route has one; the procedure answers 404). */
export const IDEMPOTENCY_MAX_PATH_LENGTH = 1_000;

/**
 * Whether `key` is a valid Idempotency-Key (docs/gate.md#recording-moves-offline): 1 to 100
 * printable ASCII characters.
 */
export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/**
 * The value of an `Idempotency-Key` header (docs/gate.md#recording-moves-offline): undefined when
 * absent; 400 BAD_REQUEST
 * 'Idempotency-Key must be 1 to 100 printable characters' when not a valid key.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (!isValidIdempotencyKey(key)) throw httpError(400, IDEMPOTENCY_KEY_MESSAGE);
  return key;
}

/** JSON with every object's keys in order: two bodies that parse to the same value give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * SHA-256 (hex) of a request body's canonical JSON: equal for bodies that are equal as parsed JSON
 * (docs/gate.md#recording-moves-offline).
 */
export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

/** An answer as the REST adapter sends it: the status and the JSON text of the body. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * What an answer's visibility depends on, of the caller (kept with the answer): the role
 * (of the session's user, or of the API token), and for a resident the house (what a
 * resident may read follows it). Staff read every house: their house does not count.
 */
export function callerAccess(user: { role: string; houseId: string | null }): string {
  return user.role === 'resident' ? `resident:${user.houseId ?? ''}` : user.role;
}

/** The request an idempotency key is for. */
export interface IdempotentRequest {
  userId: string;
  /**
   * Who, of that user, sent it: '' for the user's sessions, `api-token:<id>` for a call made
   * with an API token (docs/api.md#api-tokens): keys are kept per caller.
   */
  caller: string;
  key: string;
  method: string;
  /** The path without its query. */
  path: string;
  /** The parsed JSON body (undefined when there is none). */
  body: unknown;
  /** The caller's access now (`callerAccess`): a kept answer is given again only under the same. */
  access: string;
}

interface KeyRow {
  id: string;
  request_hash: string;
  /** Null for answers kept before access was recorded: given again as they are. */
  access: string | null;
  response_status: number | null;
  response_body: string | null;
}

/**
 * Claims the key for this request: inserts its row, or takes over one that has expired
 * (over 24 h old) or was abandoned (no answer after the lease). Returns the new row's id,
 * or null when another request holds the key (one statement either way).
 */
async function claim(em: EntityManager, request: IdempotentRequest, fingerprint: string, now: Date): Promise<string | null> {
  const id = randomUUID();
  const rows = await em.execute<{ id: string }[]>(
    `insert into idempotency_key (id, community_id, user_id, caller, key, method, path, request_hash, access, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (user_id, caller, key, method, path) do update
        set id = excluded.id, request_hash = excluded.request_hash, access = excluded.access, created_at = excluded.created_at,
            response_status = null, response_body = null, completed_at = null
      where idempotency_key.created_at <= ?
         or (idempotency_key.response_status is null and idempotency_key.created_at <= ?)
     returning id`,
    [
      id,
      communityIdOf(em),
      request.userId,
      request.caller,
      request.key,
      request.method,
      request.path,
      fingerprint,
      request.access,
      now,
      new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
      new Date(now.getTime() - IDEMPOTENCY_CLAIM_LEASE_MS),
    ],
  );
  return rows[0]?.id ?? null;
}

/** The row that holds the key, if it is still current (not expired). */
async function heldBy(em: EntityManager, request: IdempotentRequest, now: Date): Promise<KeyRow | null> {
  const [row] = await em.execute<KeyRow[]>(
    `select id, request_hash, access, response_status, response_body from idempotency_key
      where user_id = ? and caller = ? and key = ? and method = ? and path = ? and created_at > ?`,
    [request.userId, request.caller, request.key, request.method, request.path, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)],
  );
  return row ?? null;
}

/**
 * Answers `request` once per key (docs/gate.md#recording-moves-offline): the first request with a
 * key runs
 * `work` and keeps its answer (unless a 5xx, or `work` throws: then the key is released
 * and a repeat runs again); a repeat gets the kept answer with `replayed: true`. A repeat
 * arriving while the first runs polls for up to `wait.waitMs`.
 * Errors: 422 IDEMPOTENCY_KEY_REUSED 'Idempotency-Key reused with a different request'
 * (same key, another body); 409 CONFLICT 'A request with this Idempotency-Key is in
 * progress' (the first did not answer in time); 403 FORBIDDEN 'Your access has changed
 * since this request was first made' (a kept answer, and the caller's access is not the
 * one it was made under: nothing is given again, nothing is done).
 */
export async function withIdempotencyKey(
  db: { fork(): EntityManager },
  request: IdempotentRequest,
  clock: () => Date,
  work: () => Promise<StoredAnswer>,
  wait: { waitMs: number; pollMs: number } = IDEMPOTENCY_WAIT,
): Promise<StoredAnswer & { replayed: boolean }> {
  if (request.path.length > IDEMPOTENCY_MAX_PATH_LENGTH) return { ...(await work()), replayed: false };
  const fingerprint = requestFingerprint(request.body);
  const deadline = Date.now() + wait.waitMs;
  for (;;) {
    const id = await claim(db.fork(), request, fingerprint, clock());
    if (id) return { ...(await runClaimed(db, id, clock, work)), replayed: false };
    // Held by another request: wait for its answer (or for it to let go).
    for (;;) {
      const row = await heldBy(db.fork(), request, clock());
      if (!row) break;
      if (row.request_hash !== fingerprint) {
        throw httpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { code: 'IDEMPOTENCY_KEY_REUSED' });
      }
      if (row.response_status !== null && row.response_body !== null) {
        if (row.access !== null && row.access !== request.access) throw httpError(403, IDEMPOTENCY_ACCESS_CHANGED_MESSAGE);
        return { status: row.response_status, body: row.response_body, replayed: true };
      }
      if (Date.now() >= deadline) throw httpError(409, IDEMPOTENCY_KEY_IN_PROGRESS_MESSAGE);
      await sleep(wait.pollMs);
    }
  }
}

/** Runs the work of a claimed key and keeps its answer; a 5xx or a throw releases the key. */
async function runClaimed(db: { fork(): EntityManager }, id: string, clock: () => Date, work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    await release(db, id);
    throw error;
  }
  if (answer.status >= 500) {
    await release(db, id);
  } else {
    // The work is done: its answer goes out even if keeping it fails (a repeat then waits
    // out the lease and tries again, and the move itself refuses to happen twice).
    await db
      .fork()
      .execute('update idempotency_key set response_status = ?, response_body = ?, completed_at = ? where id = ?', [
        answer.status,
        answer.body,
        clock(),
        id,
      ])
      .catch(() => {});
  }
  return answer;
}

/** Lets go of a claim whose work failed, so that a repeat does the work (best effort: a database that is down answers 503 anyway). */
async function release(db: { fork(): EntityManager }, id: string): Promise<void> {
  await db
    .fork()
    .execute('delete from idempotency_key where id = ?', [id])
    .catch(() => {});
}

/**
 * Deletes the keys older than 24 h (docs/gate.md#recording-moves-offline); the server calls it on a
 * timer. Returns how many.
 */
export async function purgeIdempotencyKeys(em: EntityManager, now: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>('delete from idempotency_key where created_at <= ? returning id', [
    new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
  ]);
  return rows.length;
}

// ---- tRPC calls ---------------------------------------------------------------------------

/** What a tRPC middleware's `next()` gives back (tRPC's own result shape). */
type ProcedureResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/** The tRPC code of each status a stored refusal may have (the inverse of tRPC's status mapping). */
const TRPC_CODE_OF_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** A refusal as it is kept for a tRPC call: what `describeError` said of it. */
interface StoredRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  details?: unknown;
  refusal?: unknown;
  retryAfterSeconds?: number;
}

/** The kept refusal, thrown again as the error it was (same status, code, text and details). */
function refusalError(refusal: StoredRefusal): TRPCError {
  const facts = {
    code: refusal.code,
    ...(refusal.details !== undefined ? { details: refusal.details } : {}),
    ...(refusal.refusal !== undefined ? { refusal: refusal.refusal } : {}),
    ...(refusal.retryAfterSeconds !== undefined ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
  } as HttpErrorFacts;
  return new TRPCError({
    code: TRPC_CODE_OF_STATUS[refusal.status] ?? 'BAD_REQUEST',
    message: refusal.message,
    cause: new HttpErrorCause(refusal.message, facts),
  });
}

/**
 * Runs a tRPC mutation once per Idempotency-Key, as the REST adapter does for its paths:
 * the first call with `request.key` runs `next` and keeps its outcome (the procedure's output,
 * or its 4xx refusal), a repeat gets that outcome again without the work being done twice.
 * A 5xx, or a throw, is not kept. The request's `path` is `/trpc/<procedure>`, so a key used
 * over REST and over tRPC names two requests. Errors: those of `withIdempotencyKey` (422
 * reused with another input, 409 still in progress), thrown; its 403 (access changed) comes
 * back as the call's refusal, so that the middleware records it as any 403.
 */
export async function runIdempotentProcedure<Result extends ProcedureResult>(
  db: { fork(): EntityManager },
  request: IdempotentRequest,
  clock: () => Date,
  next: () => Promise<Result>,
  wait: { waitMs: number; pollMs: number } = IDEMPOTENCY_WAIT,
): Promise<Result> {
  let first: Result | undefined;
  let answer: StoredAnswer;
  try {
    answer = await withIdempotencyKey(
      db,
      request,
      clock,
      async () => {
        first = await next();
        if (first.ok) return { status: 200, body: JSON.stringify({ data: first.data ?? null }) };
        const described = describeError(first.error);
        return { status: described.status, body: JSON.stringify({ error: described }) };
      },
      wait,
    );
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'FORBIDDEN') return { ok: false, error, marker: 'middlewareMarker' } as unknown as Result;
    throw error;
  }
  if (first) return first;
  const kept = JSON.parse(answer.body) as { data?: unknown; error?: StoredRefusal };
  if (kept.error) throw refusalError(kept.error);
  // tRPC's own result shape: what a middleware's `next()` resolves to.
  return { ok: true, data: kept.data, marker: 'middlewareMarker' } as unknown as Result;
}
