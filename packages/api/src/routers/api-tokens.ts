/**
 * apiTokens: the admins' API tokens for integrations (docs/api.md#api-tokens). Never callable
 * with an API token itself (`API_TOKEN_FORBIDDEN_ROUTERS` in access.ts).
 */
import {
  ZApiTokenByIdRequest,
  ZApiTokenListRequest,
  ZApiTokenListResponse,
  ZApiTokenRevokeResponse,
  ZCreateApiTokenRequest,
  ZCreatedApiToken,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens';
import { createTRPCRouter, procedureFor } from '../trpc';

export const apiTokensRouter = createTRPCRouter({
  /**
   * Admin (`GET /api/api-tokens`). Input: limit, offset. Output: `{items, total}`, newest
   * first, each `{id, name, role, prefix, createdAt, expiresAt, lastUsedAt, revokedAt}`,
   * never the token. Errors: 401, 403.
   */
  list: procedureFor(ACCESS.apiTokens.list)
    .input(ZApiTokenListRequest)
    .output(ZApiTokenListResponse)
    .query(({ ctx, input }) => listApiTokens(ctx.em, input)),

  /**
   * Admin (`POST /api/api-tokens`, 201). Input: `{name, role: 'guard' | 'admin',
   * expiresAt?}`. Output: the token as listed plus `token` (`gh_…`), shown this once.
   * Errors: 400 VALIDATION_FAILED (name, 'Role must be guard or admin', 'Expiry must be in
   * the future', 'Expiry must be at most 2 years ahead'), 401, 403.
   */
  create: procedureFor(ACCESS.apiTokens.create)
    .input(ZCreateApiTokenRequest)
    .output(ZCreatedApiToken)
    .mutation(({ ctx, input }) => createApiToken(ctx.em, { ...ctx.actor, userId: ctx.user.id }, input, ctx.clock())),

  /**
   * Admin (`DELETE /api/api-tokens/{id}`): revokes the token at once; it stays listed with
   * `revokedAt`. Input: `{id}`. Output: `{id}`. Errors: 401, 403, 404 'API token not found'.
   */
  revoke: procedureFor(ACCESS.apiTokens.revoke)
    .input(ZApiTokenByIdRequest)
    .output(ZApiTokenRevokeResponse)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.em, ctx.actor, input.id, ctx.clock())),
});
