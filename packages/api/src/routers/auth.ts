/**
 * auth: signup, login, logout, me (docs/api.md#sign-in-sessions-and-users).
 */
import {
  ZAuthResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZLoginRequest,
  ZMeResponse,
  ZSetCommunityRequest,
  ZSignupRequest,
  ROLES,
} from '@gatehouse/shared';
import { House, User } from '@gatehouse/db';
import { z } from 'zod';

import { changePassword, communityHasAdmin, login, signup } from '../services/auth';
import { recordAudit } from '../services/audit';
import { revokeOtherSessions, revokeSessionByToken } from '../services/sessions';
import { houseRef, serializeUser } from '../lib/serialize';
import { isOperator, setSessionCommunity } from '../services/communities';
import { ACCESS } from '../access';
import { createTRPCRouter, procedureFor, sessionIdOf } from '../trpc';

/** Login and signup count against the per-address limit, per call (batching included). */
const rateLimitedProcedure = procedureFor(ACCESS.auth.login).use(async ({ ctx, next, path }) => {
  try {
    await ctx.rateLimits.consumeAddress(ctx.clientAddress);
  } catch (error) {
    // Refusals are audited too (docs/security.md#audit).
    await recordAudit(ctx.em, { userId: null, ipAddress: ctx.clientAddress }, { action: 'auth.rate-limited', details: { procedure: path } }, ctx.clock());
    throw error;
  }
  return next();
});

export const authRouter = createTRPCRouter({
  /**
   * Public: the roles a sign-up can have right now (docs/product.md#signing-up):
   * resident always; guard and admin only while the community has no admin (the first
   * admin bootstraps it). Output: `{roles}`. No REST path: the web app's own.
   */
  signupOptions: procedureFor(ACCESS.auth.signupOptions)
    .output(z.object({ roles: z.array(z.enum(ROLES)) }))
    .query(async ({ ctx }) => ({
      roles: (await communityHasAdmin(ctx.em)) ? (['resident'] as const).slice() : [...ROLES],
    })),

  /**
   * Creates an account and signs it in. Input: ZSignupRequest. Output: `{token, user}`.
   * Errors: 400 (docs/product.md#forms-and-their-messages messages), 403 guard/admin after the
   * first admin, 409 taken email, 429.
   */
  signup: rateLimitedProcedure
    .input(ZSignupRequest)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) =>
      signup(ctx.em, input, {
        now: ctx.clock(),
        sessionTtlDays: ctx.config.sessionTtlDays,
        ipAddress: ctx.clientAddress,
        rateLimits: ctx.rateLimits,
      }),
    ),

  /**
   * Signs in. Input: `{email, password}`. Output: `{token, user}`.
   * Errors: 400, 401 INVALID_CREDENTIALS 'Invalid email or password', 403 ACCOUNT_INACTIVE
   * 'Account is inactive', 429 RATE_LIMITED (docs/api.md#error-codes).
   */
  login: rateLimitedProcedure
    .input(ZLoginRequest)
    .output(ZAuthResponse)
    .mutation(({ ctx, input }) =>
      login(ctx.em, input, {
        now: ctx.clock(),
        sessionTtlDays: ctx.config.sessionTtlDays,
        ipAddress: ctx.clientAddress,
        rateLimits: ctx.rateLimits,
      }),
    ),

  /** Revokes the presented token; succeeds even when it was already revoked or is absent. Output: `{}`. */
  logout: procedureFor(ACCESS.auth.logout)
    .input(z.object({}).strip().optional())
    .output(z.object({}))
    .mutation(async ({ ctx }) => {
      const userId = ctx.bearerToken ? await revokeSessionByToken(ctx.em, ctx.bearerToken, ctx.clock()) : null;
      if (userId) await recordAudit(ctx.em, { userId, ipAddress: ctx.clientAddress }, { action: 'auth.sign-out' }, ctx.clock());
      return {};
    }),

  /** Signs the caller out everywhere but here. Output: `{revoked}`, the number of sessions ended. Errors: 401. */
  revokeOtherSessions: procedureFor(ACCESS.auth.revokeOtherSessions)
    .input(z.object({}).strip().optional())
    .output(z.object({ revoked: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const revoked = await revokeOtherSessions(ctx.em, ctx.user.id, sessionIdOf(ctx), ctx.clock());
      await recordAudit(ctx.em, ctx.actor, { action: 'auth.sessions-revoked', details: { revoked } }, ctx.clock());
      return { revoked };
    }),

  /**
   * Changes the caller's own password and signs out every other session of theirs
   * (docs/security.md#sign-in-and-sessions). Input: `{currentPassword, newPassword}`. Output:
   * `{revoked}`. Errors: 400 VALIDATION_FAILED 'Current password is incorrect' (counts as a failed sign-in
   * for the account's email), 400 for a new password breaking
   * docs/product.md#forms-and-their-messages, 401, 429.
   */
  changePassword: procedureFor(ACCESS.auth.changePassword)
    .input(ZChangePasswordRequest)
    .output(ZChangePasswordResponse)
    .mutation(({ ctx, input }) =>
      changePassword(ctx.em, ctx.user, sessionIdOf(ctx), input, {
        now: ctx.clock(),
        ipAddress: ctx.clientAddress,
        rateLimits: ctx.rateLimits,
      }),
    ),

  /**
   * The signed-in user. Output: `{user, community, isOperator}` (isOperator: docs/api.md#operators).
   * Errors: 401.
   */
  me: procedureFor(ACCESS.auth.me)
    .output(ZMeResponse)
    .query(async ({ ctx }) => {
      await ctx.em.populate(ctx.user, ['house']);
      return { user: serializeUser(ctx.user), community: ctx.community, isOperator: await isOperator(ctx.em, ctx.user.id) };
    }),

  /**
   * Makes `communityId` the default community of the caller's session (docs/api.md#communities):
   * where its requests without `X-Community-Id` act, and where its next sign-in starts. Input:
   * `{communityId}`. Output: `me` in that community. Errors: 401; 403 'You are not a member of
   * this community', 'This community is suspended'; 403 for an API token.
   */
  setCommunity: procedureFor(ACCESS.auth.setCommunity)
    .input(ZSetCommunityRequest)
    .output(ZMeResponse)
    .mutation(async ({ ctx, input }) => {
      const membership = await setSessionCommunity(ctx.em, sessionIdOf(ctx), ctx.user.id, input.communityId);
      const inCommunity = ctx.db.forCommunity(membership.community.id);
      const user = await inCommunity.findOneOrFail(User, { id: ctx.user.id });
      const house = membership.houseId ? await inCommunity.findOne(House, { id: membership.houseId }) : null;
      return {
        user: { ...serializeUser(user), role: membership.role, houseId: house ? houseRef(house) : null },
        community: membership.community,
        isOperator: user.isOperator,
      };
    }),
});
