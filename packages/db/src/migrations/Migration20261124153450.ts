import { Migration } from '@mikro-orm/migrations';

export class Migration20261124153450 extends Migration {

  override name = 'Migration20261124153450';

  override up(): void | Promise<void> {
    // Trigram indexes need pg_trgm (a trusted extension: the database owner may create it).
    this.addSql(`create extension if not exists pg_trgm;`);
    // No writes between counting the rows and the counting triggers taking over.
    this.addSql(`lock table "visitor_invitation" in share row exclusive mode;`);
    this.addSql(`create table "visitor_status_count" ("status" text not null, "shard" smallint not null, "n" bigint not null default '0', primary key ("status", "shard"));`);

    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_status_check_in_time_index";`);
    this.addSql(`create index "visitor_invitation_status_created_at_index" on "visitor_invitation" ("status", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_house_created_at_index" on "visitor_invitation" ("house_id", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_host_created_at_index" on "visitor_invitation" ("host_id", "created_at", "id");`);
    this.addSql(`create index "visitor_invitation_name_trgm_index" on "visitor_invitation" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "visitor_invitation_phone_trgm_index" on "visitor_invitation" using gin ("phone" gin_trgm_ops);`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at", "id");`);
    this.addSql(`create index "visitor_invitation_status_check_in_time_index" on "visitor_invitation" ("status", "check_in_time", "id");`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_insert_fn"() returns trigger as \$\$ begin insert into visitor_status_count (status, shard, n) values (new.status, floor(random() * 16)::smallint, 1) on conflict (status, shard) do update set n = visitor_status_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_count_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_count_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_update_fn"() returns trigger as \$\$ begin if old.status is distinct from new.status then insert into visitor_status_count (status, shard, n) values (old.status, floor(random() * 16)::smallint, -1), (new.status, floor(random() * 16)::smallint, 1) on conflict (status, shard) do update set n = visitor_status_count.n + excluded.n; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_count_update" AFTER UPDATE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_count_update_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_delete_fn"() returns trigger as \$\$ begin insert into visitor_status_count (status, shard, n) values (old.status, floor(random() * 16)::smallint, -1) on conflict (status, shard) do update set n = visitor_status_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_count_delete" AFTER DELETE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_count_delete_fn"();`);

    this.addSql(`alter table "visitor_status_count" add constraint "visitor_status_count_status_check" check ("status" in ('pending', 'approved', 'rejected', 'checked-in', 'checked-out', 'expired', 'cancelled'));`);
    this.addSql(`insert into "visitor_status_count" ("status", "shard", "n") select "status", 0, count(*) from "visitor_invitation" group by "status";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "visitor_status_count" cascade;`);

    this.addSql(`drop index "visitor_invitation_status_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_house_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_host_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_name_trgm_index";`);
    this.addSql(`drop index "visitor_invitation_phone_trgm_index";`);
    this.addSql(`drop index "visitor_invitation_created_at_index";`);
    this.addSql(`drop index "visitor_invitation_status_check_in_time_index";`);
    this.addSql(`drop trigger if exists "visitor_invitation_count_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_count_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_count_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_count_update_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_count_delete" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_count_delete_fn"();`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at");`);
    this.addSql(`create index "visitor_invitation_status_check_in_time_index" on "visitor_invitation" ("status", "check_in_time");`);
  }

}
