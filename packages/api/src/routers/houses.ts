/**
 * houses: list, read, create, add and remove residents (docs/security.md#who-may-do-what,
 * docs/api.md#lists-and-pagination).
 */
import {
  ZAddResidentRequest,
  ZByIdRequest,
  ZCreateHouseRequest,
  ZDeletedResponse,
  ZHouse,
  ZHouseBalance,
  ZHouseDetail,
  ZHouseListRequest,
  ZHouseListResponse,
  ZRemoveResidentRequest,
  ZUpdateHouseRequest,
} from '@gatehouse/shared';

import {
  addResident,
  createHouse,
  deleteHouse,
  getHouse,
  listHouses,
  removeResident,
  updateHouse,
} from '../services/houses';
import { houseBalance } from '../services/payments';
import { ACCESS } from '../access';
import { createTRPCRouter, procedureFor } from '../trpc';

export const housesRouter = createTRPCRouter({
  /** Any signed-in user. Input: limit, offset, q. Output: `{items, total}`. */
  list: procedureFor(ACCESS.houses.list)
    .input(ZHouseListRequest)
    .output(ZHouseListResponse)
    .query(({ ctx, input }) => listHouses(ctx.em, input)),

  /** Any signed-in user; residents of other houses get empty residents and vehicles. Errors: 404. */
  byId: procedureFor(ACCESS.houses.byId)
    .input(ZByIdRequest)
    .output(ZHouseDetail)
    .query(({ ctx, input }) => getHouse(ctx.em, ctx.user, input.id)),

  /** Admin. Input: houseNumber, block, street, ownerId. Output: the house. Errors: 400, 403, 404 owner, 409. */
  create: procedureFor(ACCESS.houses.create)
    .input(ZCreateHouseRequest)
    .output(ZHouse)
    .mutation(({ ctx, input }) => ctx.em.transactional((tx) => createHouse(tx, ctx.actor, ctx.clock(), input))),

  /** Admin; partial. Output: the house. Errors: 400, 403, 404, 409. */
  update: procedureFor(ACCESS.houses.update)
    .input(ZUpdateHouseRequest)
    .output(ZHouse)
    .mutation(({ ctx, input }) => ctx.em.transactional((tx) => updateHouse(tx, ctx.actor, ctx.clock(), input))),

  /** Admin; only a house without residents, vehicles, visitors or payments (else 409). Output: `{id}`. */
  delete: procedureFor(ACCESS.houses.delete)
    .input(ZByIdRequest)
    .output(ZDeletedResponse)
    .mutation(({ ctx, input }) => ctx.em.transactional((tx) => deleteHouse(tx, ctx.actor, ctx.clock(), input.id))),

  /** Admin. Input: `{id, userId}`. Output: the house detail. Errors: 403, 404. */
  addResident: procedureFor(ACCESS.houses.addResident)
    .input(ZAddResidentRequest)
    .output(ZHouseDetail)
    .mutation(({ ctx, input }) => ctx.em.transactional((tx) => addResident(tx, ctx.user, ctx.actor, ctx.clock(), input))),

  /** Admin. Input: `{id, residentId}`. Output: the house detail. Errors: 403, 404. */
  removeResident: procedureFor(ACCESS.houses.removeResident)
    .input(ZRemoveResidentRequest)
    .output(ZHouseDetail)
    .mutation(({ ctx, input }) => ctx.em.transactional((tx) => removeResident(tx, ctx.user, ctx.actor, ctx.clock(), input))),

  /**
   * docs/operations.md#dues-ledger: the house's dues in dollars, `{pending, overdue,
   * paidThisYear}`. Admin: any
   * house; resident: their own (another: 404); guard: 403. Errors: 403, 404 `House not found`.
   */
  balance: procedureFor(ACCESS.houses.balance)
    .input(ZByIdRequest)
    .output(ZHouseBalance)
    .query(({ ctx, input }) => houseBalance(ctx.em, ctx.user, input.id, ctx.clock(), ctx.config.timeZone)),
});
