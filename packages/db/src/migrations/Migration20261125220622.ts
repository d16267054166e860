import { Migration } from '@mikro-orm/migrations';

/**
 * Recurring passes (docs/operations.md#frequent-visitors): `recurring_pass` (7-digit codes, unique)
 * and
 * `pass_entry` (one row per check-in; `pass_entry_open_unique`: at most one open entry per
 * pass, so a pass is never inside twice at once), and the audit log's `pass.*` actions.
 */
export class Migration20261125220622 extends Migration {

  override name = 'Migration20261125220622';

  override up(): void | Promise<void> {
    this.addSql(`create table "recurring_pass" ("id" uuid not null, "name" varchar(100) not null, "phone" varchar(32) not null, "email" varchar(254) null, "purpose" varchar(500) null, "vehicle_license_plate" varchar(16) null, "house_id" uuid not null, "host_id" uuid not null, "weekdays" smallint not null, "time_from" varchar(5) not null, "time_to" varchar(5) not null, "start_date" date not null, "end_date" date not null, "status" text not null, "qr_code_token" varchar(64) not null, "pass_code" varchar(8) not null, "qr_code_data_url" text not null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "recurring_pass_house_id_index" on "recurring_pass" ("house_id");`);
    this.addSql(`create index "recurring_pass_host_id_index" on "recurring_pass" ("host_id");`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_qr_code_token_unique" unique ("qr_code_token");`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_pass_code_unique" unique ("pass_code");`);
    this.addSql(`create index "recurring_pass_house_created_at_index" on "recurring_pass" ("house_id", "created_at", "id");`);

    this.addSql(`create table "pass_entry" ("id" uuid not null, "pass_id" uuid not null, "check_in_time" timestamptz not null, "check_out_time" timestamptz null, "check_in_gate_id" uuid null, "check_out_gate_id" uuid null, "checked_in_by_id" uuid not null, "checked_out_by_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "pass_entry_pass_check_in_time_index" on "pass_entry" ("pass_id", "check_in_time", "id");`);
    this.addSql(`create index "pass_entry_check_in_time_index" on "pass_entry" ("check_in_time", "id");`);
    this.addSql(`create unique index "pass_entry_open_unique" on "pass_entry" ("pass_id") where "check_out_time" is null;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'blocklist.added', 'blocklist.removed', 'visitor.blocklist-refused', 'pass.created', 'pass.updated', 'pass.paused', 'pass.resumed', 'pass.cancelled', 'pass.scanned', 'pass.checked-in', 'pass.checked-out', 'gate.created', 'gate.updated'));`);

    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_house_id_foreign" foreign key ("house_id") references "house" ("id") on delete restrict;`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_host_id_foreign" foreign key ("host_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_weekdays_check" check ((weekdays >= 1) AND (weekdays <= 127));`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_window_check" check (time_from < time_to);`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_dates_check" check (start_date <= end_date);`);
    this.addSql(`alter table "recurring_pass" add constraint "recurring_pass_status_check" check ("status" in ('active', 'paused', 'cancelled'));`);

    this.addSql(`alter table "pass_entry" add constraint "pass_entry_pass_id_foreign" foreign key ("pass_id") references "recurring_pass" ("id") on delete cascade;`);
    this.addSql(`alter table "pass_entry" add constraint "pass_entry_check_in_gate_id_foreign" foreign key ("check_in_gate_id") references "gate" ("id") on delete restrict;`);
    this.addSql(`alter table "pass_entry" add constraint "pass_entry_check_out_gate_id_foreign" foreign key ("check_out_gate_id") references "gate" ("id") on delete restrict;`);
    this.addSql(`alter table "pass_entry" add constraint "pass_entry_checked_in_by_id_foreign" foreign key ("checked_in_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "pass_entry" add constraint "pass_entry_checked_out_by_id_foreign" foreign key ("checked_out_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "pass_entry" add constraint "pass_entry_times_check" check (check_out_time is null or check_out_time >= check_in_time);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "pass_entry" drop constraint "pass_entry_pass_id_foreign";`);

    this.addSql(`drop table if exists "recurring_pass" cascade;`);
    this.addSql(`drop table if exists "pass_entry" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'blocklist.added', 'blocklist.removed', 'visitor.blocklist-refused', 'gate.created', 'gate.updated'));`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
