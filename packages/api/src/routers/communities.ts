/**
 * communities: the caller's memberships (docs/api.md#communities), and the operators' procedures
 * (docs/api.md#operators): every community with its counts, a new community with its admin, and
 * a community's name, zone, settings and status.
 */
import {
  ZCommunityDetail,
  ZCommunityListAnyResponse,
  ZCommunityListRequest,
  ZCreateCommunityRequest,
  ZCreateCommunityResponse,
  ZUpdateCommunityRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import {
  assertOperator,
  createCommunity,
  defaultCommunitySettings,
  listAllCommunities,
  listCommunitiesOf,
  updateCommunity,
} from '../services/communities';
import { createTRPCRouter, procedureFor } from '../trpc';

/** The caller as `assertOperator` checks them: the account, and the API token the call is made with. */
const callerOf = (ctx: { user: { id: string }; actor: { apiTokenId?: string | null } }) => ({ userId: ctx.user.id, apiTokenId: ctx.actor.apiTokenId ?? null });

export const communitiesRouter = createTRPCRouter({
  /**
   * The communities the caller is an active member of: `[{id, name, slug, role}]`. With
   * `all=true` (operators): every community with its settings, status and counts (houses,
   * residents, visitors this month). Errors: 400, 401; 403 'Only operators can do this'.
   */
  list: procedureFor(ACCESS.communities.list)
    .input(ZCommunityListRequest)
    .output(ZCommunityListAnyResponse)
    .query(async ({ ctx, input }) => {
      if (!input?.all) return listCommunitiesOf(ctx.em, ctx.user.id);
      await assertOperator(ctx.em, callerOf(ctx));
      return listAllCommunities(ctx.em, ctx.clock());
    }),

  /**
   * Operators: a community and its first admin (an account made when the email has none).
   * Input: `{name, slug, timeZone, admin: {name, email, phone, password}}`. Output:
   * `{community, admin: {id, email}}`. Errors: 400 (slug, time zone, admin fields), 401,
   * 403 'Only operators can do this', 409 'Slug is already taken'.
   */
  create: procedureFor(ACCESS.communities.create)
    .input(ZCreateCommunityRequest)
    .output(ZCreateCommunityResponse)
    .mutation(async ({ ctx, input }) => {
      await assertOperator(ctx.em, callerOf(ctx));
      return createCommunity(ctx.em, ctx.actor, input, defaultCommunitySettings(ctx.config), ctx.clock());
    }),

  /**
   * Operators: partial update of a community: `{name?, timeZone?, settings?, status?}`
   * (`settings` merged over the current ones; `status: 'suspended'` suspends, `'active'`
   * resumes). Output: the community. Errors: 400, 401, 403 'Only operators can do this', 404.
   */
  update: procedureFor(ACCESS.communities.update)
    .input(ZUpdateCommunityRequest)
    .output(ZCommunityDetail)
    .mutation(async ({ ctx, input }) => {
      await assertOperator(ctx.em, callerOf(ctx));
      return updateCommunity(ctx.em, ctx.actor, input, ctx.clock());
    }),
});
