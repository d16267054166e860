/**
 * Communities and memberships (docs/api.md#communities): one deployment serves many communities,
 * each community's rows carrying `community_id`; a person has one account and one membership per
 * community they belong to.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { COMMUNITY_SLUG_MAX, COMMUNITY_STATUSES, MAX_LENGTH, ROLES, type CommunitySettings } from '@gatehouse/shared';

import { createdAt, id } from './common';
import { House } from './houses-vehicles';
import { User } from './users-sessions';

/**
 * A community: a name, a unique slug, its IANA time zone and the settings that were server-wide
 * environment variables (docs/api.md#communities). A suspended community answers 403 to its members.
 */
export const CommunitySchema = defineEntity({
  name: 'Community',
  tableName: 'community',
  properties: {
    id: id(),
    name: p.string().length(MAX_LENGTH.name),
    slug: p.string().length(COMMUNITY_SLUG_MAX).unique(),
    /** IANA zone: the community's days and times (visit dates, reports, retention). */
    timeZone: p.string().length(64),
    settings: p.json<CommunitySettings>(),
    status: p.enum(COMMUNITY_STATUSES).default('active'),
    createdAt: createdAt(),
  },
  checks: [
    { name: 'community_slug_check', expression: "slug ~ '^[a-z0-9-]{3,40}$'" },
    { name: 'community_name_check', expression: 'char_length(btrim(name)) >= 1' },
  ],
});
export class Community extends CommunitySchema.class {}
CommunitySchema.setClass(Community);

/**
 * A person's place in one community (docs/api.md#communities): their role there and, for a
 * resident, their house (a house of that community). One per (user, community); deactivating a
 * user or changing their role acts on the membership of the admin's community only.
 */
export const MembershipSchema = defineEntity({
  name: 'Membership',
  tableName: 'membership',
  properties: {
    id: id(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    community: () => p.manyToOne(Community).deleteRule('cascade').index(),
    role: p.enum(ROLES),
    house: () => p.manyToOne(House).nullable().deleteRule('set null').index(),
    isActive: p.boolean().default(true),
    createdAt: createdAt(),
  },
  uniques: [{ name: 'membership_user_community_unique', properties: ['user', 'community'] }],
});
export class Membership extends MembershipSchema.class {}
MembershipSchema.setClass(Membership);
