import { randomUUID } from 'node:crypto';

import { Migration } from '@mikro-orm/migrations';

import { firstCommunityDefaults } from './first-community';

/**
 * Many communities in one deployment (docs/security.md#communities): the `community` and
 * `membership` tables; the first community (named by the server's configuration, slug
 * 'default'), into which every existing row moves; `community_id` on every tenant table; the
 * unique rules that were per deployment made per community; one membership per existing user
 * from their role and house; the triggers that write rows of their own carry the community.
 *
 * The column is added with the first community's id as a constant default (then dropped): no
 * row is rewritten by an UPDATE, so no trigger fires (an UPDATE of every visitor would send an
 * event and a webhook delivery for each, and the audit log refuses UPDATEs).
 */
export class Migration20261129090000 extends Migration {

  override name = 'Migration20261129090000';

  override up(): void | Promise<void> {
    const first = firstCommunityDefaults();
    const id = randomUUID();
    const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

    this.addSql(`create table "community" ("id" uuid not null, "name" varchar(100) not null, "slug" varchar(40) not null, "time_zone" varchar(64) not null, "settings" jsonb not null, "status" text not null default 'active', "created_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`alter table "community" add constraint "community_slug_unique" unique ("slug");`);
    this.addSql(`alter table "community" add constraint "community_slug_check" check (slug ~ '^[a-z0-9-]{3,40}\$');`);
    this.addSql(`alter table "community" add constraint "community_name_check" check (char_length(btrim(name)) >= 1);`);
    this.addSql(`alter table "community" add constraint "community_status_check" check ("status" in ('active', 'suspended'));`);
    this.addSql(
      `insert into "community" ("id", "name", "slug", "time_zone", "settings", "status") values ('${id}', ${text(first.name)}, 'default', ${text(first.timeZone)}, ${text(JSON.stringify(first.settings))}::jsonb, 'active');`,
    );

    this.addSql(`create table "membership" ("id" uuid not null, "user_id" uuid not null, "community_id" uuid not null, "role" text not null, "house_id" uuid null, "is_active" boolean not null default true, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "membership_community_id_index" on "membership" ("community_id");`);
    this.addSql(`create index "membership_house_id_index" on "membership" ("house_id");`);
    this.addSql(`alter table "membership" add constraint "membership_user_community_unique" unique ("user_id", "community_id");`);
    this.addSql(`alter table "membership" add constraint "membership_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "membership" add constraint "membership_community_id_foreign" foreign key ("community_id") references "community" ("id") on delete cascade;`);
    this.addSql(`alter table "membership" add constraint "membership_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete set null;`);
    this.addSql(`alter table "membership" add constraint "membership_role_check" check ("role" in ('admin', 'resident', 'guard'));`);
    // Every user is a member of the first community, with the role and house they had.
    this.addSql(`insert into "membership" ("id", "user_id", "community_id", "role", "house_id", "is_active", "created_at") select gen_random_uuid(), "id", '${id}', "role", "house_id", "is_active", "created_at" from "app_user";`);

    // Open sessions act in the first community.
    this.addSql(`alter table "session" add "community_id" uuid null default '${id}';`);
    this.addSql(`alter table "session" alter column "community_id" drop default;`);
    this.addSql(`alter table "session" add constraint "session_community_id_foreign" foreign key ("community_id") references "community" ("id") on delete set null;`);

    // The unique rules that were per deployment, and the counters' keys, before the column.
    this.addSql(`drop index "gate_name_lower_unique";`);
    this.addSql(`alter table "house" drop constraint "house_number_block_unique";`);
    this.addSql(`alter table "recurring_pass" drop constraint "recurring_pass_pass_code_unique";`);
    this.addSql(`alter table "vehicle" drop constraint "vehicle_license_plate_unique";`);
    this.addSql(`drop index "visitor_invitation_open_pass_code_unique";`);
    this.addSql(`drop index "blocklist_entry_phone_key_index";`);
    this.addSql(`alter table "visitor_search_gram_count" drop constraint "visitor_search_gram_count_pkey";`);
    this.addSql(`alter table "visitor_status_count" drop constraint "visitor_status_count_pkey";`);

    const tenantTables = [
      'api_token', 'audit_event', 'blocklist_entry', 'gate', 'gate_review', 'house', 'idempotency_key', 'notification',
      'pass_entry', 'payment', 'recurring_pass', 'vehicle', 'visitor_event', 'visitor_invitation', 'visitor_photo',
      'visitor_search_gram_count', 'visitor_status_count', 'webhook', 'webhook_delivery',
    ];
    for (const table of tenantTables) {
      this.addSql(`alter table "${table}" add "community_id" uuid not null default '${id}';`);
      this.addSql(`alter table "${table}" alter column "community_id" drop default;`);
      this.addSql(`alter table "${table}" add constraint "${table}_community_id_foreign" foreign key ("community_id") references "community" ("id") on delete restrict;`);
    }

    this.addSql(`create unique index "gate_community_name_lower_unique" on "gate" ("community_id", lower("name"));`);
    this.addSql(`alter table "house" add constraint "house_community_number_block_unique" unique ("community_id", "house_number", "block");`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_community_pass_code_unique" unique ("community_id", "pass_code");`);
    this.addSql(`alter table "vehicle" add constraint "vehicle_community_license_plate_unique" unique ("community_id", "license_plate");`);
    this.addSql(`create unique index "visitor_invitation_community_open_pass_code_unique" on "visitor_invitation" ("community_id", "pass_code") where "status" in ('pending', 'approved', 'checked-in');`);
    this.addSql(`create index "blocklist_entry_phone_key_index" on "blocklist_entry" ("community_id", regexp_replace("phone", '[\\s-]', '', 'g'));`);
    this.addSql(`alter table "visitor_search_gram_count" add primary key ("community_id", "gram", "shard");`);
    this.addSql(`alter table "visitor_status_count" add primary key ("community_id", "status", "shard");`);
    // The triggers that write rows of their own (counts, events, deliveries, notifications) carry
    // the row's community; a walk-in's residents are the resident memberships of its house.
    this.addSql(`create or replace function "pass_entry_pass_entry_notify_insert_fn"() returns trigger as \$\$ begin insert into notification (community_id, user_id, kind, pass_id) select p.community_id, u.id, 'visitor.checked-in', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "pass_entry_pass_entry_notify_update_fn"() returns trigger as \$\$ begin if old.check_out_time is null and new.check_out_time is not null then insert into notification (community_id, user_id, kind, pass_id) select p.community_id, u.id, 'visitor.checked-out', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_delete_fn"() returns trigger as \$\$ begin insert into visitor_status_count (community_id, status, shard, n) values (old.community_id, old.status, floor(random() * 16)::smallint, -1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_insert_fn"() returns trigger as \$\$ begin insert into visitor_status_count (community_id, status, shard, n) values (new.community_id, new.status, floor(random() * 16)::smallint, 1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_count_update_fn"() returns trigger as \$\$ begin if old.status is distinct from new.status then insert into visitor_status_count (community_id, status, shard, n) values (old.community_id, old.status, floor(random() * 16)::smallint, -1), (new.community_id, new.status, floor(random() * 16)::smallint, 1) on conflict (community_id, status, shard) do update set n = visitor_status_count.n + excluded.n; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_insert_fn"() returns trigger as \$\$ begin insert into visitor_event (community_id, type, visitor_id, house_id, host_id, state, created_at) values (new.community_id, 'visitor.created', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_update_fn"() returns trigger as \$\$ begin if current_setting('gatehouse.quiet_visitor_events', true) = 'on' then return null; end if; insert into visitor_event (community_id, type, visitor_id, house_id, host_id, state, created_at) values (new.community_id, 'visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_delete_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (community_id, gram, shard, n) select old.community_id, g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n - 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_insert_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (community_id, gram, shard, n) select new.community_id, g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)) g order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n + 1; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_gram_update_fn"() returns trigger as \$\$ begin insert into visitor_search_gram_count (community_id, gram, shard, n) select new.community_id, g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)), 1) changes group by g having sum(d) <> 0 order by g on conflict (community_id, gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_notify_insert_fn"() returns trigger as \$\$ begin if new.kind = 'walk-in' and new.status = 'pending' then insert into notification (community_id, user_id, kind, visitor_id) select new.community_id, u.id, 'walk-in.waiting', new.id from membership m join app_user u on u.id = m.user_id left join notification_preference np on np.user_id = u.id where m.community_id = new.community_id and m.house_id = new.house_id and m.role = 'resident' and m.is_active and u.is_active and coalesce(np.walk_ins, true); if found then perform pg_notify('notification', new.id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_notify_update_fn"() returns trigger as \$\$ begin if new.host_id is not null and old.status is distinct from new.status and new.status in ('checked-in', 'checked-out') then insert into notification (community_id, user_id, kind, visitor_id) select new.community_id, u.id, case when new.status = 'checked-in' then 'visitor.checked-in' else 'visitor.checked-out' end, new.id from app_user u left join notification_preference np on np.user_id = u.id where u.id = new.host_id and u.is_active and (case when new.status = 'checked-in' then coalesce(np.check_ins, true) else coalesce(np.check_outs, true) end); if found then perform pg_notify('notification', new.id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create or replace function "visitor_event_visitor_event_webhook_deliveries_fn"() returns trigger as \$\$ begin insert into webhook_delivery (id, community_id, webhook_id, event_type, event_id, status, attempts, next_attempt_at, created_at) select gen_random_uuid(), new.community_id, w.id, new.type, new.id, 'pending', 0, now(), now() from webhook w where w.community_id = new.community_id and w.is_active and (new.type = any(w.events) or '*' = any(w.events)); if found then perform pg_notify('webhook_delivery', new.id::text); end if; return null; end; \$\$ language plpgsql;`);
  }

  override down(): void | Promise<void> {
    throw new Error('Migration20261129090000 (many communities) cannot be undone: restore the backup taken before it');
  }

}
