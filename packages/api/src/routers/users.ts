/**
 * users: administration of accounts (docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#who-may-do-what, docs/api.md#lists-and-pagination).
 */
import {
  ZByIdRequest,
  ZCreateUserRequest,
  ZDeletedResponse,
  ZUpdateUserRequest,
  ZUser,
  ZUserListRequest,
  ZUserListResponse,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createUser, deactivateUser, getUser, listUsers, updateUser } from '../services/users';
import { createTRPCRouter, procedureFor } from '../trpc';

export const usersRouter = createTRPCRouter({
  /** Admin. Input: limit, offset, role, q (name or email). Output: `{items, total}`. */
  list: procedureFor(ACCESS.users.list)
    .input(ZUserListRequest)
    .output(ZUserListResponse)
    .query(({ ctx, input }) => listUsers(ctx.em, input)),

  /** Admin: anyone; others: themselves, else 404. */
  byId: procedureFor(ACCESS.users.byId)
    .input(ZByIdRequest)
    .output(ZUser)
    .query(({ ctx, input }) => getUser(ctx.em, ctx.user, input.id)),

  /** Admin: an account of any role. Output: the user. Errors: 400, 403, 404 house, 409 email. */
  create: procedureFor(ACCESS.users.create)
    .input(ZCreateUserRequest)
    .output(ZUser)
    .mutation(({ ctx, input }) => createUser(ctx.em, ctx.actor, input)),

  /**
   * Partial update. Admin: every field; self: name and phone (own role or active state:
   * 403). Errors: 400, 403, 404, 409 (email taken, last active admin).
   */
  update: procedureFor(ACCESS.users.update)
    .input(ZUpdateUserRequest)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateUser(ctx.em, ctx.user, ctx.actor, input, ctx.clock(), ctx.sessionId ?? undefined)),

  /** Admin: deactivates (history kept, sessions revoked). Output: `{id}`. Errors: 404, 409 last admin. */
  deactivate: procedureFor(ACCESS.users.deactivate)
    .input(ZByIdRequest)
    .output(ZDeletedResponse)
    .mutation(({ ctx, input }) => deactivateUser(ctx.em, ctx.actor, input.id, ctx.clock())),
});
