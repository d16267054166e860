/** The community's houses and the vehicles registered to them. */
import { defineEntity, p } from '@mikro-orm/core';
import { MAX_LENGTH } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { User } from './users-sessions';
import { community, tenantFilters } from './tenancy';

/**
 * A house of the community, identified by (houseNumber, block) (docs/security.md#who-may-do-what).
 */
export const HouseSchema = defineEntity({
  name: 'House',
  tableName: 'house',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    houseNumber: p.string().length(MAX_LENGTH.houseNumber),
    block: p.string().length(MAX_LENGTH.block),
    street: p.string().length(MAX_LENGTH.street),
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    residents: () => p.oneToMany(User).mappedBy('house'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // (houseNumber, block) is unique in a community (docs/security.md#communities).
  uniques: [{ name: 'house_community_number_block_unique', properties: ['community', 'houseNumber', 'block'] }],
  checks: [
    { name: 'house_number_check', expression: "char_length(btrim(house_number)) > 0" },
    { name: 'house_block_check', expression: "char_length(btrim(block)) > 0" },
  ],
});
export class House extends HouseSchema.class {}
HouseSchema.setClass(House);

/**
 * A vehicle registered to a house; plates are normalised and unique
 * (docs/security.md#who-may-do-what).
 */
export const VehicleSchema = defineEntity({
  name: 'Vehicle',
  tableName: 'vehicle',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    licensePlate: p.string().length(MAX_LENGTH.licensePlate),
    make: p.string().length(MAX_LENGTH.make),
    model: p.string().length(MAX_LENGTH.model),
    color: p.string().length(MAX_LENGTH.color),
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A plate is registered once per community.
  uniques: [{ name: 'vehicle_community_license_plate_unique', properties: ['community', 'licensePlate'] }],
  checks: [{ name: 'vehicle_license_plate_check', expression: 'license_plate = upper(license_plate)' }],
});
export class Vehicle extends VehicleSchema.class {}
VehicleSchema.setClass(Vehicle);
