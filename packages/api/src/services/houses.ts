/**
 * Houses and their residents (docs/security.md#who-may-do-what, docs/api.md#lists-and-pagination):
 * list with search, detail with
 * the privacy rule for residents of other houses, create, add and remove a resident.
 */
import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { House, Payment, User, Vehicle, VisitorInvitation, type EntityManager } from '@gatehouse/db';
import {
  isUuid,
  type CreateHouseRequest,
  type House as HouseJson,
  type HouseDetail,
  type HouseListResponse,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { houseIdOf, likePattern } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';

const houseTarget = (id: string) => ({ targetType: 'house' as const, targetId: id });

export type { CreateHouseRequest };

/** House JSON; `owner` must be loaded. */
export function serializeHouse(house: House): HouseJson {
  const owner = house.owner;
  return {
    id: house.id,
    houseNumber: house.houseNumber,
    block: house.block,
    street: house.street,
    owner: owner ? { id: owner.id, name: owner.name } : null,
    createdAt: house.createdAt.toISOString(),
  };
}

/** `House 101 already exists in block A`, details `{reason: 'house-taken', houseNumber: '101', block: 'A'}`. */
const houseTaken = (houseNumber: string, block: string) =>
  httpError(409, `House ${houseNumber} already exists in block ${block}`, { refusal: { reason: 'house-taken', houseNumber, block } });

async function findHouse(em: EntityManager, id: string): Promise<House> {
  const house = isUuid(id) ? await em.findOne(House, { id }, { populate: ['owner'] }) : null;
  if (!house) throw httpError(404, 'House not found');
  return house;
}

/**
 * A page of houses ordered by block then house number; `q` matches house number or
 * block, case-insensitively, `%` and `_` literally (docs/api.md#input-limits).
 */
export async function listHouses(
  em: EntityManager,
  input: { limit: number; offset: number; q?: string | undefined },
): Promise<HouseListResponse> {
  const where: FilterQuery<House> = input.q
    ? { $or: [{ houseNumber: { $ilike: likePattern(input.q) } }, { block: { $ilike: likePattern(input.q) } }] }
    : {};
  const [rows, total] = await em.findAndCount(House, where, {
    populate: ['owner'],
    orderBy: [{ block: 'asc' }, { houseNumber: 'asc' }, { id: 'asc' }],
    limit: input.limit,
    offset: input.offset,
  });
  return { items: rows.map(serializeHouse), total };
}

/**
 * A house with its residents and vehicles. A resident of another house gets both lists
 * empty (docs/security.md#who-may-do-what). Unknown or malformed id: 404 'House not found'.
 */
export async function getHouse(em: EntityManager, viewer: User, id: string): Promise<HouseDetail> {
  const house = await findHouse(em, id);
  const mayList = viewer.role !== 'resident' || houseIdOf(viewer) === house.id;
  if (!mayList) return { ...serializeHouse(house), residents: [], vehicles: [] };
  const [residents, vehicles] = [
    await em.find(User, { house: house.id }, { orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    await em.find(Vehicle, { house: house.id }, { orderBy: [{ licensePlate: 'asc' }] }),
  ];
  return {
    ...serializeHouse(house),
    residents: residents.map((user) => ({ id: user.id, name: user.name, email: user.email, phone: user.phone })),
    vehicles: vehicles.map((vehicle) => ({
      id: vehicle.id,
      licensePlate: vehicle.licensePlate,
      make: vehicle.make,
      model: vehicle.model,
      color: vehicle.color,
    })),
  };
}

/**
 * Creates a house (admin): 201 with the house. Unknown owner: 404 'Owner not found';
 * a taken (houseNumber, block): 409.
 */
export async function createHouse(
  em: EntityManager,
  actor: Actor,
  now: Date,
  input: { houseNumber: string; block: string; street: string; ownerId: string },
): Promise<HouseJson> {
  const owner = isUuid(input.ownerId) ? await em.findOne(User, { id: input.ownerId }) : null;
  if (!owner) throw httpError(404, 'Owner not found');
  const conflict = () => houseTaken(input.houseNumber, input.block);
  if ((await em.count(House, { houseNumber: input.houseNumber, block: input.block })) > 0) throw conflict();
  const house = em.create(House, {
    houseNumber: input.houseNumber,
    block: input.block,
    street: input.street,
    owner,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict();
    throw error;
  }
  await recordAudit(em, actor, { action: 'house.created', ...houseTarget(house.id), details: { houseNumber: house.houseNumber, block: house.block } }, now);
  return serializeHouse(house);
}

/** Makes `userId` a resident of house `id` (a user lives in at most one house); returns the detail. */
export async function addResident(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  now: Date,
  input: { id: string; userId: string },
): Promise<HouseDetail> {
  const house = await findHouse(em, input.id);
  const user = isUuid(input.userId) ? await em.findOne(User, { id: input.userId }, { populate: ['house'] }) : null;
  if (!user) throw httpError(404, 'User not found');
  const previousHouseId = houseIdOf(user);
  user.house = house;
  await em.flush();
  await recordAudit(em, actor, { action: 'house.resident-added', ...houseTarget(house.id), details: { userId: user.id, previousHouseId } }, now);
  return getHouse(em, viewer, house.id);
}

/** Removes resident `residentId` from house `id`; 404 'Resident not found' unless they live there. */
export async function removeResident(
  em: EntityManager,
  viewer: User,
  actor: Actor,
  now: Date,
  input: { id: string; residentId: string },
): Promise<HouseDetail> {
  const house = await findHouse(em, input.id);
  const user = isUuid(input.residentId)
    ? await em.findOne(User, { id: input.residentId, house: house.id })
    : null;
  if (!user) throw httpError(404, 'Resident not found');
  user.house = null;
  await em.flush();
  await recordAudit(em, actor, { action: 'house.resident-removed', ...houseTarget(house.id), details: { userId: user.id } }, now);
  return getHouse(em, viewer, house.id);
}

/** Partial update of a house (admin). Errors: 404 house or owner, 409 taken (houseNumber, block). */
export async function updateHouse(
  em: EntityManager,
  actor: Actor,
  now: Date,
  input: { id: string; houseNumber?: string | undefined; block?: string | undefined; street?: string | undefined; ownerId?: string | undefined },
): Promise<HouseJson> {
  const house = await findHouse(em, input.id);
  if (input.ownerId !== undefined) {
    const owner = isUuid(input.ownerId) ? await em.findOne(User, { id: input.ownerId }) : null;
    if (!owner) throw httpError(404, 'Owner not found');
    house.owner = owner;
  }
  const houseNumber = input.houseNumber ?? house.houseNumber;
  const block = input.block ?? house.block;
  const conflict = () => houseTaken(houseNumber, block);
  if (houseNumber !== house.houseNumber || block !== house.block) {
    if ((await em.count(House, { houseNumber, block, id: { $ne: house.id } })) > 0) throw conflict();
    house.houseNumber = houseNumber;
    house.block = block;
  }
  if (input.street !== undefined) house.street = input.street;
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict();
    throw error;
  }
  const fields = (['houseNumber', 'block', 'street', 'ownerId'] as const).filter((field) => input[field] !== undefined);
  await recordAudit(em, actor, { action: 'house.updated', ...houseTarget(house.id), details: { fields } }, now);
  return serializeHouse(house);
}

/**
 * Deletes a house (admin) that has no residents, vehicles, visitors or payments (else
 * 409: its history must stay). Answers `{id}`.
 */
export async function deleteHouse(em: EntityManager, actor: Actor, now: Date, id: string): Promise<{ id: string }> {
  const house = await findHouse(em, id);
  const [residents, vehicles, visitors, payments] = await Promise.all([
    em.count(User, { house: house.id }),
    em.count(Vehicle, { house: house.id }),
    em.count(VisitorInvitation, { house: house.id }),
    em.count(Payment, { house: house.id }),
  ]);
  if (residents + vehicles + visitors + payments > 0) {
    throw httpError(409, 'House cannot be deleted while it has residents, vehicles, visitors or payments');
  }
  try {
    await em.remove(house).flush();
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) {
      throw httpError(409, 'House cannot be deleted while it has residents, vehicles, visitors or payments');
    }
    throw error;
  }
  await recordAudit(em, actor, { action: 'house.deleted', ...houseTarget(house.id), details: { houseNumber: house.houseNumber, block: house.block } }, now);
  return { id: house.id };
}
