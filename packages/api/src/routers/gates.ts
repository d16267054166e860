/**
 * gates: the community's entrances (docs/operations.md#gates). Every signed-in user may list them
 * (the guard's tablet chooses its gate from the list); admins add, rename and switch them
 * on or off. Which gate a check-in or check-out happened at is recorded by the moves
 * themselves (`visitors.checkIn`/`checkOut` take an optional `gateId`).
 */
import { ZCreateGateRequest, ZGate, ZGateListRequest, ZGateListResponse, ZUpdateGateRequest } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createGate, listGates, updateGate } from '../services/gates';
import { createTRPCRouter, procedureFor } from '../trpc';

export const gatesRouter = createTRPCRouter({
  /**
   * Every signed-in user (`GET /api/gates`). Input: nothing. Output: `{items, total}`,
   * every gate, active and inactive, by name: `{id, name, isActive, createdAt,
   * updatedAt}`. Errors: 401.
   */
  list: procedureFor(ACCESS.gates.list)
    .input(ZGateListRequest)
    .output(ZGateListResponse)
    .query(({ ctx }) => listGates(ctx.em)),

  /**
   * Admin (`POST /api/gates`, 201). Input: `{name}` (1–60 characters, trimmed). Output:
   * the gate, active. Errors: 400 `Gate name is required`, 401, 403, 409 `A gate with this
   * name already exists` (whatever the case).
   */
  create: procedureFor(ACCESS.gates.create)
    .input(ZCreateGateRequest)
    .output(ZGate)
    .mutation(({ ctx, input }) => createGate(ctx.em, ctx.actor, input, ctx.clock())),

  /**
   * Admin (`PUT /api/gates/{id}`): partial. Input: `{id, name?, isActive?}`. Output: the
   * gate. Errors: 400, 401, 403, 404 `Gate not found`, 409 name taken.
   */
  update: procedureFor(ACCESS.gates.update)
    .input(ZUpdateGateRequest)
    .output(ZGate)
    .mutation(({ ctx, input }) => updateGate(ctx.em, ctx.actor, input, ctx.clock())),
});
