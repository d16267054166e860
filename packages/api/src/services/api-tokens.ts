/**
 * API tokens (docs/api.md#api-tokens): an admin makes a named token with a role (guard or admin)
 * and an optional expiry for an integration; the token is shown once, at creation, and
 * only its SHA-256 hash is kept (the token is `gh_` + 32 random bytes, 256 bits: a fast
 * hash cannot be brute-forced, so a slow one like argon2 would only slow every call down).
 * A revoked token stays listed with `revokedAt`. Each creation and revocation writes its
 * audit row (`api-token.created`, `api-token.revoked`, target `api-token`) in the same
 * transaction. How a token signs a call in is `authenticateApiToken` (sessions.ts).
 */
import { randomBytes } from 'node:crypto';

import { ApiToken, communityIdOf, type EntityManager } from '@gatehouse/db';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_PREFIX_LENGTH,
  apiTokenExpiryProblem,
  isUuid,
  parseIsoInstant,
  type ApiToken as ApiTokenJson,
  type ApiTokenListResponse,
  type ApiTokenRole,
  type CreatedApiToken,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { recordAudit, type Actor } from './audit';
import { sessionTokenHash } from './sessions';

/** A new token: `gh_` and the base64url of 32 random bytes (46 characters). */
export function newApiTokenText(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** An API token row as JSON: never the token, nor its hash. */
export function serializeApiToken(token: ApiToken): ApiTokenJson {
  return {
    id: token.id,
    name: token.name,
    role: token.role,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
    lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
    revokedAt: token.revokedAt ? token.revokedAt.toISOString() : null,
  };
}

/** The tokens, newest first, a page and the full count (revoked and expired ones included). */
export async function listApiTokens(em: EntityManager, input: { limit: number; offset: number }): Promise<ApiTokenListResponse> {
  const [rows, total] = await em.findAndCount(
    ApiToken,
    {},
    { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: input.limit, offset: input.offset },
  );
  return { items: rows.map(serializeApiToken), total };
}

/**
 * Makes a token for `creator` (an admin; the token acts as them with `role`) and returns
 * it with `token`, the secret, shown this once. `expiresAt` (an ISO 8601 instant, already
 * shaped by the schema) must be after `now` and at most two years ahead. Errors: 400
 * VALIDATION_FAILED on `expiresAt` 'Expiry must be in the future' / 'Expiry must be at
 * most 2 years ahead'.
 */
export async function createApiToken(
  em: EntityManager,
  actor: Actor & { userId: string },
  input: { name: string; role: ApiTokenRole; expiresAt?: string | undefined },
  now: Date,
): Promise<CreatedApiToken> {
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined) {
    expiresAt = parseIsoInstant(input.expiresAt);
    // The schema checked the format; a failure here is a caller that skipped it.
    if (!expiresAt) throw httpError(400, 'Expiry must be an ISO 8601 instant', { field: 'expiresAt' });
    const problem = apiTokenExpiryProblem(expiresAt, now);
    if (problem) throw httpError(400, problem, { field: 'expiresAt' });
  }
  const token = newApiTokenText();
  const created = await em.transactional(async (tx) => {
    const row = tx.create(ApiToken, {
      name: input.name,
      role: input.role,
      tokenHash: sessionTokenHash(token),
      prefix: token.slice(0, API_TOKEN_PREFIX_LENGTH),
      createdBy: actor.userId,
      createdAt: now,
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    await tx.flush();
    await recordAudit(
      tx,
      actor,
      {
        action: 'api-token.created',
        targetType: 'api-token',
        targetId: row.id,
        details: { name: row.name, role: row.role, prefix: row.prefix, expiresAt: expiresAt?.toISOString() ?? null },
      },
      now,
    );
    return row;
  });
  return { ...serializeApiToken(created), token };
}

/**
 * Revokes a token at once (the next call with it is 401); it stays listed with
 * `revokedAt`. Revoking a revoked token again is 200 and changes nothing (no second audit
 * row). Output: `{id}`. Errors: 404 'API token not found' (unknown or malformed id).
 */
export async function revokeApiToken(em: EntityManager, actor: Actor, id: string, now: Date): Promise<{ id: string }> {
  if (!isUuid(id)) throw httpError(404, 'API token not found');
  const normalized = id.toLowerCase();
  return em.transactional(async (tx) => {
    const revoked = await tx.nativeUpdate(ApiToken, { id: normalized, revokedAt: null }, { revokedAt: now });
    if (revoked === 0) {
      const exists = await tx.count(ApiToken, { id: normalized });
      if (exists === 0) throw httpError(404, 'API token not found');
      return { id: normalized };
    }
    await recordAudit(tx, actor, { action: 'api-token.revoked', targetType: 'api-token', targetId: normalized }, now);
    return { id: normalized };
  });
}

/** Why a creator's tokens were revoked with their account (the audit row's `reason`). */
export type CreatorTokensRevokedReason = 'creator-deactivated' | 'creator-demoted';

/**
 * Revokes, for good, every token `creatorId` made in `em`'s community that is not revoked
 * yet: called when the creator is deactivated or stops being an admin there (docs/security.md#communities:
 * their tokens of another community, and the audit rows about them, are that community's). A token is refused from that moment
 * anyway (its creator must be an active admin), but reactivating or promoting the account
 * must not bring it back: the integration needs a new token from an admin. One audit row
 * `api-token.revoked` per token, `details.reason` saying why. Returns how many.
 */
export async function revokeApiTokensOfCreator(
  em: EntityManager,
  actor: Actor,
  creatorId: string,
  reason: CreatorTokensRevokedReason,
  now: Date,
): Promise<number> {
  const revoked = await em.execute<{ id: string }[]>(
    'update api_token set revoked_at = ? where community_id = ? and created_by_id = ? and revoked_at is null returning id',
    [now, communityIdOf(em), creatorId],
  );
  for (const { id } of revoked) {
    await recordAudit(em, actor, { action: 'api-token.revoked', targetType: 'api-token', targetId: id, details: { reason } }, now);
  }
  return revoked.length;
}
