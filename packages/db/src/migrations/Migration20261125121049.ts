import { Migration } from '@mikro-orm/migrations';

/**
 * Search counts (docs/performance.md#what-moves-the-figures): `visitor_search_grams(name, phone)`,
 * the
 * 3-character fragments of a visitor, and `visitor_search_gram_count`, how many visitors
 * have each, kept by triggers and filled here from the existing rows; `search_text` (name
 * and phone lower-cased), covered by the newest-first index, so that a common fragment's
 * page is an index-only walk.
 */
export class Migration20261125121049 extends Migration {

  override name = 'Migration20261125121049';

  override up(): void | Promise<void> {
    this.addSql(`create table "visitor_search_gram_count" ("gram" text not null, "shard" smallint not null, "n" bigint not null default '0', primary key ("gram", "shard"));`);

    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`alter table "visitor_invitation" add "search_text" text generated always as (lower(name) || chr(10) || lower(phone)) stored null;`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at", "id") include ("search_text");`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_insert_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_update_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone)), 1) changes group by g having sum(d) <> 0 order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_update" AFTER UPDATE on "visitor_invitation" for each ROW
  when ((((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.phone)::text IS DISTINCT FROM (new.phone)::text))) execute function "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_delete_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_gram_delete" AFTER DELETE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_gram_delete_fn"();`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
    this.addSql(`insert into "visitor_search_gram_count" ("gram", "shard", "n") select g, 0, count(*) from "visitor_invitation", unnest(visitor_search_grams("name", "phone")) g group by g;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "visitor_search_gram_count" cascade;`);

    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_update_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_gram_delete" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_gram_delete_fn"();`);
    this.addSql(`alter table "visitor_invitation" drop column "search_text";`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at", "id");`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);
  }

}
