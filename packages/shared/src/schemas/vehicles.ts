/**
 * Vehicle schemas (docs/api.md#objects, docs/product.md#forms-and-their-messages;
 * docs/api.md#input-limits, docs/security.md#who-may-do-what).
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { ZHouseRef } from './auth';
import { idField, isStorableText, paginationFields, requiredText, tooLongMessage, unstorableMessage } from './fields';

/**
 * Trims, upper-cases and collapses inner runs of spaces to one (docs/security.md#who-may-do-what).
 */
export function normalizeLicensePlate(plate: string): string {
  return plate.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** A licence plate: required, normalised, at most 16 characters. */
export const licensePlateField = z
  .string({ error: 'License plate is required' })
  .transform(normalizeLicensePlate)
  .pipe(
    z
      .string()
      .min(1, 'License plate is required')
      .max(MAX_LENGTH.licensePlate, tooLongMessage('License plate', MAX_LENGTH.licensePlate))
      .refine(isStorableText, unstorableMessage('License plate')),
  );

/**
 * POST /api/vehicles: every field required (docs/product.md#forms-and-their-messages); a resident's
 * ownerId is forced to self.
 */
export const ZCreateVehicleRequest = z.object({
  licensePlate: licensePlateField,
  make: requiredText('Make', MAX_LENGTH.make, 'Make is required'),
  model: requiredText('Model', MAX_LENGTH.model, 'Model is required'),
  color: requiredText('Color', MAX_LENGTH.color, 'Color is required'),
  houseId: idField('Please select a house'),
  ownerId: idField('Owner is required').optional(),
});
export type CreateVehicleRequest = z.input<typeof ZCreateVehicleRequest>;

/** PUT /api/vehicles/{id}: partial. */
export const ZUpdateVehicleRequest = z.object({
  id: idField('Vehicle not found'),
  licensePlate: licensePlateField.optional(),
  make: requiredText('Make', MAX_LENGTH.make, 'Make is required').optional(),
  model: requiredText('Model', MAX_LENGTH.model, 'Model is required').optional(),
  color: requiredText('Color', MAX_LENGTH.color, 'Color is required').optional(),
  houseId: idField('Please select a house').optional(),
  ownerId: idField('Owner is required').optional(),
});
export type UpdateVehicleRequest = z.input<typeof ZUpdateVehicleRequest>;

/** `vehicles.list` input: limit, offset, optional houseId. */
export const ZVehicleListRequest = z.object({ ...paginationFields, houseId: idField('House not found').optional() });
export type VehicleListRequest = z.input<typeof ZVehicleListRequest>;

/** Vehicle JSON (docs/api.md#objects): houseId `{id, houseNumber, block}`, ownerId `{id, name}`. */
export const ZVehicle = z.object({
  id: z.string(),
  licensePlate: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  houseId: ZHouseRef,
  ownerId: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type Vehicle = z.infer<typeof ZVehicle>;

export const ZVehicleListResponse = z.object({ items: z.array(ZVehicle), total: z.number().int() });
export type VehicleListResponse = z.infer<typeof ZVehicleListResponse>;
