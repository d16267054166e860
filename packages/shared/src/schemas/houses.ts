/**
 * House schemas (docs/api.md#objects, docs/api.md#the-rest-paths; docs/security.md#who-may-do-what,
 * docs/api.md#lists-and-pagination).
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { idField, paginationFields, requiredText, searchField } from './fields';

/**
 * POST /api/houses, `houses.create` input (docs/product.md#forms-and-their-messages: all four
 * required).
 */
export const ZCreateHouseRequest = z.object({
  houseNumber: requiredText('House number', MAX_LENGTH.houseNumber, 'House number is required'),
  block: requiredText('Block', MAX_LENGTH.block, 'Block is required'),
  street: requiredText('Street', MAX_LENGTH.street, 'Street is required'),
  ownerId: idField('Owner is required'),
});
export type CreateHouseRequest = z.input<typeof ZCreateHouseRequest>;

/** `houses.list` input: limit, offset and `q` (house number or block). */
export const ZHouseListRequest = z.object({ ...paginationFields, q: searchField });
export type HouseListRequest = z.input<typeof ZHouseListRequest>;

/** A resident as listed on a house: id, name, email. */
/**
 * A resident as listed on a house; the phone lets the gate call them about a walk-in
 * (docs/gate.md#walk-ins).
 */
export const ZHouseResident = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() });

/** A vehicle as listed on a house. */
export const ZHouseVehicle = z.object({
  id: z.string(),
  licensePlate: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
});

/** House JSON (docs/api.md#objects): owner `{id, name}` or null. */
export const ZHouse = z.object({
  id: z.string(),
  houseNumber: z.string(),
  block: z.string(),
  street: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type House = z.infer<typeof ZHouse>;

/** House detail: the house plus its residents and vehicles (empty for other houses' residents). */
export const ZHouseDetail = ZHouse.extend({
  residents: z.array(ZHouseResident),
  vehicles: z.array(ZHouseVehicle),
});
export type HouseDetail = z.infer<typeof ZHouseDetail>;

export const ZHouseListResponse = z.object({ items: z.array(ZHouse), total: z.number().int() });
export type HouseListResponse = z.infer<typeof ZHouseListResponse>;

/** POST /api/houses/{id}/residents `{userId}` (docs/security.md#who-may-do-what). */
export const ZAddResidentRequest = z.object({
  id: idField('House not found'),
  userId: idField('User is required'),
});

/** DELETE /api/houses/{id}/residents/{residentId}. */
export const ZRemoveResidentRequest = z.object({
  id: idField('House not found'),
  residentId: idField('Resident not found'),
});

/** PUT /api/houses/{id} (admin): partial. */
export const ZUpdateHouseRequest = z.object({
  id: idField('House not found'),
  houseNumber: requiredText('House number', MAX_LENGTH.houseNumber, 'House number is required').optional(),
  block: requiredText('Block', MAX_LENGTH.block, 'Block is required').optional(),
  street: requiredText('Street', MAX_LENGTH.street, 'Street is required').optional(),
  ownerId: idField('Owner is required').optional(),
});
export type UpdateHouseRequest = z.input<typeof ZUpdateHouseRequest>;
