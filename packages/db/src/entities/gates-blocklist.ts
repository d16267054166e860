/** The gates, what the gate recorded offline for review, the gate pack's code hashes, and the blocklist. */
import { defineEntity, p } from '@mikro-orm/core';
import { BLOCKLIST_REASON_MAX, GATE_NAME_MAX, GATE_REVIEW_ACTIONS, GATE_REVIEW_STATUSES, GATE_REVIEW_TEXT_MAX, MAX_LENGTH } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { RecurringPass } from './passes';
import { User } from './users-sessions';
import { VisitorInvitation } from './visitors';
import { community, tenantFilters } from './tenancy';

/**
 * A gate of the community (docs/operations.md#gates): admins name it and switch it on or off; every
 * check-in and check-out records the gate it happened at. Names are unique whatever
 * their case, in a community (`gate_community_name_lower_unique`).
 */
export const GateSchema = defineEntity({
  name: 'Gate',
  tableName: 'gate',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    name: p.string().length(GATE_NAME_MAX),
    isActive: p.boolean().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [
    {
      name: 'gate_community_name_lower_unique',
      expression: `create unique index "gate_community_name_lower_unique" on "gate" ("community_id", lower("name"))`,
    },
  ],
  checks: [{ name: 'gate_name_check', expression: 'char_length(btrim(name)) > 0' }],
});
export class Gate extends GateSchema.class {}
GateSchema.setClass(Gate);

/**
 * An entry the gate recorded offline that the server refused on replay
 * (docs/gate.md#recording-moves-offline,
 * Needs review): which visitor or recurring pass (if known; at most one), the move, when
 * it happened, the server's message. Open until a person dismisses it, or an admin
 * records, with a note, that the person did pass the gate. `idempotencyKey` is the queued
 * entry's key: the same key again from the same user is the same review.
 */
export const GateReviewSchema = defineEntity({
  name: 'GateReview',
  tableName: 'gate_review',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    visitor: () => p.manyToOne(VisitorInvitation).nullable().deleteRule('cascade').index(),
    /**
     * Or the recurring pass it was about (docs/operations.md#frequent-visitors: a pass moved
     * offline); never both.
     */
    pass: () => p.manyToOne(RecurringPass).nullable().deleteRule('cascade').index(),
    action: p.enum(GATE_REVIEW_ACTIONS),
    occurredAt: p.datetime(),
    message: p.string().length(GATE_REVIEW_TEXT_MAX),
    /** The refusal's stable error code (`INVALID_TRANSITION`…), when the gate sent it. */
    code: p.string().length(32).nullable(),
    /** The refusal's details as the server answered them (a refusal's values, or the fields at fault). */
    details: p.json<Record<string, unknown> | Array<Record<string, unknown>>>().nullable(),
    idempotencyKey: p.string().length(100).nullable(),
    status: p.enum(GATE_REVIEW_STATUSES),
    createdBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: p.datetime(),
    /** Who dismissed or recorded it, and when. */
    closedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    closedAt: p.datetime().nullable(),
    /** The admin's note when recorded. */
    note: p.string().length(GATE_REVIEW_TEXT_MAX).nullable(),
  },
  // The open list, newest first; a key names one review per user (NULL keys never clash).
  indexes: [{ name: 'gate_review_status_created_at_index', properties: ['status', 'createdAt', 'id'] }],
  uniques: [{ name: 'gate_review_created_by_idempotency_key_unique', properties: ['createdBy', 'idempotencyKey'] }],
  checks: [
    { name: 'gate_review_closed_check', expression: "(status = 'open') = (closed_at is null)" },
    { name: 'gate_review_note_check', expression: "status <> 'recorded' or note is not null" },
    { name: 'gate_review_subject_check', expression: 'num_nonnulls(visitor_id, pass_id) <= 1' },
  ],
});
export class GateReview extends GateReviewSchema.class {}
GateReviewSchema.setClass(GateReview);

/**
 * The salt the gate pack's pass codes are hashed with on one community day (PBKDF2,
 * docs/gate.md#the-gate-pack): 16 random bytes as lowercase hex, made by the first process that
 * needs
 * it, so every server process hashes a day's codes alike; with the iterations its hashes were
 * made with. Days before yesterday are deleted (with their hashes).
 */
export const GatePackSaltSchema = defineEntity({
  name: 'GatePackSalt',
  tableName: 'gate_pack_salt',
  properties: {
    /** YYYY-MM-DD in the community's time zone. */
    day: p.date().primary(),
    salt: p.string().length(32),
    iterations: p.integer(),
    createdAt: createdAt(),
  },
  checks: [
    { name: 'gate_pack_salt_salt_check', expression: "salt ~ '^[0-9a-f]{32}$'" },
    { name: 'gate_pack_salt_iterations_check', expression: 'iterations > 0' },
  ],
});
export class GatePackSalt extends GatePackSaltSchema.class {}
GatePackSaltSchema.setClass(GatePackSalt);

/**
 * A pass code's PBKDF2 hash under one day's salt, kept so that each code is hashed once a
 * day across every server process, not at each pack (a hash costs tens of milliseconds).
 * The database keeps the codes themselves anyway: these rows tell nothing more.
 */
export const GatePackCodeHashSchema = defineEntity({
  name: 'GatePackCodeHash',
  tableName: 'gate_pack_code_hash',
  properties: {
    salt: () => p.manyToOne(GatePackSalt).primary().deleteRule('cascade'),
    passCode: p.string().length(8).primary(),
    /** Lowercase hex of the 32-byte hash. */
    hash: p.string().length(64),
  },
});
export class GatePackCodeHash extends GatePackCodeHashSchema.class {}
GatePackCodeHashSchema.setClass(GatePackCodeHash);

/**
 * An entry of the community blocklist (docs/operations.md#blocklist): a person the gate must not
 * let in,
 * matched by phone number and/or licence plate (at least one), each stored as a visitor's
 * is (phone trimmed; plate trimmed, upper-cased, inner spaces collapsed). Phones match with
 * spaces and dashes ignored (docs/product.md#forms-and-their-messages), through
 * `blocklist_entry_phone_key_index`.
 */
export const BlocklistEntrySchema = defineEntity({
  name: 'BlocklistEntry',
  tableName: 'blocklist_entry',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    name: p.string().length(MAX_LENGTH.name),
    phone: p.string().length(MAX_LENGTH.phone).nullable(),
    licensePlate: p.string().length(MAX_LENGTH.licensePlate).nullable().index('blocklist_entry_license_plate_index'),
    reason: p.string().length(BLOCKLIST_REASON_MAX),
    addedBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: createdAt(),
  },
  indexes: [
    {
      name: 'blocklist_entry_phone_key_index',
      expression: `create index "blocklist_entry_phone_key_index" on "blocklist_entry" ("community_id", regexp_replace("phone", '[\\s-]', '', 'g'))`,
    },
    { name: 'blocklist_entry_created_at_index', properties: ['createdAt', 'id'] },
  ],
  checks: [
    { name: 'blocklist_entry_match_check', expression: 'phone is not null or license_plate is not null' },
    { name: 'blocklist_entry_license_plate_check', expression: 'license_plate = upper(license_plate)' },
    { name: 'blocklist_entry_reason_check', expression: 'char_length(btrim(reason)) > 0' },
  ],
});
export class BlocklistEntry extends BlocklistEntrySchema.class {}
BlocklistEntrySchema.setClass(BlocklistEntry);
