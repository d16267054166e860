import { Migration } from '@mikro-orm/migrations';

export class Migration20261125081542 extends Migration {

  override name = 'Migration20261125081542';

  override up(): void | Promise<void> {
    this.addSql(`create table "push_subscription" ("id" uuid not null, "user_id" uuid not null, "endpoint" varchar(1000) not null, "p256dh" varchar(200) not null, "auth" varchar(100) not null, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "push_subscription_user_id_index" on "push_subscription" ("user_id");`);
    this.addSql(`alter table "push_subscription" add constraint "push_subscription_endpoint_unique" unique ("endpoint");`);

    this.addSql(`create table "notification_preference" ("user_id" uuid not null, "walk_ins" boolean not null default true, "check_ins" boolean not null default true, "check_outs" boolean not null default true, "updated_at" timestamptz not null default current_timestamp, primary key ("user_id"));`);

    this.addSql(`create table "notification" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "kind" text not null, "visitor_id" uuid not null, "created_at" timestamptz not null default current_timestamp, "read_at" timestamptz null, "pushed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "notification_visitor_id_index" on "notification" ("visitor_id");`);
    this.addSql(`create index "notification_user_created_at_index" on "notification" ("user_id", "created_at");`);

    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_notify_insert_fn"() returns trigger as \$\$ begin if new.kind = 'walk-in' and new.status = 'pending' then insert into notification (user_id, kind, visitor_id) select u.id, 'walk-in.waiting', new.id from app_user u left join notification_preference np on np.user_id = u.id where u.house_id = new.house_id and u.role = 'resident' and u.is_active and coalesce(np.walk_ins, true); if found then perform pg_notify('notification', new.id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_notify_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_notify_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_notify_update_fn"() returns trigger as \$\$ begin if new.host_id is not null and old.status is distinct from new.status and new.status in ('checked-in', 'checked-out') then insert into notification (user_id, kind, visitor_id) select u.id, case when new.status = 'checked-in' then 'visitor.checked-in' else 'visitor.checked-out' end, new.id from app_user u left join notification_preference np on np.user_id = u.id where u.id = new.host_id and u.is_active and (case when new.status = 'checked-in' then coalesce(np.check_ins, true) else coalesce(np.check_outs, true) end); if found then perform pg_notify('notification', new.id::text); end if; end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_notify_update" AFTER UPDATE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_notify_update_fn"();`);

    this.addSql(`alter table "push_subscription" add constraint "push_subscription_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);

    this.addSql(`alter table "notification_preference" add constraint "notification_preference_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification" add constraint "notification_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "notification" add constraint "notification_visitor_id_foreign" foreign key ("visitor_id") references "visitor_invitation" ("id") on delete cascade;`);
    this.addSql(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "push_subscription" cascade;`);
    this.addSql(`drop table if exists "notification_preference" cascade;`);
    this.addSql(`drop table if exists "notification" cascade;`);

    this.addSql(`drop trigger if exists "visitor_invitation_notify_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_notify_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_notify_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_notify_update_fn"();`);
  }

}
