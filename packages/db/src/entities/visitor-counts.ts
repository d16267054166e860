/** What the visitor lists count from: the status counts and the search-fragment counts, kept by triggers. */
import { defineEntity, p, Routine } from '@mikro-orm/core';
import { VISITOR_STATUSES } from '@gatehouse/shared';

import { VISITOR_SEARCH_GRAMS } from '../sql/visitor-counts';
import { community, tenantFilters } from './tenancy';

/**
 * How many invitations are in each status, kept by triggers on `visitor_invitation` in the
 * same transaction as the write, spread over 16 shards per status so that concurrent gate
 * moves do not queue on one row. The count of a status is the sum of its shards.
 */
export const VisitorStatusCountSchema = defineEntity({
  name: 'VisitorStatusCount',
  tableName: 'visitor_status_count',
  filters: tenantFilters,
  properties: {
    community: () => community().primary(),
    status: p.enum(VISITOR_STATUSES).primary(),
    shard: p.smallint().primary(),
    n: p.bigint('number').default(0),
  },
});
export class VisitorStatusCount extends VisitorStatusCountSchema.class {}
VisitorStatusCountSchema.setClass(VisitorStatusCount);

/**
 * `visitor_search_grams(name, phone, plate)`: every 3-character substring of the lower-cased
 * name, phone and plate, each once (a SQL function, used by the search-count triggers on
 * `visitor_invitation`, entities/visitors.ts; its body is sql/visitor-counts.ts's).
 * A visitor matches `name ILIKE '%abc%' or phone ILIKE '%abc%' or plate ILIKE '%abc%'` exactly
 * when `lower('abc')` is one of them.
 */
export const visitorSearchGrams = new Routine({
  name: 'visitor_search_grams',
  type: 'function',
  language: 'sql',
  deterministic: true,
  params: { name: { type: 'text' }, phone: { type: 'text' }, plate: { type: 'text' } },
  returns: { runtimeType: 'any', columnType: 'text[]' },
  body: VISITOR_SEARCH_GRAMS,
});

/** Every SQL routine, registered with the ORM beside the entities. */
export const routines = [visitorSearchGrams];

/**
 * How many invitations contain each 3-character fragment (`gram`, lower case) in their name,
 * phone or plate (counted once when in several), kept by triggers on `visitor_invitation` in
 * the same transaction as the write and spread over 16 shards like the status counts. The
 * grams of a visitor are `visitor_search_grams(name, phone, plate)` (a SQL function of the
 * migrations): every 3-character substring of the lower-cased name, phone and plate, so that
 * a visitor matches `ILIKE '%abc%'` on one of them exactly when `lower('abc')` is one of its grams.
 */
export const VisitorSearchGramCountSchema = defineEntity({
  name: 'VisitorSearchGramCount',
  tableName: 'visitor_search_gram_count',
  filters: tenantFilters,
  properties: {
    community: () => community().primary(),
    gram: p.text().primary(),
    shard: p.smallint().primary(),
    n: p.bigint('number').default(0),
  },
});
export class VisitorSearchGramCount extends VisitorSearchGramCountSchema.class {}
VisitorSearchGramCountSchema.setClass(VisitorSearchGramCount);
