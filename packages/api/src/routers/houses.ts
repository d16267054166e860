/**
 * houses: list, read, create, add and remove residents (server-contract §5, §8).
 */
import {
  ZAddResidentRequest,
  ZByIdRequest,
  ZCreateHouseRequest,
  ZHouse,
  ZHouseDetail,
  ZHouseListRequest,
  ZHouseListResponse,
  ZRemoveResidentRequest,
} from '@gatehouse/shared';

import { addResident, createHouse, getHouse, listHouses, removeResident } from '../services/houses';
import { adminProcedure, createTRPCRouter, protectedProcedure } from '../trpc';

export const housesRouter = createTRPCRouter({
  /** Any signed-in user. Input: limit, offset, q. Output: `{items, total}`. */
  list: protectedProcedure
    .input(ZHouseListRequest)
    .output(ZHouseListResponse)
    .query(({ ctx, input }) => listHouses(ctx.em, input)),

  /** Any signed-in user; residents of other houses get empty residents and vehicles. Errors: 404. */
  byId: protectedProcedure
    .input(ZByIdRequest)
    .output(ZHouseDetail)
    .query(({ ctx, input }) => getHouse(ctx.em, ctx.user, input.id)),

  /** Admin. Input: houseNumber, block, street, ownerId. Output: the house. Errors: 400, 403, 404 owner, 409. */
  create: adminProcedure
    .input(ZCreateHouseRequest)
    .output(ZHouse)
    .mutation(({ ctx, input }) => createHouse(ctx.em, input)),

  /** Admin. Input: `{id, userId}`. Output: the house detail. Errors: 403, 404. */
  addResident: adminProcedure
    .input(ZAddResidentRequest)
    .output(ZHouseDetail)
    .mutation(({ ctx, input }) => addResident(ctx.em, ctx.user, input)),

  /** Admin. Input: `{id, residentId}`. Output: the house detail. Errors: 403, 404. */
  removeResident: adminProcedure
    .input(ZRemoveResidentRequest)
    .output(ZHouseDetail)
    .mutation(({ ctx, input }) => removeResident(ctx.em, ctx.user, input)),
});
