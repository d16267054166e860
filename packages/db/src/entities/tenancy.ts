/**
 * What makes an entity a tenant entity (docs/security.md#communities): its `community` relation and
 * the `community` filter, on by default. Kept apart from the entities so that every entity file
 * can import it whatever the order the modules load in (it reads `Community` only when called).
 */
import { p, type EntityManager } from '@mikro-orm/core';

import { Community } from './communities';

/** The name of the filter every tenant entity carries, on by default (docs/security.md#communities). */
export const COMMUNITY_FILTER = 'community';

/** The community filter's parameters: `em.setFilterParams(COMMUNITY_FILTER, { communityId })`. */
export interface CommunityFilterParams {
  [key: string]: unknown;
  communityId: string;
}

/**
 * The community an entity manager acts in: its community filter's parameter. Every insert of a
 * tenant row takes it (`community()` below, and the raw SQL of the services). Throws when the
 * manager was made without one, so that no row is ever written to no community.
 */
export function communityIdOf(em: Pick<EntityManager, 'getFilterParams'>): string {
  const params = em.getFilterParams<Partial<CommunityFilterParams>>(COMMUNITY_FILTER) as Partial<CommunityFilterParams> | undefined;
  if (!params?.communityId) throw new Error('This entity manager acts in no community (set the community filter first)');
  return params.communityId;
}

/**
 * Spread into every tenant entity's `defineEntity`: the `community` filter, on by default, that
 * keeps every find, count, update and delete inside the entity manager's community
 * (`em.setFilterParams('community', { communityId })`); without that parameter a query throws
 * instead of reading every community. A test fails when a tenant entity lacks it.
 */
export const tenantFilters = {
  [COMMUNITY_FILTER]: {
    name: COMMUNITY_FILTER,
    cond: (args: Record<string, unknown>) => ({ community: (args as unknown as CommunityFilterParams).communityId }),
    default: true,
  },
};

/**
 * The `community` relation of a tenant entity (column `community_id`, NOT NULL, a foreign key to
 * `community`), set at creation to the entity manager's community.
 */
export const community = () =>
  p
    .manyToOne(Community)
    .deleteRule('restrict')
    .onCreate((_entity, em) => em.getReference(Community, communityIdOf(em)));

/** A fork of `em` acting in community `communityId` (its own identity map). */
export function forkInCommunity<T extends Pick<EntityManager, 'fork'>>(em: T, communityId: string): ReturnType<T['fork']> {
  const fork = em.fork() as ReturnType<T['fork']> & Pick<EntityManager, 'setFilterParams'>;
  fork.setFilterParams(COMMUNITY_FILTER, { communityId } satisfies CommunityFilterParams);
  return fork;
}
