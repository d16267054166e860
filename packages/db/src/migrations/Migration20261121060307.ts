import { Migration } from '@mikro-orm/migrations';

export class Migration20261121060307 extends Migration {

  override name = 'Migration20261121060307';

  override up(): void | Promise<void> {
    this.addSql(`create table "app_user" ("id" uuid not null, "name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(32) not null, "role" text not null, "password_hash" text not null, "house_id" uuid null, "is_active" boolean not null default true, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);
    this.addSql(`create index "app_user_house_id_index" on "app_user" ("house_id");`);

    this.addSql(`create table "session" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default current_timestamp, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "ip_address" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);
    this.addSql(`alter table "session" add constraint "session_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "house" ("id" uuid not null, "house_number" varchar(20) not null, "block" varchar(20) not null, "street" varchar(200) not null, "owner_id" uuid null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "house_owner_id_index" on "house" ("owner_id");`);
    this.addSql(`alter table "house" add constraint "house_number_block_unique" unique ("house_number", "block");`);

    this.addSql(`create table "payment" ("id" uuid not null, "house_id" uuid not null, "amount_cents" int not null, "type" text not null, "description" varchar(500) null, "status" text not null, "due_date" date null, "paid_at" timestamptz null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "payment_house_id_index" on "payment" ("house_id");`);
    this.addSql(`create index "payment_created_at_index" on "payment" ("created_at");`);

    this.addSql(`create table "vehicle" ("id" uuid not null, "license_plate" varchar(16) not null, "make" varchar(50) not null, "model" varchar(50) not null, "color" varchar(50) not null, "house_id" uuid not null, "owner_id" uuid not null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`alter table "vehicle" add constraint "vehicle_license_plate_unique" unique ("license_plate");`);
    this.addSql(`create index "vehicle_house_id_index" on "vehicle" ("house_id");`);
    this.addSql(`create index "vehicle_owner_id_index" on "vehicle" ("owner_id");`);

    this.addSql(`create table "visitor_invitation" ("id" uuid not null, "name" varchar(100) not null, "phone" varchar(32) not null, "email" varchar(254) null, "purpose" varchar(500) null, "vehicle_license_plate" varchar(16) null, "house_id" uuid not null, "host_id" uuid not null, "visit_date" date not null, "visit_time_from" varchar(5) not null, "visit_time_to" varchar(5) not null, "status" text not null, "qr_code_token" varchar(64) not null, "qr_code_data_url" text not null, "check_in_time" timestamptz null, "check_out_time" timestamptz null, "checked_in_by_id" uuid null, "checked_out_by_id" uuid null, "notes" varchar(2001) null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "visitor_invitation_house_id_index" on "visitor_invitation" ("house_id");`);
    this.addSql(`create index "visitor_invitation_host_id_index" on "visitor_invitation" ("host_id");`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_qr_code_token_unique" unique ("qr_code_token");`);
    this.addSql(`create index "visitor_invitation_status_visit_date_index" on "visitor_invitation" ("status", "visit_date");`);
    this.addSql(`create index "visitor_invitation_created_at_index" on "visitor_invitation" ("created_at");`);
    this.addSql(`create index "visitor_invitation_status_check_in_time_index" on "visitor_invitation" ("status", "check_in_time");`);

    this.addSql(`alter table "app_user" add constraint "app_user_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete set null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_lower_check" check (email = lower(email));`);
    this.addSql(`alter table "app_user" add constraint "app_user_name_check" check (char_length(btrim(name)) >= 2);`);
    this.addSql(`alter table "app_user" add constraint "app_user_role_check" check ("role" in ('admin', 'resident', 'guard'));`);

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);

    this.addSql(`alter table "house" add constraint "house_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "house" add constraint "house_number_check" check (char_length(btrim(house_number)) > 0);`);
    this.addSql(`alter table "house" add constraint "house_block_check" check (char_length(btrim(block)) > 0);`);

    this.addSql(`alter table "payment" add constraint "payment_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete restrict;`);
    this.addSql(`alter table "payment" add constraint "payment_amount_check" check (amount_cents > 0 and amount_cents <= 100000000);`);
    this.addSql(`alter table "payment" add constraint "payment_paid_at_check" check (status <> 'completed' or paid_at is not null);`);
    this.addSql(`alter table "payment" add constraint "payment_type_check" check ("type" in ('maintenance', 'amenity', 'fine', 'other'));`);
    this.addSql(`alter table "payment" add constraint "payment_status_check" check ("status" in ('pending', 'completed', 'failed'));`);

    this.addSql(`alter table "vehicle" add constraint "vehicle_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete restrict;`);
    this.addSql(`alter table "vehicle" add constraint "vehicle_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "vehicle" add constraint "vehicle_license_plate_check" check (license_plate = upper(license_plate));`);

    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete restrict;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_host_id_foreign" foreign key ("host_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_checked_in_by_id_foreign" foreign key ("checked_in_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_checked_out_by_id_foreign" foreign key ("checked_out_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_window_check" check (visit_time_from < visit_time_to);`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_time_format_check" check (visit_time_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]\$' and visit_time_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]\$');`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_check_in_check" check ((status <> 'checked-in' and status <> 'checked-out') or check_in_time is not null);`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_check_out_check" check (status <> 'checked-out' or check_out_time is not null);`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_status_check" check ("status" in ('pending', 'approved', 'rejected', 'checked-in', 'checked-out', 'expired', 'cancelled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "session" drop constraint "session_user_id_foreign";`);
    this.addSql(`alter table "house" drop constraint "house_owner_id_foreign";`);
    this.addSql(`alter table "vehicle" drop constraint "vehicle_owner_id_foreign";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_host_id_foreign";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_checked_in_by_id_foreign";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_checked_out_by_id_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_house_id_foreign";`);
    this.addSql(`alter table "payment" drop constraint "payment_house_id_foreign";`);
    this.addSql(`alter table "vehicle" drop constraint "vehicle_house_id_foreign";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_house_id_foreign";`);

    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`drop table if exists "house" cascade;`);
    this.addSql(`drop table if exists "payment" cascade;`);
    this.addSql(`drop table if exists "vehicle" cascade;`);
    this.addSql(`drop table if exists "visitor_invitation" cascade;`);
  }

}
