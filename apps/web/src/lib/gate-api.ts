/**
 * The gate's REST calls of offline-gate.md (§2 the pack, §3 the replayed moves and the Needs
 * review list): `fetch` with the bearer token, the REST envelope `{success, data, error,
 * code}` read here, and every outcome reported to the connection store (no answer marks the
 * server unreachable, any answer reachable), as the tRPC transport does.
 */
import type { GateInsideItem } from '@gatehouse/shared';

import { createTimedFetch } from './trpc';
import { reportServerAnswered, reportServerUnreachable } from './connection';
import { AppError, DEFAULT_ERROR_MESSAGE } from './errors';
import { expireStoredSession, readStoredToken } from './session-storage';

/** A refusal or failure of a gate call: the server's own English words, its status and stable code. */
export class GateApiError extends AppError {
  constructor(
    message: string,
    status: number,
    readonly code?: string,
  ) {
    super(message, status);
    this.name = 'GateApiError';
  }
}

/** One pass of the gate pack (offline-gate §2): hashes, never the token or code themselves. */
export interface PackItem {
  id: string;
  tokenHash: string;
  passCodeHash: string | null;
  name: string;
  house: { houseNumber: string; block: string };
  /** 'invitation', 'walk-in', or 'recurring' (a recurring pass: its id the pass's, its date the listed day it may enter next). */
  kind: string;
  visitDate: string;
  visitTimeFrom: string;
  visitTimeTo: string;
  status: string;
  vehicleLicensePlate: string | null;
  updatedAt: string;
  /** operations §3: the reason when the visitor is on the blocklist (absent in packs stored before it was sent). */
  blocklisted?: { reason: string } | null;
}

/** `GET /api/gate/pack[?since=cursor]`: everything (no cursor) or what changed since. */
export interface PackResponse {
  items: PackItem[];
  removed: string[];
  cursor: string;
}

export type GateAction = 'check-in' | 'check-out';

/** An entry refused on replay, waiting for a person (offline-gate §3). */
export interface GateReview {
  id: string;
  /** The visitor the entry was about (`/visitors/:id`), if it names one. */
  visitorId: string | null;
  /** Or the recurring pass it was about (`/passes/:id`; operations §1, moved offline by its id). */
  passId: string | null;
  /** The visitor's or the pass holder's name when the server knows them. */
  visitorName: string | null;
  action: GateAction;
  occurredAt: string;
  /** The server's refusal, in its English words. */
  message: string;
}

/** How long a gate call waits for its answer (ms): short, the gate must not hang on a dying link. */
const GATE_TIMEOUT_MS = 15_000;

const timedFetch = createTimedFetch(GATE_TIMEOUT_MS);

interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string;
}

async function gateRequest<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<{ data: T; response: Response }> {
  const token = readStoredToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await timedFetch(path, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      cache: 'no-store',
    });
  } catch (error) {
    const status = error instanceof AppError ? error.status : 0;
    // No answer (0), none in time (408), or a gateway's 502-504 page: the link, not the server.
    if ([0, 408, 502, 503, 504].includes(status)) reportServerUnreachable();
    else reportServerAnswered();
    throw new GateApiError(error instanceof Error && error.message ? error.message : 'Network error', status);
  }
  if ([502, 503, 504].includes(response.status)) reportServerUnreachable();
  else reportServerAnswered();
  const envelope = (await response.json().catch(() => null)) as { data?: unknown; error?: unknown; code?: unknown } | null;
  if (!response.ok) {
    if (response.status === 401) expireStoredSession();
    const message = typeof envelope?.error === 'string' && envelope.error.trim() !== '' ? envelope.error : DEFAULT_ERROR_MESSAGE;
    throw new GateApiError(message, response.status, typeof envelope?.code === 'string' ? envelope.code : undefined);
  }
  return { data: envelope?.data as T, response };
}

/** The gate pack, whole or since `cursor`. */
export async function fetchPack(since?: string | null): Promise<PackResponse> {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  const { data } = await gateRequest<Partial<PackResponse>>('GET', `/api/gate/pack${query}`);
  return { items: data?.items ?? [], removed: data?.removed ?? [], cursor: data?.cursor ?? '' };
}

/** Inside now (operations §4): everyone checked in now, as `GET /api/gate/inside` lists them. */
export async function fetchInside(): Promise<GateInsideItem[]> {
  const { data } = await gateRequest<GateInsideItem[]>('GET', '/api/gate/inside');
  return Array.isArray(data) ? data : [];
}

/** Replays one check-in or check-out made offline: the instant it happened, under its own key. */
export async function sendGateMove(move: { action: GateAction; visitorId: string; occurredAt: string; key: string; gate?: { id: string } | undefined }): Promise<void> {
  const path = move.action === 'check-in' ? '/api/visitors/checkin-qr' : '/api/visitors/checkout-qr';
  // operations §2: the gate it happened at, as chosen on the tablet then.
  const body = { visitorId: move.visitorId, occurredAt: move.occurredAt, ...(move.gate ? { gateId: move.gate.id } : {}) };
  await gateRequest('POST', path, { body, idempotencyKey: move.key });
}

/**
 * Puts a refused entry on the Needs review list (its own key: a repeat creates nothing more).
 * `visitorId` is the id the move was replayed with: a visitor's or a recurring pass's (the
 * server names either). Throws GateApiError (404 when it names neither).
 */
export async function createReview(review: {
  visitorId: string;
  action: GateAction;
  occurredAt: string;
  message: string;
  idempotencyKey: string;
}): Promise<void> {
  await gateRequest('POST', '/api/gate/reviews', { body: review, idempotencyKey: `review-${review.idempotencyKey}` });
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * One review as the server sends it (the visitor's name flat or under `visitor`, which for
 * `target: "pass"` is the pass holder under the pass's id).
 */
function toReview(raw: Record<string, unknown>): GateReview {
  const visitor = raw.visitor && typeof raw.visitor === 'object' ? (raw.visitor as Record<string, unknown>) : null;
  const personId = text(raw.visitorId) ?? text(visitor?.id);
  const isPass = raw.target === 'pass';
  return {
    id: String(raw.id),
    visitorId: isPass ? null : personId,
    passId: isPass ? personId : null,
    visitorName: text(raw.visitorName) ?? text(visitor?.name) ?? text(raw.name),
    action: raw.action === 'check-out' ? 'check-out' : 'check-in',
    occurredAt: text(raw.occurredAt) ?? text(raw.createdAt) ?? '',
    message: text(raw.message) ?? '',
  };
}

/** The open reviews, oldest first as the server lists them. */
export async function fetchReviews(): Promise<GateReview[]> {
  const { data } = await gateRequest<unknown>('GET', '/api/gate/reviews');
  const rows = Array.isArray(data) ? data : data && typeof data === 'object' && 'items' in data && Array.isArray(data.items) ? data.items : [];
  return (rows as Record<string, unknown>[]).map(toReview);
}

/** Closes a review without recording anything. */
export async function dismissReview(id: string): Promise<void> {
  await gateRequest('POST', `/api/gate/reviews/${encodeURIComponent(id)}/dismiss`, { body: {} });
}

/** Admin: records that the person did pass the gate, with a note, and closes the review. */
export async function recordReview(id: string, note: string): Promise<void> {
  await gateRequest('POST', `/api/gate/reviews/${encodeURIComponent(id)}/record`, { body: { note } });
}
