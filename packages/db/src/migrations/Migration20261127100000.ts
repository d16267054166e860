import { Migration } from '@mikro-orm/migrations';

/**
 * Visitor lists nearest visit first, with more filters and a wider search: the lists' indexes
 * follow the visit order (date, start time, id) instead of the creation time, for the whole
 * table, a status, a house and a host; the whole table's one covers the search text and the
 * plate, so a common 3-letter search walks the visits in that index alone. The search also
 * finds plates: a trigram index on them, and the fragment counts now take the plate's
 * fragments too (`visitor_search_grams(name, phone, plate)`, counted again from the rows).
 */
export class Migration20261127100000 extends Migration {

  override name = 'Migration20261127100000';

  override up(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_host_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_house_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_status_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_delete" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_delete_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`create index "visitor_invitation_visit_order_index" on "visitor_invitation" ("visit_date", "visit_time_from", "id") include ("search_text", "vehicle_license_plate");`);
    this.addSql(`create index "visitor_invitation_status_visit_order_index" on "visitor_invitation" ("status", "visit_date", "visit_time_from", "id");`);
    this.addSql(`create index "visitor_invitation_house_visit_order_index" on "visitor_invitation" ("house_id", "visit_date", "visit_time_from", "id");`);
    this.addSql(`create index "visitor_invitation_host_visit_order_index" on "visitor_invitation" ("host_id", "visit_date", "visit_time_from", "id");`);
    this.addSql(`create index "visitor_invitation_plate_trgm_index" on "visitor_invitation" using gin ("vehicle_license_plate" gin_trgm_ops);`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at", "id");`);
    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text, "plate" text) returns text[] immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone), lower(plate)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_delete_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_delete" AFTER DELETE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_delete_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_insert_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_update_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)), 1) changes group by g having sum(d) <> 0 order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_update" AFTER UPDATE on "visitor_invitation" for each ROW
  when ((((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.phone)::text IS DISTINCT FROM (new.phone)::text) OR ((old.vehicle_license_plate)::text IS DISTINCT FROM (new.vehicle_license_plate)::text))) execute function "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);
    // The counts now include the plates' fragments: counted again from the rows.
    this.addSql(`delete from "visitor_search_gram_count";`);
    this.addSql(`insert into "visitor_search_gram_count" ("gram", "shard", "n") select g, 0, count(*) from "visitor_invitation", unnest(visitor_search_grams("name", "phone", "vehicle_license_plate")) g group by g;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_visit_order_index";`);
    this.addSql(`drop index "visitor_invitation_status_visit_order_index";`);
    this.addSql(`drop index "visitor_invitation_house_visit_order_index";`);
    this.addSql(`drop index "visitor_invitation_host_visit_order_index";`);
    this.addSql(`drop index "visitor_invitation_plate_trgm_index";`);
    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_delete" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_delete_fn"();`);
    this.addSql(`create index "visitor_invitation_host_created_at_index" on "visitor_invitation" ("host_id", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_house_created_at_index" on "visitor_invitation" ("house_id", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_status_created_at_index" on "visitor_invitation" ("status", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at", "id") include ("search_text");`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_insert_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_update_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone)), 1) changes group by g having sum(d) <> 0 order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_update" AFTER UPDATE on "visitor_invitation" for each ROW
  when ((((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.phone)::text IS DISTINCT FROM (new.phone)::text))) execute function "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_delete_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_delete" AFTER DELETE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_delete_fn"();`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
    this.addSql(`delete from "visitor_search_gram_count";`);
    this.addSql(`insert into "visitor_search_gram_count" ("gram", "shard", "n") select g, 0, count(*) from "visitor_invitation", unnest(visitor_search_grams("name", "phone")) g group by g;`);
  }

}
