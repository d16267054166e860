/**
 * vehicles: the community's registered vehicles (docs/security.md#who-may-do-what).
 */
import {
  ZByIdRequest,
  ZCreateVehicleRequest,
  ZDeletedResponse,
  ZUpdateVehicleRequest,
  ZVehicle,
  ZVehicleListRequest,
  ZVehicleListResponse,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createVehicle, deleteVehicle, getVehicle, listVehicles, updateVehicle } from '../services/vehicles';
import { createTRPCRouter, procedureFor } from '../trpc';

export const vehiclesRouter = createTRPCRouter({
  /** Staff: all; residents: their house's. Input: limit, offset, houseId. Output: `{items, total}`. */
  list: procedureFor(ACCESS.vehicles.list)
    .input(ZVehicleListRequest)
    .output(ZVehicleListResponse)
    .query(({ ctx, input }) => listVehicles(ctx.em, ctx.user, input)),

  /** One vehicle; outside a resident's house: 404. */
  byId: procedureFor(ACCESS.vehicles.byId)
    .input(ZByIdRequest)
    .output(ZVehicle)
    .query(({ ctx, input }) => getVehicle(ctx.em, ctx.user, input.id)),

  /** Admin (any house) or resident (own house, as owner). Errors: 400, 403, 404, 409 plate. */
  create: procedureFor(ACCESS.vehicles.create)
    .input(ZCreateVehicleRequest)
    .output(ZVehicle)
    .mutation(({ ctx, input }) => createVehicle(ctx.em, ctx.user, input)),

  /** Admin or the owning resident; partial. Errors: 400, 403, 404, 409 plate. */
  update: procedureFor(ACCESS.vehicles.update)
    .input(ZUpdateVehicleRequest)
    .output(ZVehicle)
    .mutation(({ ctx, input }) => updateVehicle(ctx.em, ctx.user, input)),

  /** Admin or the owning resident. Output: `{id}`. Errors: 403, 404. */
  delete: procedureFor(ACCESS.vehicles.delete)
    .input(ZByIdRequest)
    .output(ZDeletedResponse)
    .mutation(({ ctx, input }) => deleteVehicle(ctx.em, ctx.user, input.id)),
});
