/**
 * The SQL that keeps the visitor lists' counts (entities/visitor-counts.ts): the invitations
 * per status and per 3-character search fragment, each spread over 16 shards, written by
 * triggers on `visitor_invitation` in the same transaction as the write (entities/visitors.ts
 * declares them), per community (the row's `community_id`), and the `visitor_search_grams`
 * function the fragment triggers call. Each
 * trigger constant is a PL/pgSQL trigger body.
 */

/** `visitor_invitation` after insert: one more in the new row's status (a random shard). */
export const VISITOR_INVITATION_COUNT_INSERT =
  'insert into visitor_status_count (community_id, status, shard, n) values (new.community_id, new.status, floor(random() * 16)::smallint, 1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n + 1; return null;';

/** `visitor_invitation` after update: a changed status moves one from the old status to the new. */
export const VISITOR_INVITATION_COUNT_UPDATE =
  'if old.status is distinct from new.status then insert into visitor_status_count (community_id, status, shard, n) values (old.community_id, old.status, floor(random() * 16)::smallint, -1), (new.community_id, new.status, floor(random() * 16)::smallint, 1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n + excluded.n; end if; return null;';

/** `visitor_invitation` after delete: one less in the old row's status. */
export const VISITOR_INVITATION_COUNT_DELETE =
  'insert into visitor_status_count (community_id, status, shard, n) values (old.community_id, old.status, floor(random() * 16)::smallint, -1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n - 1; return null;';

/**
 * The body of `visitor_search_grams(name, phone, plate)` (SQL, returns text[]): every 3-character
 * substring of the lower-cased name, phone and plate, each once.
 */
export const VISITOR_SEARCH_GRAMS =
  "select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone), lower(plate)]) s, generate_series(1, length(s) - 2) i where s is not null";

/**
 * `visitor_invitation` after insert: one more for each of the new row's fragments, taken in
 * fragment order (concurrent writers lock shared rows in one order).
 */
export const VISITOR_INVITATION_GRAM_INSERT =
  'insert into visitor_search_gram_count (community_id, gram, shard, n) select new.community_id, g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)) g order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n + 1; return null;';

/**
 * The gram update trigger's WHEN: only a changed name, phone or plate fires it (the gate's moves
 * do not pay for it). Written as PostgreSQL reports it back, so that the schema check sees no
 * difference.
 */
export const VISITOR_INVITATION_GRAM_UPDATE_WHEN =
  '(((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.phone)::text IS DISTINCT FROM (new.phone)::text) OR ((old.vehicle_license_plate)::text IS DISTINCT FROM (new.vehicle_license_plate)::text))';

/**
 * `visitor_invitation` after update (when VISITOR_INVITATION_GRAM_UPDATE_WHEN): the difference
 * between the old and the new fragments, in fragment order.
 */
export const VISITOR_INVITATION_GRAM_UPDATE =
  'insert into visitor_search_gram_count (community_id, gram, shard, n) select new.community_id, g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)), 1) changes group by g having sum(d) <> 0 order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null;';

/**
 * `visitor_invitation` after delete: one less for each of the old row's fragments, in fragment
 * order.
 */
export const VISITOR_INVITATION_GRAM_DELETE =
  'insert into visitor_search_gram_count (community_id, gram, shard, n) select old.community_id, g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n - 1; return null;';
