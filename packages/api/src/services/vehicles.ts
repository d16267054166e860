/**
 * Vehicles (docs/security.md#who-may-do-what): staff read all (plate look-up at the gate),
 * residents
 * their own house's; admins add anywhere, residents to their own house as owner; only
 * admins and a vehicle's owner may change or remove it. Plates are normalised and unique.
 */
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { House, User, Vehicle, type EntityManager } from '@gatehouse/db';
import {
  isUuid,
  type Vehicle as VehicleJson,
  type VehicleListResponse,
  type ZCreateVehicleRequest,
  type ZUpdateVehicleRequest,
} from '@gatehouse/shared';
import type { z } from 'zod';

import { httpError } from '../errors';
import { houseIdOf, houseRef } from '../lib/serialize';

export type CreateVehicleInput = z.output<typeof ZCreateVehicleRequest>;
export type UpdateVehicleInput = z.output<typeof ZUpdateVehicleRequest>;

const POPULATE = ['house', 'owner'] as const;
/** `License plate ABC 123 is already registered`, details `{reason: 'plate-taken', plate: 'ABC 123'}`. */
const plateTaken = (plate: string) =>
  httpError(409, `License plate ${plate} is already registered`, { refusal: { reason: 'plate-taken', plate } });

/** Vehicle JSON; `house` and `owner` must be loaded. */
export function serializeVehicle(vehicle: Vehicle): VehicleJson {
  const owner = vehicle.owner;
  return {
    id: vehicle.id,
    licensePlate: vehicle.licensePlate,
    make: vehicle.make,
    model: vehicle.model,
    color: vehicle.color,
    houseId: houseRef(vehicle.house),
    ownerId: { id: owner.id, name: owner.name },
    createdAt: vehicle.createdAt.toISOString(),
  };
}


/** Which vehicles `viewer` may see: all for staff, their house's for residents. */
function visibleTo(viewer: User): FilterQuery<Vehicle> {
  if (viewer.role !== 'resident') return {};
  const houseId = houseIdOf(viewer);
  return houseId ? { house: houseId } : { id: { $in: [] } };
}

/** A page of vehicles ordered by plate; `houseId` filters. */
export async function listVehicles(
  em: EntityManager,
  viewer: User,
  input: { limit: number; offset: number; houseId?: string | undefined },
): Promise<VehicleListResponse> {
  const conditions: FilterQuery<Vehicle>[] = [visibleTo(viewer)];
  if (input.houseId) conditions.push(isUuid(input.houseId) ? { house: input.houseId } : { id: { $in: [] } });
  const [rows, total] = await em.findAndCount(Vehicle, { $and: conditions }, {
    populate: POPULATE,
    orderBy: [{ licensePlate: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map(serializeVehicle), total };
}

async function findVisibleVehicle(em: EntityManager, viewer: User, id: string): Promise<Vehicle> {
  const vehicle = isUuid(id) ? await em.findOne(Vehicle, { $and: [{ id }, visibleTo(viewer)] }, { populate: POPULATE }) : null;
  if (!vehicle) throw httpError(404, 'Vehicle not found');
  return vehicle;
}

/** One vehicle; outside a resident's house: 404. */
export async function getVehicle(em: EntityManager, viewer: User, id: string): Promise<VehicleJson> {
  return serializeVehicle(await findVisibleVehicle(em, viewer, id));
}

async function findHouse(em: EntityManager, id: string): Promise<House> {
  const house = isUuid(id) ? await em.findOne(House, { id }) : null;
  if (!house) throw httpError(404, 'House not found');
  return house;
}

async function findOwner(em: EntityManager, id: string): Promise<User> {
  const owner = isUuid(id) ? await em.findOne(User, { id }) : null;
  if (!owner) throw httpError(404, 'Owner not found');
  return owner;
}

async function flushVehicle(em: EntityManager, plate: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw plateTaken(plate);
    throw error;
  }
}

/**
 * Adds a vehicle: admins to any house (owner given, else themselves); residents to their
 * own house only (else 403), with themselves as owner. A taken plate: 409.
 */
export async function createVehicle(em: EntityManager, viewer: User, input: CreateVehicleInput): Promise<VehicleJson> {
  if (viewer.role === 'resident' && houseIdOf(viewer) !== input.houseId) {
    throw httpError(403, 'You can only add vehicles to your own house');
  }
  const house = await findHouse(em, input.houseId);
  const owner = viewer.role === 'resident' ? viewer : await findOwner(em, input.ownerId ?? viewer.id);
  if ((await em.count(Vehicle, { licensePlate: input.licensePlate })) > 0) throw plateTaken(input.licensePlate);
  const vehicle = em.create(Vehicle, {
    licensePlate: input.licensePlate,
    make: input.make,
    model: input.model,
    color: input.color,
    house,
    owner,
  });
  await flushVehicle(em, input.licensePlate);
  return serializeVehicle(vehicle);
}

/** Throws unless `viewer` may change `vehicle`: admins, or the resident who owns it (403). */
function assertMayChange(viewer: User, vehicle: Vehicle): void {
  if (viewer.role === 'admin') return;
  if ((vehicle.owner).id !== viewer.id) throw httpError(403, 'Only the owner of this vehicle or an admin can change it');
}

/** Partial update: admins, or the resident who owns it (who cannot move it to another house). */
export async function updateVehicle(em: EntityManager, viewer: User, input: UpdateVehicleInput): Promise<VehicleJson> {
  const vehicle = await findVisibleVehicle(em, viewer, input.id);
  assertMayChange(viewer, vehicle);
  if (input.houseId !== undefined) {
    if (viewer.role === 'resident' && input.houseId !== houseIdOf(viewer)) {
      throw httpError(403, 'You can only add vehicles to your own house');
    }
    vehicle.house = await findHouse(em, input.houseId);
  }
  if (input.ownerId !== undefined && viewer.role === 'admin') vehicle.owner = await findOwner(em, input.ownerId);
  if (input.licensePlate !== undefined && input.licensePlate !== vehicle.licensePlate) {
    if ((await em.count(Vehicle, { licensePlate: input.licensePlate, id: { $ne: vehicle.id } })) > 0) {
      throw plateTaken(input.licensePlate);
    }
    vehicle.licensePlate = input.licensePlate;
  }
  if (input.make !== undefined) vehicle.make = input.make;
  if (input.model !== undefined) vehicle.model = input.model;
  if (input.color !== undefined) vehicle.color = input.color;
  await flushVehicle(em, vehicle.licensePlate);
  return serializeVehicle(await findVisibleVehicle(em.fork(), viewer, vehicle.id));
}

/** Removes a vehicle: admins, or the resident who owns it. Answers `{id}`. */
export async function deleteVehicle(em: EntityManager, viewer: User, id: string): Promise<{ id: string }> {
  const vehicle = await findVisibleVehicle(em, viewer, id);
  assertMayChange(viewer, vehicle);
  await em.remove(vehicle).flush();
  return { id: vehicle.id };
}
